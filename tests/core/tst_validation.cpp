// SPDX-License-Identifier: Apache-2.0
// validateCreate / validateUpdate / validateStatusUpdate: one row per upstream rule, each with
// the exact messages kube-apiserver produces (pkg/apis/apps/validation/validation_test.go
// TestValidateDeployment style). Rows are a JSON merge patch (RFC 7386) over a valid object,
// decoded and defaulted the way the API server would before validating.
// Updates: tst_validation_update.cpp; name and quantity formats: tst_validation_formats.cpp.
#include "core/api/namevalidation.h"
#include "core/api/validation.h"
#include "core/api/validationdetail.h"
#include "tests/core/validationtesthelpers.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QTest>

using namespace rlab::api;
using namespace rlab::test::validation;
class TestValidation : public QObject
{
    Q_OBJECT

private slots:
    void create_data();
    void create();
    void invalidMessage_data();
    void invalidMessage();
    void invalidMessagePrintsRepeatedCausesOnce();
    void aSharedListIsValidatedForItsData();
};
void TestValidation::create_data()
{
    QTest::addColumn<QString>("kind");
    QTest::addColumn<QByteArray>("patch");
    QTest::addColumn<QStringList>("expected");
    auto row = [](const char *name, const char *kind, const char *patch, const QStringList &expected) {
        QTest::newRow(name) << QString::fromLatin1(kind) << QByteArray(patch) << expected;
    };
    const QString tmplSpec = QStringLiteral("spec.template.spec.");
    const QString c0 = tmplSpec + QStringLiteral("containers[0].");

    // --- valid objects of every kind
    for (const char *kind : {"Deployment", "ReplicaSet", "Pod", "Node", "Namespace", "Event"})
        row(qPrintable(QStringLiteral("valid %1").arg(QLatin1String(kind))), kind, "", {});

    // --- metadata (apimachinery ValidateObjectMeta)
    row("name required", "Deployment", R"({"metadata":{"name":null}})",
        {QStringLiteral("metadata.name: Required value: name or generateName is required")});
    row("name format", "Deployment", R"({"metadata":{"name":"Web_1"}})",
        {QStringLiteral("metadata.name: Invalid value: \"Web_1\": ") + kSubdomainMsg});
    row("generateName format", "Deployment", R"({"metadata":{"generateName":"Web-"}})",
        {QStringLiteral("metadata.generateName: Invalid value: \"Web-\": ") + kSubdomainMsg});
    row("namespace required", "Deployment", R"({"metadata":{"namespace":null}})",
        {QStringLiteral("metadata.namespace: Required value")});
    row("namespace format", "Deployment", R"({"metadata":{"namespace":"team.a"}})",
        {QStringLiteral("metadata.namespace: Invalid value: \"team.a\": must not contain dots")});
    row("label key", "Deployment", R"({"metadata":{"labels":{"bad key":"x"}}})",
        {QStringLiteral("metadata.labels: Invalid value: \"bad key\": name part ") + kQualifiedNameMsg});
    row("label value", "Deployment", R"({"metadata":{"labels":{"tier":"-x"}}})",
        {QStringLiteral("metadata.labels: Invalid value: \"-x\": ") + kLabelValueMsg});
    row("annotation key", "Deployment", R"({"metadata":{"annotations":{"a/b/c":"x"}}})",
        {QStringLiteral("metadata.annotations: Invalid value: \"a/b/c\": a valid label key ") + kQualifiedNameMsg
         + QStringLiteral(" with an optional DNS subdomain prefix and '/' (e.g. 'example.com/MyName')")});
    row("annotation key case-insensitive", "Deployment", R"({"metadata":{"annotations":{"Example.COM/Key":"x"}}})", {});
    QTest::newRow("annotations too large")   // 1 + 262144 bytes of keys and values
        << QStringLiteral("Deployment")
        << QByteArray(R"({"metadata":{"annotations":{"k":")") + QByteArray(262144, 'x') + QByteArray(R"("}}})")
        << QStringList{QStringLiteral("metadata.annotations: Too long: may not be more than 262144 bytes")};
    QTest::newRow("label value too long")
        << QStringLiteral("Deployment") << QByteArray(R"({"metadata":{"labels":{"tier":")") + QByteArray(64, 'a') + QByteArray(R"("}}})")
        << QStringList{QStringLiteral("metadata.labels: Invalid value: \"") + QString(64, QLatin1Char('a'))
                       + QStringLiteral("\": must be no more than 63 characters")};
    row("owner reference uid", "Deployment",
        R"({"metadata":{"ownerReferences":[{"apiVersion":"v1","kind":"Pod","name":"p"}]}})",
        {QStringLiteral("metadata.ownerReferences.uid: Invalid value: \"\": uid must not be empty")});
    row("owner reference version", "Deployment",
        R"({"metadata":{"ownerReferences":[{"apiVersion":"","kind":"Pod","name":"p","uid":"1"}]}})",
        {QStringLiteral("metadata.ownerReferences.apiVersion: Invalid value: \"\": version must not be empty")});
    row("event may not own", "Deployment",
        R"({"metadata":{"ownerReferences":[{"apiVersion":"v1","kind":"Event","name":"e","uid":"1"}]}})",
        {QStringLiteral(R"(metadata.ownerReferences: Invalid value: {"apiVersion":"v1","kind":"Event","name":"e","uid":"1"}: /v1, Kind=Event is disallowed from being an owner)")});
    row("two controllers", "Deployment",
        R"({"metadata":{"ownerReferences":[{"apiVersion":"v1","kind":"A","name":"a","uid":"1","controller":true},
                                           {"apiVersion":"v1","kind":"B","name":"b","uid":"2","controller":true}]}})",
        {QStringLiteral(R"(metadata.ownerReferences: Invalid value: [{"apiVersion":"v1","kind":"A","name":"a","uid":"1","controller":true},{"apiVersion":"v1","kind":"B","name":"b","uid":"2","controller":true}]: Only one reference can have Controller set to true. Found "true" in references for A/a and B/b)")});
    row("finalizer not qualified", "Deployment", R"({"metadata":{"finalizers":["cleanup"]}})",
        {QStringLiteral("metadata.finalizers[0]: Invalid value: \"cleanup\": name is neither a standard finalizer name nor is it fully qualified")});
    row("finalizer orphan and foreground", "Deployment", R"({"metadata":{"finalizers":["orphan","foregroundDeletion"]}})",
        {QStringLiteral(R"(metadata.finalizers: Invalid value: ["orphan","foregroundDeletion"]: finalizer orphan and foregroundDeletion cannot be both set)")});

    // --- DeploymentSpec (ValidateDeploymentSpec)
    row("negative replicas", "Deployment", R"({"spec":{"replicas":-1}})",
        {QStringLiteral("spec.replicas: Invalid value: -1: must be greater than or equal to 0")});
    row("zero replicas", "Deployment", R"({"spec":{"replicas":0}})", {});
    row("selector required", "Deployment", R"({"spec":{"selector":null}})",
        {QStringLiteral("spec.selector: Required value"),
         QStringLiteral(R"(spec.template.metadata.labels: Invalid value: {"app":"web"}: `selector` does not match template `labels`)")});
    row("empty selector", "Deployment", R"({"spec":{"selector":{"matchLabels":null}}})",
        {QStringLiteral("spec.selector: Invalid value: {}: empty selector is invalid for deployment")});
    row("selector mismatch", "Deployment", R"({"spec":{"selector":{"matchLabels":{"app":"api"}}}})",
        {QStringLiteral(R"(spec.template.metadata.labels: Invalid value: {"app":"web"}: `selector` does not match template `labels`)")});
    row("selector expression matches", "Deployment",
        R"({"spec":{"selector":{"matchLabels":null,"matchExpressions":[{"key":"app","operator":"In","values":["web","api"]}]}}})", {});
    row("selector expression mismatch", "Deployment",
        R"({"spec":{"selector":{"matchExpressions":[{"key":"tier","operator":"Exists"}]}}})",
        {QStringLiteral(R"(spec.template.metadata.labels: Invalid value: {"app":"web"}: `selector` does not match template `labels`)")});
    row("selector operator", "Deployment",
        R"({"spec":{"selector":{"matchExpressions":[{"key":"app","operator":"Foo","values":["web"]}]}}})",
        {QStringLiteral("spec.selector.matchExpressions[0].operator: Invalid value: \"Foo\": not a valid selector operator"),
         QStringLiteral(R"(spec.selector: Invalid value: {"matchLabels":{"app":"web"},"matchExpressions":[{"key":"app","operator":"Foo","values":["web"]}]}: invalid label selector)")});
    row("selector In without values", "Deployment",
        R"({"spec":{"selector":{"matchExpressions":[{"key":"app","operator":"In"}]}}})",
        {QStringLiteral("spec.selector.matchExpressions[0].values: Required value: must be specified when `operator` is 'In' or 'NotIn'"),
         QStringLiteral(R"(spec.selector: Invalid value: {"matchLabels":{"app":"web"},"matchExpressions":[{"key":"app","operator":"In"}]}: invalid label selector)")});
    row("strategy type", "Deployment", R"({"spec":{"strategy":{"type":"Blue"}}})",
        {QStringLiteral(R"(spec.strategy: Unsupported value: {"Type":"Blue","RollingUpdate":null}: supported values: "Recreate", "RollingUpdate")")});
    row("recreate with rollingUpdate", "Deployment",
        R"({"spec":{"strategy":{"type":"Recreate","rollingUpdate":{"maxSurge":1}}}})",
        {QStringLiteral("spec.strategy.rollingUpdate: Forbidden: may not be specified when strategy `type` is 'Recreate'")});
    row("recreate", "Deployment", R"({"spec":{"strategy":{"type":"Recreate"}}})", {});
    row("both zero", "Deployment", R"({"spec":{"strategy":{"rollingUpdate":{"maxSurge":0,"maxUnavailable":0}}}})",
        {QStringLiteral("spec.strategy.rollingUpdate.maxUnavailable: Invalid value: 0: may not be 0 when `maxSurge` is 0")});
    row("both zero percent", "Deployment", R"({"spec":{"strategy":{"rollingUpdate":{"maxSurge":"0%","maxUnavailable":"0%"}}}})",
        {QStringLiteral("spec.strategy.rollingUpdate.maxUnavailable: Invalid value: \"0%\": may not be 0 when `maxSurge` is 0")});
    row("surge zero unavailable one", "Deployment", R"({"spec":{"strategy":{"rollingUpdate":{"maxSurge":0,"maxUnavailable":1}}}})", {});
    row("maxUnavailable over 100%", "Deployment", R"({"spec":{"strategy":{"rollingUpdate":{"maxUnavailable":"110%"}}}})",
        {QStringLiteral("spec.strategy.rollingUpdate.maxUnavailable: Invalid value: \"110%\": must not be greater than 100%")});
    row("maxSurge over 100% allowed", "Deployment", R"({"spec":{"strategy":{"rollingUpdate":{"maxSurge":"200%"}}}})", {});
    row("negative maxSurge", "Deployment", R"({"spec":{"strategy":{"rollingUpdate":{"maxSurge":-1}}}})",
        {QStringLiteral("spec.strategy.rollingUpdate.maxSurge: Invalid value: -1: must be greater than or equal to 0")});
    row("negative maxUnavailable", "Deployment", R"({"spec":{"strategy":{"rollingUpdate":{"maxUnavailable":-2}}}})",
        {QStringLiteral("spec.strategy.rollingUpdate.maxUnavailable: Invalid value: -2: must be greater than or equal to 0")});
    row("invalid percent", "Deployment", R"({"spec":{"strategy":{"rollingUpdate":{"maxSurge":"abc"}}}})",
        {QStringLiteral("spec.strategy.rollingUpdate.maxSurge: Invalid value: \"abc\": ") + kPercentMsg});
    row("negative revisionHistoryLimit", "Deployment", R"({"spec":{"revisionHistoryLimit":-1}})",
        {QStringLiteral("spec.revisionHistoryLimit: Invalid value: -1: must be greater than or equal to 0")});
    row("negative minReadySeconds", "Deployment", R"({"spec":{"minReadySeconds":-1}})",
        {QStringLiteral("spec.minReadySeconds: Invalid value: -1: must be greater than or equal to 0")});
    row("progress deadline not above minReady", "Deployment", R"({"spec":{"minReadySeconds":10,"progressDeadlineSeconds":10}})",
        {QStringLiteral("spec.progressDeadlineSeconds: Invalid value: 10: must be greater than minReadySeconds")});
    row("negative progress deadline", "Deployment", R"({"spec":{"progressDeadlineSeconds":-5}})",
        {QStringLiteral("spec.progressDeadlineSeconds: Invalid value: -5: must be greater than or equal to 0"),
         QStringLiteral("spec.progressDeadlineSeconds: Invalid value: -5: must be greater than minReadySeconds")});

    // --- pod template (ValidatePodTemplateSpecForReplicaSet / ValidatePodSpec)
    row("restartPolicy OnFailure", "Deployment", R"({"spec":{"template":{"spec":{"restartPolicy":"OnFailure"}}}})",
        {tmplSpec + QStringLiteral("restartPolicy: Unsupported value: \"OnFailure\": supported values: \"Always\"")});
    row("restartPolicy unknown", "Deployment", R"({"spec":{"template":{"spec":{"restartPolicy":"Sometimes"}}}})",
        {tmplSpec + QStringLiteral("restartPolicy: Unsupported value: \"Sometimes\": supported values: \"Always\", \"OnFailure\", \"Never\""),
         tmplSpec + QStringLiteral("restartPolicy: Unsupported value: \"Sometimes\": supported values: \"Always\"")});
    row("activeDeadlineSeconds", "Deployment", R"({"spec":{"template":{"spec":{"activeDeadlineSeconds":30}}}})",
        {tmplSpec + QStringLiteral("activeDeadlineSeconds: Forbidden: activeDeadlineSeconds in ReplicaSet is not Supported")});
    row("template label key", "Deployment", R"({"spec":{"template":{"metadata":{"labels":{"bad key":"x"}}}}})",
        {QStringLiteral("spec.template.labels: Invalid value: \"bad key\": name part ") + kQualifiedNameMsg});
    row("template deletion cost", "Deployment",
        R"({"spec":{"template":{"metadata":{"annotations":{"controller.kubernetes.io/pod-deletion-cost":"+5"}}}}})",
        {QStringLiteral("spec.template.annotations[controller.kubernetes.io/pod-deletion-cost]: Invalid value: \"+5\": must be a 32bit integer")});
    row("containers required", "Deployment", R"({"spec":{"template":{"spec":{"containers":[]}}}})",
        {tmplSpec + QStringLiteral("containers: Required value")});
    row("container name required", "Deployment", R"({"spec":{"template":{"spec":{"containers":[{"image":"nginx"}]}}}})",
        {c0 + QStringLiteral("name: Required value")});
    row("container name format", "Deployment",
        R"({"spec":{"template":{"spec":{"containers":[{"name":"Nginx_1","image":"nginx"}]}}}})",
        {c0 + QStringLiteral("name: Invalid value: \"Nginx_1\": ") + kLabelMsg});
    row("duplicate container", "Deployment",
        R"({"spec":{"template":{"spec":{"containers":[{"name":"nginx","image":"nginx"},{"name":"nginx","image":"busybox"}]}}}})",
        {tmplSpec + QStringLiteral("containers[1].name: Duplicate value: \"nginx\"")});
    row("init container named like a container", "Deployment",
        R"({"spec":{"template":{"spec":{"initContainers":[{"name":"nginx","image":"busybox"}]}}}})",
        {tmplSpec + QStringLiteral("initContainers[0].name: Duplicate value: \"nginx\"")});
    row("image required", "Deployment", R"({"spec":{"template":{"spec":{"containers":[{"name":"nginx"}]}}}})",
        {c0 + QStringLiteral("image: Required value")});
    row("port range", "Deployment",
        R"({"spec":{"template":{"spec":{"containers":[{"name":"nginx","image":"nginx","ports":[{"containerPort":70000}]}]}}}})",
        {c0 + QStringLiteral("ports[0].containerPort: Invalid value: 70000: must be between 1 and 65535, inclusive")});
    row("port required", "Deployment",
        R"({"spec":{"template":{"spec":{"containers":[{"name":"nginx","image":"nginx","ports":[{"name":"http"}]}]}}}})",
        {c0 + QStringLiteral("ports[0].containerPort: Required value")});
    row("hostPort range", "Deployment",
        R"({"spec":{"template":{"spec":{"containers":[{"name":"nginx","image":"nginx","ports":[{"containerPort":80,"hostPort":-1}]}]}}}})",
        {c0 + QStringLiteral("ports[0].hostPort: Invalid value: -1: must be between 1 and 65535, inclusive")});
    row("port protocol", "Deployment",
        R"({"spec":{"template":{"spec":{"containers":[{"name":"nginx","image":"nginx","ports":[{"containerPort":80,"protocol":"HTTP"}]}]}}}})",
        {c0 + QStringLiteral("ports[0].protocol: Unsupported value: \"HTTP\": supported values: \"SCTP\", \"TCP\", \"UDP\"")});
    row("port name", "Deployment",
        R"({"spec":{"template":{"spec":{"containers":[{"name":"nginx","image":"nginx","ports":[{"containerPort":80,"name":"HTTP"}]}]}}}})",
        {c0 + QStringLiteral("ports[0].name: Invalid value: \"HTTP\": must contain only alpha-numeric characters (a-z, 0-9), and hyphens (-)"),
         c0 + QStringLiteral("ports[0].name: Invalid value: \"HTTP\": must contain at least one letter or number (a-z, 0-9)")});
    row("hostPort conflict", "Deployment",
        R"({"spec":{"template":{"spec":{"containers":[{"name":"a","image":"nginx","ports":[{"containerPort":80,"hostPort":8080}]},
                                                      {"name":"b","image":"nginx","ports":[{"containerPort":81,"hostPort":8080}]}]}}}})",
        {tmplSpec + QStringLiteral("containers[1].ports[0].hostPort: Duplicate value: \"TCP//8080\"")});
    row("imagePullPolicy", "Deployment",
        R"({"spec":{"template":{"spec":{"containers":[{"name":"nginx","image":"nginx","imagePullPolicy":"Sometimes"}]}}}})",
        {c0 + QStringLiteral("imagePullPolicy: Unsupported value: \"Sometimes\": supported values: \"Always\", \"IfNotPresent\", \"Never\"")});
    row("terminationMessagePolicy", "Deployment",
        R"({"spec":{"template":{"spec":{"containers":[{"name":"nginx","image":"nginx","terminationMessagePolicy":"Stdout"}]}}}})",
        {c0 + QStringLiteral("terminationMessagePolicy: Unsupported value: \"Stdout\": supported values: \"File\", \"FallbackToLogsOnError\"")});
    row("requests above limits", "Deployment",
        R"({"spec":{"template":{"spec":{"containers":[{"name":"nginx","image":"nginx","resources":{"limits":{"cpu":"500m"},"requests":{"cpu":"1000m"}}}]}}}})",
        {c0 + QStringLiteral("resources.requests: Invalid value: \"1\": must be less than or equal to cpu limit of 500m")});
    row("memory requests above limits", "Deployment",
        R"({"spec":{"template":{"spec":{"containers":[{"name":"nginx","image":"nginx","resources":{"limits":{"memory":"1024Mi"},"requests":{"memory":"2Gi"}}}]}}}})",
        {c0 + QStringLiteral("resources.requests: Invalid value: \"2Gi\": must be less than or equal to memory limit of 1Gi")});
    row("negative quantity", "Deployment",
        R"({"spec":{"template":{"spec":{"containers":[{"name":"nginx","image":"nginx","resources":{"requests":{"memory":"-1Gi"}}}]}}}})",
        {c0 + QStringLiteral("resources.requests[memory]: Invalid value: \"-1Gi\": must be greater than or equal to 0")});
    row("unparsable quantity", "Deployment",
        R"({"spec":{"template":{"spec":{"containers":[{"name":"nginx","image":"nginx","resources":{"limits":{"cpu":"lots"}}}]}}}})",
        {c0 + QStringLiteral("resources.limits[cpu]: Invalid value: \"lots\": ") + kQuantityMsg});
    row("unknown resource", "Deployment",
        R"({"spec":{"template":{"spec":{"containers":[{"name":"nginx","image":"nginx","resources":{"limits":{"gpu":"1"}}}]}}}})",
        {c0 + QStringLiteral("resources.limits[gpu]: Invalid value: \"gpu\": must be a standard resource type or fully qualified"),
         c0 + QStringLiteral("resources.limits[gpu]: Invalid value: \"gpu\": must be a standard resource for containers")});
    row("extended resource must not overcommit", "Deployment",
        R"({"spec":{"template":{"spec":{"containers":[{"name":"nginx","image":"nginx","resources":{"limits":{"example.com/gpu":"2"},"requests":{"example.com/gpu":"1"}}}]}}}})",
        {c0 + QStringLiteral("resources.requests: Invalid value: \"1\": must be equal to example.com/gpu limit of 2")});
    row("extended resource needs a limit", "Deployment",
        R"({"spec":{"template":{"spec":{"containers":[{"name":"nginx","image":"nginx","resources":{"requests":{"example.com/gpu":"1"}}}]}}}})",
        {c0 + QStringLiteral("resources.limits: Required value: Limit must be set for non overcommitable resources")});
    row("probe without handler", "Deployment",
        R"({"spec":{"template":{"spec":{"containers":[{"name":"nginx","image":"nginx","livenessProbe":{"periodSeconds":5}}]}}}})",
        {c0 + QStringLiteral("livenessProbe: Required value: must specify a handler type")});
    row("liveness successThreshold", "Deployment",
        R"({"spec":{"template":{"spec":{"containers":[{"name":"nginx","image":"nginx","livenessProbe":{"tcpSocket":{"port":80},"successThreshold":2}}]}}}})",
        {c0 + QStringLiteral("livenessProbe.successThreshold: Invalid value: 2: must be 1")});
    row("probe negative delay", "Deployment",
        R"({"spec":{"template":{"spec":{"containers":[{"name":"nginx","image":"nginx","readinessProbe":{"httpGet":{"port":"http"},"initialDelaySeconds":-3}}]}}}})",
        {c0 + QStringLiteral("readinessProbe.initialDelaySeconds: Invalid value: -3: must be greater than or equal to 0")});
    row("dnsPolicy", "Deployment", R"({"spec":{"template":{"spec":{"dnsPolicy":"Google"}}}})",
        {tmplSpec + QStringLiteral("dnsPolicy: Unsupported value: \"Google\": supported values: \"ClusterFirstWithHostNet\", \"ClusterFirst\", \"Default\", \"None\"")});
    row("nodeSelector value", "Deployment", R"({"spec":{"template":{"spec":{"nodeSelector":{"disk":"ssd!"}}}}})",
        {tmplSpec + QStringLiteral("nodeSelector: Invalid value: \"ssd!\": ") + kLabelValueMsg});
    row("nodeName", "Deployment", R"({"spec":{"template":{"spec":{"nodeName":"Node_1"}}}})",
        {tmplSpec + QStringLiteral("nodeName: Invalid value: \"Node_1\": ") + kSubdomainMsg});
    row("toleration operator", "Deployment",
        R"({"spec":{"template":{"spec":{"tolerations":[{"key":"k","operator":"Maybe","value":"v"}]}}}})",
        {tmplSpec + QStringLiteral("tolerations[0].operator: Unsupported value: \"Maybe\": supported values: \"Equal\", \"Exists\"")});
    row("toleration effect", "Deployment",
        R"({"spec":{"template":{"spec":{"tolerations":[{"key":"k","operator":"Exists","effect":"NoWay"}]}}}})",
        {tmplSpec + QStringLiteral("tolerations[0].effect: Unsupported value: \"NoWay\": supported values: \"NoSchedule\", \"PreferNoSchedule\", \"NoExecute\"")});
    row("toleration Exists with value", "Deployment",
        R"({"spec":{"template":{"spec":{"tolerations":[{"key":"k","operator":"Exists","value":"v"}]}}}})",
        {tmplSpec + QStringLiteral(R"(tolerations[0].operator: Invalid value: {"Key":"k","Operator":"Exists","Value":"v","Effect":"","TolerationSeconds":null}: value must be empty when `operator` is 'Exists')")});
    row("toleration without key", "Deployment",
        R"({"spec":{"template":{"spec":{"tolerations":[{"operator":"Equal","value":"v"}]}}}})",
        {tmplSpec + QStringLiteral("tolerations[0].operator: Invalid value: \"Equal\": operator must be Exists when `key` is empty, which means \"match all values and all keys\"")});
    row("tolerationSeconds needs NoExecute", "Deployment",
        R"({"spec":{"template":{"spec":{"tolerations":[{"key":"k","operator":"Exists","effect":"NoSchedule","tolerationSeconds":30}]}}}})",
        {tmplSpec + QStringLiteral("tolerations[0].effect: Invalid value: \"NoSchedule\": effect must be 'NoExecute' when `tolerationSeconds` is set")});

    // --- ReplicaSet (ValidateReplicaSetSpec): same rules, including upstream's wording
    row("replicaset negative replicas", "ReplicaSet", R"({"spec":{"replicas":-2}})",
        {QStringLiteral("spec.replicas: Invalid value: -2: must be greater than or equal to 0")});
    row("replicaset empty selector", "ReplicaSet", R"({"spec":{"selector":{"matchLabels":null}}})",
        {QStringLiteral("spec.selector: Invalid value: {}: empty selector is invalid for deployment")});
    row("replicaset restartPolicy", "ReplicaSet", R"({"spec":{"template":{"spec":{"restartPolicy":"Never"}}}})",
        {tmplSpec + QStringLiteral("restartPolicy: Unsupported value: \"Never\": supported values: \"Always\"")});

    // --- Pod (ValidatePodCreate)
    row("pod restartPolicy Never", "Pod", R"({"spec":{"restartPolicy":"Never"}})", {});
    row("pod namespace required", "Pod", R"({"metadata":{"namespace":null}})",
        {QStringLiteral("metadata.namespace: Required value")});
    row("pod image whitespace", "Pod", R"({"spec":{"containers":[{"name":"nginx","image":" nginx"}]}})",
        {QStringLiteral("spec.containers[0].image: Invalid value: \" nginx\": must not have leading or trailing whitespace")});
    row("pod deletion cost", "Pod",
        R"({"metadata":{"annotations":{"controller.kubernetes.io/pod-deletion-cost":"007"}}})",
        {QStringLiteral("metadata.annotations[controller.kubernetes.io/pod-deletion-cost]: Invalid value: \"007\": must be a 32bit integer")});
    row("pod deletion cost ok", "Pod",
        R"({"metadata":{"annotations":{"controller.kubernetes.io/pod-deletion-cost":"-100"}}})", {});
    row("pod host network port", "Pod",
        R"({"spec":{"hostNetwork":true,"containers":[{"name":"nginx","image":"nginx","ports":[{"containerPort":80,"hostPort":8080}]}]}})",
        {QStringLiteral("spec.containers[0].ports[0].hostPort: Invalid value: 8080: must match `containerPort` when `hostNetwork` is true")});

    // --- Node, Namespace, Event
    row("node name", "Node", R"({"metadata":{"name":"Node_1"}})",
        {QStringLiteral("metadata.name: Invalid value: \"Node_1\": ") + kSubdomainMsg});
    row("node namespace", "Node", R"({"metadata":{"namespace":"default"}})",
        {QStringLiteral("metadata.namespace: Forbidden: not allowed on this type")});
    row("node taint effect", "Node", R"({"spec":{"taints":[{"key":"gpu","effect":"Sometimes"}]}})",
        {QStringLiteral("metadata.taints[0].effect: Unsupported value: \"Sometimes\": supported values: \"NoSchedule\", \"PreferNoSchedule\", \"NoExecute\"")});
    row("node duplicate taint", "Node",
        R"({"spec":{"taints":[{"key":"gpu","value":"a","effect":"NoSchedule"},{"key":"gpu","value":"b","effect":"NoSchedule"}]}})",
        {QStringLiteral(R"(metadata.taints[1]: Duplicate value: {"Key":"gpu","Value":"b","Effect":"NoSchedule","TimeAdded":null}: taints must be unique by key and effect pair)")});
    row("node capacity", "Node", R"({"status":{"capacity":{"cpu":"-1"}}})",
        {QStringLiteral("status.capacity.cpu: Invalid value: \"-1\": must be greater than or equal to 0"),
         // SetDefaults_NodeStatus copied capacity into allocatable
         QStringLiteral("status.allocatable.cpu: Invalid value: \"-1\": must be greater than or equal to 0")});
    row("namespace dots", "Namespace", R"({"metadata":{"name":"team.a"}})",
        {QStringLiteral("metadata.name: Invalid value: \"team.a\": must not contain dots")});
    row("namespace format", "Namespace", R"({"metadata":{"name":"Team_A"}})",
        {QStringLiteral("metadata.name: Invalid value: \"Team_A\": ") + kLabelMsg});
    row("namespace finalizer", "Namespace", R"({"spec":{"finalizers":["cleanup"]}})",
        {QStringLiteral("spec.finalizers: Invalid value: \"cleanup\": name is neither a standard finalizer name nor is it fully qualified")});
    row("event namespace mismatch", "Event", R"({"involvedObject":{"namespace":"other"}})",
        {QStringLiteral("involvedObject.namespace: Invalid value: \"other\": does not match event.namespace")});
    row("event name required", "Event", R"({"metadata":{"name":null}})",
        {QStringLiteral("metadata.name: Required value: name or generateName is required")});
    row("event name path segment", "Event", R"({"metadata":{"name":"a/b"}})",
        {QStringLiteral("metadata.name: Invalid value: \"a/b\": may not contain '/'")});
    row("new-style event needs reporting fields", "Event", R"({"eventTime":"2026-01-01T00:00:00.000000Z"})",
        {QStringLiteral("reportingController: Required value"),
         QStringLiteral("reportingController: Invalid value: \"\": name part must be non-empty"),
         QStringLiteral("reportingController: Invalid value: \"\": name part ") + kQualifiedNameMsg,
         QStringLiteral("reportingInstance: Required value"), QStringLiteral("action: Required value")});
}

