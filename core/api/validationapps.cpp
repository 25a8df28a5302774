// Deployments and ReplicaSets (pkg/apis/apps/validation/validation.go) and the apps/v1 registry
// rule that their selector is immutable (pkg/registry/apps/{deployment,replicaset}/strategy.go).
#include "core/api/namevalidation.h"
#include "core/api/validationdetail.h"

namespace rlab::api::validation {

namespace {

const QString kSpec = QStringLiteral("spec");

// Internal apps types have no json tags: Go field names, declaration order, unset
// IntOrStrings as 0 (the v1 -> internal conversion turns nil into the zero value).
QString renderStrategy(const DeploymentStrategy &s)
{
    GoJson j;
    j.add(QStringLiteral("Type"), s.type);
    if (!s.rollingUpdate) {
        j.add(QStringLiteral("RollingUpdate"), QJsonValue::Null);
    } else {
        const IntOrString zero;
        j.addRaw(QStringLiteral("RollingUpdate"),
                 GoJson()
                     .add(QStringLiteral("MaxUnavailable"), intOrStringJson(s.rollingUpdate->maxUnavailable.value_or(zero)))
                     .add(QStringLiteral("MaxSurge"), intOrStringJson(s.rollingUpdate->maxSurge.value_or(zero)))
                     .toString());
    }
    return j.toString();
}

// intstr.IntValue(): a string is Atoi'd, errors giving 0.
int intValue(const IntOrString &v)
{
    if (!v.isString)
        return v.intVal;
    bool ok = false;
    const int i = v.strVal.toInt(&ok);
    return ok ? i : 0;
}

std::optional<int> percentValue(const IntOrString &v)
{
    if (!v.isString || !isValidPercent(v.strVal).isEmpty())
        return std::nullopt;
    return v.strVal.chopped(1).toInt();
}

int intOrPercentValue(const IntOrString &v)
{
    return percentValue(v).value_or(intValue(v));
}

FieldErrors validatePositiveIntOrPercent(const IntOrString &v, const QString &path)
{
    if (!v.isString)
        return validateNonnegativeField(v.intVal, path);
    FieldErrors errs;
    for (const QStringList found = isValidPercent(v.strVal); const QString &msg : found)
        errs << FieldError::invalid(path, v.strVal, msg);
    return errs;
}

FieldErrors isNotMoreThan100Percent(const IntOrString &v, const QString &path)
{
    const std::optional<int> percent = percentValue(v);
    if (!percent || *percent <= 100)
        return {};
    return {FieldError::invalid(path, intOrStringJson(v), QStringLiteral("must not be greater than 100%"))};
}

FieldErrors validateRollingUpdateDeployment(const RollingUpdateDeployment &ru, const QString &path)
{
    const IntOrString zero;
    const IntOrString maxUnavailable = ru.maxUnavailable.value_or(zero);
    const IntOrString maxSurge = ru.maxSurge.value_or(zero);
    const QString unavailablePath = child(path, QStringLiteral("maxUnavailable"));
    FieldErrors errs = validatePositiveIntOrPercent(maxUnavailable, unavailablePath);
    errs += validatePositiveIntOrPercent(maxSurge, child(path, QStringLiteral("maxSurge")));
    if (intOrPercentValue(maxUnavailable) == 0 && intOrPercentValue(maxSurge) == 0)
        errs << FieldError::invalid(unavailablePath, intOrStringJson(maxUnavailable),
                                    QStringLiteral("may not be 0 when `maxSurge` is 0"));
    errs += isNotMoreThan100Percent(maxUnavailable, unavailablePath);
    return errs;
}

FieldErrors validateDeploymentStrategy(const DeploymentStrategy &s, const QString &path)
{
    const QString ruPath = child(path, QStringLiteral("rollingUpdate"));
    if (s.type == QLatin1String("Recreate")) {
        if (s.rollingUpdate)
            return {FieldError::forbidden(ruPath, QStringLiteral("may not be specified when strategy `type` is 'Recreate'"))};
        return {};
    }
    if (s.type == QLatin1String("RollingUpdate")) {
        if (!s.rollingUpdate)
            return {FieldError::required(ruPath, QStringLiteral("this should be defaulted and never be nil"))};
        return validateRollingUpdateDeployment(*s.rollingUpdate, ruPath);
    }
    FieldError e = FieldError::notSupported(path, QJsonValue::Null, {QStringLiteral("Recreate"), QStringLiteral("RollingUpdate")});
    e.renderedValue = renderStrategy(s);
    return {e};
}

// ValidatePodTemplateSpecForReplicaSet (used by Deployments too, hence its wording).
FieldErrors validatePodTemplateSpecForReplicaSet(const PodTemplateSpec &tmpl, const Selector &selector,
                                                 const QString &path, const PodValidationOptions &opts)
{
    FieldErrors errs;
    if (!selector.isEmpty() && !selector.matches(tmpl.metadata.labels))
        errs << FieldError::invalid(child(child(path, QStringLiteral("metadata")), QStringLiteral("labels")),
                                    labelsJson(tmpl.metadata.labels),
                                    QStringLiteral("`selector` does not match template `labels`"));
    errs += validatePodTemplateSpec(tmpl, path, opts);
    const QString specPath = child(path, QStringLiteral("spec"));
    if (tmpl.spec.restartPolicy != QLatin1String("Always"))
        errs << FieldError::notSupported(child(specPath, QStringLiteral("restartPolicy")), tmpl.spec.restartPolicy,
                                         {QStringLiteral("Always")});
    if (tmpl.spec.extra.contains(QLatin1String("activeDeadlineSeconds"))
        && !tmpl.spec.extra.value(QLatin1String("activeDeadlineSeconds")).isNull())
        errs << FieldError::forbidden(child(specPath, QStringLiteral("activeDeadlineSeconds")),
                                      QStringLiteral("activeDeadlineSeconds in ReplicaSet is not Supported"));
    return errs;
}

// The selector part shared by DeploymentSpec and ReplicaSetSpec, template included.
FieldErrors validateSelectorAndTemplate(const std::optional<LabelSelector> &selector, const PodTemplateSpec &tmpl,
                                        const PodValidationOptions &opts)
{
    const QString selectorPath = child(kSpec, QStringLiteral("selector"));
    FieldErrors errs;
    if (!selector) {
        errs << FieldError::required(selectorPath);
    } else {
        errs += validateLabelSelector(*selector, selectorPath);
        if (selector->isEmpty())
            errs << invalidRendered(selectorPath, renderLabelSelector(selector),
                                    QStringLiteral("empty selector is invalid for deployment"));
    }
    // metav1.LabelSelectorAsSelector: nil selects nothing, {} everything.
    std::optional<Selector> parsed = selector ? Selector::fromLabelSelector(*selector) : Selector::nothing();
    if (!parsed)
        errs << invalidRendered(selectorPath, renderLabelSelector(selector), QStringLiteral("invalid label selector"));
    else
        errs += validatePodTemplateSpecForReplicaSet(tmpl, *parsed, child(kSpec, QStringLiteral("template")), opts);
    return errs;
}

FieldErrors validateDeploymentSpec(const DeploymentSpec &spec, const PodValidationOptions &opts)
{
    FieldErrors errs = validateNonnegativeField(spec.replicas.value_or(0), child(kSpec, QStringLiteral("replicas")));
    errs += validateSelectorAndTemplate(spec.selector, spec.template_, opts);
    errs += validateDeploymentStrategy(spec.strategy, child(kSpec, QStringLiteral("strategy")));
    errs += validateNonnegativeField(spec.minReadySeconds, child(kSpec, QStringLiteral("minReadySeconds")));
    if (spec.revisionHistoryLimit)   // zero is a valid revisionHistoryLimit
        errs += validateNonnegativeField(*spec.revisionHistoryLimit, child(kSpec, QStringLiteral("revisionHistoryLimit")));
    if (spec.progressDeadlineSeconds) {
        const QString path = child(kSpec, QStringLiteral("progressDeadlineSeconds"));
        errs += validateNonnegativeField(*spec.progressDeadlineSeconds, path);
        if (*spec.progressDeadlineSeconds <= spec.minReadySeconds)
            errs << FieldError::invalid(path, *spec.progressDeadlineSeconds,
                                        QStringLiteral("must be greater than minReadySeconds"));
    }
    return errs;
}

FieldErrors validateReplicaSetSpec(const ReplicaSetSpec &spec, const PodValidationOptions &opts)
{
    FieldErrors errs = validateNonnegativeField(spec.replicas.value_or(0), child(kSpec, QStringLiteral("replicas")));
    errs += validateNonnegativeField(spec.minReadySeconds, child(kSpec, QStringLiteral("minReadySeconds")));
    errs += validateSelectorAndTemplate(spec.selector, spec.template_, opts);
    return errs;
}

FieldErrors validateSelectorImmutable(const std::optional<LabelSelector> &newSel, const std::optional<LabelSelector> &oldSel)
{
    if (newSel == oldSel)
        return {};
    return {invalidRendered(child(kSpec, QStringLiteral("selector")), renderLabelSelector(newSel),
                            QStringLiteral("field is immutable"))};
}

FieldErrors notGreater(int value, int limit, const QString &path, const QString &what)
{
    if (value <= limit)
        return {};
    return {FieldError::invalid(path, value, QStringLiteral("cannot be greater than %1").arg(what))};
}

FieldErrors collisionCountNotDecremented(const std::optional<int> &update, const std::optional<int> &old)
{
    const bool decremented = (!update && old) || (update && old && *update < *old);
    if (!decremented)
        return {};
    return {FieldError::invalid(QStringLiteral("status.collisionCount"), update.value_or(0), QStringLiteral("cannot be decremented"))};
}

} // namespace

FieldErrors validateDeployment(const Deployment &d)
{
    FieldErrors errs = validateObjectMeta(d.metadata, true, nameIsDNSSubdomain, QStringLiteral("metadata"));
    errs += validateDeploymentSpec(d.spec, podOptionsForTemplate(nullptr));
    return errs;
}

FieldErrors validateDeploymentUpdate(const Deployment &d, const Deployment &oldD)
{
    FieldErrors errs = validateObjectMetaUpdate(d.metadata, oldD.metadata, QStringLiteral("metadata"));
    errs += validateDeploymentSpec(d.spec, podOptionsForTemplate(&oldD.spec.template_));
    errs += validateSelectorImmutable(d.spec.selector, oldD.spec.selector);
    return errs;
}

FieldErrors validateDeploymentStatusUpdate(const Deployment &d, const Deployment &oldD)
{
    const QString path = QStringLiteral("status");
    const DeploymentStatus &s = d.status;
    FieldErrors errs = validateObjectMetaUpdate(d.metadata, oldD.metadata, QStringLiteral("metadata"));
    errs += validateNonnegativeField(s.observedGeneration, child(path, QStringLiteral("observedGeneration")));
    errs += validateNonnegativeField(s.replicas, child(path, QStringLiteral("replicas")));
    errs += validateNonnegativeField(s.updatedReplicas, child(path, QStringLiteral("updatedReplicas")));
    errs += validateNonnegativeField(s.readyReplicas, child(path, QStringLiteral("readyReplicas")));
    errs += validateNonnegativeField(s.availableReplicas, child(path, QStringLiteral("availableReplicas")));
    errs += validateNonnegativeField(s.unavailableReplicas, child(path, QStringLiteral("unavailableReplicas")));
    if (s.terminatingReplicas)
        errs += validateNonnegativeField(*s.terminatingReplicas, child(path, QStringLiteral("terminatingReplicas")));
    if (s.collisionCount)
        errs += validateNonnegativeField(*s.collisionCount, child(path, QStringLiteral("collisionCount")));
    const QString msg = QStringLiteral("status.replicas");
    errs += notGreater(s.updatedReplicas, s.replicas, child(path, QStringLiteral("updatedReplicas")), msg);
    errs += notGreater(s.readyReplicas, s.replicas, child(path, QStringLiteral("readyReplicas")), msg);
    errs += notGreater(s.availableReplicas, s.replicas, child(path, QStringLiteral("availableReplicas")), msg);
    errs += notGreater(s.availableReplicas, s.readyReplicas, child(path, QStringLiteral("availableReplicas")),
                       QStringLiteral("readyReplicas"));
    errs += collisionCountNotDecremented(s.collisionCount, oldD.status.collisionCount);
    return errs;
}

FieldErrors validateReplicaSet(const ReplicaSet &rs)
{
    FieldErrors errs = validateObjectMeta(rs.metadata, true, nameIsDNSSubdomain, QStringLiteral("metadata"));
    errs += validateReplicaSetSpec(rs.spec, podOptionsForTemplate(nullptr));
    return errs;
}

FieldErrors validateReplicaSetUpdate(const ReplicaSet &rs, const ReplicaSet &oldRs)
{
    FieldErrors errs = validateObjectMetaUpdate(rs.metadata, oldRs.metadata, QStringLiteral("metadata"));
    errs += validateReplicaSetSpec(rs.spec, podOptionsForTemplate(&oldRs.spec.template_));
    errs += validateSelectorImmutable(rs.spec.selector, oldRs.spec.selector);
    return errs;
}

FieldErrors validateReplicaSetStatusUpdate(const ReplicaSet &rs, const ReplicaSet &oldRs)
{
    const QString path = QStringLiteral("status");
    const ReplicaSetStatus &s = rs.status;
    FieldErrors errs = validateObjectMetaUpdate(rs.metadata, oldRs.metadata, QStringLiteral("metadata"));
    errs += validateNonnegativeField(s.replicas, child(path, QStringLiteral("replicas")));
    errs += validateNonnegativeField(s.fullyLabeledReplicas, child(path, QStringLiteral("fullyLabeledReplicas")));
    errs += validateNonnegativeField(s.readyReplicas, child(path, QStringLiteral("readyReplicas")));
    errs += validateNonnegativeField(s.availableReplicas, child(path, QStringLiteral("availableReplicas")));
    errs += validateNonnegativeField(s.observedGeneration, child(path, QStringLiteral("observedGeneration")));
    if (s.terminatingReplicas)
        errs += validateNonnegativeField(*s.terminatingReplicas, child(path, QStringLiteral("terminatingReplicas")));
    const QString msg = QStringLiteral("status.replicas");
    errs += notGreater(s.fullyLabeledReplicas, s.replicas, child(path, QStringLiteral("fullyLabeledReplicas")), msg);
    errs += notGreater(s.readyReplicas, s.replicas, child(path, QStringLiteral("readyReplicas")), msg);
    errs += notGreater(s.availableReplicas, s.replicas, child(path, QStringLiteral("availableReplicas")), msg);
    errs += notGreater(s.availableReplicas, s.readyReplicas, child(path, QStringLiteral("availableReplicas")),
                       QStringLiteral("readyReplicas"));
    return errs;
}

} // namespace rlab::api::validation
