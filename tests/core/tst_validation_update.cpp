// SPDX-License-Identifier: Apache-2.0
// validateUpdate / validateStatusUpdate: immutable fields, status-only writes, the pod update
// rule, each with kube-apiserver's exact messages. Rows are a JSON merge patch over a stored object.
#include "core/api/namevalidation.h"
#include "core/api/validation.h"
#include "core/api/validationdetail.h"
#include "tests/core/validationtesthelpers.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QTest>

using namespace rlab::api;
using namespace rlab::test::validation;
class TestValidationUpdate : public QObject
{
    Q_OBJECT

private slots:
    void update_data();
    void update();
    void statusUpdate_data();
    void statusUpdate();
    void podUpdateForbidsOtherFields();
};
void TestValidationUpdate::update_data()
{
    QTest::addColumn<QString>("kind");
    QTest::addColumn<QByteArray>("oldPatch");
    QTest::addColumn<QByteArray>("newPatch");
    QTest::addColumn<QStringList>("expected");
    auto row = [](const char *name, const char *kind, const char *oldPatch, const char *newPatch, const QStringList &expected) {
        QTest::newRow(name) << QString::fromLatin1(kind) << QByteArray(oldPatch) << QByteArray(newPatch) << expected;
    };
    row("scale", "Deployment", "", R"({"spec":{"replicas":10}})", {});
    row("new image", "Deployment", "", R"({"spec":{"template":{"spec":{"containers":[{"name":"nginx","image":"nginx:1.26"}]}}}})", {});
    row("selector is immutable", "Deployment", "",
        R"({"spec":{"selector":{"matchLabels":{"app":"api"}},"template":{"metadata":{"labels":{"app":"api"}}}}})",
        {QStringLiteral(R"(spec.selector: Invalid value: {"matchLabels":{"app":"api"}}: field is immutable)")});
    row("replicaset selector is immutable", "ReplicaSet", "",
        R"({"spec":{"selector":{"matchLabels":{"app":"web","pod-template-hash":"x"}},"template":{"metadata":{"labels":{"app":"web","pod-template-hash":"x"}}}}})",
        {QStringLiteral(R"(spec.selector: Invalid value: {"matchLabels":{"app":"web","pod-template-hash":"x"}}: field is immutable)")});
    // The generic registry and the strategy both check metadata; the cause list repeats.
    row("name is immutable", "Deployment", "", R"({"metadata":{"name":"web2"}})",
        {QStringLiteral("metadata.name: Invalid value: \"web2\": field is immutable"),
         QStringLiteral("metadata.name: Invalid value: \"web2\": field is immutable")});
    row("still validated", "Deployment", "", R"({"spec":{"replicas":-3}})",
        {QStringLiteral("spec.replicas: Invalid value: -3: must be greater than or equal to 0")});
    row("pod image change", "Pod", "", R"({"spec":{"containers":[{"name":"nginx","image":"nginx:1.26"}]}})", {});
    row("pod add container", "Pod", "",
        R"({"spec":{"containers":[{"name":"nginx","image":"nginx"},{"name":"side","image":"busybox"}]}})",
        {QStringLiteral("spec.containers: Forbidden: pod updates may not add or remove containers")});
    row("pod add toleration", "Pod", R"({"spec":{"tolerations":[{"key":"a","operator":"Exists"}]}})",
        R"({"spec":{"tolerations":[{"key":"a","operator":"Exists"},{"key":"b","operator":"Exists"}]}})", {});
    row("pod change toleration", "Pod", R"({"spec":{"tolerations":[{"key":"a","operator":"Exists"}]}})",
        R"({"spec":{"tolerations":[{"key":"b","operator":"Exists"}]}})",
        {QStringLiteral("spec.tolerations: Forbidden: existing toleration can not be modified except its tolerationSeconds")});
    row("node podCIDR", "Node", R"({"spec":{"podCIDRs":["10.0.1.0/24"]}})", R"({"spec":{"podCIDRs":["10.0.2.0/24"]}})",
        {QStringLiteral("spec.podCIDRs: Forbidden: node updates may not change podCIDR except from \"\" to valid")});
    row("node cordon", "Node", "", R"({"spec":{"unschedulable":true}})", {});
}

