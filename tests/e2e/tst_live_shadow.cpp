// SPDX-License-Identifier: Apache-2.0
// The shadow controller (issue #15): this lab's DeploymentController, run read-only on a live
// mirror, predicts what the cluster's Deployment controller will write; the predictions for a
// scale-up and a rolling update match what the source's real controller then did, and a
// controller that decides otherwise (maxSurge 100%) or does not run is reported.
#include "core/controller/controller.h"
#include "core/kubectl/rollout.h"
#include "core/live/predictionbook.h"
#include "core/live/shadowcontroller.h"
#include "tests/e2e/livetestrig.h"

#include <QTest>

using namespace rlab;
using namespace rlab::api;
using live::Prediction;

namespace {

struct ShadowRig : test::LiveRig
{
    ShadowRig()
    {
        shadow = std::make_unique<live::ShadowController>(*mirror);
        live->addListener([this](const live::LiveEvent &e, qint64) { shadow->observe(e); });
        live->start();
    }
    void settleAndTick(qint64 maxMs = 600'000)
    {
        settle(maxMs);
        shadow->tick(live->elapsed());
    }
    std::vector<Prediction> withState(Prediction::State s, const QString &resource = {}) const
    {
        std::vector<Prediction> out;
        for (const Prediction &p : shadow->book().all())
            if (p.state == s && (resource.isEmpty() || p.write.resource == resource))
                out.push_back(p);
        return out;
    }
    QString dump() const
    {
        QStringList lines;
        for (const Prediction &p : shadow->book().all())
            lines << QStringLiteral("[%1] t=%2 %3 | %4").arg(Prediction::stateName(p.state)).arg(p.t).arg(p.text, p.outcome);
        return lines.join(QLatin1Char('\n'));
    }
    controller::Controller *sourceController(const QString &name) const
    {
        for (controller::Controller *c : source->controllers())
            if (c->name() == name)
                return c;
        return nullptr;
    }
    std::unique_ptr<live::ShadowController> shadow;
};

const QString kNs = QStringLiteral("default");
const QString kWeb = QStringLiteral("web");

} // namespace

class TestLiveShadow : public QObject
{
    Q_OBJECT

private slots:
    void scaleUpIsPredictedAndMatches()
    {
        ShadowRig rig;
        QVERIFY(rig.source->client().create(test::makeDeployment(kWeb, 3)).ok());
        rig.settleAndTick();
        const std::size_t before = rig.shadow->book().all().size();
        QVERIFY(kubectl::rollout::scale(rig.source->client(), kNs, kWeb, 5).ok());
        rig.settleAndTick();
        std::vector<Prediction> scaled;
        for (std::size_t i = before; i < rig.shadow->book().all().size(); ++i)
            if (rig.shadow->book().all()[i].text.startsWith(QLatin1String("scale up ReplicaSet web-")))
                scaled.push_back(rig.shadow->book().all()[i]);
        QVERIFY2(scaled.size() == 1, qPrintable(rig.dump()));
        QVERIFY2(scaled.front().text.endsWith(QLatin1String("from 3 to 5")), qPrintable(scaled.front().text));
        QVERIFY2(scaled.front().why.contains(QLatin1String("scale")), qPrintable(scaled.front().why));
        const Prediction &p = rig.shadow->book().all()[std::size_t(scaled.front().id - 1)];
        QVERIFY2(p.state == Prediction::State::Matched, qPrintable(rig.dump()));
        QVERIFY2(rig.withState(Prediction::State::Mismatched).empty(), qPrintable(rig.dump()));
        QVERIFY2(rig.withState(Prediction::State::Pending, QStringLiteral("replicasets")).empty(), qPrintable(rig.dump()));
    }

    void rollingUpdateIsPredictedStepByStep()
    {
        ShadowRig rig;
        QVERIFY(rig.source->client().create(test::makeDeployment(kWeb, 4)).ok());
        rig.settleAndTick();
        QVERIFY(kubectl::rollout::setImage(rig.source->client(), kNs, kWeb, QStringLiteral("app"), QStringLiteral("nginx:1.26")).ok());
        rig.settleAndTick();
        // The new ReplicaSet's creation with maxSurge 25% of 4 → 1, then scale-ups and -downs,
        // each one predicted before the source's controller did it.
        const auto rsMatched = rig.withState(Prediction::State::Matched, QStringLiteral("replicasets"));
        QVERIFY2(std::any_of(rsMatched.begin(), rsMatched.end(), [](const Prediction &p) {
                     return p.text.startsWith(QLatin1String("create ReplicaSet web-")) && p.text.endsWith(QLatin1String("with replicas 1"));
                 }), qPrintable(rig.dump()));
        int ups = 0, downs = 0;
        for (const Prediction &p : rsMatched) {
            ups += p.text.startsWith(QLatin1String("scale up")) ? 1 : 0;
            downs += p.text.startsWith(QLatin1String("scale down")) ? 1 : 0;
        }
        QVERIFY2(ups >= 2 && downs >= 2, qPrintable(rig.dump()));
        QVERIFY2(rig.withState(Prediction::State::Mismatched).empty(), qPrintable(rig.dump()));
        QVERIFY2(rig.withState(Prediction::State::Pending, QStringLiteral("replicasets")).empty(), qPrintable(rig.dump()));
        // Nothing the shadow said about ReplicaSets was left undone.
        rig.source->advance(live::ShadowController::kDefaultWindowMs + 1000);
        rig.settleAndTick();
        QVERIFY2(rig.withState(Prediction::State::Expired, QStringLiteral("replicasets")).empty(), qPrintable(rig.dump()));
    }

