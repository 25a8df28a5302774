#include "ui/lessons/lesson.h"

#include "core/api/yamlreader.h"

#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonObject>

namespace rlab::ui {

using api::SourceDocument;

QStringList Lesson::knownPanels()
{
    return {QStringLiteral("canvas"), QStringLiteral("workqueue"), QStringLiteral("etcd"), QStringLiteral("trace"),
            QStringLiteral("arithmetic"), QStringLiteral("objects"), QStringLiteral("inspector"), QStringLiteral("history"),
            QStringLiteral("charts"), QStringLiteral("editor"), QStringLiteral("lesson")};
}

std::optional<Lesson> Lesson::load(const QString &path, QStringList *errors)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) {
        errors->append(QStringLiteral("%1: cannot read the lesson: %2").arg(path, f.errorString()));
        return std::nullopt;
    }
    return parse(f.readAll(), path, errors);
}

std::optional<Lesson> Lesson::parse(const QByteArray &text, const QString &fileName, QStringList *errors)
{
    const api::ReadResult read = api::YamlReader::read(text, fileName);
    for (const api::SourceError &e : read.errors)
        errors->append(e.toString());
    if (!read.ok())
        return std::nullopt;
    if (read.documents.size() != 1) {
        errors->append(QStringLiteral("%1: a lesson file holds exactly one document, found %2").arg(fileName).arg(read.documents.size()));
        return std::nullopt;
    }
    const SourceDocument &doc = read.documents.first();
    const qsizetype before = errors->size();
    ScenarioFormat format;
    format.kinds = QStringList{QStringLiteral("Lesson"), QStringLiteral("Scenario")};
    format.specExtras = QStringList{QStringLiteral("title"), QStringLiteral("summary")};
    format.stepExtras = QStringList{QStringLiteral("title"), QStringLiteral("text"), QStringLiteral("highlight"), QStringLiteral("predict")};
    std::optional<Scenario> scenario = Scenario::fromDocument(doc, errors, format);
    if (!scenario)
        return std::nullopt;

    auto fail = [&](const QString &path, const QString &message) { errors->append(doc.errorAt(path, message).toString()); };
    auto localized = [&](const QJsonValue &v, const QString &path) {
        QString error;
        std::optional<LocalizedText> t = LocalizedText::fromJson(v, &error);
        if (!t)
            fail(path, error);
        return t.value_or(LocalizedText{});
    };
    Lesson lesson;
    lesson.scenario = *scenario;
    lesson.document = doc;
    const QJsonObject spec = doc.value.toObject().value(QLatin1String("spec")).toObject();
    lesson.title = localized(spec.value(QLatin1String("title")), QStringLiteral("spec.title"));
    if (lesson.title.isEmpty())
        lesson.title.byLanguage.insert(QStringLiteral("en"), scenario->name);
    lesson.summary = localized(spec.value(QLatin1String("summary")), QStringLiteral("spec.summary"));

    const QJsonArray steps = spec.value(QLatin1String("steps")).toArray();
    for (qsizetype i = 0; i < steps.size(); ++i) {
        const QString path = QStringLiteral("spec.steps[%1]").arg(i);
        const QJsonObject o = steps[i].toObject();
        LessonStep s;
        s.step = scenario->steps.at(i);
        s.title = localized(o.value(QLatin1String("title")), path + QStringLiteral(".title"));
        s.text = localized(o.value(QLatin1String("text")), path + QStringLiteral(".text"));
        if (o.contains(QLatin1String("highlight"))) {
            const QJsonObject h = o.value(QLatin1String("highlight")).toObject();
            LessonHighlight hl;
            hl.panel = h.value(QLatin1String("panel")).toString();
            if (!knownPanels().contains(hl.panel))
                fail(path + QStringLiteral(".highlight.panel"),
                     QStringLiteral("unknown panel \"%1\" (known: %2)").arg(hl.panel, knownPanels().join(QStringLiteral(", "))));
            const QJsonValue object = h.value(QLatin1String("object"));
            if (object.isString()) {
                hl.objectRef = object.toString();
            } else if (!object.isUndefined()) {
                QString error;
                hl.object = ClusterQuery::fromJson(object, &error);
                if (!hl.object)
                    fail(path + QStringLiteral(".highlight.object"), error);
            }
            s.highlight = hl;
        }
        if (o.contains(QLatin1String("predict"))) {
            const QString pp = path + QStringLiteral(".predict");
            const QJsonObject p = o.value(QLatin1String("predict")).toObject();
            Prediction pred;
            pred.question = localized(p.value(QLatin1String("question")), pp + QStringLiteral(".question"));
            pred.explain = localized(p.value(QLatin1String("explain")), pp + QStringLiteral(".explain"));
            if (pred.question.isEmpty())
                fail(pp, QStringLiteral("a prediction needs a question"));
            QString error;
            const std::optional<ClusterQuery> q = ClusterQuery::fromJson(p.value(QLatin1String("answer")), &error);
            if (!q)
                fail(pp + QStringLiteral(".answer"), p.contains(QLatin1String("answer")) ? error : QStringLiteral("a prediction needs an answer query"));
            else
                pred.answer = *q;
            for (const QJsonValue &c : p.value(QLatin1String("choices")).toArray())
                pred.choices << Prediction::display(c);
            s.predict = pred;
        }
        lesson.steps.append(s);
    }
    if (errors->size() > before)
        return std::nullopt;
    return lesson;
}

} // namespace rlab::ui
