// Strategic merge patch metadata (issue #18 item 5): every list-typed field of the simulated
// kinds (Pod, Node, Namespace, Event, Deployment, ReplicaSet; Deployment and ReplicaSet carry
// the Pod's spec under spec.template) with its k8s.io/api struct tag, patchStrategy and
// patchMergeKey, plus the map fields with a strategy (Deployment spec.strategy: retainKeys).
// A field missing from kubernetesPatchMeta is replaced whole instead of merged, so it fails
// here. Table taken from the types' OpenAPI extensions (x-kubernetes-patch-strategy /
// -merge-key) and, for fields newer than that document (status.hostIPs,
// status.resourceClaimStatuses, Node status.runtimeHandlers), from core/v1 types.go.
#include "core/apiserver/strategicmergepatch.h"

#include <QJsonDocument>
#include <QTest>

using namespace rlab::apiserver;

namespace {
struct Row
{
    const char *path;
    const char *strategy;   // "", "merge", "retainKeys", "merge,retainKeys"
    const char *key;
};

const Row kPod[] = {
    {"metadata.finalizers", "merge", ""},
    {"metadata.managedFields", "", ""},
    {"metadata.ownerReferences", "merge", "uid"},
    {"spec.affinity.nodeAffinity.preferredDuringSchedulingIgnoredDuringExecution", "", ""},
    {"spec.affinity.nodeAffinity.preferredDuringSchedulingIgnoredDuringExecution.preference.matchExpressions", "", ""},
    {"spec.affinity.nodeAffinity.preferredDuringSchedulingIgnoredDuringExecution.preference.matchExpressions.values", "", ""},
    {"spec.affinity.nodeAffinity.preferredDuringSchedulingIgnoredDuringExecution.preference.matchFields", "", ""},
    {"spec.affinity.nodeAffinity.preferredDuringSchedulingIgnoredDuringExecution.preference.matchFields.values", "", ""},
    {"spec.affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution.nodeSelectorTerms", "", ""},
    {"spec.affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution.nodeSelectorTerms.matchExpressions", "", ""},
    {"spec.affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution.nodeSelectorTerms.matchExpressions.values", "", ""},
    {"spec.affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution.nodeSelectorTerms.matchFields", "", ""},
    {"spec.affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution.nodeSelectorTerms.matchFields.values", "", ""},
    {"spec.affinity.podAffinity.preferredDuringSchedulingIgnoredDuringExecution", "", ""},
    {"spec.affinity.podAffinity.preferredDuringSchedulingIgnoredDuringExecution.podAffinityTerm.labelSelector.matchExpressions", "", ""},
    {"spec.affinity.podAffinity.preferredDuringSchedulingIgnoredDuringExecution.podAffinityTerm.labelSelector.matchExpressions.values", "", ""},
    {"spec.affinity.podAffinity.preferredDuringSchedulingIgnoredDuringExecution.podAffinityTerm.matchLabelKeys", "", ""},
    {"spec.affinity.podAffinity.preferredDuringSchedulingIgnoredDuringExecution.podAffinityTerm.mismatchLabelKeys", "", ""},
    {"spec.affinity.podAffinity.preferredDuringSchedulingIgnoredDuringExecution.podAffinityTerm.namespaceSelector.matchExpressions", "", ""},
    {"spec.affinity.podAffinity.preferredDuringSchedulingIgnoredDuringExecution.podAffinityTerm.namespaceSelector.matchExpressions.values", "", ""},
    {"spec.affinity.podAffinity.preferredDuringSchedulingIgnoredDuringExecution.podAffinityTerm.namespaces", "", ""},
    {"spec.affinity.podAffinity.requiredDuringSchedulingIgnoredDuringExecution", "", ""},
    {"spec.affinity.podAffinity.requiredDuringSchedulingIgnoredDuringExecution.labelSelector.matchExpressions", "", ""},
    {"spec.affinity.podAffinity.requiredDuringSchedulingIgnoredDuringExecution.labelSelector.matchExpressions.values", "", ""},
    {"spec.affinity.podAffinity.requiredDuringSchedulingIgnoredDuringExecution.matchLabelKeys", "", ""},
    {"spec.affinity.podAffinity.requiredDuringSchedulingIgnoredDuringExecution.mismatchLabelKeys", "", ""},
    {"spec.affinity.podAffinity.requiredDuringSchedulingIgnoredDuringExecution.namespaceSelector.matchExpressions", "", ""},
    {"spec.affinity.podAffinity.requiredDuringSchedulingIgnoredDuringExecution.namespaceSelector.matchExpressions.values", "", ""},
    {"spec.affinity.podAffinity.requiredDuringSchedulingIgnoredDuringExecution.namespaces", "", ""},
    {"spec.affinity.podAntiAffinity.preferredDuringSchedulingIgnoredDuringExecution", "", ""},
    {"spec.affinity.podAntiAffinity.preferredDuringSchedulingIgnoredDuringExecution.podAffinityTerm.labelSelector.matchExpressions", "", ""},
    {"spec.affinity.podAntiAffinity.preferredDuringSchedulingIgnoredDuringExecution.podAffinityTerm.labelSelector.matchExpressions.values", "", ""},
    {"spec.affinity.podAntiAffinity.preferredDuringSchedulingIgnoredDuringExecution.podAffinityTerm.matchLabelKeys", "", ""},
    {"spec.affinity.podAntiAffinity.preferredDuringSchedulingIgnoredDuringExecution.podAffinityTerm.mismatchLabelKeys", "", ""},
    {"spec.affinity.podAntiAffinity.preferredDuringSchedulingIgnoredDuringExecution.podAffinityTerm.namespaceSelector.matchExpressions", "", ""},
    {"spec.affinity.podAntiAffinity.preferredDuringSchedulingIgnoredDuringExecution.podAffinityTerm.namespaceSelector.matchExpressions.values", "", ""},
    {"spec.affinity.podAntiAffinity.preferredDuringSchedulingIgnoredDuringExecution.podAffinityTerm.namespaces", "", ""},
    {"spec.affinity.podAntiAffinity.requiredDuringSchedulingIgnoredDuringExecution", "", ""},
    {"spec.affinity.podAntiAffinity.requiredDuringSchedulingIgnoredDuringExecution.labelSelector.matchExpressions", "", ""},
    {"spec.affinity.podAntiAffinity.requiredDuringSchedulingIgnoredDuringExecution.labelSelector.matchExpressions.values", "", ""},
    {"spec.affinity.podAntiAffinity.requiredDuringSchedulingIgnoredDuringExecution.matchLabelKeys", "", ""},
    {"spec.affinity.podAntiAffinity.requiredDuringSchedulingIgnoredDuringExecution.mismatchLabelKeys", "", ""},
    {"spec.affinity.podAntiAffinity.requiredDuringSchedulingIgnoredDuringExecution.namespaceSelector.matchExpressions", "", ""},
    {"spec.affinity.podAntiAffinity.requiredDuringSchedulingIgnoredDuringExecution.namespaceSelector.matchExpressions.values", "", ""},
    {"spec.affinity.podAntiAffinity.requiredDuringSchedulingIgnoredDuringExecution.namespaces", "", ""},
    {"spec.containers", "merge", "name"},
    {"spec.containers.args", "", ""},
    {"spec.containers.command", "", ""},
    {"spec.containers.env", "merge", "name"},
    {"spec.containers.envFrom", "", ""},
    {"spec.containers.lifecycle.postStart.exec.command", "", ""},
    {"spec.containers.lifecycle.postStart.httpGet.httpHeaders", "", ""},
    {"spec.containers.lifecycle.preStop.exec.command", "", ""},
    {"spec.containers.lifecycle.preStop.httpGet.httpHeaders", "", ""},
    {"spec.containers.livenessProbe.exec.command", "", ""},
    {"spec.containers.livenessProbe.httpGet.httpHeaders", "", ""},
    {"spec.containers.ports", "merge", "containerPort"},
    {"spec.containers.readinessProbe.exec.command", "", ""},
    {"spec.containers.readinessProbe.httpGet.httpHeaders", "", ""},
    {"spec.containers.resizePolicy", "", ""},
    {"spec.containers.resources.claims", "", ""},
    {"spec.containers.securityContext.capabilities.add", "", ""},
    {"spec.containers.securityContext.capabilities.drop", "", ""},
    {"spec.containers.startupProbe.exec.command", "", ""},
    {"spec.containers.startupProbe.httpGet.httpHeaders", "", ""},
    {"spec.containers.volumeDevices", "merge", "devicePath"},
    {"spec.containers.volumeMounts", "merge", "mountPath"},
    {"spec.dnsConfig.nameservers", "", ""},
    {"spec.dnsConfig.options", "", ""},
    {"spec.dnsConfig.searches", "", ""},
    {"spec.ephemeralContainers", "merge", "name"},
    {"spec.ephemeralContainers.args", "", ""},
    {"spec.ephemeralContainers.command", "", ""},
    {"spec.ephemeralContainers.env", "merge", "name"},
    {"spec.ephemeralContainers.envFrom", "", ""},
    {"spec.ephemeralContainers.lifecycle.postStart.exec.command", "", ""},
    {"spec.ephemeralContainers.lifecycle.postStart.httpGet.httpHeaders", "", ""},
    {"spec.ephemeralContainers.lifecycle.preStop.exec.command", "", ""},
    {"spec.ephemeralContainers.lifecycle.preStop.httpGet.httpHeaders", "", ""},
    {"spec.ephemeralContainers.livenessProbe.exec.command", "", ""},
    {"spec.ephemeralContainers.livenessProbe.httpGet.httpHeaders", "", ""},
    {"spec.ephemeralContainers.ports", "merge", "containerPort"},
    {"spec.ephemeralContainers.readinessProbe.exec.command", "", ""},
    {"spec.ephemeralContainers.readinessProbe.httpGet.httpHeaders", "", ""},
    {"spec.ephemeralContainers.resizePolicy", "", ""},
    {"spec.ephemeralContainers.resources.claims", "", ""},
    {"spec.ephemeralContainers.securityContext.capabilities.add", "", ""},
    {"spec.ephemeralContainers.securityContext.capabilities.drop", "", ""},
    {"spec.ephemeralContainers.startupProbe.exec.command", "", ""},
    {"spec.ephemeralContainers.startupProbe.httpGet.httpHeaders", "", ""},
    {"spec.ephemeralContainers.volumeDevices", "merge", "devicePath"},
    {"spec.ephemeralContainers.volumeMounts", "merge", "mountPath"},
    {"spec.hostAliases", "merge", "ip"},
    {"spec.hostAliases.hostnames", "", ""},
    {"spec.imagePullSecrets", "merge", "name"},
    {"spec.initContainers", "merge", "name"},
    {"spec.initContainers.args", "", ""},
    {"spec.initContainers.command", "", ""},
    {"spec.initContainers.env", "merge", "name"},
    {"spec.initContainers.envFrom", "", ""},
    {"spec.initContainers.lifecycle.postStart.exec.command", "", ""},
    {"spec.initContainers.lifecycle.postStart.httpGet.httpHeaders", "", ""},
    {"spec.initContainers.lifecycle.preStop.exec.command", "", ""},
    {"spec.initContainers.lifecycle.preStop.httpGet.httpHeaders", "", ""},
    {"spec.initContainers.livenessProbe.exec.command", "", ""},
    {"spec.initContainers.livenessProbe.httpGet.httpHeaders", "", ""},
    {"spec.initContainers.ports", "merge", "containerPort"},
    {"spec.initContainers.readinessProbe.exec.command", "", ""},
    {"spec.initContainers.readinessProbe.httpGet.httpHeaders", "", ""},
    {"spec.initContainers.resizePolicy", "", ""},
    {"spec.initContainers.resources.claims", "", ""},
    {"spec.initContainers.securityContext.capabilities.add", "", ""},
    {"spec.initContainers.securityContext.capabilities.drop", "", ""},
    {"spec.initContainers.startupProbe.exec.command", "", ""},
    {"spec.initContainers.startupProbe.httpGet.httpHeaders", "", ""},
    {"spec.initContainers.volumeDevices", "merge", "devicePath"},
    {"spec.initContainers.volumeMounts", "merge", "mountPath"},
    {"spec.readinessGates", "", ""},
    {"spec.resourceClaims", "merge,retainKeys", "name"},
    {"spec.schedulingGates", "merge", "name"},
    {"spec.securityContext.supplementalGroups", "", ""},
    {"spec.securityContext.sysctls", "", ""},
    {"spec.tolerations", "", ""},
    {"spec.topologySpreadConstraints", "merge", "topologyKey"},
    {"spec.topologySpreadConstraints.labelSelector.matchExpressions", "", ""},
    {"spec.topologySpreadConstraints.labelSelector.matchExpressions.values", "", ""},
    {"spec.topologySpreadConstraints.matchLabelKeys", "", ""},
    {"spec.volumes", "merge,retainKeys", "name"},
    {"spec.volumes.cephfs.monitors", "", ""},
    {"spec.volumes.configMap.items", "", ""},
    {"spec.volumes.downwardAPI.items", "", ""},
    {"spec.volumes.ephemeral.volumeClaimTemplate.metadata.finalizers", "merge", ""},
    {"spec.volumes.ephemeral.volumeClaimTemplate.metadata.managedFields", "", ""},
    {"spec.volumes.ephemeral.volumeClaimTemplate.metadata.ownerReferences", "merge", "uid"},
    {"spec.volumes.ephemeral.volumeClaimTemplate.spec.accessModes", "", ""},
    {"spec.volumes.ephemeral.volumeClaimTemplate.spec.selector.matchExpressions", "", ""},
    {"spec.volumes.ephemeral.volumeClaimTemplate.spec.selector.matchExpressions.values", "", ""},
    {"spec.volumes.fc.targetWWNs", "", ""},
    {"spec.volumes.fc.wwids", "", ""},
    {"spec.volumes.iscsi.portals", "", ""},
    {"spec.volumes.projected.sources", "", ""},
    {"spec.volumes.projected.sources.configMap.items", "", ""},
    {"spec.volumes.projected.sources.downwardAPI.items", "", ""},
    {"spec.volumes.projected.sources.secret.items", "", ""},
    {"spec.volumes.rbd.monitors", "", ""},
    {"spec.volumes.secret.items", "", ""},
    {"status.conditions", "merge", "type"},
    {"status.containerStatuses", "", ""},
    {"status.ephemeralContainerStatuses", "", ""},
    {"status.hostIPs", "merge", "ip"},
    {"status.initContainerStatuses", "", ""},
    {"status.podIPs", "merge", "ip"},
    {"status.resourceClaimStatuses", "merge,retainKeys", "name"},
};
const Row kNode[] = {
    {"metadata.finalizers", "merge", ""},
    {"metadata.managedFields", "", ""},
    {"metadata.ownerReferences", "merge", "uid"},
    {"spec.podCIDRs", "merge", ""},
    {"spec.taints", "", ""},
    {"status.addresses", "merge", "type"},
    {"status.conditions", "merge", "type"},
    {"status.images", "", ""},
    {"status.images.names", "", ""},
    {"status.runtimeHandlers", "", ""},
    {"status.volumesAttached", "", ""},
    {"status.volumesInUse", "", ""},
};
const Row kNamespace[] = {
    {"metadata.finalizers", "merge", ""},
    {"metadata.managedFields", "", ""},
    {"metadata.ownerReferences", "merge", "uid"},
    {"spec.finalizers", "", ""},
    {"status.conditions", "merge", "type"},
};
const Row kEvent[] = {
    {"metadata.finalizers", "merge", ""},
    {"metadata.managedFields", "", ""},
    {"metadata.ownerReferences", "merge", "uid"},
};
const Row kDeployment[] = {
    {"metadata.finalizers", "merge", ""},
    {"metadata.managedFields", "", ""},
    {"metadata.ownerReferences", "merge", "uid"},
    {"spec.selector.matchExpressions", "", ""},
    {"spec.selector.matchExpressions.values", "", ""},
    {"spec.strategy", "retainKeys", ""},
    {"spec.template.metadata.finalizers", "merge", ""},
    {"spec.template.metadata.managedFields", "", ""},
    {"spec.template.metadata.ownerReferences", "merge", "uid"},
    {"status.conditions", "merge", "type"},
};
const Row kReplicaSet[] = {
    {"metadata.finalizers", "merge", ""},
    {"metadata.managedFields", "", ""},
    {"metadata.ownerReferences", "merge", "uid"},
    {"spec.selector.matchExpressions", "", ""},
    {"spec.selector.matchExpressions.values", "", ""},
    {"spec.template.metadata.finalizers", "merge", ""},
    {"spec.template.metadata.managedFields", "", ""},
    {"spec.template.metadata.ownerReferences", "merge", "uid"},
    {"status.conditions", "merge", "type"},
};

QJsonObject json(const char *text)
{
    return QJsonDocument::fromJson(text).object();
}
} // namespace

