// Pods, pod templates and pod specs (pkg/apis/core/validation/validation.go: ValidatePodSpec,
// ValidateTolerations, ValidatePodCreate, ValidatePodUpdate …); containers are in
// validationcontainer.cpp.
// Fields the lab keeps as raw JSON (`extra`) are checked where upstream has a rule a learner can
// hit from a manifest; the rest (volumes, security contexts, affinity) pass unchecked.
#include "core/api/jsonencoder.h"
#include "core/api/namevalidation.h"
#include "core/api/validationdetail.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QSet>
#include <limits>
#include <tuple>

namespace rlab::api::validation {

namespace {

QString renderToleration(const Toleration &t)
{
    // internal core.Toleration: no json tags, so Go field names in declaration order
    return GoJson()
        .add(QStringLiteral("Key"), t.key)
        .add(QStringLiteral("Operator"), t.operator_)
        .add(QStringLiteral("Value"), t.value)
        .add(QStringLiteral("Effect"), t.effect)
        .add(QStringLiteral("TolerationSeconds"),
             t.tolerationSeconds ? QJsonValue(*t.tolerationSeconds) : QJsonValue(QJsonValue::Null))
        .toString();
}

FieldErrors validateTaintEffect(const QString &effect, bool allowEmpty, const QString &path)
{
    if (!allowEmpty && effect.isEmpty())
        return {FieldError::required(path)};
    if (effect == QLatin1String("NoSchedule") || effect == QLatin1String("PreferNoSchedule")
        || effect == QLatin1String("NoExecute"))
        return {};
    return {FieldError::notSupported(path, effect, {QStringLiteral("NoSchedule"), QStringLiteral("PreferNoSchedule"),
                                                    QStringLiteral("NoExecute")})};
}

FieldErrors validatePodHostNetworkDeps(const PodSpec &spec, const QString &path, const PodValidationOptions &opts)
{
    FieldErrors errs;
    if (!spec.extra.value(QLatin1String("hostNetwork")).toBool())
        return errs;
    const QString containersPath = child(path, QStringLiteral("containers"));
    for (qsizetype i = 0; i < spec.containers.size(); ++i) {
        const QList<ContainerPort> &ports = spec.containers[i].ports;
        for (qsizetype j = 0; j < ports.size(); ++j) {
            const int hp = ports[j].hostPort, cp = ports[j].containerPort;
            if ((opts.resourceIsPod || hp != 0) && hp != cp)
                errs << FieldError::invalid(child(index(child(index(containersPath, i), QStringLiteral("ports")), j),
                                                  QStringLiteral("hostPort")),
                                            hp, QStringLiteral("must match `containerPort` when `hostNetwork` is true"));
        }
    }
    return errs;
}

// helper.GetDeletionCostFromPodAnnotations: an int32 without a '+' sign or leading zeros.
bool validDeletionCost(const QString &value)
{
    if (value.isEmpty())
        return false;
    const QChar c = value.front();
    const bool validFirst = c == QLatin1Char('-') || (c == QLatin1Char('0') && value == QLatin1String("0"))
                            || (c >= QLatin1Char('1') && c <= QLatin1Char('9'));
    if (!validFirst)
        return false;
    bool ok = false;
    const qint64 v = value.toLongLong(&ok);
    return ok && v >= std::numeric_limits<qint32>::min() && v <= std::numeric_limits<qint32>::max();
}

QString upperFirst(const QString &s)
{
    return s.isEmpty() ? s : s.front().toUpper() + s.mid(1);
}

// A short rendering of the difference in the spirit of cmp.Diff(old, new): one -/+ pair per
// changed PodSpec field (upstream prints Go syntax; this prints JSON values).
QString podSpecDiff(const PodSpec &oldSpec, const PodSpec &newSpec)
{
    const QJsonObject a = JsonEncoder::encode(oldSpec), b = JsonEncoder::encode(newSpec);
    QStringList keys = a.keys() + b.keys();
    keys.removeDuplicates();
    keys.sort();
    QStringList lines{QStringLiteral("  core.PodSpec{")};
    for (const QString &k : keys) {
        if (a.value(k) == b.value(k))
            continue;
        if (a.contains(k))
            lines << QStringLiteral("- \t%1: %2,").arg(upperFirst(k), renderJson(a.value(k)));
        if (b.contains(k))
            lines << QStringLiteral("+ \t%1: %2,").arg(upperFirst(k), renderJson(b.value(k)));
    }
    lines << QStringLiteral("  }");
    return lines.join(QLatin1Char('\n')) + QLatin1Char('\n');
}

FieldErrors validateOnlyAddedTolerations(const QList<Toleration> &newT, const QList<Toleration> &oldT,
                                         const QString &path)
{
    for (const Toleration &old : oldT) {
        bool found = false;
        for (const Toleration &t : newT) {
            Toleration clone = old;
            clone.tolerationSeconds = t.tolerationSeconds;
            if (clone == t) {
                found = true;
                break;
            }
        }
        if (!found)
            return {FieldError::forbidden(path, QStringLiteral("existing toleration can not be modified except its tolerationSeconds"))};
    }
    return validateTolerations(newT, path);
}

} // namespace

FieldErrors validateTolerations(const QList<Toleration> &tolerations, const QString &path)
{
    FieldErrors errs;
    for (qsizetype i = 0; i < tolerations.size(); ++i) {
        const Toleration &t = tolerations[i];
        const QString p = index(path, i);
        if (!t.key.isEmpty())
            errs += validateLabelName(t.key, child(p, QStringLiteral("key")));
        if (t.key.isEmpty() && t.operator_ != QLatin1String("Exists"))
            errs << FieldError::invalid(child(p, QStringLiteral("operator")), t.operator_,
                                        QStringLiteral("operator must be Exists when `key` is empty, which means "
                                                       "\"match all values and all keys\""));
        if (t.tolerationSeconds && t.effect != QLatin1String("NoExecute"))
            errs << FieldError::invalid(child(p, QStringLiteral("effect")), t.effect,
                                        QStringLiteral("effect must be 'NoExecute' when `tolerationSeconds` is set"));
        if (t.operator_ == QLatin1String("Equal") || t.operator_.isEmpty()) {
            if (const QStringList msgs = isValidLabelValue(t.value); !msgs.isEmpty())
                errs << FieldError::invalid(child(p, QStringLiteral("operator")), t.value, msgs.join(QLatin1Char(';')));
        } else if (t.operator_ == QLatin1String("Exists")) {
            if (!t.value.isEmpty())
                errs << invalidRendered(child(p, QStringLiteral("operator")), renderToleration(t),
                                        QStringLiteral("value must be empty when `operator` is 'Exists'"));
        } else {
            errs << FieldError::notSupported(child(p, QStringLiteral("operator")), t.operator_,
                                             {QStringLiteral("Equal"), QStringLiteral("Exists")});
        }
        if (!t.effect.isEmpty())
            errs += validateTaintEffect(t.effect, true, child(p, QStringLiteral("effect")));
    }
    return errs;
}

FieldErrors validatePodSpecificAnnotations(const QMap<QString, QString> &annotations, const PodSpec &spec,
                                           const QString &path, const PodValidationOptions &opts)
{
    FieldErrors errs;
    const QString mirror = QStringLiteral("kubernetes.io/config.mirror");
    if (annotations.contains(mirror) && spec.nodeName.isEmpty())
        errs << FieldError::invalid(key(path, mirror), annotations.value(mirror),
                                    QStringLiteral("must set spec.nodeName if mirror pod annotation is set"));
    const QString cost = QStringLiteral("controller.kubernetes.io/pod-deletion-cost");
    if (!opts.allowInvalidPodDeletionCost && annotations.contains(cost) && !validDeletionCost(annotations.value(cost)))
        errs << FieldError::invalid(key(path, cost), annotations.value(cost), QStringLiteral("must be a 32bit integer"));
    return errs;
}

FieldErrors validatePodSpec(const PodSpec &spec, const QString &path, const PodValidationOptions &opts)
{
    FieldErrors errs;
    if (!spec.terminationGracePeriodSeconds)
        errs << FieldError::required(child(path, QStringLiteral("terminationGracePeriodSeconds")));
    errs += validateSharedList(spec.containers, child(path, QStringLiteral("containers")),
                               [](const QList<Container> &l, const QString &p) { return validateContainers(l, p); });
    if (!spec.initContainers.isEmpty())
        errs += validateInitContainers(spec.initContainers, spec.containers, child(path, QStringLiteral("initContainers")));
    errs += validatePodHostNetworkDeps(spec, path, opts);

    const QString restartPath = child(path, QStringLiteral("restartPolicy"));
    if (spec.restartPolicy.isEmpty())
        errs << FieldError::required(restartPath);
    else if (spec.restartPolicy != QLatin1String("Always") && spec.restartPolicy != QLatin1String("OnFailure")
             && spec.restartPolicy != QLatin1String("Never"))
        errs << FieldError::notSupported(restartPath, spec.restartPolicy,
                                         {QStringLiteral("Always"), QStringLiteral("OnFailure"), QStringLiteral("Never")});

    const QString dnsPath = child(path, QStringLiteral("dnsPolicy"));
    if (spec.dnsPolicy.isEmpty())
        errs << FieldError::required(dnsPath);
    else if (spec.dnsPolicy != QLatin1String("ClusterFirstWithHostNet") && spec.dnsPolicy != QLatin1String("ClusterFirst")
             && spec.dnsPolicy != QLatin1String("Default") && spec.dnsPolicy != QLatin1String("None"))
        errs << FieldError::notSupported(dnsPath, spec.dnsPolicy,
                                         {QStringLiteral("ClusterFirstWithHostNet"), QStringLiteral("ClusterFirst"),
                                          QStringLiteral("Default"), QStringLiteral("None")});
    errs += validateLabels(spec.nodeSelector, child(path, QStringLiteral("nodeSelector")));
    if (spec.dnsPolicy == QLatin1String("None") && !spec.extra.value(QLatin1String("dnsConfig")).isObject())
        errs << FieldError::required(child(path, QStringLiteral("dnsConfig")),
                                     QStringLiteral("must provide `dnsConfig` when `dnsPolicy` is None"));

    if (!spec.serviceAccountName.isEmpty())
        for (const QStringList found = nameIsDNSSubdomain(spec.serviceAccountName, false); const QString &msg : found)
            errs << FieldError::invalid(child(path, QStringLiteral("serviceAccountName")), spec.serviceAccountName, msg);
    if (!spec.nodeName.isEmpty())
        for (const QStringList found = nameIsDNSSubdomain(spec.nodeName, false); const QString &msg : found)
            errs << FieldError::invalid(child(path, QStringLiteral("nodeName")), spec.nodeName, msg);
    const QJsonValue ads = spec.extra.value(QLatin1String("activeDeadlineSeconds"));
    if (ads.isDouble() && (ads.toInteger() < 1 || ads.toInteger() > std::numeric_limits<qint32>::max()))
        errs << FieldError::invalid(child(path, QStringLiteral("activeDeadlineSeconds")), ads.toInteger(),
                                    inclusiveRangeError(1, std::numeric_limits<qint32>::max()));
    for (const QLatin1String field : {QLatin1String("hostname"), QLatin1String("subdomain")}) {
        const QString value = spec.extra.value(field).toString();
        if (!value.isEmpty())
            for (const QStringList found = isDNS1123Label(value); const QString &msg : found)
                errs << FieldError::invalid(child(path, field), value, msg);
    }
    if (!spec.tolerations.isEmpty())
        errs += validateSharedList(spec.tolerations, child(path, QStringLiteral("tolerations")),
                                   [](const QList<Toleration> &l, const QString &p) { return validateTolerations(l, p); });
    const QString priorityClass = spec.extra.value(QLatin1String("priorityClassName")).toString();
    if (!priorityClass.isEmpty())
        for (const QStringList found = nameIsDNSSubdomain(priorityClass, false); const QString &msg : found)
            errs << FieldError::invalid(child(path, QStringLiteral("priorityClassName")), priorityClass, msg);
    return errs;
}

FieldErrors validatePodTemplateSpec(const PodTemplateSpec &tmpl, const QString &path, const PodValidationOptions &opts)
{
    FieldErrors errs = validateLabels(tmpl.metadata.labels, child(path, QStringLiteral("labels")));
    errs += validateAnnotations(tmpl.metadata.annotations, child(path, QStringLiteral("annotations")));
    errs += validatePodSpecificAnnotations(tmpl.metadata.annotations, tmpl.spec, child(path, QStringLiteral("annotations")), opts);
    errs += validatePodSpec(tmpl.spec, child(path, QStringLiteral("spec")), opts);
    if (!tmpl.spec.extra.value(QLatin1String("ephemeralContainers")).toArray().isEmpty())
        errs << FieldError::forbidden(child(child(path, QStringLiteral("spec")), QStringLiteral("ephemeralContainers")),
                                      QStringLiteral("ephemeral containers not allowed in pod template"));
    return errs;
}

PodValidationOptions podOptionsForTemplate(const PodTemplateSpec *oldTemplate)
{
    PodValidationOptions opts;
    // An update may keep an invalid deletion cost the object already had.
    const QString cost = QStringLiteral("controller.kubernetes.io/pod-deletion-cost");
    if (oldTemplate && oldTemplate->metadata.annotations.contains(cost))
        opts.allowInvalidPodDeletionCost = !validDeletionCost(oldTemplate->metadata.annotations.value(cost));
    return opts;
}

namespace {

FieldErrors validatePodMetadataAndSpec(const Pod &pod, const PodValidationOptions &opts)
{
    FieldErrors errs = validateObjectMeta(pod.metadata, true, nameIsDNSSubdomain, QStringLiteral("metadata"));
    errs += validatePodSpecificAnnotations(pod.metadata.annotations, pod.spec, QStringLiteral("metadata.annotations"), opts);
    errs += validatePodSpec(pod.spec, QStringLiteral("spec"), opts);
    for (const auto &[list, name] : {std::pair{&pod.spec.containers, "containers"}, std::pair{&pod.spec.initContainers, "initContainers"}})
        for (qsizetype i = 0; i < list->size(); ++i) {
            const QString &image = list->at(i).image;
            if (image.size() != image.trimmed().size())
                errs << FieldError::invalid(child(index(child(QStringLiteral("spec"), QLatin1String(name)), i), QStringLiteral("image")),
                                            image, QStringLiteral("must not have leading or trailing whitespace"));
        }
    return errs;
}

PodValidationOptions podOptions(const Pod *oldPod)
{
    PodValidationOptions opts;
    opts.resourceIsPod = true;
    if (oldPod) {
        PodTemplateSpec t;
        t.metadata = oldPod->metadata;
        opts.allowInvalidPodDeletionCost = podOptionsForTemplate(&t).allowInvalidPodDeletionCost;
    }
    return opts;
}

} // namespace

FieldErrors validatePod(const Pod &pod)
{
    FieldErrors errs = validatePodMetadataAndSpec(pod, podOptions(nullptr));
    if (!pod.spec.extra.value(QLatin1String("ephemeralContainers")).toArray().isEmpty())
        errs << FieldError::forbidden(QStringLiteral("spec.ephemeralContainers"), QStringLiteral("cannot be set on create"));
    if (!pod.spec.nodeName.isEmpty() && !pod.spec.extra.value(QLatin1String("schedulingGates")).toArray().isEmpty())
        errs << FieldError::forbidden(QStringLiteral("spec.nodeName"),
                                      QStringLiteral("cannot be set until all schedulingGates have been cleared"));
    return errs;
}

FieldErrors validatePodUpdate(const Pod &pod, const Pod &oldPod)
{
    const QString specPath = QStringLiteral("spec");
    FieldErrors errs = validateObjectMetaUpdate(pod.metadata, oldPod.metadata, QStringLiteral("metadata"));
    errs += validatePodMetadataAndSpec(pod, podOptions(&oldPod));

    // ValidateContainerUpdates: same containers, images may change but not to empty.
    for (const auto &[newList, oldList, name] :
         {std::tuple{&pod.spec.containers, &oldPod.spec.containers, "containers"},
          std::tuple{&pod.spec.initContainers, &oldPod.spec.initContainers, "initContainers"}}) {
        const QString path = child(specPath, QLatin1String(name));
        if (newList->size() != oldList->size()) {
            errs << FieldError::forbidden(path, QStringLiteral("pod updates may not add or remove containers"));
            return errs;
        }
        for (qsizetype i = 0; i < newList->size(); ++i) {
            const QString &image = newList->at(i).image;
            if (image.isEmpty())
                errs << FieldError::required(child(index(path, i), QStringLiteral("image")));
            if (image.trimmed().size() != image.size())
                errs << FieldError::invalid(child(index(path, i), QStringLiteral("image")), image,
                                            QStringLiteral("must not have leading or trailing whitespace"));
        }
    }
    errs += validateOnlyAddedTolerations(pod.spec.tolerations, oldPod.spec.tolerations, child(specPath, QStringLiteral("tolerations")));
    if (pod.spec == oldPod.spec)
        return errs;

    // Munge the updatable fields back to their old values; anything left is forbidden.
    PodSpec munged = pod.spec;
    for (qsizetype i = 0; i < munged.containers.size(); ++i)
        munged.containers[i].image = oldPod.spec.containers[i].image;
    for (qsizetype i = 0; i < munged.initContainers.size(); ++i)
        munged.initContainers[i].image = oldPod.spec.initContainers[i].image;
    for (const QLatin1String field : {QLatin1String("activeDeadlineSeconds"), QLatin1String("schedulingGates")}) {
        munged.extra.remove(field);
        if (oldPod.spec.extra.contains(field))
            munged.extra.insert(field, oldPod.spec.extra.value(field));
    }
    munged.tolerations = oldPod.spec.tolerations;
    if (oldPod.spec.terminationGracePeriodSeconds && *oldPod.spec.terminationGracePeriodSeconds < 0
        && munged.terminationGracePeriodSeconds == 1)
        munged.terminationGracePeriodSeconds = oldPod.spec.terminationGracePeriodSeconds;
    if (!(munged == oldPod.spec)) {
        static const QStringList updatable{
            QStringLiteral("`spec.containers[*].image`"), QStringLiteral("`spec.initContainers[*].image`"),
            QStringLiteral("`spec.activeDeadlineSeconds`"),
            QStringLiteral("`spec.tolerations` (only additions to existing tolerations)"),
            QStringLiteral("`spec.terminationGracePeriodSeconds` (allow it to be set to 1 if it was previously negative)")};
        errs << FieldError::forbidden(specPath, QStringLiteral("pod updates may not change fields other than %1\n%2")
                                                    .arg(updatable.join(QLatin1Char(',')), podSpecDiff(oldPod.spec, munged)));
    }
    return errs;
}

FieldErrors validatePodStatusUpdate(const Pod &pod, const Pod &oldPod)
{
    FieldErrors errs = validateObjectMetaUpdate(pod.metadata, oldPod.metadata, QStringLiteral("metadata"));
    errs += validatePodSpecificAnnotations(pod.metadata.annotations, pod.spec, QStringLiteral("metadata.annotations"),
                                           podOptions(&oldPod));
    if (pod.spec.nodeName != oldPod.spec.nodeName)
        errs << FieldError::forbidden(QStringLiteral("status.nodeName"), QStringLiteral("may not be changed directly"));
    if (pod.status.nominatedNodeName != oldPod.status.nominatedNodeName && !pod.status.nominatedNodeName.isEmpty())
        for (const QStringList found = nameIsDNSSubdomain(pod.status.nominatedNodeName, false); const QString &msg : found)
            errs << FieldError::invalid(QStringLiteral("status.nominatedNodeName"), pod.status.nominatedNodeName, msg);
    return errs;
}

} // namespace rlab::api::validation
