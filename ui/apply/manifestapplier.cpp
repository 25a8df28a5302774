#include "ui/apply/manifestapplier.h"

#include "core/kubectl/manifest.h"

#include "core/api/codec.h"
#include "core/api/fielderror.h"
#include "core/api/yamlreader.h"
#include "core/client/interface.h"
#include "core/apiserver/callerscope.h"
#include "core/kubectl/apply.h"

#include <QObject>
#include <QRegularExpression>
#include <QSet>

namespace rlab::ui {

namespace {

const QString kDefaultNamespace = QStringLiteral("default");

struct Decoded
{
    api::SourceDocument doc;
    api::MutableObjectPtr object;
};

ApplyProblem problemAt(const api::SourceDocument &doc, const QString &path, const QString &message)
{
    const api::SourcePosition pos = doc.position(path);
    return ApplyProblem{doc.file, pos.line, pos.column, message, {}};
}

// The field a decoding error is about: `unknown field "spec.foo"`, `… Go struct field
// Deployment.spec.replicas of type int32`.
QString decodeErrorPath(const QString &error)
{
    static const QRegularExpression unknown(QStringLiteral("unknown field \"([^\"]+)\""));
    static const QRegularExpression goField(QStringLiteral("Go struct field \\w+\\.(\\S+) of type"));
    QRegularExpressionMatch m = unknown.match(error);
    if (m.hasMatch())
        return m.captured(1);
    m = goField.match(error);
    return m.hasMatch() ? m.captured(1) : QString();
}

ApplyProblem apiProblem(const Decoded &d, const apiserver::ApiError &e)
{
    const api::Object &obj = *d.object;
    if (e.reason == QLatin1String("Invalid") && !e.causes.isEmpty()) {
        ApplyProblem p = problemAt(d.doc, e.causes.first().field, api::invalidMessage(obj.kindName, obj.metadata.name, e.causes));
        for (const api::FieldError &cause : e.causes) {
            const int line = d.doc.position(cause.field).line;
            if (line > 0 && line != p.line && !p.relatedLines.contains(line))
                p.relatedLines.append(line);
        }
        return p;
    }
    return problemAt(d.doc, QString(),
                     QStringLiteral("Error from server (%1): error when applying \"%2\": %3")
                         .arg(e.reason.isEmpty() ? QStringLiteral("InternalError") : e.reason, d.doc.file, e.message));
}

void readSources(const QList<ManifestSource> &sources, QList<api::SourceDocument> &docs, ApplyReport &report)
{
    for (const ManifestSource &src : sources) {
        if (!src.readError.isEmpty()) {
            report.problems.append(ApplyProblem{src.name, 0, 0, src.readError, {}});
            continue;
        }
        const api::ReadResult read = api::YamlReader::read(src.text, src.name);
        for (const api::SourceError &e : read.errors)
            report.problems.append(ApplyProblem{e.file, e.line, e.column, e.message, {}});
        api::SourceErrors listErrors;
        docs += api::YamlReader::expandLists(read.documents, &listErrors);
        for (const api::SourceError &e : listErrors)
            report.problems.append(ApplyProblem{e.file, e.line, e.column, e.message, {}});
    }
}

QList<Decoded> decodeAll(const QList<api::SourceDocument> &docs, ApplyReport &report, const ManifestApplier::Progress &progress,
                         bool &cancel)
{
    QList<Decoded> out;
    const qsizetype total = 3 * docs.size();
    qsizetype done = 0;
    for (const api::SourceDocument &doc : docs) {
        if (progress && !progress(done++, total, ManifestApplier::Phase::Decode)) {
            cancel = true;
            return out;
        }
        if (!doc.value.isObject()) {
            report.problems.append(problemAt(doc, QString(), QStringLiteral("error validating data: the document is not an object")));
            continue;
        }
        const QJsonObject json = doc.value.toObject();
        if (json.value(QLatin1String("kind")).toString() == QLatin1String("Scenario")
            && json.value(QLatin1String("apiVersion")).toString().startsWith(QLatin1String("rlab.dev/"))) {
            report.problems.append(problemAt(doc, QStringLiteral("kind"),
                                             QStringLiteral("this is a Reconcile Lab scenario; this window cannot run scenarios yet "
                                                            "(use `rlab run`)")));
            continue;
        }
        // kubectl maps apiVersion + kind to a resource before anything else (its RESTMapper).
        if (const std::optional<QString> unmapped = kubectl::resourceMappingError(json, doc.file)) {
            report.problems.append(problemAt(doc, QStringLiteral("kind"), *unmapped));
            continue;
        }
        api::DecodeResult r = api::decodeObject(json, true);
        if (!r.error.isEmpty()) {
            const QString message = r.error.startsWith(QLatin1String("apiVersion")) || r.error.startsWith(QLatin1String("kind"))
                                            || r.error.startsWith(QLatin1Char('['))
                                        ? QStringLiteral("error validating data: %1").arg(r.error)
                                        : r.error;
            report.problems.append(problemAt(doc, decodeErrorPath(r.error), message));
            continue;
        }
        out.append(Decoded{doc, r.object});
    }
    return out;
}

// Namespaces the batch itself creates: documents in them may not pass the dry run before the
// namespace exists, as with kubectl, which would create the namespace first.
QSet<QString> namespacesCreatedBy(const QList<Decoded> &objects)
{
    QSet<QString> out;
    for (const Decoded &d : objects) {
        if (d.object->kind() == api::Kind::Namespace)
            out.insert(d.object->metadata.name);
    }
    return out;
}

// The cluster's revision as a client learns it: the resourceVersion of a list (kubectl get
// ns --chunk-size=1 reads the same), not traced as a request.
qint64 currentRevision(client::Interface &api)
{
    apiserver::ListOptions one;
    one.limit = 1;
    const auto r = api.list(apiserver::resources::byKind(api::Kind::Namespace), QString(), one);
    return r.ok() ? r.value.resourceVersion : 0;
}

} // namespace

QString ManifestApplier::userAgent()
{
    return QStringLiteral("reconcile-lab");
}

QString ManifestApplier::cancelledMessage()
{
    return QObject::tr("cancelled: nothing was applied");
}

bool ManifestApplier::cancelled(const ApplyReport &report)
{
    return report.problems.size() == 1 && report.problems.first().message == cancelledMessage();
}

ApplyReport ManifestApplier::apply(client::Interface &api, const QList<ManifestSource> &sources)
{
    return apply(api, sources, Progress{});
}

ApplyReport ManifestApplier::apply(client::Interface &api, const QList<ManifestSource> &sources, const Progress &progress)
{
    ApplyReport report;
    bool cancel = false;
    const auto cancelReport = [&] {
        ApplyReport out;
        out.revisionBefore = report.revisionBefore;
        out.revisionAfter = report.revisionBefore;
        out.problems.append(ApplyProblem{sources.isEmpty() ? QString() : sources.first().name, 0, 0, cancelledMessage(), {}});
        return out;
    };
    report.revisionBefore = currentRevision(api);
    report.revisionAfter = report.revisionBefore;

    QList<api::SourceDocument> docs;
    readSources(sources, docs, report);
    const QList<Decoded> objects = decodeAll(docs, report, progress, cancel);
    if (cancel)
        return cancelReport();
    if (!report.ok())
        return report;
    if (objects.isEmpty()) {
        const QString name = sources.isEmpty() ? QString() : sources.first().name;
        report.problems.append(ApplyProblem{name, 0, 0, QStringLiteral("error: no objects passed to apply"), {}});
        return report;
    }

    const QSet<QString> newNamespaces = namespacesCreatedBy(objects);
    const qsizetype total = 3 * objects.size();
    qsizetype done = objects.size();
    {
        apiserver::CallerScope caller(userAgent() + QLatin1String(" --dry-run=server"));
        for (const Decoded &d : objects) {
            if (progress && !progress(done++, total, Phase::DryRun))
                return cancelReport();
            const kubectl::ApplyResult dry = kubectl::kubectlApply(api, d.doc.value.toObject(), kDefaultNamespace, true);
            if (dry.ok())
                continue;
            const bool namespaceComesLater = dry.error->code == 404 && dry.error->kind == QLatin1String("namespaces")
                                             && newNamespaces.contains(dry.error->name);
            if (!namespaceComesLater)
                report.problems.append(apiProblem(d, *dry.error));
        }
    }
    if (!report.ok())
        return report;

    apiserver::CallerScope caller(userAgent());
    for (const Decoded &d : objects) {
        if (progress)
            progress(done++, total, Phase::Write);   // too late to cancel: all or nothing
        const kubectl::ApplyResult done = kubectl::kubectlApply(api, d.doc.value.toObject(), kDefaultNamespace, false);
        if (done.ok()) {
            report.results.append(done.describe());
            report.keys.append(done.resource.etcdKey(done.object->metadata.namespace_, done.object->metadata.name));
        }
        else
            report.problems.append(apiProblem(d, *done.error));
    }
    report.revisionAfter = currentRevision(api);
    if (progress)
        progress(total, total, Phase::Write);
    return report;
}

} // namespace rlab::ui