class TestPatchStrategies : public QObject
{
    Q_OBJECT

private slots:
    void everyListField_data()
    {
        QTest::addColumn<QString>("kind");
        QTest::addColumn<QString>("path");
        QTest::addColumn<QString>("strategy");
        QTest::addColumn<QString>("key");
        const auto add = [](const char *kind, const Row &r, const QString &prefix = QString()) {
            const QString path = prefix + QLatin1String(r.path);
            QTest::addRow("%s %s", kind, qPrintable(path)) << QString::fromLatin1(kind) << path << QString::fromLatin1(r.strategy)
                                                           << QString::fromLatin1(r.key);
        };
        for (const Row &r : kPod)
            add("Pod", r);
        for (const Row &r : kNode)
            add("Node", r);
        for (const Row &r : kNamespace)
            add("Namespace", r);
        for (const Row &r : kEvent)
            add("Event", r);
        const QList<std::pair<const char *, QList<Row>>> workloads{
            {"Deployment", QList<Row>(std::begin(kDeployment), std::end(kDeployment))},
            {"ReplicaSet", QList<Row>(std::begin(kReplicaSet), std::end(kReplicaSet))}};
        for (const auto &[kind, own] : workloads) {
            for (const Row &r : own)
                add(kind, r);
            for (const Row &r : kPod)   // the pod template's spec
                if (QByteArray(r.path).startsWith("spec."))
                    add(kind, r, QStringLiteral("spec.template."));
        }
    }
    void everyListField()
    {
        QFETCH(QString, kind);
        QFETCH(QString, path);
        QFETCH(QString, strategy);
        QFETCH(QString, key);
        const PatchMeta m = kubernetesPatchMeta(kind, path.split(QLatin1Char('.')));
        const QStringList parts = strategy.split(QLatin1Char(','), Qt::SkipEmptyParts);
        QCOMPARE(m.mergeList, parts.contains(QLatin1String("merge")));
        QCOMPARE(m.retainKeys, parts.contains(QLatin1String("retainKeys")));
        QCOMPARE(m.mergeKey, key);
        QVERIFY(!m.replace);
    }

