#include "core/kubectl/manifest.h"

#include "core/api/codec.h"
#include "core/api/defaults.h"
#include "core/api/validation.h"
#include "core/api/yamlreader.h"
#include "core/apiserver/strategy.h"

#include <QFile>

namespace rlab::kubectl {

using namespace rlab::api;
using namespace rlab::apiserver;

namespace {
void addError(Manifest &m, const SourceDocument &doc, const QString &path, const QString &message)
{
    const SourceError e = doc.errorAt(path, message);
    m.sourceErrors.append(e);
    m.errors.append(e.toString());
}

// `kubectl apply -f FILE` of a file without objects (empty, only comments or `---`, an empty
// List) fails before any request.
void addNoObjects(Manifest &m, const QString &fileName)
{
    const SourceError e{fileName, 0, 0, QStringLiteral("error: no objects passed to apply")};
    m.sourceErrors.append(e);
    m.errors.append(e.toString());
}

// "json: cannot unmarshal string into Go struct field DeploymentSpec.spec.replicas of type int32"
// -> "spec.replicas"; `unknown field "spec.foo"` -> "spec.foo".
QString pathInMessage(const QString &message)
{
    qsizetype q = message.indexOf(QLatin1String("unknown field \""));
    if (q >= 0) {
        q += 15;
        return message.mid(q, message.indexOf(QLatin1Char('"'), q) - q);
    }
    q = message.indexOf(QLatin1String("Go struct field "));
    if (q >= 0) {
        const QString rest = message.mid(q + 16);
        const QString field = rest.section(QLatin1Char(' '), 0, 0);
        return field.section(QLatin1Char('.'), 1);
    }
    return {};
}

void check(Manifest &m, const SourceDocument &doc, bool strict)
{
    const QJsonObject json = doc.value.toObject();
    if (const std::optional<QString> unmapped = resourceMappingError(json, doc.file)) {
        addError(m, doc, QStringLiteral("kind"), *unmapped);
        return;
    }
    DecodeResult r = decodeObject(json, strict);
    for (const QString &w : r.warnings)
        m.warnings.append(doc.errorAt(pathInMessage(w), QStringLiteral("Warning: ") + w).toString());
    if (!r.object) {
        for (const QString &e : r.errors.isEmpty() ? QStringList{r.error} : r.errors) {
            QString message = e;
            if (e == QLatin1String("apiVersion not set") || e == QLatin1String("kind not set")
                || e.startsWith(QLatin1Char('[')))
                message = QStringLiteral("error validating data: %1").arg(r.error);
            else if (!e.startsWith(QLatin1String("no matches")) && !e.contains(QLatin1String("cannot be handled")))
                message = QStringLiteral("%1 in version \"%2\" cannot be handled as a %1: %3")
                              .arg(json.value(QLatin1String("kind")).toString(), json.value(QLatin1String("apiVersion")).toString(),
                                   e.startsWith(QLatin1String("unknown field")) ? QStringLiteral("strict decoding error: ") + e : e);
            addError(m, doc, pathInMessage(e), message);
            if (e == r.error && r.errors.size() <= 1)
                break;
        }
        return;
    }
    // What the API server would do: defaults, then validation (on a scratch copy).
    MutableObjectPtr scratch = r.object->clone();
    if (scratch->metadata.name.isEmpty() && !scratch->metadata.generateName.isEmpty())
        scratch->metadata.name = scratch->metadata.generateName + QStringLiteral("xxxxx");
    const ResourceType rt = scratch->kind() == Kind::Generic ? resources::byKind(scratch->apiVersion, scratch->kindName)
                                                             : resources::byKind(scratch->kind());
    if (rt.namespaced && scratch->metadata.namespace_.isEmpty())
        scratch->metadata.namespace_ = QStringLiteral("default");
    strategy::prepareForCreate(*scratch);
    setDefaults(*scratch);
    const FieldErrors errors = validateCreate(*scratch);
    if (!errors.isEmpty()) {
        // One line per cause, each at its own position, like kubectl's "* field: message" list.
        for (const FieldError &fe : errors)
            addError(m, doc, fe.field, invalidMessage(scratch->kindName, scratch->metadata.name, {fe}));
        return;
    }
    m.objects.append(ManifestObject{doc, json, r.object});
}
} // namespace

std::optional<QString> resourceMappingError(const QJsonObject &json, const QString &source)
{
    const QJsonValue apiVersion = json.value(QLatin1String("apiVersion"));
    const QJsonValue kind = json.value(QLatin1String("kind"));
    if (!apiVersion.isString() || apiVersion.toString().isEmpty() || !kind.isString() || kind.toString().isEmpty())
        return std::nullopt;   // "error validating data: kind not set" comes first
    const QString gv = apiVersion.toString();
    const qsizetype slash = gv.indexOf(QLatin1Char('/'));
    const QString group = slash < 0 ? QString() : gv.left(slash);
    const QString version = slash < 0 ? gv : gv.mid(slash + 1);
    if (gv.count(QLatin1Char('/')) > 1 || gv.startsWith(QLatin1Char('/')) || gv.endsWith(QLatin1Char('/')))
        return std::nullopt;   // not a group/version at all: the decoder's error
    for (const ResourceType &rt : resources::builtin())
        if (rt.kind == kind.toString() && rt.group == group && rt.version == version)
            return std::nullopt;
    const QJsonObject meta = json.value(QLatin1String("metadata")).toObject();
    return QStringLiteral("resource mapping not found for name: \"%1\" namespace: \"%2\" from \"%3\": "
                          "no matches for kind \"%4\" in version \"%5\"\nensure CRDs are installed first")
        .arg(meta.value(QLatin1String("name")).toString(), meta.value(QLatin1String("namespace")).toString(), source,
             kind.toString(), gv);
}

Manifest loadManifest(const QByteArray &text, const QString &fileName, bool strict)
{
    Manifest m;
    ReadResult read = YamlReader::read(text, fileName);
    for (const SourceError &e : read.errors) {
        m.sourceErrors.append(e);
        m.errors.append(e.toString());
    }
    if (!read.ok())
        return m;
    SourceErrors listErrors;
    const QList<SourceDocument> docs = YamlReader::expandLists(read.documents, &listErrors);
    for (const SourceError &e : listErrors) {
        m.sourceErrors.append(e);
        m.errors.append(e.toString());
    }
    for (const SourceDocument &doc : docs)
        check(m, doc, strict);
    if (!m.ok())
        m.objects.clear();
    else if (m.objects.isEmpty())
        addNoObjects(m, fileName);
    return m;
}

Manifest loadManifestFile(const QString &path, bool strict)
{
    ReadResult read = YamlReader::readFile(path);
    if (!read.ok()) {
        Manifest m;
        for (const SourceError &e : read.errors) {
            m.sourceErrors.append(e);
            m.errors.append(e.toString());
        }
        return m;
    }
    // Re-read through loadManifest so both paths share one implementation of the checks.
    QFile f(path);
    f.open(QIODevice::ReadOnly);
    return loadManifest(f.readAll(), path, strict);
}

QList<ApplyResult> applyManifest(client::Interface &api, const Manifest &manifest, const QString &defaultNamespace)
{
    QList<ApplyResult> out;
    for (const ManifestObject &o : manifest.objects)
        out.append(kubectlApply(api, o.json, defaultNamespace));
    return out;
}

} // namespace rlab::kubectl
