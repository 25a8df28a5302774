#pragma once
#include <QHashFunctions>
#include <QString>

#include <tuple>

namespace rlab::ui {

// Identifies one API object in the window's models: kind + namespace + name (namespace empty for
// cluster-scoped kinds). Ordered by kind, then namespace, then name. A plain value.
struct ObjectRef
{
    QString kind;
    QString namespace_;
    QString name;

    // "Deployment default/nginx", "Node node-1".
    QString toString() const;

    friend bool operator==(const ObjectRef &, const ObjectRef &) = default;
    friend bool operator<(const ObjectRef &a, const ObjectRef &b)
    {
        return std::tie(a.kind, a.namespace_, a.name) < std::tie(b.kind, b.namespace_, b.name);
    }
};

inline size_t qHash(const ObjectRef &r, size_t seed = 0)
{
    return qHashMulti(seed, r.kind, r.namespace_, r.name);
}

} // namespace rlab::ui
