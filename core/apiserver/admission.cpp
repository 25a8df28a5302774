#include "core/apiserver/admission.h"

#include "core/api/pod.h"

namespace rlab::apiserver::admission {

using namespace rlab::api;

namespace {
// The two tolerations as one list every pod without tolerations shares (implicitly shared: a
// pod's copy costs nothing until someone changes it; ~80 MB at `rlab bench --size large`).
const QList<Toleration> &defaultTolerations()
{
    static const QList<Toleration> list = [] {
        QList<Toleration> l;
        for (const char *key : {"node.kubernetes.io/not-ready", "node.kubernetes.io/unreachable"}) {
            Toleration t;
            t.key = QLatin1String(key);
            t.operator_ = QStringLiteral("Exists");
            t.effect = QStringLiteral("NoExecute");
            t.tolerationSeconds = 300;
            l.append(t);
        }
        return l;
    }();
    return list;
}

void defaultTolerationSeconds(Pod &pod)
{
    if (pod.spec.tolerations.isEmpty()) {
        pod.spec.tolerations = defaultTolerations();
        return;
    }
    for (const Toleration &d : defaultTolerations()) {
        bool tolerated = false;
        for (const Toleration &t : std::as_const(pod.spec.tolerations)) {
            if ((t.key == d.key || (t.key.isEmpty() && t.operator_ == QLatin1String("Exists")))
                && (t.effect.isEmpty() || t.effect == QLatin1String("NoExecute")))
                tolerated = true;
        }
        if (!tolerated)
            pod.spec.tolerations.append(d);
    }
}
} // namespace

void admit(Object &obj)
{
    if (obj.kind() == Kind::Pod)
        defaultTolerationSeconds(static_cast<Pod &>(obj));
}

} // namespace rlab::apiserver::admission