    // What the missing keys did to a real patch: the new element joined, the old one stayed.
    void newKeysMergeInPatches_data()
    {
        QTest::addColumn<QString>("kind");
        QTest::addColumn<QByteArray>("original");
        QTest::addColumn<QByteArray>("patch");
        QTest::addColumn<QByteArray>("expected");
        QTest::newRow("topologySpreadConstraints on topologyKey") << "Pod"
            << QByteArray(R"({"spec":{"topologySpreadConstraints":[{"topologyKey":"zone","maxSkew":1,"whenUnsatisfiable":"DoNotSchedule"}]}})")
            << QByteArray(R"({"spec":{"topologySpreadConstraints":[{"topologyKey":"kubernetes.io/hostname","maxSkew":2,"whenUnsatisfiable":"ScheduleAnyway"}]}})")
            << QByteArray(R"({"spec":{"topologySpreadConstraints":[{"topologyKey":"kubernetes.io/hostname","maxSkew":2,"whenUnsatisfiable":"ScheduleAnyway"},{"topologyKey":"zone","maxSkew":1,"whenUnsatisfiable":"DoNotSchedule"}]}})");
        QTest::newRow("template schedulingGates on name") << "Deployment"
            << QByteArray(R"({"spec":{"template":{"spec":{"schedulingGates":[{"name":"a"}]}}}})")
            << QByteArray(R"({"spec":{"template":{"spec":{"schedulingGates":[{"name":"b"}]}}}})")
            << QByteArray(R"({"spec":{"template":{"spec":{"schedulingGates":[{"name":"b"},{"name":"a"}]}}}})");
        QTest::newRow("resourceClaims retainKeys") << "Pod"
            << QByteArray(R"({"spec":{"resourceClaims":[{"name":"gpu","resourceClaimName":"c1"}]}})")
            << QByteArray(R"({"spec":{"resourceClaims":[{"name":"gpu","resourceClaimTemplateName":"t1","$retainKeys":["name","resourceClaimTemplateName"]}]}})")
            << QByteArray(R"({"spec":{"resourceClaims":[{"name":"gpu","resourceClaimTemplateName":"t1"}]}})");
        QTest::newRow("podIPs on ip") << "Pod"
            << QByteArray(R"({"status":{"podIPs":[{"ip":"10.0.0.5"}]}})")
            << QByteArray(R"({"status":{"podIPs":[{"ip":"fd00::5"}]}})")
            << QByteArray(R"({"status":{"podIPs":[{"ip":"fd00::5"},{"ip":"10.0.0.5"}]}})");
        QTest::newRow("hostIPs on ip") << "Pod"
            << QByteArray(R"({"status":{"hostIPs":[{"ip":"192.168.0.2"}]}})")
            << QByteArray(R"({"status":{"hostIPs":[{"ip":"192.168.0.2","$patch":"delete"}]}})")
            << QByteArray(R"({"status":{"hostIPs":[]}})");
        QTest::newRow("node addresses on type") << "Node"
            << QByteArray(R"({"status":{"addresses":[{"type":"InternalIP","address":"10.1.0.1"},{"type":"Hostname","address":"n1"}]}})")
            << QByteArray(R"({"status":{"addresses":[{"type":"InternalIP","address":"10.1.0.9"}]}})")
            << QByteArray(R"({"status":{"addresses":[{"type":"InternalIP","address":"10.1.0.9"},{"type":"Hostname","address":"n1"}]}})");
        QTest::newRow("tolerations are replaced") << "Pod"
            << QByteArray(R"({"spec":{"tolerations":[{"key":"a","operator":"Exists"}]}})")
            << QByteArray(R"({"spec":{"tolerations":[{"key":"b","operator":"Exists"}]}})")
            << QByteArray(R"({"spec":{"tolerations":[{"key":"b","operator":"Exists"}]}})");
    }
    void newKeysMergeInPatches()
    {
        QFETCH(QString, kind);
        QFETCH(QByteArray, original);
        QFETCH(QByteArray, patch);
        QFETCH(QByteArray, expected);
        QString error;
        const std::optional<QJsonObject> got = applyStrategicMergePatch(json(original), json(patch), &error, kind);
        QVERIFY2(got, qPrintable(error));
        QCOMPARE(QJsonDocument(*got).toJson(QJsonDocument::Compact), QJsonDocument(json(expected)).toJson(QJsonDocument::Compact));
    }
};

QTEST_GUILESS_MAIN(TestPatchStrategies)
#include "tst_patchstrategies.moc"
