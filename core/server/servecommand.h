#pragma once
#include <QStringList>
#include <QTextStream>

namespace rlab::server {

// `rlab serve [--listen 127.0.0.1:PORT] [--kubeconfig FILE] [--scenario FILE] [--speed X]
//             [--allow-remote] [--exit-after SECONDS] [--users FILE [--kubeconfig-dir DIR]]
//             [--tls-dir DIR]`: runs a live simulated cluster (3 nodes, or the scenario's state
// after its steps) with controllers on worker threads and virtual time at real time × speed,
// serves its Kubernetes API for kubectl over HTTPS (PORT 0 picks a free port; the serving
// certificate is signed by a Classroom CA, kept in --tls-dir), writes the admin's kubeconfig
// (bearer token, system:masters) and prints the address and the `export KUBECONFIG=…` line.
// --users makes it a classroom (see Classroom, Authorizer): students' namespaces are created
// and --kubeconfig-dir gets one kubeconfig per student. A non-loopback address needs
// --allow-remote.
// Runs until SIGINT/SIGTERM (or --exit-after). Exit 0, 1 if the server cannot start, 2 on usage
// errors. Needs a QCoreApplication; runs its event loop on the calling thread.
int serveCommand(const QStringList &args, QTextStream &out, QTextStream &err);

} // namespace rlab::server
