// ObjectMeta, labels, annotations, owner references and label selectors
// (apimachinery pkg/api/validation/objectmeta.go, pkg/apis/meta/v1/validation), plus the small
// helpers the other validation files share.
#include "core/api/namematch.h"
#include "core/api/namevalidation.h"
#include "core/api/samedata.h"
#include "core/api/validationdetail.h"

#include <QStringBuilder>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSet>

#include <array>

namespace rlab::api::validation {

namespace {

constexpr qint64 kTotalAnnotationSizeLimitB = 256 * (1 << 10);   // 256 kB

QJsonValue timeJson(Time t)
{
    return t == 0 ? QJsonValue(QJsonValue::Null) : QJsonValue(formatTime(t));
}

QJsonValue optionalJson(const std::optional<qint64> &v)
{
    return v ? QJsonValue(*v) : QJsonValue(QJsonValue::Null);
}

QString renderOwnerReference(const OwnerReference &ref)
{
    GoJson j;
    j.add(QStringLiteral("apiVersion"), ref.apiVersion)
        .add(QStringLiteral("kind"), ref.kind)
        .add(QStringLiteral("name"), ref.name)
        .add(QStringLiteral("uid"), ref.uid);
    if (ref.controller)
        j.add(QStringLiteral("controller"), *ref.controller);
    if (ref.blockOwnerDeletion)
        j.add(QStringLiteral("blockOwnerDeletion"), *ref.blockOwnerDeletion);
    return j.toString();
}

// Go's %#v of a []string: []string{"a", "b"}
QString goStringSlice(const QStringList &values)
{
    QStringList quoted;
    for (const QString &v : values)
        quoted << QLatin1Char('"') + v + QLatin1Char('"');
    return QStringLiteral("[]string{%1}").arg(quoted.join(QStringLiteral(", ")));
}

FieldErrors validateOwnerReferences(const QList<OwnerReference> &refs, const QString &path)
{
    FieldErrors errs;
    QString firstControllerName;
    for (const OwnerReference &ref : refs) {
        // schema.FromAPIVersionAndKind: "v1" -> group "", "apps/v1" -> group apps; more slashes -> no version.
        QStringView group, version;
        const QString &av = ref.apiVersion;
        if (!av.isEmpty() && av != QLatin1String("/")) {
            const qsizetype slash = av.indexOf(QLatin1Char('/'));
            if (slash < 0) {
                version = av;
            } else if (av.indexOf(QLatin1Char('/'), slash + 1) < 0) {
                group = QStringView(av).left(slash);
                version = QStringView(av).mid(slash + 1);
            }
        }
        if (version.isEmpty())
            errs << FieldError::invalid(child(path, QStringLiteral("apiVersion")), ref.apiVersion,
                                        QStringLiteral("version must not be empty"));
        if (ref.kind.isEmpty())
            errs << FieldError::invalid(child(path, QStringLiteral("kind")), ref.kind, QStringLiteral("kind must not be empty"));
        if (ref.name.isEmpty())
            errs << FieldError::invalid(child(path, QStringLiteral("name")), ref.name, QStringLiteral("name must not be empty"));
        if (ref.uid.isEmpty())
            errs << FieldError::invalid(child(path, QStringLiteral("uid")), ref.uid, QStringLiteral("uid must not be empty"));
        if (group.isEmpty() && version == QLatin1String("v1") && ref.kind == QLatin1String("Event"))
            errs << invalidRendered(path, renderOwnerReference(ref),
                                    QStringLiteral("/v1, Kind=Event is disallowed from being an owner"));
        if (ref.isController()) {
            const QString name = ref.kind % QLatin1Char('/') % ref.name;
            if (!firstControllerName.isEmpty()) {
                QStringList all;
                for (const OwnerReference &r : refs)
                    all << renderOwnerReference(r);
                errs << invalidRendered(path, QLatin1Char('[') + all.join(QLatin1Char(',')) + QLatin1Char(']'),
                                        QStringLiteral("Only one reference can have Controller set to true. Found \"true\" "
                                                       "in references for %1 and %2")
                                            .arg(firstControllerName, name));
            } else {
                firstControllerName = name;
            }
        }
    }
    return errs;
}

// True when validateLabels(labels, path) finds nothing for any path: every key is a plain
// (unprefixed) label key and every value a label value, each at most 63 bytes. Prefixed keys
// answer false (the full check decides). Lets the hot paths skip building the path.
bool plainValidLabelsOf(const Labels &labels);   // plainValidLabels without its memory

bool plainValidLabels(const Labels &labels)
{
    // Label maps repeat: the pods of a template share its map, and an update checks its labels
    // twice (ValidateObjectMeta, ValidateObjectMetaUpdate). The last few maps found valid, held
    // (so their data cannot change), answer for a map that shares their data.
    thread_local std::array<Labels, 4> known;
    thread_local std::size_t next = 0;
    if (labels.isEmpty())
        return true;
    for (const Labels &k : known)
        if (!k.isEmpty() && labels.isSharedWith(k))
            return true;
    if (!plainValidLabelsOf(labels))
        return false;
    known[next] = labels;
    next = (next + 1) % known.size();
    return true;
}

bool plainValidLabelsOf(const Labels &labels)
{
    for (auto it = labels.begin(); it != labels.end(); ++it) {
        const QString &k = it.key();
        const QString &v = it.value();
        if (k.contains(QLatin1Char('/')) || !namematch::labelKeyName(k) || namematch::utf8Length(k) > 63
            || !namematch::labelValue(v) || namematch::utf8Length(v) > 63)
            return false;
    }
    return true;
}

FieldErrors validateFinalizers(const QStringList &finalizers, const QString &path)
{
    FieldErrors errs;
    for (const QString &f : finalizers)
        for (const QStringList found = isQualifiedName(f); const QString &msg : found)
            errs << FieldError::invalid(path, f, msg);
    if (finalizers.contains(QLatin1String("orphan")) && finalizers.contains(QLatin1String("foregroundDeletion")))
        errs << FieldError::invalid(path, QJsonArray::fromStringList(finalizers),
                                    QStringLiteral("finalizer orphan and foregroundDeletion cannot be both set"));
    return errs;
}

// core validation validateKubeFinalizerName, run for every finalizer after the generic checks.
FieldErrors validateKubeFinalizerNames(const QStringList &finalizers, const QString &path)
{
    static const QSet<QString> standard{QStringLiteral("kubernetes"), QStringLiteral("orphan"),
                                        QStringLiteral("foregroundDeletion")};
    FieldErrors errs;
    for (qsizetype i = 0; i < finalizers.size(); ++i) {
        const QString &f = finalizers[i];
        if (!f.contains(QLatin1Char('/')) && !standard.contains(f))
            errs << FieldError::invalid(index(path, i), f,
                                        QStringLiteral("name is neither a standard finalizer name nor is it fully qualified"));
    }
    return errs;
}

} // namespace

QString child(const QString &path, const QString &name)
{
    if (path.isEmpty())
        return name;
    // The same few paths are built for every object validated ("metadata" + "ownerReferences"):
    // the last ones made are found by where their parts' characters are (a slot holds its
    // parts, so those characters are neither freed nor reused meanwhile). Per thread.
    struct Made
    {
        QString path, name, child;
    };
    thread_local std::array<Made, 16> made;
    Made &m = made[((quintptr(path.constData()) >> 4) ^ (quintptr(name.constData()) >> 3)) % made.size()];
    if (!m.child.isNull() && sameData(m.path, path) && sameData(m.name, name))
        return m.child;
    m = Made{path, name, QString(path % QLatin1Char('.') % name)};
    return m.child;
}

QString index(const QString &path, qsizetype i)
{
    // Built for every list item validated, error or not: no arg() (a format parse each).
    return QString(path % QLatin1Char('[') % QString::number(i) % QLatin1Char(']'));
}

QString key(const QString &path, const QString &k)
{
    return path + QLatin1Char('[') + k + QLatin1Char(']');
}

GoJson &GoJson::add(const QString &name, const QJsonValue &value)
{
    return addRaw(name, renderJson(value));
}

GoJson &GoJson::addRaw(const QString &name, const QString &rendered)
{
    m_parts << QLatin1Char('"') + name + QStringLiteral("\":") + rendered;
    return *this;
}

QString GoJson::toString() const
{
    return QLatin1Char('{') + m_parts.join(QLatin1Char(',')) + QLatin1Char('}');
}

QString renderJson(const QJsonValue &v)
{
    if (v.isObject())
        return QString::fromUtf8(QJsonDocument(v.toObject()).toJson(QJsonDocument::Compact));
    if (v.isArray())
        return QString::fromUtf8(QJsonDocument(v.toArray()).toJson(QJsonDocument::Compact));
    if (v.isUndefined())
        return QStringLiteral("null");
    const QString wrapped = QString::fromUtf8(QJsonDocument(QJsonArray{v}).toJson(QJsonDocument::Compact));
    return wrapped.mid(1, wrapped.size() - 2);
}

QString renderLabelSelector(const std::optional<LabelSelector> &s)
{
    if (!s)
        return QStringLiteral("null");
    GoJson j;
    if (!s->matchLabels.isEmpty())
        j.add(QStringLiteral("matchLabels"), labelsJson(s->matchLabels));
    if (!s->matchExpressions.isEmpty()) {
        QStringList reqs;
        for (const LabelSelectorRequirement &r : s->matchExpressions) {
            GoJson rj;
            rj.add(QStringLiteral("key"), r.key).add(QStringLiteral("operator"), r.operator_);
            if (!r.values.isEmpty())
                rj.add(QStringLiteral("values"), QJsonArray::fromStringList(r.values));
            reqs << rj.toString();
        }
        j.addRaw(QStringLiteral("matchExpressions"), QLatin1Char('[') + reqs.join(QLatin1Char(',')) + QLatin1Char(']'));
    }
    return j.toString();
}

QJsonValue intOrStringJson(const IntOrString &v)
{
    return v.isString ? QJsonValue(v.strVal) : QJsonValue(v.intVal);
}

QJsonValue labelsJson(const Labels &labels)
{
    if (labels.isEmpty())
        return QJsonValue::Null;
    QJsonObject o;
    for (auto it = labels.begin(); it != labels.end(); ++it)
        o.insert(it.key(), it.value());
    return o;
}

FieldError invalidRendered(const QString &path, const QString &rendered, const QString &detail)
{
    FieldError e = FieldError::invalid(path, QJsonValue::Null, detail);
    e.renderedValue = rendered;
    return e;
}

FieldErrors validateNonnegativeField(qint64 value, const QString &path)
{
    if (value >= 0)
        return {};
    return {FieldError::invalid(path, value, QStringLiteral("must be greater than or equal to 0"))};
}

FieldErrors validateImmutableField(const QJsonValue &newValue, const QJsonValue &oldValue, const QString &path)
{
    if (newValue == oldValue)
        return {};
    return {FieldError::invalid(path, newValue, QStringLiteral("field is immutable"))};
}

FieldErrors validateFinalizerName(const QString &finalizer, const QString &path)
{
    FieldErrors errs;
    for (const QStringList found = isQualifiedName(finalizer); const QString &msg : found)
        errs << FieldError::invalid(path, finalizer, msg);
    static const QSet<QString> standard{QStringLiteral("kubernetes"), QStringLiteral("orphan"),
                                        QStringLiteral("foregroundDeletion")};
    if (!finalizer.contains(QLatin1Char('/')) && !standard.contains(finalizer))
        errs << FieldError::invalid(path, finalizer,
                                    QStringLiteral("name is neither a standard finalizer name nor is it fully qualified"));
    return errs;
}

FieldErrors validateLabelName(const QString &name, const QString &path)
{
    FieldErrors errs;
    for (const QStringList found = isQualifiedName(name); const QString &msg : found)
        errs << FieldError::invalid(path, name, msg);
    return errs;
}

FieldErrors validateLabels(const Labels &labels, const QString &path)
{
    FieldErrors errs;
    for (auto it = labels.begin(); it != labels.end(); ++it) {
        errs += validateLabelName(it.key(), path);
        for (const QStringList found = isValidLabelValue(it.value()); const QString &msg : found)
            errs << FieldError::invalid(path, it.value(), msg);
    }
    return errs;
}

FieldErrors validateAnnotations(const QMap<QString, QString> &annotations, const QString &path)
{
    FieldErrors errs;
    qint64 totalSize = 0;
    for (auto it = annotations.begin(); it != annotations.end(); ++it) {
        // The rule is QualifiedName except that case doesn't matter.
        for (const QStringList found = isQualifiedName(it.key().toLower()); const QString &msg : found)
            errs << FieldError::invalid(path, it.key(), msg);
        totalSize += namematch::utf8Length(it.key()) + namematch::utf8Length(it.value());
    }
    if (totalSize > kTotalAnnotationSizeLimitB)
        errs << FieldError::tooLong(path, QString(), int(kTotalAnnotationSizeLimitB));
    return errs;
}

FieldErrors validateLabelSelector(const LabelSelector &selector, const QString &path)
{
    FieldErrors errs = validateLabels(selector.matchLabels, child(path, QStringLiteral("matchLabels")));
    for (qsizetype i = 0; i < selector.matchExpressions.size(); ++i) {
        const LabelSelectorRequirement &r = selector.matchExpressions[i];
        const QString rPath = index(child(path, QStringLiteral("matchExpressions")), i);
        if (r.operator_ == QLatin1String("In") || r.operator_ == QLatin1String("NotIn")) {
            if (r.values.isEmpty())
                errs << FieldError::required(child(rPath, QStringLiteral("values")),
                                             QStringLiteral("must be specified when `operator` is 'In' or 'NotIn'"));
        } else if (r.operator_ == QLatin1String("Exists") || r.operator_ == QLatin1String("DoesNotExist")) {
            if (!r.values.isEmpty())
                errs << FieldError::forbidden(child(rPath, QStringLiteral("values")),
                                              QStringLiteral("may not be specified when `operator` is 'Exists' or 'DoesNotExist'"));
        } else {
            errs << FieldError::invalid(child(rPath, QStringLiteral("operator")), r.operator_,
                                        QStringLiteral("not a valid selector operator"));
        }
        errs += validateLabelName(r.key, child(rPath, QStringLiteral("key")));
        // AllowInvalidLabelValueInSelector is false for workload selectors.
        for (qsizetype v = 0; v < r.values.size(); ++v)
            for (const QStringList found = isValidLabelValue(r.values[v]); const QString &msg : found)
                errs << FieldError::invalid(index(child(rPath, QStringLiteral("values")), v), r.values[v], msg);
    }
    return errs;
}

namespace {
// Whether `ns` is a namespace name found valid here before, by where its characters are: nearly
// every object of a run names the same one or two namespaces, in strings they share, and
// nameIsDNSLabel cost ~180 instructions for each create and update. A slot holds its string,
// so those characters are neither freed nor reused meanwhile. Per thread.
bool validNamespaceSeen(const QString &ns)
{
    thread_local std::array<QString, 8> seen;
    QString &slot = seen[(quintptr(ns.constData()) >> 4) % seen.size()];
    if (!slot.isNull() && sameData(slot, ns))
        return true;
    if (!nameIsDNSLabel(ns, false).isEmpty())
        return false;
    slot = ns;
    return true;
}
} // namespace

FieldErrors validateObjectMeta(const ObjectMeta &meta, bool requiresNamespace, const NameFn &nameFn,
                               const QString &path, bool kubeFinalizers)
{
    FieldErrors errs;
    if (!meta.generateName.isEmpty())
        for (const QStringList found = nameFn(meta.generateName, true); const QString &msg : found)
            errs << FieldError::invalid(child(path, QStringLiteral("generateName")), meta.generateName, msg);
    if (meta.name.isEmpty()) {
        errs << FieldError::required(child(path, QStringLiteral("name")), QStringLiteral("name or generateName is required"));
    } else {
        for (const QStringList found = nameFn(meta.name, false); const QString &msg : found)
            errs << FieldError::invalid(child(path, QStringLiteral("name")), meta.name, msg);
    }
    if (requiresNamespace) {
        if (meta.namespace_.isEmpty()) {
            errs << FieldError::required(child(path, QStringLiteral("namespace")));
        } else if (!validNamespaceSeen(meta.namespace_)) {
            for (const QStringList found = nameIsDNSLabel(meta.namespace_, false); const QString &msg : found)
                errs << FieldError::invalid(child(path, QStringLiteral("namespace")), meta.namespace_, msg);
        }
    } else if (!meta.namespace_.isEmpty()) {
        errs << FieldError::forbidden(child(path, QStringLiteral("namespace")), QStringLiteral("not allowed on this type"));
    }
    // Each check below finds nothing in an empty list (or a valid value): the paths are only
    // built when there is something to check, which the hot update path relies on.
    if (meta.generation < 0)
        errs += validateNonnegativeField(meta.generation, child(path, QStringLiteral("generation")));
    if (!plainValidLabels(meta.labels))
        errs += validateLabels(meta.labels, child(path, QStringLiteral("labels")));
    if (!meta.annotations.isEmpty())
        errs += validateAnnotations(meta.annotations, child(path, QStringLiteral("annotations")));
    if (!meta.ownerReferences.isEmpty())
        errs += validateSharedList(meta.ownerReferences, child(path, QStringLiteral("ownerReferences")),
                                   [](const QList<OwnerReference> &l, const QString &p) { return validateOwnerReferences(l, p); });
    if (!meta.finalizers.isEmpty()) {
        errs += validateFinalizers(meta.finalizers, child(path, QStringLiteral("finalizers")));
        if (kubeFinalizers)
            errs += validateKubeFinalizerNames(meta.finalizers, child(path, QStringLiteral("finalizers")));
    }
    return errs;
}

FieldErrors validateObjectMetaUpdate(const ObjectMeta &newMeta, const ObjectMeta &oldMeta, const QString &path,
                                     bool kubeFinalizers)
{
    FieldErrors errs;
    if (oldMeta.deletionTimestamp != 0) {
        QStringList added;
        for (const QString &f : newMeta.finalizers)
            if (!oldMeta.finalizers.contains(f) && !added.contains(f))
                added << f;
        added.sort();
        if (!added.isEmpty())
            errs << FieldError::forbidden(child(path, QStringLiteral("finalizers")),
                                          QStringLiteral("no new finalizers can be added if the object is being "
                                                         "deleted, found new finalizers %1")
                                              .arg(goStringSlice(added)));
    }
    if (newMeta.resourceVersion.isEmpty())
        errs << FieldError::invalid(child(path, QStringLiteral("resourceVersion")), newMeta.resourceVersion,
                                    QStringLiteral("must be specified for an update"));
    if (newMeta.generation < oldMeta.generation)
        errs << FieldError::invalid(child(path, QStringLiteral("generation")), newMeta.generation,
                                    QStringLiteral("must not be decremented"));
    // Equal raw values render equal JSON: the immutable-field checks (and their paths) only run
    // for fields that differ, as the list checks only run on non-empty lists.
    if (newMeta.name != oldMeta.name)
        errs += validateImmutableField(newMeta.name, oldMeta.name, child(path, QStringLiteral("name")));
    if (newMeta.namespace_ != oldMeta.namespace_)
        errs += validateImmutableField(newMeta.namespace_, oldMeta.namespace_, child(path, QStringLiteral("namespace")));
    if (newMeta.uid != oldMeta.uid)
        errs += validateImmutableField(newMeta.uid, oldMeta.uid, child(path, QStringLiteral("uid")));
    if (newMeta.creationTimestamp != oldMeta.creationTimestamp)
        errs += validateImmutableField(timeJson(newMeta.creationTimestamp), timeJson(oldMeta.creationTimestamp),
                                       child(path, QStringLiteral("creationTimestamp")));
    if (newMeta.deletionTimestamp != oldMeta.deletionTimestamp)
        errs += validateImmutableField(timeJson(newMeta.deletionTimestamp), timeJson(oldMeta.deletionTimestamp),
                                       child(path, QStringLiteral("deletionTimestamp")));
    if (newMeta.deletionGracePeriodSeconds != oldMeta.deletionGracePeriodSeconds)
        errs += validateImmutableField(optionalJson(newMeta.deletionGracePeriodSeconds),
                                       optionalJson(oldMeta.deletionGracePeriodSeconds),
                                       child(path, QStringLiteral("deletionGracePeriodSeconds")));
    if (!plainValidLabels(newMeta.labels))
        errs += validateLabels(newMeta.labels, child(path, QStringLiteral("labels")));
    if (!newMeta.annotations.isEmpty())
        errs += validateAnnotations(newMeta.annotations, child(path, QStringLiteral("annotations")));
    if (!newMeta.ownerReferences.isEmpty())
        errs += validateSharedList(newMeta.ownerReferences, child(path, QStringLiteral("ownerReferences")),
                                   [](const QList<OwnerReference> &l, const QString &p) { return validateOwnerReferences(l, p); });
    if (kubeFinalizers && !newMeta.finalizers.isEmpty())
        errs += validateKubeFinalizerNames(newMeta.finalizers, child(path, QStringLiteral("finalizers")));
    return errs;
}

} // namespace rlab::api::validation
