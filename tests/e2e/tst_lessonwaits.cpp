// Every lesson's wait steps (waitFor, runUntilIdle, advance) are seen progressing under the
// classroom latency model: played as the window plays them — beginWait, then the clock moved
// frame by frame, sampling the cluster — each lesson shows several intermediate states before a
// wait step ends, instead of jumping from its start to its end.
#include "core/api/pod.h"
#include "core/api/replicaset.h"
#include "core/api/yamlreader.h"
#include "core/sim/scenario.h"
#include "core/sim/scenariorunner.h"
#include "core/sim/simulation.h"

#include <QDir>
#include <QTest>

using namespace rlab;

namespace {
QString lessonDir()
{
    return qEnvironmentVariable("RLAB_SOURCE_DIR", QStringLiteral(".")) + QStringLiteral("/resources/lessons");
}

// The lesson format's scenario (ui/lessons/lesson.cpp reads the same keys).
std::optional<Scenario> loadLesson(const QString &path, QStringList *errors)
{
    const api::ReadResult read = api::YamlReader::readFile(path);
    if (!read.ok() || read.documents.size() != 1)
        return std::nullopt;
    ScenarioFormat format;
    format.kinds = QStringList{QStringLiteral("Lesson"), QStringLiteral("Scenario")};
    format.specExtras = QStringList{QStringLiteral("title"), QStringLiteral("summary")};
    format.stepExtras = QStringList{QStringLiteral("title"), QStringLiteral("text"), QStringLiteral("highlight"), QStringLiteral("predict")};
    return Scenario::fromDocument(read.documents.first(), errors, format);
}

// What a class sees: pods per phase (Running split by readiness) and ReplicaSet sizes.
QString fingerprint(Simulation &sim)
{
    QStringList parts;
    const auto pods = sim.api().list(apiserver::resources::byKind(api::Kind::Pod), QStringLiteral("default"));
    QMap<QString, int> phases;
    for (const api::ObjectPtr &o : pods.value.items) {
        const auto p = api::objectCast<api::Pod>(o);
        phases[p ? (p->spec.nodeName.isEmpty() ? QStringLiteral("Unbound") : p->status.phase) : QStringLiteral("?")]++;
    }
    for (auto it = phases.cbegin(); it != phases.cend(); ++it)
        parts << QStringLiteral("%1=%2").arg(it.key()).arg(it.value());
    const auto rss = sim.api().list(apiserver::resources::byKind(api::Kind::ReplicaSet), QStringLiteral("default"));
    for (const api::ObjectPtr &o : rss.value.items)
        if (const auto rs = api::objectCast<api::ReplicaSet>(o))
            parts << QStringLiteral("%1:%2/%3/%4").arg(rs->metadata.name).arg(rs->spec.replicas.value_or(1)).arg(rs->status.replicas).arg(rs->status.readyReplicas);
    return parts.join(QLatin1Char(' '));
}
} // namespace

class TestLessonWaits : public QObject
{
    Q_OBJECT

private slots:
    void waitStepsProgress_data()
    {
        QTest::addColumn<QString>("path");
        const QStringList files = QDir(lessonDir()).entryList({QStringLiteral("*.yaml")}, QDir::Files, QDir::Name);
        QVERIFY(files.size() >= 8);
        for (const QString &f : files)
            QTest::newRow(qPrintable(f)) << lessonDir() + QLatin1Char('/') + f;
    }

    void waitStepsProgress()
    {
        QFETCH(QString, path);
        QStringList errors;
        std::optional<Scenario> lesson = loadLesson(path, &errors);
        QVERIFY2(lesson, qPrintable(errors.join(QLatin1Char('\n'))));
        lesson->latency = QStringLiteral("classroom");
        ScenarioRunner runner(*lesson);
        Simulation &sim = runner.simulation();
        QVERIFY(runner.restoreObjects());
        sim.runner().step();
        int progressing = 0, waits = 0;
        for (const ScenarioStep &step : std::as_const(lesson->steps)) {
            if (!ScenarioRunner::isWaitStep(step)) {
                QVERIFY2(runner.runStep(step), qPrintable(runner.failures().join(QLatin1Char('\n'))));
                continue;
            }
            ++waits;
            runner.beginWait(step);
            const qint64 start = sim.clock().now();
            QStringList seen{fingerprint(sim)};
            int frames = 0;
            // 60 frames a second at ×1: each frame moves 16 ms of virtual time.
            while (!runner.waitReached() && frames < 100'000) {
                sim.advance(16);
                ++frames;
                const QString now = fingerprint(sim);
                if (now != seen.last())
                    seen << now;
            }
            QVERIFY2(runner.finishWait(), qPrintable(runner.failures().join(QLatin1Char('\n'))));
            if (sim.clock().now() - start >= 1000 && seen.size() >= 3)
                ++progressing;
            qInfo("%s %s: %lld ms played in %d frames, %lld distinct states", qPrintable(QFileInfo(path).fileName()),
                  qPrintable(step.action), sim.clock().now() - start, frames, qint64(seen.size()));
        }
        if (waits > 0)
            QVERIFY2(progressing > 0, "no wait step of this lesson was seen progressing");
    }
};

QTEST_GUILESS_MAIN(TestLessonWaits)
#include "tst_lessonwaits.moc"
