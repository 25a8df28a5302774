// SPDX-License-Identifier: Apache-2.0
// RealPodControl::GetPodFromTemplate (controller.GetPodFromTemplate): the pod a ReplicaSet sends
// to the API server. Pods of one owner share its prefix and owner reference list (implicitly
// shared values); another owner gets its own.
#include "core/api/replicaset.h"
#include "core/controller/replicaset/realpodcontrol.h"

#include <QTest>

using namespace rlab;
using namespace rlab::controller;

namespace {
api::ReplicaSet replicaSet(const QString &name, const QString &uid)
{
    api::ReplicaSet rs;
    rs.metadata.name = name;
    rs.metadata.namespace_ = QStringLiteral("default");
    rs.metadata.uid = uid;
    rs.spec.template_.metadata.labels = {{QStringLiteral("app"), QStringLiteral("web")}};
    rs.spec.template_.metadata.annotations = {{QStringLiteral("a"), QStringLiteral("b")}};
    api::Container c;
    c.name = QStringLiteral("app");
    c.image = QStringLiteral("nginx:1.25");
    rs.spec.template_.spec.containers = {c};
    return rs;
}

api::OwnerReference controllerRefOf(const api::ReplicaSet &rs)
{
    api::OwnerReference ref;
    ref.apiVersion = QStringLiteral("apps/v1");
    ref.kind = QStringLiteral("ReplicaSet");
    ref.name = rs.metadata.name;
    ref.uid = rs.metadata.uid;
    ref.controller = true;
    ref.blockOwnerDeletion = true;
    return ref;
}
} // namespace

class TestRealPodControl : public QObject
{
    Q_OBJECT

private slots:
    void podFromTemplate()
    {
        const api::ReplicaSet rs = replicaSet(QStringLiteral("web-5d4f"), QStringLiteral("u1"));
        const api::OwnerReference ref = controllerRefOf(rs);
        const auto pod = RealPodControl::GetPodFromTemplate(rs.spec.template_, rs, &ref);
        QCOMPARE(pod->metadata.generateName, QStringLiteral("web-5d4f-"));
        QCOMPARE(pod->metadata.labels, rs.spec.template_.metadata.labels);
        QCOMPARE(pod->metadata.annotations, rs.spec.template_.metadata.annotations);
        QCOMPARE(pod->metadata.ownerReferences, QList<api::OwnerReference>{ref});
        QVERIFY(pod->spec == rs.spec.template_.spec);
        QVERIFY(RealPodControl::GetPodFromTemplate(rs.spec.template_, rs, nullptr)->metadata.ownerReferences.isEmpty());
    }

    void podsOfOneOwnerShareItsValues()
    {
        const api::ReplicaSet a = replicaSet(QStringLiteral("web-5d4f"), QStringLiteral("u1"));
        const api::ReplicaSet b = replicaSet(QStringLiteral("api-77c9"), QStringLiteral("u2"));
        const api::OwnerReference refA = controllerRefOf(a), refB = controllerRefOf(b);
        const auto a1 = RealPodControl::GetPodFromTemplate(a.spec.template_, a, &refA);
        const auto a2 = RealPodControl::GetPodFromTemplate(a.spec.template_, a, &refA);
        QVERIFY(a1->metadata.generateName.constData() == a2->metadata.generateName.constData());
        QVERIFY(a1->metadata.ownerReferences.constData() == a2->metadata.ownerReferences.constData());
        const auto b1 = RealPodControl::GetPodFromTemplate(b.spec.template_, b, &refB);
        QCOMPARE(b1->metadata.generateName, QStringLiteral("api-77c9-"));
        QCOMPARE(b1->metadata.ownerReferences, QList<api::OwnerReference>{refB});
        // A changed reference (another uid under the same name) is not the cached one.
        api::ReplicaSet again = b;
        again.metadata.uid = QStringLiteral("u3");
        const api::OwnerReference refAgain = controllerRefOf(again);
        const auto c1 = RealPodControl::GetPodFromTemplate(again.spec.template_, again, &refAgain);
        QCOMPARE(c1->metadata.ownerReferences.front().uid, QStringLiteral("u3"));
        QCOMPARE(b1->metadata.ownerReferences.front().uid, QStringLiteral("u2"));
        // A pod that edits its list detaches from the others.
        a2->metadata.ownerReferences[0].controller = false;
        QCOMPARE(a1->metadata.ownerReferences.front().controller, std::optional<bool>(true));
    }
};

QTEST_GUILESS_MAIN(TestRealPodControl)
#include "tst_realpodcontrol.moc"
