#pragma once
#include "core/api/deployment.h"
#include "core/api/event.h"
#include "core/api/fielderror.h"
#include "core/api/labelselector.h"
#include "core/api/namespace.h"
#include "core/api/node.h"
#include "core/api/pod.h"
#include "core/api/replicaset.h"

#include <QJsonValue>
#include <functional>
#include <optional>
#include <utility>

// Internals shared by the validation*.cpp files; one function per upstream function, named
// after it. Not a public API: include core/api/validation.h instead.
namespace rlab::api::validation {

// field.Path: child("spec", "replicas") -> "spec.replicas", index(p, 0) -> "p[0]",
// key("metadata.annotations", "a/b") -> "metadata.annotations[a/b]".
QString child(const QString &path, const QString &name);
QString index(const QString &path, qsizetype i);
QString key(const QString &path, const QString &k);

// A list that the pods of one template share (implicitly: the same data) is validated once per
// thread: the last list `validate` saw, held so its data can be neither freed nor changed, gives
// its errors again for the same data and path (an equal list that is not shared is validated).
// E.g. 1,000 pods of a ReplicaSet, its template's containers: one validation, 999 pointer checks.
template <class T, class Validate>
FieldErrors validateSharedList(const QList<T> &list, const QString &path, Validate validate)
{
    struct Memo
    {
        QList<T> list;
        QString path;
        FieldErrors errs;
    };
    thread_local std::optional<Memo> memo;   // one per T and Validate: pass a lambda, one per call site
    if (memo && !list.isEmpty() && list.constData() == memo->list.constData() && list.size() == memo->list.size()
        && path == memo->path)
        return memo->errs;
    FieldErrors errs = validate(list, path);
    if (!list.isEmpty())
        memo = Memo{list, path, errs};
    return errs;
}

// json.Marshal of a Go struct keeps field declaration order, which QJsonObject (sorted) cannot;
// GoJson builds such a rendering for FieldError::renderedValue.
class GoJson
{
public:
    GoJson &add(const QString &name, const QJsonValue &value);
    GoJson &addRaw(const QString &name, const QString &rendered);   // nested struct
    QString toString() const;

private:
    QStringList m_parts;
};
QString renderJson(const QJsonValue &v);                        // compact, keys sorted (Go maps)
QString renderLabelSelector(const std::optional<LabelSelector> &s);  // *metav1.LabelSelector
QJsonValue intOrStringJson(const IntOrString &v);              // 1 or "25%"
QJsonValue labelsJson(const Labels &labels);                    // null when empty (Go nil map)
FieldError invalidRendered(const QString &path, const QString &rendered, const QString &detail);

using NameFn = std::function<QStringList(const QString &, bool)>;

// apimachinery pkg/api/validation
FieldErrors validateNonnegativeField(qint64 value, const QString &path);
FieldErrors validateImmutableField(const QJsonValue &newValue, const QJsonValue &oldValue, const QString &path);
FieldErrors validateLabels(const Labels &labels, const QString &path);
FieldErrors validateLabelName(const QString &name, const QString &path);
FieldErrors validateAnnotations(const QMap<QString, QString> &annotations, const QString &path);
FieldErrors validateLabelSelector(const LabelSelector &selector, const QString &path);
// kubeFinalizers: also the core rule that an unqualified finalizer must be a standard one (the
// generic registry checks run without it).
FieldErrors validateObjectMeta(const ObjectMeta &meta, bool requiresNamespace, const NameFn &nameFn,
                               const QString &path, bool kubeFinalizers = true);
FieldErrors validateObjectMetaUpdate(const ObjectMeta &newMeta, const ObjectMeta &oldMeta, const QString &path,
                                     bool kubeFinalizers = true);
FieldErrors validateFinalizerName(const QString &finalizer, const QString &path);   // core validateFinalizerName

// pkg/apis/core/validation
struct PodValidationOptions
{
    bool resourceIsPod = false;
    bool allowInvalidPodDeletionCost = false;
};
FieldErrors validatePodSpecificAnnotations(const QMap<QString, QString> &annotations, const PodSpec &spec,
                                           const QString &path, const PodValidationOptions &opts);
FieldErrors validateContainers(const QList<Container> &containers, const QString &path);
FieldErrors validateInitContainers(const QList<Container> &init, const QList<Container> &regular, const QString &path);
FieldErrors validatePodSpec(const PodSpec &spec, const QString &path, const PodValidationOptions &opts);
FieldErrors validatePodTemplateSpec(const PodTemplateSpec &tmpl, const QString &path,
                                    const PodValidationOptions &opts);
FieldErrors validateTolerations(const QList<Toleration> &tolerations, const QString &path);
FieldErrors validatePod(const Pod &pod);
FieldErrors validatePodUpdate(const Pod &pod, const Pod &oldPod);
FieldErrors validatePodStatusUpdate(const Pod &pod, const Pod &oldPod);
FieldErrors validateNode(const Node &node);
FieldErrors validateNodeUpdate(const Node &node, const Node &oldNode);
FieldErrors validateNamespace(const Namespace &ns);
FieldErrors validateNamespaceUpdate(const Namespace &ns, const Namespace &oldNs);
FieldErrors validateEvent(const Event &event);
FieldErrors validateEventUpdate(const Event &event, const Event &oldEvent);
PodValidationOptions podOptionsForTemplate(const PodTemplateSpec *oldTemplate);

// pkg/apis/apps/validation (+ the apps/v1 registry's selector immutability)
FieldErrors validateDeployment(const Deployment &d);
FieldErrors validateDeploymentUpdate(const Deployment &d, const Deployment &oldD);
FieldErrors validateDeploymentStatusUpdate(const Deployment &d, const Deployment &oldD);
FieldErrors validateReplicaSet(const ReplicaSet &rs);
FieldErrors validateReplicaSetUpdate(const ReplicaSet &rs, const ReplicaSet &oldRs);
FieldErrors validateReplicaSetStatusUpdate(const ReplicaSet &rs, const ReplicaSet &oldRs);

// resource.Quantity.String(): the canonical form ("1000m" -> "1", "1024Mi" -> "1Gi", "0.5" -> "500m");
// an unparsable input is returned unchanged.
QString canonicalQuantity(const QString &text);

} // namespace rlab::api::validation
