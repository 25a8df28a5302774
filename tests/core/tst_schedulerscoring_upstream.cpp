// Two more of the default profile's score tables, ported from upstream (issue #18 item 1):
// ImageLocality (imagelocality/image_locality_test.go TestImageLocalityPriority, with the
// per-container maximum of today's plugin: maxThreshold = 1000 MiB x containers) and
// NodeAffinity's preferred terms (nodeaffinity/node_affinity_test.go TestNodeAffinityPriority,
// raw weights then DefaultNormalizeScore).
// Worked example, row "two images on one node": the pod runs gcr.io/40 and gcr.io/300; machine1
// has both, each on 1 of the 2 nodes, so they count 40/2 + 300/2 = 170 MiB; the score is
// 100 x (170 - 23) / (2 x 1000 - 23) = 7 (integer division, in bytes).
#include "core/api/codec.h"
#include "core/api/node.h"
#include "core/api/pod.h"
#include "core/controller/scheduler/scoreplugins.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QTest>

using namespace rlab;
using namespace rlab::api;
using namespace rlab::controller::scoring;

namespace {
constexpr qint64 kMiB = 1024 * 1024;

std::shared_ptr<Pod> pod(const QByteArray &specJson)
{
    const QJsonObject json{{QStringLiteral("apiVersion"), QStringLiteral("v1")},
                           {QStringLiteral("kind"), QStringLiteral("Pod")},
                           {QStringLiteral("metadata"), QJsonObject{{QStringLiteral("name"), QStringLiteral("p")}}},
                           {QStringLiteral("spec"), QJsonDocument::fromJson(specJson).object()}};
    DecodeResult r = decodeObject(json);
    if (!r.error.isEmpty())
        qFatal("pod: %s", qPrintable(r.error));
    return std::static_pointer_cast<Pod>(r.object);
}

std::shared_ptr<Node> node(const QString &name, const QJsonObject &labels, const QJsonArray &images = {})
{
    QJsonObject json{{QStringLiteral("apiVersion"), QStringLiteral("v1")},
                     {QStringLiteral("kind"), QStringLiteral("Node")},
                     {QStringLiteral("metadata"), QJsonObject{{QStringLiteral("name"), name}, {QStringLiteral("labels"), labels}}}};
    if (!images.isEmpty())
        json.insert(QStringLiteral("status"), QJsonObject{{QStringLiteral("images"), images}});
    DecodeResult r = decodeObject(json);
    if (!r.error.isEmpty())
        qFatal("node: %s", qPrintable(r.error));
    return std::static_pointer_cast<Node>(r.object);
}

QJsonObject image(const QStringList &names, qint64 mib)
{
    return QJsonObject{{QStringLiteral("names"), QJsonArray::fromStringList(names)}, {QStringLiteral("sizeBytes"), mib * kMiB}};
}

// upstream's node403002000 and node25010 (and a node without images)
QJsonArray images(const QString &which)
{
    if (which == QLatin1String("403002000"))
        return {image({"gcr.io/40:latest", "gcr.io/40:v1", "gcr.io/40:v1"}, 40), image({"gcr.io/300:latest", "gcr.io/300:v1"}, 300),
                image({"gcr.io/2000:latest"}, 2000)};
    if (which == QLatin1String("25010"))
        return {image({"gcr.io/250:latest"}, 250), image({"gcr.io/10:latest", "gcr.io/10:v1"}, 10)};
    return {};
}

QByteArray containers(const QStringList &imgs)
{
    QJsonArray out;
    int i = 0;
    for (const QString &img : imgs)
        out.append(QJsonObject{{QStringLiteral("name"), QStringLiteral("c%1").arg(i++)}, {QStringLiteral("image"), img}});
    return QJsonDocument(QJsonObject{{QStringLiteral("containers"), out}}).toJson(QJsonDocument::Compact);
}

const QByteArray kAffinity1 = R"({"containers":[{"name":"c","image":"nginx"}],"affinity":{"nodeAffinity":{
    "preferredDuringSchedulingIgnoredDuringExecution":[
      {"weight":2,"preference":{"matchExpressions":[{"key":"foo","operator":"In","values":["bar"]}]}}]}}})";
const QByteArray kAffinity2 = R"({"containers":[{"name":"c","image":"nginx"}],"affinity":{"nodeAffinity":{
    "preferredDuringSchedulingIgnoredDuringExecution":[
      {"weight":2,"preference":{"matchExpressions":[{"key":"foo","operator":"In","values":["bar"]}]}},
      {"weight":4,"preference":{"matchExpressions":[{"key":"key","operator":"In","values":["value"]}]}},
      {"weight":5,"preference":{"matchExpressions":[{"key":"foo","operator":"In","values":["bar"]},
                                                    {"key":"key","operator":"In","values":["value"]},
                                                    {"key":"az","operator":"In","values":["az1"]}]}}]}}})";

QJsonObject label(int n)
{
    switch (n) {
    case 1: return {{QStringLiteral("foo"), QStringLiteral("bar")}};
    case 2: return {{QStringLiteral("key"), QStringLiteral("value")}};
    case 3: return {{QStringLiteral("az"), QStringLiteral("az1")}};
    case 4: return {{QStringLiteral("abc"), QStringLiteral("az11")}, {QStringLiteral("def"), QStringLiteral("az22")}};
    default: return {{QStringLiteral("foo"), QStringLiteral("bar")}, {QStringLiteral("key"), QStringLiteral("value")}, {QStringLiteral("az"), QStringLiteral("az1")}};
    }
}
} // namespace

