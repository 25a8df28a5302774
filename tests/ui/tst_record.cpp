#include "core/sim/view/clusterview.h"
#include "core/kubectl/rollout.h"
#include "core/sim/simulation.h"
#include "ui/clustersession.h"
#include "ui/record/advancechunker.h"
#include "ui/record/recordcontrols.h"
#include "ui/record/recording.h"
#include "ui/record/sessionrecorder.h"
#include "ui/record/sessionreplayer.h"
#include "ui/record/stepforms.h"

#include <QDir>
#include <QJsonArray>
#include <QPushButton>
#include <QJsonDocument>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QtTest>

using namespace rlab;
using namespace rlab::ui;

// Record and replay: what the user does in a ClusterSession (apply, kubectl scale / set image
// reported through recordStep, virtual time in GUI-sized frames) becomes a scenario; saved as
// STEM.yaml + STEM.trace.jsonl + STEM.state.json, loaded, replayed in a fresh session it gives
// the byte-identical trace and the same final state, and `rlab run` (ScenarioRunner) of the
// saved scenario ends in the same state. Frames are driven explicitly: advance(chunk) + frame().
class TestRecord : public QObject
{
    Q_OBJECT
private:
    static QString manifest() { return QStringLiteral(RLAB_TEST_DATA "/../../resources/manifests/nginx-deployment.yaml"); }
    static QByteArray traceBytes(ClusterSession &s)
    {
        QByteArray bytes;
        for (const TraceEvent &e : s.view().trace(0))
            bytes += QJsonDocument(e.toJson()).toJson(QJsonDocument::Compact) + '\n';
        return bytes;
    }
    // GUI-like frames: `ms` of virtual time in `chunk` pieces, one frame() each.
    static void frames(ClusterSession &s, qint64 ms, qint64 chunk)
    {
        for (qint64 t = 0; t < ms; t += chunk) {
            s.advance(qMin(chunk, ms - t));
            s.frame();
        }
    }
    static QByteArray withoutCompactions(const QByteArray &trace)
    {
        QByteArray out;
        for (const QByteArray &line : trace.split('\n')) {
            if (line.contains("\"type\":\"Compact\""))
                continue;
            QJsonObject o = QJsonDocument::fromJson(line).object();
            o.remove(QStringLiteral("seq"));
            out += QJsonDocument(o).toJson(QJsonDocument::Compact) + '\n';
        }
        return out;
    }

private slots:
    void chunker_data()
    {
        QTest::addColumn<qint64>("interval");
        QTest::addColumn<QString>("observations");   // numbers: observe(ms); f: flush()
        QTest::addColumn<QString>("advances");       // everything returned, then a final flush
        QTest::newRow("merged before the due time") << qint64(100) << "30,60,90" << "90";
        QTest::newRow("the frame reaching it is alone") << qint64(100) << "30,60,90,120,150" << "90,30,30";
        QTest::newRow("the window moves on") << qint64(100) << "30,60,90,120,150,180,210,240,270" << "90,30,60,30,30,30";
        QTest::newRow("a step splits") << qint64(100) << "30,60,f,90" << "60,30";
        QTest::newRow("flush twice") << qint64(100) << "40,f,f,50" << "40,10";
        QTest::newRow("time standing still") << qint64(100) << "40,40,40" << "40";
        QTest::newRow("one long jump") << qint64(100) << "350,400" << "350,50";
    }
    void chunker()
    {
        QFETCH(qint64, interval);
        QFETCH(QString, observations);
        QFETCH(QString, advances);
        AdvanceChunker c(interval);
        QStringList out;
        auto add = [&](const QList<qint64> &l) {
            for (qint64 v : l)
                out << QString::number(v);
        };
        for (const QString &tok : observations.split(QLatin1Char(',')))
            add(tok == QLatin1String("f") ? c.flush() : c.observe(tok.toLongLong()));
        add(c.flush());
        QCOMPARE(out.join(QLatin1Char(',')), advances);
    }

