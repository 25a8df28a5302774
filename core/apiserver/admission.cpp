#include "core/apiserver/admission.h"

#include "core/api/pod.h"

namespace rlab::apiserver::admission {

using namespace rlab::api;

namespace {
void defaultTolerationSeconds(Pod &pod)
{
    for (const char *key : {"node.kubernetes.io/not-ready", "node.kubernetes.io/unreachable"}) {
        bool tolerated = false;
        for (const Toleration &t : pod.spec.tolerations) {
            if ((t.key == QLatin1String(key) || (t.key.isEmpty() && t.operator_ == QLatin1String("Exists")))
                && (t.effect.isEmpty() || t.effect == QLatin1String("NoExecute")))
                tolerated = true;
        }
        if (tolerated)
            continue;
        Toleration t;
        t.key = QLatin1String(key);
        t.operator_ = QStringLiteral("Exists");
        t.effect = QStringLiteral("NoExecute");
        t.tolerationSeconds = 300;
        pod.spec.tolerations.append(t);
    }
}
} // namespace

void admit(Object &obj)
{
    if (obj.kind() == Kind::Pod)
        defaultTolerationSeconds(static_cast<Pod &>(obj));
}

} // namespace rlab::apiserver::admission
