#include "core/kubectl/apply.h"

#include "core/api/codec.h"
#include "core/apiserver/strategicmergepatch.h"

#include <QJsonDocument>

namespace rlab::kubectl {

using namespace rlab::api;
using namespace rlab::apiserver;

namespace {
const QString kLastApplied = QStringLiteral("kubectl.kubernetes.io/last-applied-configuration");

// The manifest as kubectl serialises it into the annotation: namespace filled in, the
// annotation itself left out (but an empty annotations map kept, as kubectl does).
QJsonObject withLastApplied(QJsonObject manifest, const QString &ns, bool namespaced, QString *lastApplied)
{
    QJsonObject meta = manifest.value(QLatin1String("metadata")).toObject();
    if (namespaced && meta.value(QLatin1String("namespace")).toString().isEmpty())
        meta.insert(QStringLiteral("namespace"), ns);
    QJsonObject ann = meta.value(QLatin1String("annotations")).toObject();
    ann.remove(kLastApplied);
    meta.insert(QStringLiteral("annotations"), ann);
    manifest.insert(QStringLiteral("metadata"), meta);
    *lastApplied = QString::fromUtf8(QJsonDocument(manifest).toJson(QJsonDocument::Compact)) + QLatin1Char('\n');
    ann.insert(kLastApplied, *lastApplied);
    meta.insert(QStringLiteral("annotations"), ann);
    manifest.insert(QStringLiteral("metadata"), meta);
    return manifest;
}
} // namespace

QString ApplyResult::describe() const
{
    static const char *words[] = {"created", "configured", "unchanged"};
    const QString name = object ? object->metadata.name : QString();
    return QStringLiteral("%1/%2 %3").arg(resource.group.isEmpty() ? resource.singular : resource.singular + QLatin1Char('.') + resource.group,
                                          name, QLatin1String(words[outcome]));
}

ApplyResult kubectlApply(client::Interface &api, const QJsonObject &manifest, const QString &defaultNamespace, bool dryRun)
{
    ApplyResult out;
    DecodeResult decoded = decodeObject(manifest);
    out.warnings = decoded.warnings;
    if (!decoded.object) {
        out.error = ApiError::badRequest(decoded.error);
        return out;
    }
    MutableObjectPtr obj = decoded.object;
    out.resource = obj->kind() == Kind::Generic ? resources::byKind(obj->apiVersion, obj->kindName)
                                                : resources::byKind(obj->kind());
    const ResourceType &rt = out.resource;
    const QString ns = rt.namespaced ? (obj->metadata.namespace_.isEmpty() ? defaultNamespace : obj->metadata.namespace_) : QString();
    if (obj->metadata.name.isEmpty()) {
        out.error = ApiError::badRequest(QStringLiteral("resource name may not be empty"));
        return out;
    }
    QString lastApplied;
    const QJsonObject modified = withLastApplied(manifest, ns, rt.namespaced, &lastApplied);
    WriteOptions opts;
    opts.dryRun = dryRun;
    opts.fieldManager = QStringLiteral("kubectl-client-side-apply");
    const Result<ObjectPtr> current = api.get(rt, ns, obj->metadata.name);
    if (!current.ok()) {
        if (current.error->code != 404) {
            out.error = current.error;
            return out;
        }
        obj->metadata.annotations.insert(kLastApplied, lastApplied);
        obj->metadata.namespace_ = ns;
        Result<ObjectPtr> created = api.create(rt, ns, obj, opts);
        if (!created.ok()) {
            out.error = created.error;
            return out;
        }
        out.object = created.value;
        out.outcome = ApplyResult::Created;
        return out;
    }
    const QJsonObject live = current.value->toJson();
    QJsonObject original;
    const QString previous = current.value->metadata.annotations.value(kLastApplied);
    if (!previous.isEmpty())
        original = QJsonDocument::fromJson(previous.toUtf8()).object();
    QString error;
    const std::optional<QJsonObject> patch = createThreeWayMergePatch(original, modified, live, &error, rt.kind);
    if (!patch) {
        out.error = ApiError::badRequest(error);
        return out;
    }
    if (patch->isEmpty()) {
        out.object = current.value;
        out.outcome = ApplyResult::Unchanged;
        return out;
    }
    const PatchType type = rt.simulated() || resources::byResource(rt.group, rt.resource).isValid() ? PatchType::Strategic
                                                                                                    : PatchType::Merge;
    Result<ObjectPtr> patched = api.patch(rt, ns, obj->metadata.name, type,
                                          QJsonDocument(*patch).toJson(QJsonDocument::Compact), opts);
    if (!patched.ok()) {
        out.error = patched.error;
        return out;
    }
    out.object = patched.value;
    out.outcome = ApplyResult::Configured;
    return out;
}

} // namespace rlab::kubectl