    // Why the chunker exists: the deterministic runner gives the same trace for any split of an
    // advance except for the etcd compaction check, which runs at idle moments (frame ends).
    void chunkingChangesOnlyTheCompactionTiming()
    {
        ClusterSession a, b;
        for (ClusterSession *s : {&a, &b})
            QVERIFY(s->apply({ManifestSource::fromFile(manifest())}).ok());
        const qint64 total = 12 * 60 * 1000;
        a.advance(total);
        frames(b, total, 160);
        const QByteArray ta = traceBytes(a), tb = traceBytes(b);
        QVERIFY(ta != tb);
        QCOMPARE(withoutCompactions(ta), withoutCompactions(tb));
    }

    void recordSaveReplay()
    {
        ClusterSession session;
        SessionRecorder recorder(session);
        QSignalSpy recording(&recorder, &SessionRecorder::recordingChanged);
        recorder.start();
        session.stop();   // reset() starts the frame timer: only the frames below move time
        QVERIFY(recorder.isRecording());
        QCOMPARE(recording.size(), 1);
        frames(session, 1000, 16);
        QVERIFY(session.apply({ManifestSource::fromFile(manifest())}).ok());
        frames(session, 20'000, 160);
        QVERIFY(kubectl::rollout::scale(session.client(), "default", "nginx", 5).ok());
        session.recordStep(StepForms::scale(QStringLiteral("nginx"), 5));
        frames(session, 6 * 60 * 1000, 160);   // across a compaction
        QVERIFY(kubectl::rollout::setImage(session.client(), "default", "nginx", "nginx", "nginx:1.26").ok());
        session.recordStep(StepForms::setImage(QStringLiteral("nginx"), QStringLiteral("nginx"), QStringLiteral("nginx:1.26")));
        frames(session, 5 * 60 * 1000 + 500, 160);   // and another one
        QCOMPARE(recorder.stepCount() >= 3, true);
        const std::optional<Recording> rec = recorder.stop();
        QVERIFY(rec);
        QVERIFY(!recorder.isRecording());
        QVERIFY(rec->trace.contains("\"type\":\"Compact\""));
        QCOMPARE(rec->finalState.value(QLatin1String("items")).toArray().isEmpty(), false);

        QTemporaryDir dir;
        const QString stem = qEnvironmentVariableIsSet("RLAB_KEEP_RECORDING") ? qEnvironmentVariable("RLAB_KEEP_RECORDING")
                                                                             : dir.filePath(QStringLiteral("lesson"));
        QString error;
        QVERIFY2(rec->save(stem, &error), qPrintable(error));
        QVERIFY(QFile::exists(stem + ".yaml") && QFile::exists(stem + ".trace.jsonl") && QFile::exists(stem + ".state.json"));
        const std::optional<Recording> loaded = Recording::load(Recording::stemOf(stem + ".yaml"), &error);
        QVERIFY2(loaded, qPrintable(error));
        QCOMPARE(loaded->trace, rec->trace);
        QCOMPARE(loaded->finalState, rec->finalState);
        QCOMPARE(loaded->stepCount(), rec->stepCount());
        const QByteArray yaml = loaded->scenarioYaml();
        QVERIFY2(yaml.contains("- scale:") && yaml.contains("- apply:") && yaml.contains("- advance: "), yaml.left(2000).constData());

        ClusterSession replaySession;
        const ReplayResult replay = SessionReplayer::replay(replaySession, *loaded);
        QVERIFY2(replay.ok(), qPrintable(replay.errors.join(QLatin1Char('\n'))));
        const QStringList diffs = replay.differences(*loaded);
        QVERIFY2(diffs.isEmpty(), qPrintable(diffs.join(QLatin1Char('\n'))));
        QCOMPARE(replay.trace, rec->trace);

        // `rlab run` of the recording (no dry runs) reaches the same state: a dry-run create
        // draws its name and uid from a copy of the seeded generator.
        const QStringList headless = SessionReplayer::checkHeadless(*loaded);
        QVERIFY2(headless.isEmpty(), qPrintable(headless.join(QLatin1Char('\n'))));
    }

    void aChangedRecordingIsDetected()
    {
        ClusterSession session;
        SessionRecorder recorder(session);
        recorder.start();
        session.stop();
        QVERIFY(session.apply({ManifestSource::fromFile(manifest())}).ok());
        frames(session, 10'000, 160);
        std::optional<Recording> rec = recorder.stop();
        QVERIFY(rec);
        // Claim a different final replica count: the replay must notice.
        QJsonObject spec = rec->scenario.value(QLatin1String("spec")).toObject();
        QJsonArray steps = spec.value(QLatin1String("steps")).toArray();
        steps.append(QJsonObject{{QStringLiteral("scale"), QJsonObject{{QStringLiteral("deployment"), QStringLiteral("nginx")},
                                                                      {QStringLiteral("replicas"), 4}}}});
        spec.insert(QStringLiteral("steps"), steps);
        rec->scenario.insert(QStringLiteral("spec"), spec);
        ClusterSession replaySession;
        const ReplayResult replay = SessionReplayer::replay(replaySession, *rec);
        QVERIFY(replay.ok());
        const QStringList diffs = replay.differences(*rec);
        QCOMPARE(diffs.size(), 2);
        QVERIFY(diffs.at(0).startsWith(QLatin1String("trace differs at line")));
        QVERIFY(diffs.at(1).startsWith(QLatin1String("final state differs")));
        QVERIFY(!SessionReplayer::checkHeadless(*rec).isEmpty());
    }

    void controlsRecordSaveAndReplay()
    {
        ClusterSession session;
        RecordControls controls(session);
        controls.resize(1280, controls.sizeHint().height());
        QSignalSpy messages(&controls, &RecordControls::message);
        controls.startRecording();
        session.stop();
        QVERIFY(controls.recorder()->isRecording());
        QVERIFY(session.apply({ManifestSource::fromFile(manifest())}).ok());
        frames(session, 15'000, 160);
        QVERIFY(controls.statusText().startsWith(QStringLiteral("● recording · 1 step")));
        const QString dir = QDir::current().absoluteFilePath(QStringLiteral("screenshots"));
        QDir().mkpath(dir);
        QVERIFY(controls.grab().save(dir + QStringLiteral("/recordcontrols-recording-1280.png")));
        QTemporaryDir tmp;
        const QString stem = tmp.filePath(QStringLiteral("class"));
        QVERIFY(controls.stopAndSave(stem + QStringLiteral(".yaml")));
        QVERIFY(QFile::exists(stem + QStringLiteral(".trace.jsonl")));
        QVERIFY(!controls.recorder()->isRecording());
        QVERIFY2(controls.replay(stem + QStringLiteral(".yaml")), qPrintable(controls.statusText()));
        QVERIFY2(controls.statusText().startsWith(QStringLiteral("replayed class.yaml: trace and final state identical")),
                 qPrintable(controls.statusText()));
        QVERIFY(controls.grab().save(dir + QStringLiteral("/recordcontrols-replayed-1280.png")));
        QVERIFY(!controls.stopAndSave(stem));   // nothing recorded any more
        QVERIFY(messages.size() >= 4);
        QVERIFY(!controls.replay(tmp.filePath(QStringLiteral("missing"))));
        QVERIFY(controls.statusText().startsWith(QStringLiteral("cannot read")));
    }

    void aResetEndsTheRecording()
    {
        ClusterSession session;
        SessionRecorder recorder(session);
        recorder.start();
        QSignalSpy recording(&recorder, &SessionRecorder::recordingChanged);
        session.reset();
        session.stop();
        QVERIFY(!recorder.isRecording());
        QCOMPARE(recording.size(), 1);
        QVERIFY(!recorder.stop());
    }
};

QTEST_MAIN(TestRecord)
#include "tst_record.moc"
