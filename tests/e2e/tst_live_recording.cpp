// SPDX-License-Identifier: Apache-2.0
// Live mode's recording (issue #15): every watch event the mirror receives is written as JSON
// Lines; replayed into a fresh mirror in virtual time it gives the very same object states, and
// nothing in it is a credential.
#include "core/kubectl/rollout.h"
#include "core/live/recording.h"
#include "core/live/recordingwriter.h"
#include "core/live/replayplayer.h"
#include "core/sim/view/clusterview.h"
#include "tests/e2e/livetestrig.h"

#include <QFile>
#include <QJsonDocument>
#include <QTemporaryDir>
#include <QTest>

using namespace rlab;
using namespace rlab::api;

namespace {
// Every key under /registry/ for the kinds live mode mirrors, as compact JSON, by key.
QMap<QByteArray, QByteArray> state(Simulation &sim)
{
    QMap<QByteArray, QByteArray> out;
    view::ClusterView view(sim);
    const view::Snapshot snap = view.objects().value_or(view::Snapshot{});
    for (const view::KeyValue &kv : snap.kvs)
        for (const char *prefix : {"/registry/deployments/", "/registry/replicasets/", "/registry/pods/", "/registry/events/"})
            if (kv.key.startsWith(prefix))
                out.insert(kv.key, kv.value->toJsonBytes());
    return out;
}
} // namespace

class TestLiveRecording : public QObject
{
    Q_OBJECT

private slots:
    void recordThenReplayGivesTheSameStates()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("rollout.jsonl"));
        const QString secretToken = QStringLiteral("s3cr3t-bearer-token-abc123");

        test::LiveRig rig;
        live::RecordingHeader header;
        header.server = QStringLiteral("https://127.0.0.1:6443");
        header.context = QStringLiteral("kind-kind");
        header.namespace_ = QStringLiteral("default");
        header.serverVersion = QStringLiteral("v1.31.0");
        header.startedAtMs = rig.live->startedAt();
        live::RecordingWriter writer;
        QString error;
        QVERIFY2(writer.open(path, header, &error), qPrintable(error));
        rig.live->addListener([&](const live::LiveEvent &e, qint64) { writer.write(e); });
        rig.live->start();

        QVERIFY(rig.source->client().create(test::makeDeployment(QStringLiteral("web"), 3)).ok());
        rig.settle();
        rig.source->advance(2000);
        QVERIFY(kubectl::rollout::setImage(rig.source->client(), QStringLiteral("default"), QStringLiteral("web"),
                                           QStringLiteral("app"), QStringLiteral("nginx:1.26")).ok());
        rig.settle();
        QVERIFY(kubectl::rollout::scale(rig.source->client(), QStringLiteral("default"), QStringLiteral("web"), 5).ok());
        rig.settle();
        writer.close();
        QVERIFY(writer.events() > 30);
        const QMap<QByteArray, QByteArray> live = state(*rig.mirror);

        // The file: a header line, then one event per line; no credential anywhere.
        QFile f(path);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QByteArray bytes = f.readAll();
        QVERIFY(!bytes.contains(secretToken.toUtf8()));
        QVERIFY(!bytes.contains("client-key-data"));
        QVERIFY(!bytes.contains("\"token\""));
        const QList<QByteArray> lines = bytes.trimmed().split('\n');
        QCOMPARE(qint64(lines.size()), writer.events() + 1);
        const QJsonObject first = QJsonDocument::fromJson(lines.front()).object();
        QCOMPARE(first.value(QStringLiteral("kind")).toString(), QStringLiteral("ReconcileLabRecording"));
        QCOMPARE(first.value(QStringLiteral("version")).toInt(), 1);
        QCOMPARE(first.value(QStringLiteral("context")).toString(), QStringLiteral("kind-kind"));
        const QJsonObject second = QJsonDocument::fromJson(lines.at(1)).object();
        for (const char *field : {"t", "type", "resource", "object"})
            QVERIFY2(second.contains(QLatin1String(field)), field);

        // Replay into a fresh mirror: the same objects, byte for byte, in virtual time.
        live::Recording rec;
        QVERIFY2(live::Recording::read(path, &rec, &error), qPrintable(error));
        QCOMPARE(qint64(rec.events.size()), writer.events());
        QCOMPARE(rec.header.context, QStringLiteral("kind-kind"));
        QCOMPARE(rec.header.startedAtMs, header.startedAtMs);
        Simulation replay(live::LiveMirror::mirrorConfig(rec.header.startedAtMs));
        live::ReplayPlayer player(rec, replay);
        QCOMPARE(player.advance(0), qsizetype(std::count_if(rec.events.begin(), rec.events.end(),
                                                            [](const live::LiveEvent &e) { return e.t == 0; })));
        QVERIFY(!player.atEnd());
        player.playToEnd();
        QVERIFY(player.atEnd());
        QCOMPARE(state(replay), live);
        QCOMPARE(replay.clock().now(), rec.header.startedAtMs + player.position());
        // The replayed rollout rewinds: its mirror holds every version of the new ReplicaSet.
        const auto rss = rig.replicaSets(replay);
        QCOMPARE(rss.size(), 2);
        for (const auto &rs : rss) {
            const QByteArray key = apiserver::resources::byKind(Kind::ReplicaSet).etcdKey(QStringLiteral("default"), rs->metadata.name);
            QCOMPARE(replay.cluster().store().history(key).size(), rig.mirror->cluster().store().history(key).size());
        }
    }

    void badFilesAreRefusedWithTheReason()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("bad.jsonl"));
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("{\"kind\":\"List\"}\n");
        f.close();
        live::Recording rec;
        QString error;
        QVERIFY(!live::Recording::read(path, &rec, &error));
        QVERIFY2(error.contains(QLatin1String(":1: not a Reconcile Lab recording")), qPrintable(error));
        QVERIFY(!live::Recording::read(dir.filePath(QStringLiteral("missing.jsonl")), &rec, &error));
        QVERIFY(error.startsWith(QLatin1String("cannot read")));
        // A recorder killed mid-line leaves a readable file.
        QVERIFY(f.open(QIODevice::WriteOnly));
        live::RecordingHeader h;
        f.write(QJsonDocument(h.toJson()).toJson(QJsonDocument::Compact) + '\n');
        f.write("{\"t\":1,\"type\":\"ADDED\",\"resource\":\"pods\",\"obj");
        f.close();
        QVERIFY2(live::Recording::read(path, &rec, &error), qPrintable(error));
        QVERIFY(rec.events.empty());
    }
};

QTEST_GUILESS_MAIN(TestLiveRecording)
#include "tst_live_recording.moc"
