// jsonEquivalent (the API server's no-op update check on typed fields) agrees with comparing
// the encoded JSON, row by row: omitempty, timestamps to the second, IntOrString, optionals,
// lists, maps and unknown fields.
#include "core/api/deployment.h"
#include "core/api/pod.h"
#include "core/apiserver/jsonequivalence.h"
#include "tests/testutil/fixtures.h"

#include <QTest>

#include <functional>

using namespace rlab;
using apiserver::Equivalence;

Q_DECLARE_METATYPE(std::function<void(api::Pod &)>)
Q_DECLARE_METATYPE(std::function<void(api::Deployment &)>)
Q_DECLARE_METATYPE(apiserver::Equivalence)

namespace {
constexpr qint64 kT = 1767225600000;   // 2026-01-01T00:00:00Z

std::shared_ptr<api::Pod> readyPod()
{
    auto p = test::makePod(QStringLiteral("web-1"), QStringLiteral("node-1"));
    p->status.phase = QStringLiteral("Running");
    api::Condition c;
    c.type = QStringLiteral("Ready");
    c.status = QStringLiteral("True");
    c.lastTransitionTime = kT + 2000;
    p->status.conditions = {c};
    return p;
}
} // namespace

class TestJsonEquivalence : public QObject
{
    Q_OBJECT

private slots:
    void pods_data()
    {
        QTest::addColumn<std::function<void(api::Pod &)>>("change");
        QTest::addColumn<Equivalence>("expected");
        using F = std::function<void(api::Pod &)>;
        QTest::newRow("unchanged") << F([](api::Pod &) {}) << Equivalence::Equal;
        QTest::newRow("phase") << F([](api::Pod &p) { p.status.phase = QStringLiteral("Pending"); }) << Equivalence::Different;
        // 12:00:02.000 and 12:00:02.700 are both written "…T00:00:02Z".
        QTest::newRow("same second") << F([](api::Pod &p) { p.status.conditions[0].lastTransitionTime += 700; }) << Equivalence::Equal;
        QTest::newRow("next second") << F([](api::Pod &p) { p.status.conditions[0].lastTransitionTime += 1000; }) << Equivalence::Different;
        QTest::newRow("time set") << F([](api::Pod &p) { p.status.startTime = kT; }) << Equivalence::Different;
        QTest::newRow("null vs empty string") << F([](api::Pod &p) { p.status.message = QString(""); }) << Equivalence::Equal;
        QTest::newRow("label") << F([](api::Pod &p) { p.metadata.labels.insert(QStringLiteral("tier"), QStringLiteral("web")); })
                               << Equivalence::Different;
        QTest::newRow("empty annotations") << F([](api::Pod &p) { p.metadata.annotations.clear(); }) << Equivalence::Equal;
        QTest::newRow("one more condition") << F([](api::Pod &p) { p.status.conditions.append(api::Condition{}); })
                                            << Equivalence::Different;
        QTest::newRow("condition reason") << F([](api::Pod &p) { p.status.conditions[0].reason = QStringLiteral("PodCompleted"); })
                                          << Equivalence::Different;
        QTest::newRow("unknown field") << F([](api::Pod &p) { p.status.extra.insert(QStringLiteral("resize"), QStringLiteral("InProgress")); })
                                       << Equivalence::Different;
        QTest::newRow("container image") << F([](api::Pod &p) { p.spec.containers[0].image = QStringLiteral("nginx:1.26"); })
                                         << Equivalence::Different;
    }
    void pods()
    {
        QFETCH(std::function<void(api::Pod &)>, change);
        QFETCH(Equivalence, expected);
        const auto a = readyPod();
        auto b = std::static_pointer_cast<api::Pod>(a->clone());
        change(*b);
        QCOMPARE(apiserver::jsonEquivalent(*a, *b), expected);
        QCOMPARE(apiserver::jsonEquivalent(*b, *a), expected);
        QCOMPARE(a->toJson() == b->toJson(), expected == Equivalence::Equal);   // the rule it stands for
    }

    void deployments_data()
    {
        QTest::addColumn<std::function<void(api::Deployment &)>>("change");
        QTest::addColumn<Equivalence>("expected");
        using F = std::function<void(api::Deployment &)>;
        QTest::newRow("unchanged") << F([](api::Deployment &) {}) << Equivalence::Equal;
        QTest::newRow("replicas") << F([](api::Deployment &d) { d.spec.replicas = 4; }) << Equivalence::Different;
        QTest::newRow("replicas unset") << F([](api::Deployment &d) { d.spec.replicas.reset(); }) << Equivalence::Different;
        QTest::newRow("maxSurge 25% vs 25") << F([](api::Deployment &d) { d.spec.strategy.rollingUpdate->maxSurge = api::IntOrString::fromInt(25); })
                                            << Equivalence::Different;
        QTest::newRow("maxSurge same") << F([](api::Deployment &d) { d.spec.strategy.rollingUpdate->maxSurge = api::IntOrString::fromString(QStringLiteral("25%")); })
                                       << Equivalence::Equal;
        // An optional struct present on one side only might encode to nothing: the JSON decides.
        QTest::newRow("rollingUpdate absent") << F([](api::Deployment &d) { d.spec.strategy.rollingUpdate.reset(); })
                                              << Equivalence::Unknown;
        QTest::newRow("status") << F([](api::Deployment &d) { d.status.availableReplicas = 3; }) << Equivalence::Different;
    }
    void deployments()
    {
        QFETCH(std::function<void(api::Deployment &)>, change);
        QFETCH(Equivalence, expected);
        auto a = test::makeDeployment(QStringLiteral("web"), 3);
        api::RollingUpdateDeployment ru;
        ru.maxSurge = api::IntOrString::fromString(QStringLiteral("25%"));
        a->spec.strategy.rollingUpdate = ru;
        auto b = std::static_pointer_cast<api::Deployment>(a->clone());
        change(*b);
        QCOMPARE(apiserver::jsonEquivalent(*a, *b), expected);
        QCOMPARE(a->toJson() == b->toJson(), expected == Equivalence::Equal);
    }

    // Objects of different kinds: Unknown, and the API server falls back to the JSON.
    void differentKindsAreUnknown()
    {
        const auto p = readyPod();
        const auto d = test::makeDeployment(QStringLiteral("web"), 3);
        QCOMPARE(apiserver::jsonEquivalent(*p, *d), Equivalence::Unknown);
    }
};

QTEST_GUILESS_MAIN(TestJsonEquivalence)
#include "tst_jsonequivalence.moc"
