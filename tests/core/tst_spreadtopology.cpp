// SpreadTopology (issue #16): the scheduler works out each node's topology domains once per node
// snapshot and scores PodTopologySpread from them with precounted matching pods. The domains of
// the worked example in spreadtopology.h, then the scores checked against a direct transcription
// of scoring.go (topology pairs in a hash, nodes lacking a key read as "", requireAllTopologies
// ignoring nodes without every key) over seeded random clusters: labelled, partly labelled and
// unlabelled nodes, empty label values, feasible subsets, one to three constraints.
#include "core/controller/scheduler/spreadtopology.h"

#include <QRandomGenerator>
#include <QTest>

#include <cmath>

using namespace rlab;
using namespace rlab::api;
using namespace rlab::controller::scoring;

namespace {
SpreadNode node(const QString &name, const Labels &labels)
{
    SpreadNode n;
    n.name = name;
    n.labels = labels;
    return n;
}

// scoring.go, pair by pair: what SpreadTopology's ids must reproduce.
QList<qint64> reference(const QList<SpreadConstraint> &constraints, const QList<SpreadNode> &nodes,
                        const std::vector<std::vector<qint64>> &matching, const QList<int> &feasible, bool requireAll,
                        QList<qint64> *rawOut)
{
    const QString hostname = QStringLiteral("kubernetes.io/hostname");
    const auto hasAllKeys = [&](const SpreadNode &n) {
        for (const SpreadConstraint &c : constraints)
            if (!n.labels.contains(c.topologyKey))
                return false;
        return true;
    };
    QSet<int> ignored;
    QHash<QPair<QString, QString>, qint64> pairCounts;   // (key, value) -> pods; present = a domain
    QList<qint64> topoSize(constraints.size(), 0);
    for (int i : feasible) {
        if (requireAll && !hasAllKeys(nodes[i])) {
            ignored.insert(i);
            continue;
        }
        for (qsizetype c = 0; c < constraints.size(); ++c) {
            if (constraints[c].topologyKey == hostname)
                continue;
            const QPair<QString, QString> pair{constraints[c].topologyKey, nodes[i].labels.value(constraints[c].topologyKey)};
            if (!pairCounts.contains(pair)) {
                pairCounts.insert(pair, 0);
                ++topoSize[c];
            }
        }
    }
    for (qsizetype n = 0; n < nodes.size(); ++n) {
        if (requireAll && !hasAllKeys(nodes[n]))
            continue;
        for (qsizetype c = 0; c < constraints.size(); ++c) {
            if (constraints[c].topologyKey == hostname)
                continue;
            const QPair<QString, QString> pair{constraints[c].topologyKey, nodes[n].labels.value(constraints[c].topologyKey)};
            if (pairCounts.contains(pair))
                pairCounts[pair] += matching[std::size_t(c)][std::size_t(n)];
        }
    }
    QList<qint64> raw;
    for (int i : feasible) {
        if (ignored.contains(i)) {
            raw << 0;
            continue;
        }
        double score = 0;
        for (qsizetype c = 0; c < constraints.size(); ++c) {
            const QString &key = constraints[c].topologyKey;
            if (!nodes[i].labels.contains(key))
                continue;
            const qint64 size = key == hostname ? feasible.size() - ignored.size() : topoSize[c];
            const qint64 cnt = key == hostname ? matching[std::size_t(c)][std::size_t(i)]
                                               : pairCounts.value({key, nodes[i].labels.value(key)});
            score += double(cnt) * std::log(double(size + 2)) + double(constraints[c].maxSkew - 1);
        }
        raw << qint64(std::round(score));
    }
    *rawOut = raw;
    qint64 min = std::numeric_limits<qint64>::max(), max = 0;
    for (qsizetype k = 0; k < feasible.size(); ++k)
        if (!ignored.contains(feasible[k])) {
            min = std::min(min, raw[k]);
            max = std::max(max, raw[k]);
        }
    QList<qint64> out;
    for (qsizetype k = 0; k < feasible.size(); ++k)
        out << (ignored.contains(feasible[k]) ? 0 : max == 0 ? kMaxNodeScore : kMaxNodeScore * (max + min - raw[k]) / max);
    return out;
}
} // namespace