void TestValidation::create()
{
    QFETCH(QString, kind);
    QFETCH(QByteArray, patch);
    QFETCH(QStringList, expected);
    MutableObjectPtr obj = build(baseFor(kind), patch);
    QCOMPARE(messages(validateCreate(*obj)), expected);
}

void TestValidation::invalidMessage_data()
{
    QTest::addColumn<QByteArray>("patch");
    QTest::addColumn<QString>("expected");
    QTest::newRow("replicas") << QByteArray(R"({"spec":{"replicas":-1}})")
                              << "The Deployment \"web\" is invalid: spec.replicas: Invalid value: -1: must be greater than or equal to 0";
    QTest::newRow("both zero")
        << QByteArray(R"({"spec":{"strategy":{"rollingUpdate":{"maxSurge":"0%","maxUnavailable":0}}}})")
        << "The Deployment \"web\" is invalid: spec.strategy.rollingUpdate.maxUnavailable: Invalid value: 0: may not be 0 when `maxSurge` is 0";
    QTest::newRow("selector")
        << QByteArray(R"({"spec":{"template":{"metadata":{"labels":{"app":"api"}}}}})")
        << QStringLiteral(R"(The Deployment "web" is invalid: spec.template.metadata.labels: Invalid value: {"app":"api"}: `selector` does not match template `labels`)");
    QTest::newRow("no image")
        << QByteArray(R"({"spec":{"template":{"spec":{"containers":[{"name":"nginx"}]}}}})")
        << "The Deployment \"web\" is invalid: spec.template.spec.containers[0].image: Required value";
    QTest::newRow("two errors")
        << QByteArray(R"({"spec":{"replicas":-1,"minReadySeconds":-1}})")
        << "The Deployment \"web\" is invalid: [spec.replicas: Invalid value: -1: must be greater than or equal to 0, "
           "spec.minReadySeconds: Invalid value: -1: must be greater than or equal to 0]";
}