    void aControllerThatDecidesOtherwiseIsReported()
    {
        ShadowRig rig;
        QVERIFY(rig.source->client().create(test::makeDeployment(kWeb, 4)).ok());
        rig.settleAndTick();
        // The cluster's Deployment controller is replaced by one with maxSurge 100%: it creates
        // the new ReplicaSet at full size where upstream's rolloutRolling creates it at 1.
        controller::Controller *dc = rig.sourceController(QStringLiteral("deployment"));
        QVERIFY(dc);
        dc->queue().shutDown();   // on the deterministic runner: the queue takes no key any more
        QVERIFY(kubectl::rollout::setImage(rig.source->client(), kNs, kWeb, QStringLiteral("app"), QStringLiteral("nginx:1.26")).ok());
        rig.settleAndTick();
        std::vector<Prediction> pending;
        for (const Prediction &p : rig.withState(Prediction::State::Pending, QStringLiteral("replicasets")))
            if (p.write.verb == QLatin1String("create"))
                pending.push_back(p);
        QVERIFY2(pending.size() == 1, qPrintable(rig.dump()));
        auto rs = std::static_pointer_cast<ReplicaSet>(pending.front().write.object->clone());
        rs->spec.replicas = 4;
        rs->metadata.uid.clear();
        QVERIFY(rig.source->client().create(rs).ok());
        rig.settleAndTick();
        const auto mismatched = rig.withState(Prediction::State::Mismatched);
        QVERIFY2(mismatched.size() == 1, qPrintable(rig.dump()));
        QVERIFY2(mismatched.front().outcome.contains(QLatin1String("to 4 replicas instead of 1")), qPrintable(mismatched.front().outcome));
    }

    // Seen on a served lab: the shadow saw two pods become ready and predicted "3 → 1", while the
    // cluster's controller had decided "3 → 2" on the first; that is no mismatch, and 2 → 1 follows.
    void aDecisionOnOlderStateIsNotAMismatch()
    {
        live::PredictionBook book(30'000);
        const auto rsWrite = [](int replicas) {
            auto rs = test::makeReplicaSet(QStringLiteral("web-old"), replicas);
            return live::CapturedWrite{QStringLiteral("update"), QStringLiteral("replicasets"), kNs, QStringLiteral("web-old"), rs, {}};
        };
        const auto observed = [](qint64 t, int replicas) {
            return live::LiveEvent{t, live::LiveEvent::Type::Modified, QStringLiteral("replicasets"),
                                   test::makeReplicaSet(QStringLiteral("web-old"), replicas)};
        };
        book.observe(observed(0, 3));
        QCOMPARE(book.add(QStringLiteral("default/web"), 100, {rsWrite(2)}, {}, {}).size(), std::size_t(1));
        QCOMPARE(book.add(QStringLiteral("default/web"), 110, {rsWrite(1)}, {}, {}).size(), std::size_t(1));
        QCOMPARE(book.all().front().state, Prediction::State::Superseded);
        book.observe(observed(150, 2));
        QCOMPARE(book.all().front().state, Prediction::State::Matched);
        QCOMPARE(book.all().back().state, Prediction::State::Pending);
        book.observe(observed(200, 1));
        QCOMPARE(book.all().back().state, Prediction::State::Matched);
        QCOMPARE(book.count(Prediction::State::Mismatched), 0);
        // Something nobody predicted, with a prediction pending: a mismatch.
        book.add(QStringLiteral("default/web"), 300, {rsWrite(0)}, {}, {});
        book.observe(observed(350, 4));
        QCOMPARE(book.count(Prediction::State::Mismatched), 1);
    }

    void aStoppedControllerIsReported()
    {
        ShadowRig rig;
        QVERIFY(rig.source->client().create(test::makeDeployment(kWeb, 3)).ok());
        rig.settleAndTick();
        rig.sourceController(QStringLiteral("deployment"))->queue().shutDown();
        QVERIFY(kubectl::rollout::scale(rig.source->client(), kNs, kWeb, 5).ok());
        rig.settleAndTick();
        auto pending = rig.withState(Prediction::State::Pending, QStringLiteral("replicasets"));
        QVERIFY2(pending.size() == 1 && pending.front().text.endsWith(QLatin1String("from 3 to 5")), qPrintable(rig.dump()));
        rig.source->advance(live::ShadowController::kDefaultWindowMs - 1000);
        rig.settleAndTick();
        QVERIFY(rig.withState(Prediction::State::Expired, QStringLiteral("replicasets")).empty());
        rig.source->advance(2000);
        rig.settleAndTick();
        const auto expired = rig.withState(Prediction::State::Expired, QStringLiteral("replicasets"));
        QVERIFY2(expired.size() == 1, qPrintable(rig.dump()));
        QVERIFY(expired.front().outcome.contains(QLatin1String("is its Deployment controller running")));
    }
};

QTEST_GUILESS_MAIN(TestLiveShadow)
#include "tst_live_shadow.moc"