void TestValidationUpdate::update()
{
    QFETCH(QString, kind);
    QFETCH(QByteArray, oldPatch);
    QFETCH(QByteArray, newPatch);
    QFETCH(QStringList, expected);
    const MutableObjectPtr oldObj = stored(baseFor(kind), oldPatch);
    QJsonObject merged = mergePatch(oldObj->toJson(), parse(newPatch.isEmpty() ? QByteArray("{}") : newPatch)).toObject();
    MutableObjectPtr newObj = decodeObject(merged).object;
    QVERIFY(newObj);
    setDefaults(*newObj);
    QCOMPARE(messages(validateUpdate(*newObj, *oldObj)), expected);
}

void TestValidationUpdate::statusUpdate_data()
{
    QTest::addColumn<QString>("kind");
    QTest::addColumn<QByteArray>("oldPatch");
    QTest::addColumn<QByteArray>("newPatch");
    QTest::addColumn<QStringList>("expected");
    auto row = [](const char *name, const char *kind, const char *oldPatch, const char *newPatch, const QStringList &expected) {
        QTest::newRow(name) << QString::fromLatin1(kind) << QByteArray(oldPatch) << QByteArray(newPatch) << expected;
    };
    row("deployment counters", "Deployment", "", R"({"status":{"replicas":3,"readyReplicas":3,"availableReplicas":3}})", {});
    row("updated above replicas", "Deployment", "", R"({"status":{"replicas":1,"updatedReplicas":2}})",
        {QStringLiteral("status.updatedReplicas: Invalid value: 2: cannot be greater than status.replicas")});
    row("available above ready", "Deployment", "", R"({"status":{"replicas":3,"readyReplicas":1,"availableReplicas":2}})",
        {QStringLiteral("status.availableReplicas: Invalid value: 2: cannot be greater than readyReplicas")});
    row("collisionCount decremented", "Deployment", R"({"status":{"collisionCount":2}})", R"({"status":{"collisionCount":1}})",
        {QStringLiteral("status.collisionCount: Invalid value: 1: cannot be decremented")});
    // every other counter (0) is now above status.replicas, and upstream says so for each
    row("replicaset negative", "ReplicaSet", "", R"({"status":{"replicas":-1}})",
        {QStringLiteral("status.replicas: Invalid value: -1: must be greater than or equal to 0"),
         QStringLiteral("status.fullyLabeledReplicas: Invalid value: 0: cannot be greater than status.replicas"),
         QStringLiteral("status.readyReplicas: Invalid value: 0: cannot be greater than status.replicas"),
         QStringLiteral("status.availableReplicas: Invalid value: 0: cannot be greater than status.replicas")});
    row("pod bind through status", "Pod", "", R"({"spec":{"nodeName":"node-1"}})",
        {QStringLiteral("status.nodeName: Forbidden: may not be changed directly")});
    row("pod phase", "Pod", "", R"({"status":{"phase":"Running"}})", {});
    // ValidateObjectMetaUpdate on a status write (upstream TestValidatePodStatusUpdate and
    // TestValidateObjectMetaUpdate*): run by validateCommonFields and by ValidatePodStatusUpdate,
    // so each metadata error is reported twice, labels three times (ValidateObjectMeta too).
    row("pod status uid changed", "Pod", "", R"({"metadata":{"uid":"other"},"status":{"phase":"Running"}})",
        {QStringLiteral("metadata.uid: Invalid value: \"other\": field is immutable"),
         QStringLiteral("metadata.uid: Invalid value: \"other\": field is immutable")});
    row("pod status generation decremented", "Pod", R"({"metadata":{"generation":3}})", R"({"metadata":{"generation":2}})",
        {QStringLiteral("metadata.generation: Invalid value: 2: must not be decremented"),
         QStringLiteral("metadata.generation: Invalid value: 2: must not be decremented")});
    row("pod status creationTimestamp changed", "Pod", "", R"({"metadata":{"creationTimestamp":"2020-01-01T00:00:00Z"}})",
        {QStringLiteral("metadata.creationTimestamp: Invalid value: \"2020-01-01T00:00:00Z\": field is immutable"),
         QStringLiteral("metadata.creationTimestamp: Invalid value: \"2020-01-01T00:00:00Z\": field is immutable")});
    row("pod status deletionGracePeriodSeconds set", "Pod", "", R"({"metadata":{"deletionGracePeriodSeconds":30}})",
        {QStringLiteral("metadata.deletionGracePeriodSeconds: Invalid value: 30: field is immutable"),
         QStringLiteral("metadata.deletionGracePeriodSeconds: Invalid value: 30: field is immutable")});
    row("pod status invalid label value", "Pod", "", R"({"metadata":{"labels":{"app":"-web"}}})",
        {QStringLiteral("metadata.labels: Invalid value: \"-web\": ") + kLabelValueMsg,
         QStringLiteral("metadata.labels: Invalid value: \"-web\": ") + kLabelValueMsg,
         QStringLiteral("metadata.labels: Invalid value: \"-web\": ") + kLabelValueMsg});
    row("pod status prefixed label", "Pod", "", R"({"metadata":{"labels":{"example.com/tier":"web"}}})", {});
    row("pod status invalid label prefix", "Pod", "", R"({"metadata":{"labels":{"Example.com/tier":"web"}}})",
        {QStringLiteral("metadata.labels: Invalid value: \"Example.com/tier\": prefix part ") + kSubdomainMsg,
         QStringLiteral("metadata.labels: Invalid value: \"Example.com/tier\": prefix part ") + kSubdomainMsg,
         QStringLiteral("metadata.labels: Invalid value: \"Example.com/tier\": prefix part ") + kSubdomainMsg});
    row("pod status nominatedNodeName", "Pod", "", R"({"status":{"nominatedNodeName":"Node_1"}})",
        {QStringLiteral("status.nominatedNodeName: Invalid value: \"Node_1\": ") + kSubdomainMsg});
    row("namespace phase", "Namespace", "", R"({"status":{"phase":"Terminating"}})",
        {QStringLiteral("status.Phase: Invalid value: \"Terminating\": may only be 'Active' if `deletionTimestamp` is empty")});
}