void TestValidation::invalidMessage()
{
    QFETCH(QByteArray, patch);
    QFETCH(QString, expected);
    MutableObjectPtr obj = build(kDeployment, patch);
    QCOMPARE(rlab::api::invalidMessage(QStringLiteral("Deployment"), obj->metadata.name, validateCreate(*obj)), expected);
}

void TestValidation::invalidMessagePrintsRepeatedCausesOnce()
{
    // Both the generic registry and the strategy report a renamed object; the Status keeps both
    // causes, the message (utilerrors.Aggregate) prints the text once.
    const MutableObjectPtr oldObj = stored(kDeployment, {});
    MutableObjectPtr newObj = oldObj->clone();
    newObj->metadata.name = QStringLiteral("web2");
    const FieldErrors errs = validateUpdate(*newObj, *oldObj);
    QCOMPARE(errs.size(), 2);
    QCOMPARE(rlab::api::invalidMessage(QStringLiteral("Deployment"), QStringLiteral("web2"), errs),
             QStringLiteral("The Deployment \"web2\" is invalid: metadata.name: Invalid value: \"web2\": field is immutable"));
}
void TestValidation::aSharedListIsValidatedForItsData()
{
    // Pods made from one template share its container list, and the validation of the last
    // list seen is kept for the same data (validateSharedList). What it must never do: answer
    // for a list whose data differ, whatever the order the pods come in.
    const QString badName = QStringLiteral("spec.containers[0].name: Invalid value: \"Bad_Name\": ");
    const auto check = [](const Pod &pod) { return messages(validateCreate(pod)); };
    const MutableObjectPtr a = build(kPod, {});
    const Pod &podA = static_cast<const Pod &>(*a);
    QCOMPARE(check(podA), QStringList());
    Pod podB = podA;   // shares A's containers
    QVERIFY(podB.spec.containers.constData() == podA.spec.containers.constData());
    QCOMPARE(check(podB), QStringList());
    Pod podC = podA;
    podC.spec.containers[0].name = QStringLiteral("Bad_Name");   // its own list now
    QVERIFY(podC.spec.containers.constData() != podA.spec.containers.constData());
    const QStringList cErrors = check(podC);
    QCOMPARE(cErrors.size(), 1);
    QVERIFY2(cErrors.first().startsWith(badName), qPrintable(cErrors.first()));
    const Pod podD = podC;   // shares C's invalid list: the same errors, again
    QCOMPARE(check(podD), cErrors);
    QCOMPARE(check(podA), QStringList());   // and back to A's data
    QCOMPARE(check(podC), cErrors);
    // A list changed in place while nothing else holds it (the validation's hold makes it copy).
    Pod podE = podA;
    podE.spec.containers.detach();
    QCOMPARE(check(podE), QStringList());
    podE.spec.containers[0].name = QStringLiteral("Bad_Name");
    QCOMPARE(check(podE), cErrors);

    // Label maps likewise (plainValidLabels keeps the last maps it found valid).
    Pod podF = podA;
    podF.metadata.labels.insert(QStringLiteral("bad key"), QStringLiteral("x"));   // its own map now
    const QStringList fErrors = check(podF);
    QCOMPARE(fErrors.size(), 1);
    QVERIFY2(fErrors.first().startsWith(QLatin1String("metadata.labels: Invalid value: \"bad key\"")), qPrintable(fErrors.first()));
    const Pod podG = podF;   // shares F's invalid map
    QCOMPARE(check(podG), fErrors);
    QCOMPARE(check(podA), QStringList());
    QCOMPARE(check(podG), fErrors);
}

QTEST_GUILESS_MAIN(TestValidation)
#include "tst_validation.moc"