class TestSchedulerScoringUpstream : public QObject
{
    Q_OBJECT

private slots:
    void imageLocalityPriority_data()
    {
        QTest::addColumn<QStringList>("podImages");
        QTest::addColumn<QStringList>("nodeImages");   // one entry per node: upstream's image set
        QTest::addColumn<QList<qint64>>("expected");
        // machine1: 40 MiB / 2 nodes = 20 < 23 MiB: 0. machine2: 250 / 2 = 125: 100 x 102 / 1977 = 5.
        QTest::newRow("two images spread on two nodes, prefer the larger image one")
            << QStringList{"gcr.io/40", "gcr.io/250"} << QStringList{"403002000", "25010"} << QList<qint64>{0, 5};
        QTest::newRow("two images on one node, prefer this node")
            << QStringList{"gcr.io/40", "gcr.io/300"} << QStringList{"403002000", "25010"} << QList<qint64>{7, 0};
        // machine1: 2000 / 2 = 1000: 100 x 977 / 1977 = 49; machine2: 10 / 2 < 23: 0.
        QTest::newRow("if exceed limit, use limit")
            << QStringList{"gcr.io/10", "gcr.io/2000"} << QStringList{"403002000", "25010"} << QList<qint64>{49, 0};
        // machine1: 2000 / 3 nodes = 666.7 MiB: 32.
        QTest::newRow("if exceed limit, use limit (with node which has no images present)")
            << QStringList{"gcr.io/10", "gcr.io/2000"} << QStringList{"403002000", "25010", "none"} << QList<qint64>{32, 0, 0};
        // One container: maxThreshold 1000 MiB, 2000 / 2 = 1000: the maximum.
        QTest::newRow("one container: the per-container maximum")
            << QStringList{"gcr.io/2000"} << QStringList{"403002000", "25010"} << QList<qint64>{100, 0};
    }
    void imageLocalityPriority()
    {
        QFETCH(QStringList, podImages);
        QFETCH(QStringList, nodeImages);
        QFETCH(QList<qint64>, expected);
        const auto p = pod(containers(podImages));
        QList<std::shared_ptr<Node>> nodes;
        for (qsizetype i = 0; i < nodeImages.size(); ++i)
            nodes << node(QStringLiteral("machine%1").arg(i + 1), {}, images(nodeImages.at(i)));
        QHash<QString, int> imageNodes;   // how many nodes have each image (the scheduler cache's ImageStateSummary)
        for (const auto &n : nodes) {
            QStringList names = rlab::controller::scoring::nodeImages(*n);
            names.removeDuplicates();
            for (const QString &name : names)
                imageNodes[name] += 1;
        }
        QList<qint64> got;
        for (const auto &n : nodes)
            got << rlab::controller::scoring::imageLocality(*p, *n, int(nodes.size()), imageNodes);
        QCOMPARE(got, expected);
    }

    void nodeAffinityPriority_data()
    {
        QTest::addColumn<QByteArray>("podSpec");
        QTest::addColumn<QList<int>>("nodeLabels");   // label1 … label5 of upstream's test
        QTest::addColumn<QList<qint64>>("expected");  // normalized, 0 for all when skipped
        QTest::newRow("all nodes are same priority as NodeAffinity is nil")
            << QByteArray(R"({"containers":[{"name":"c","image":"nginx"}]})") << QList<int>{1, 2, 3} << QList<qint64>{0, 0, 0};
        QTest::newRow("no node matches preferred scheduling requirements in NodeAffinity of pod so all nodes' priority is zero")
            << kAffinity1 << QList<int>{4, 2, 3} << QList<qint64>{0, 0, 0};
        QTest::newRow("only machine1 matches the preferred scheduling requirements of pod")
            << kAffinity1 << QList<int>{1, 2, 3} << QList<qint64>{100, 0, 0};
        // raw 2, 11, 4 -> 2 x 100 / 11 = 18, 100, 4 x 100 / 11 = 36
        QTest::newRow("all machines matches the preferred scheduling requirements of pod but with different priorities")
            << kAffinity2 << QList<int>{1, 5, 2} << QList<qint64>{18, 100, 36};
    }
    void nodeAffinityPriority()
    {
        QFETCH(QByteArray, podSpec);
        QFETCH(QList<int>, nodeLabels);
        QFETCH(QList<qint64>, expected);
        const auto p = pod(podSpec);
        QList<qint64> scores;
        for (qsizetype i = 0; i < nodeLabels.size(); ++i) {
            const auto n = node(QStringLiteral("machine%1").arg(i + 1), label(nodeLabels.at(i)));
            const std::optional<qint64> raw = nodeAffinityRaw(*p, *n);
            QCOMPARE(raw.has_value(), hasPreferredNodeAffinity(*p));
            scores << raw.value_or(0);
        }
        defaultNormalize(scores, false);
        QCOMPARE(scores, expected);
    }
};

QTEST_GUILESS_MAIN(TestSchedulerScoringUpstream)
#include "tst_schedulerscoring_upstream.moc"
