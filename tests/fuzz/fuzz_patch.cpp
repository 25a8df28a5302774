// SPDX-License-Identifier: Apache-2.0
// Fuzz target: a PATCH body against a Deployment, as each of kube-apiserver's patch types takes
// it — strategic merge patch and JSON merge patch (a JSON object), JSON patch (an array) — and
// then apimachinery's two-way diff back. Invariants: a refused patch says why; for a strategic
// merge patch that applies, the two-way patch from the original to the result applies to the
// original and gives the result again.
#include "core/apiserver/jsonmergepatch.h"
#include "core/apiserver/jsonpatch.h"
#include "core/apiserver/strategicmergepatch.h"
#include "tests/fuzz/fuzzinput.h"

#include <QJsonArray>
#include <QJsonDocument>

using namespace rlab;

namespace {
const QJsonObject &original()
{
    static const QJsonObject d = QJsonDocument::fromJson(R"({"apiVersion":"apps/v1","kind":"Deployment",
      "metadata":{"name":"web","namespace":"default","labels":{"app":"web"},"annotations":{"a":"1"}},
      "spec":{"replicas":3,"selector":{"matchLabels":{"app":"web"}},
        "strategy":{"type":"RollingUpdate","rollingUpdate":{"maxSurge":"25%","maxUnavailable":"25%"}},
        "template":{"metadata":{"labels":{"app":"web"}},"spec":{
          "containers":[{"name":"web","image":"nginx:1.25","ports":[{"containerPort":80,"protocol":"TCP"}],
                         "env":[{"name":"A","value":"1"},{"name":"B","value":"2"}]},
                        {"name":"side","image":"busybox","args":["sleep","3600"]}],
          "volumes":[{"name":"v","emptyDir":{}}],"tolerations":[{"key":"k","operator":"Exists"}]}}},
      "status":{"replicas":3}})").object();
    return d;
}
} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    QJsonParseError parseError;
    const QJsonDocument doc = QJsonDocument::fromJson(fuzz::bytes(data, size), &parseError);
    if (parseError.error != QJsonParseError::NoError)
        return 0;   // the API server's 400 comes before any patch code
    QString error;
    if (doc.isArray()) {
        const std::optional<QJsonValue> r = apiserver::applyJsonPatch(original(), doc.array(), &error);
        RLAB_FUZZ_CHECK(r || !error.isEmpty());
        return 0;
    }
    const QJsonObject patch = doc.object();
    const std::optional<QJsonObject> merged = apiserver::applyMergePatchToObject(original(), patch, &error);
    RLAB_FUZZ_CHECK(merged || !error.isEmpty());
    error.clear();
    const std::optional<QJsonObject> smp = apiserver::applyStrategicMergePatch(original(), patch, &error, QStringLiteral("Deployment"));
    RLAB_FUZZ_CHECK(smp || !error.isEmpty());
    if (smp) {
        QString diffError;
        const std::optional<QJsonObject> back = apiserver::createTwoWayMergePatch(original(), *smp, &diffError, QStringLiteral("Deployment"));
        if (back) {
            QString applyError;
            const std::optional<QJsonObject> again = apiserver::applyStrategicMergePatch(original(), *back, &applyError, QStringLiteral("Deployment"));
            RLAB_FUZZ_CHECK(again && *again == *smp);
        }
    }
    return 0;
}