void TestValidationUpdate::statusUpdate()
{
    QFETCH(QString, kind);
    QFETCH(QByteArray, oldPatch);
    QFETCH(QByteArray, newPatch);
    QFETCH(QStringList, expected);
    const MutableObjectPtr oldObj = stored(baseFor(kind), oldPatch);
    QJsonObject merged = mergePatch(oldObj->toJson(), parse(newPatch)).toObject();
    MutableObjectPtr newObj = decodeObject(merged).object;
    QVERIFY(newObj);
    QCOMPARE(messages(validateStatusUpdate(*newObj, *oldObj)), expected);
}

void TestValidationUpdate::podUpdateForbidsOtherFields()
{
    const MutableObjectPtr oldPod = stored(kPod, {});
    MutableObjectPtr newPod = oldPod->clone();
    static_cast<Pod &>(*newPod).spec.nodeSelector.insert(QStringLiteral("disk"), QStringLiteral("ssd"));
    const FieldErrors errs = validateUpdate(*newPod, *oldPod);
    QCOMPARE(errs.size(), 1);
    QCOMPARE(errs[0].field, QStringLiteral("spec"));
    QCOMPARE(errs[0].type, FieldError::Type::Forbidden);
    QVERIFY2(errs[0].detail.startsWith(kPodUpdateMsg), qPrintable(errs[0].detail));
    QVERIFY2(errs[0].detail.contains(QLatin1String("+ \tNodeSelector: {\"disk\":\"ssd\"}")), qPrintable(errs[0].detail));
}
QTEST_GUILESS_MAIN(TestValidationUpdate)
#include "tst_validation_update.moc"
