// SpreadCounts (issue #16, the bench regression of the default profile): PodTopologySpread's
// per-node counts kept incrementally by the scheduler cache must equal counting every pod, as
// scoring.go's PreScore does: same namespace, not terminating, matched by the selector. A
// seeded sequence of adds and removes (assume, bind, terminate, delete) over three namespaces,
// four label sets and selectors asked for before and after the pods arrive is checked against
// a brute-force count after every step; and podTopologySpread scores precounted nodes exactly
// like nodes that carry their pods.
#include "core/controller/scheduler/scoreplugins.h"
#include "core/controller/scheduler/spreadcounts.h"

#include <QTest>

using namespace rlab;
using namespace rlab::api;
using namespace rlab::controller;
using namespace rlab::controller::scoring;

namespace {
struct ModelPod
{
    QString node, ns;
    Labels labels;
    bool terminating = false;
};

QHash<QString, qint64> bruteForce(const QList<ModelPod> &pods, const QString &ns, const Selector &selector)
{
    QHash<QString, qint64> out;
    for (const ModelPod &p : pods)
        if (!p.terminating && p.ns == ns && selector.matches(p.labels))
            out[p.node] += 1;
    return out;
}

// Zero counts are the same as absent nodes.
QHash<QString, qint64> nonZero(const QHash<QString, qint64> &counts)
{
    QHash<QString, qint64> out;
    for (auto it = counts.cbegin(); it != counts.cend(); ++it)
        if (it.value() != 0)
            out.insert(it.key(), it.value());
    return out;
}

Labels labels(const char *app, const char *hash)
{
    return {{QStringLiteral("app"), QLatin1String(app)}, {QStringLiteral("pod-template-hash"), QLatin1String(hash)}};
}
} // namespace

class TestSpreadCounts : public QObject
{
    Q_OBJECT
private slots:
    void countsFollowAddsAndRemoves()
    {
        const QStringList namespaces{QStringLiteral("default"), QStringLiteral("other"), QStringLiteral("third")};
        const QList<Labels> labelSets{labels("web", "a1"), labels("web", "b2"), labels("db", "c3"), {}};
        const QStringList selectorTexts{QStringLiteral("app=web"), QStringLiteral("app=web,pod-template-hash=b2"),
                                        QStringLiteral("app in (db,web)"), QStringLiteral("!app"), QStringLiteral("app")};
        QList<Selector> selectors{Selector(), Selector::nothing()};
        for (const QString &t : selectorTexts)
            selectors << *Selector::parse(t);

        SpreadCounts counts;
        // Half of the selectors are asked for before any pod exists, half only later.
        for (qsizetype s = 0; s < selectors.size(); s += 2)
            for (const QString &ns : namespaces)
                QVERIFY(nonZero(counts.counts(ns, selectors[s])).isEmpty());

        QList<ModelPod> pods;
        quint32 rng = 12345;
        const auto next = [&rng](quint32 n) {
            rng = rng * 1103515245u + 12345u;
            return (rng >> 16) % n;
        };
        for (int step = 0; step < 600; ++step) {
            const quint32 what = next(10);
            if (pods.isEmpty() || what < 5) {   // a pod is assumed or bound on a node
                ModelPod p{QStringLiteral("node-%1").arg(next(4)), namespaces[next(3)], labelSets[next(4)], next(5) == 0};
                counts.add(p.node, p.ns, p.labels, p.terminating);
                pods << p;
            } else if (what < 7) {   // it starts terminating (the cache removes the old placement, adds the new)
                ModelPod &p = pods[next(quint32(pods.size()))];
                counts.remove(p.node, p.ns, p.labels, p.terminating);
                p.terminating = true;
                counts.add(p.node, p.ns, p.labels, p.terminating);
            } else {   // deleted, or forgotten after a failed binding
                const qsizetype i = next(quint32(pods.size()));
                counts.remove(pods[i].node, pods[i].ns, pods[i].labels, pods[i].terminating);
                pods.removeAt(i);
            }
            if (step == 300)
                for (qsizetype s = 1; s < selectors.size(); s += 2)
                    for (const QString &ns : namespaces)
                        counts.counts(ns, selectors[s]);
            for (const Selector &selector : selectors)
                for (const QString &ns : namespaces) {
                    const QHash<QString, qint64> expected = bruteForce(pods, ns, selector);
                    QCOMPARE(nonZero(counts.counts(ns, selector)), expected);
                    // The scheduler's path: the same counts by node id (ids past the end: 0).
                    const std::vector<qint64> &byId = counts.countsOf(counts.entry(ns, selector));
                    for (int n = 0; n < 4; ++n) {
                        const QString node = QStringLiteral("node-%1").arg(n);
                        const std::size_t id = std::size_t(counts.nodeId(node));
                        QCOMPARE(id < byId.size() ? byId[id] : 0, expected.value(node));
                    }
                }
        }
        QCOMPARE(counts.selectorCount(), selectors.size() * namespaces.size());
        // Selector() matches every pod of the namespace, Selector::nothing() none.
        QVERIFY(!nonZero(counts.counts(QStringLiteral("default"), Selector())).isEmpty());
        QVERIFY(nonZero(counts.counts(QStringLiteral("default"), Selector::nothing())).isEmpty());
    }

    void precountedNodesScoreLikeCountedOnes()
    {
        const Selector web = *Selector::parse(QStringLiteral("app=web"));
        QList<SpreadNode> withPods, precounted;
        const QList<int> perNode{3, 0, 1, 2};
        for (qsizetype i = 0; i < perNode.size(); ++i) {
            SpreadNode n;
            n.name = QStringLiteral("node-%1").arg(i);
            n.labels = {{QStringLiteral("kubernetes.io/hostname"), n.name},
                        {QStringLiteral("topology.kubernetes.io/zone"), i < 2 ? QStringLiteral("z1") : QStringLiteral("z2")}};
            SpreadNode c = n;
            for (int k = 0; k < perNode[i]; ++k)
                n.pods << SpreadPod{labels("web", "a1"), QStringLiteral("default"), false};
            n.pods << SpreadPod{labels("web", "a1"), QStringLiteral("default"), true};   // terminating: not counted
            c.matching = {perNode[i], perNode[i]};   // hostname, zone
            withPods << n;
            precounted << c;
        }
        QList<qint64> rawA, rawB;
        const auto a = podTopologySpread(systemDefaultConstraints(web), QStringLiteral("default"), withPods, {0, 1, 2, 3}, false, &rawA);
        const auto b = podTopologySpread(systemDefaultConstraints(web), QStringLiteral("default"), precounted, {0, 1, 2, 3}, false, &rawB);
        QVERIFY(a && b);
        QCOMPARE(rawB, rawA);
        QCOMPARE(*b, *a);
        QCOMPARE(*a, (QList<qint64>{62, 100, 87, 75}));   // raw 16, 10, 12, 14
    }
};

QTEST_GUILESS_MAIN(TestSpreadCounts)
#include "tst_spreadcounts.moc"