class TestSpreadTopology : public QObject
{
    Q_OBJECT
private slots:
    void domainsOfTheWorkedExample()
    {
        const QList<SpreadNode> nodes{node(QStringLiteral("a"), {{QStringLiteral("kubernetes.io/hostname"), QStringLiteral("a")},
                                                                   {QStringLiteral("topology.kubernetes.io/zone"), QStringLiteral("z1")}}),
                                      node(QStringLiteral("b"), {{QStringLiteral("kubernetes.io/hostname"), QStringLiteral("b")}})};
        const SpreadTopology t = SpreadTopology::of({QStringLiteral("kubernetes.io/hostname"), QStringLiteral("topology.kubernetes.io/zone")}, nodes);
        QCOMPARE(t.isHostname, (std::vector<char>{1, 0}));
        QCOMPARE(t.values[1], (QStringList{QStringLiteral("z1"), QString()}));
        QCOMPARE(t.domain[1], (std::vector<int>{0, 1}));
        QCOMPARE(t.hasKey[1], (std::vector<char>{1, 0}));
        QCOMPARE(t.hasAll, (std::vector<char>{1, 0}));
        QCOMPARE(t.anyHasKey, (std::vector<char>{1, 1}));
        // A node labelled with an empty zone shares the domain of nodes without the label.
        const SpreadTopology empty = SpreadTopology::of({QStringLiteral("zone")},
                                                        {node(QStringLiteral("a"), {{QStringLiteral("zone"), QString()}}), node(QStringLiteral("b"), {})});
        QCOMPARE(empty.domain[0], (std::vector<int>{0, 0}));
        QCOMPARE(empty.hasKey[0], (std::vector<char>{1, 0}));
    }

    void scoresMatchScoringGo_data()
    {
        QTest::addColumn<quint32>("seed");
        for (quint32 seed = 1; seed <= 40; ++seed)
            QTest::newRow(qPrintable(QStringLiteral("seed %1").arg(seed))) << seed;
    }
    void scoresMatchScoringGo()
    {
        QFETCH(quint32, seed);
        QRandomGenerator rng(seed);
        const QStringList keyPool{QStringLiteral("kubernetes.io/hostname"), QStringLiteral("topology.kubernetes.io/zone"),
                                  QStringLiteral("rack"), QStringLiteral("unused")};
        const int nodeCount = 1 + int(rng.bounded(12));
        QList<SpreadNode> nodes;
        for (int n = 0; n < nodeCount; ++n) {
            Labels labels;
            const QString name = QStringLiteral("node-%1").arg(n);
            if (rng.bounded(5) != 0)
                labels.insert(keyPool[0], name);
            if (rng.bounded(3) != 0)   // zones z0..z2, sometimes ""
                labels.insert(keyPool[1], rng.bounded(6) == 0 ? QString() : QStringLiteral("z%1").arg(rng.bounded(3)));
            if (rng.bounded(2) != 0)
                labels.insert(keyPool[2], QStringLiteral("r%1").arg(rng.bounded(4)));
            nodes << node(name, labels);
        }
        QList<SpreadConstraint> constraints;
        const int nc = 1 + int(rng.bounded(3));
        QStringList keys;
        // Distinct keys: upstream's validation refuses two constraints with one topologyKey
        // and whenUnsatisfiable.
        QStringList pool = keyPool;
        for (int c = 0; c < nc; ++c) {
            const QString key = pool.takeAt(int(rng.bounded(qsizetype(pool.size()))));
            constraints << SpreadConstraint{key, 1 + int(rng.bounded(5)), Selector()};
            keys << key;
        }
        std::vector<std::vector<qint64>> matching(static_cast<std::size_t>(nc));
        for (auto &m : matching)
            for (int n = 0; n < nodeCount; ++n)
                m.push_back(qint64(rng.bounded(6)));
        QList<int> feasible;
        for (int n = 0; n < nodeCount; ++n)
            if (rng.bounded(4) != 0)
                feasible << n;
        if (feasible.isEmpty())
            feasible << 0;
        const SpreadTopology topology = SpreadTopology::of(keys, nodes);
        for (const bool requireAll : {false, true}) {
            QList<qint64> raw, expectedRaw;
            const auto got = podTopologySpread(constraints, topology, matching, feasible, requireAll, &raw);
            const QList<qint64> expected = reference(constraints, nodes, matching, feasible, requireAll, &expectedRaw);
            QVERIFY(got);
            QCOMPARE(raw, expectedRaw);
            QCOMPARE(*got, expected);
        }
    }
};

QTEST_GUILESS_MAIN(TestSpreadTopology)
#include "tst_spreadtopology.moc"
