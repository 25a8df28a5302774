#pragma once

namespace rlab::store {

// Errors of the KvStore, named after etcd's mvcc / etcdserver errors. The API layer maps
// Compacted to HTTP 410 Gone ("too old resource version") and FutureRev to a 504/"Too large
// resource version"; NoSpace is the quota's refusal (a 500 with etcd's message, as kube-apiserver
// passes it on); the others are programming errors of the caller.
enum class StoreError {
    None,
    Compacted,      // mvcc: required revision has been compacted
    FutureRev,      // mvcc: required revision is a future revision
    DuplicateKey,   // etcdserver: duplicate key given in txn request
    EmptyKey,       // etcdserver: key is not provided
    NoSpace,        // etcdserver: mvcc: database space exceeded (the NOSPACE alarm is raised)
};

// etcd's message for the error ("mvcc: required revision has been compacted"); "" for None.
inline const char *errorString(StoreError e)
{
    switch (e) {
    case StoreError::None: return "";
    case StoreError::Compacted: return "mvcc: required revision has been compacted";
    case StoreError::FutureRev: return "mvcc: required revision is a future revision";
    case StoreError::DuplicateKey: return "etcdserver: duplicate key given in txn request";
    case StoreError::EmptyKey: return "etcdserver: key is not provided";
    case StoreError::NoSpace: return "etcdserver: mvcc: database space exceeded";
    }
    return "";
}

} // namespace rlab::store
