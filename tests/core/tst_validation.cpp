// validateCreate / validateUpdate / validateStatusUpdate: one row per upstream rule, each with
// the exact messages kube-apiserver produces (pkg/apis/apps/validation/validation_test.go
// TestValidateDeployment style). Rows are a JSON merge patch (RFC 7386) over a valid object,
// decoded and defaulted the way the API server would before validating.
#include "core/api/codec.h"
#include "core/api/defaults.h"
#include "core/api/namevalidation.h"
#include "core/api/validation.h"
#include "core/api/validationdetail.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QTest>

using namespace rlab::api;

namespace {

const QString kSubdomainMsg = QStringLiteral(
    R"x(a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*'))x");
const QString kLabelMsg = QStringLiteral(
    R"x(a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?'))x");
const QString kQualifiedNameMsg = QStringLiteral(
    R"x(must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]'))x");
const QString kLabelValueMsg = QStringLiteral(
    R"x(a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyValue',  or 'my_value',  or '12345', regex used for validation is '(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?'))x");
const QString kPercentMsg = QStringLiteral(
    R"x(a valid percent string must be a numeric string followed by an ending '%' (e.g. '1%',  or '93%', regex used for validation is '[0-9]+%'))x");
const QString kQuantityMsg = QStringLiteral(
    R"x(quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$')x");
const QString kPodUpdateMsg = QStringLiteral(
    "pod updates may not change fields other than `spec.containers[*].image`,`spec.initContainers[*].image`,"
    "`spec.activeDeadlineSeconds`,`spec.tolerations` (only additions to existing tolerations),"
    "`spec.terminationGracePeriodSeconds` (allow it to be set to 1 if it was previously negative)\n");

const char *kDeployment = R"({"apiVersion":"apps/v1","kind":"Deployment",
  "metadata":{"name":"web","namespace":"default"},
  "spec":{"replicas":3,"selector":{"matchLabels":{"app":"web"}},
    "template":{"metadata":{"labels":{"app":"web"}},
      "spec":{"containers":[{"name":"nginx","image":"nginx:1.25","ports":[{"containerPort":80}]}]}}}})";
const char *kReplicaSet = R"({"apiVersion":"apps/v1","kind":"ReplicaSet",
  "metadata":{"name":"web-5d4f8","namespace":"default"},
  "spec":{"replicas":2,"selector":{"matchLabels":{"app":"web"}},
    "template":{"metadata":{"labels":{"app":"web"}},"spec":{"containers":[{"name":"nginx","image":"nginx:1.25"}]}}}})";
const char *kPod = R"({"apiVersion":"v1","kind":"Pod","metadata":{"name":"web-1","namespace":"default"},
  "spec":{"containers":[{"name":"nginx","image":"nginx:1.25"}]}})";
const char *kNode = R"({"apiVersion":"v1","kind":"Node","metadata":{"name":"node-1"},
  "status":{"capacity":{"cpu":"4","memory":"8Gi","pods":"110"}}})";
const char *kNamespace = R"({"apiVersion":"v1","kind":"Namespace","metadata":{"name":"team-a"}})";
const char *kEvent = R"({"apiVersion":"v1","kind":"Event","metadata":{"name":"web.17a2b","namespace":"default"},
  "involvedObject":{"kind":"Deployment","namespace":"default","name":"web"},
  "reason":"ScalingReplicaSet","message":"Scaled up replica set web-5d4f8 to 3","type":"Normal",
  "source":{"component":"deployment-controller"},"count":1})";

QJsonObject parse(const QByteArray &json)
{
    QJsonParseError err;
    const QJsonDocument doc = QJsonDocument::fromJson(json, &err);
    if (doc.isNull())
        qFatal("bad test JSON: %s in %s", qPrintable(err.errorString()), json.constData());
    return doc.object();
}

// RFC 7386 JSON merge patch: objects merge, null deletes, anything else replaces.
QJsonValue mergePatch(const QJsonValue &target, const QJsonValue &patch)
{
    if (!patch.isObject())
        return patch;
    QJsonObject out = target.isObject() ? target.toObject() : QJsonObject();
    const QJsonObject p = patch.toObject();
    for (auto it = p.begin(); it != p.end(); ++it) {
        if (it.value().isNull())
            out.remove(it.key());
        else
            out.insert(it.key(), mergePatch(out.value(it.key()), it.value()));
    }
    return out;
}

MutableObjectPtr build(const char *base, const QByteArray &patch)
{
    const QJsonObject json = mergePatch(parse(base), patch.isEmpty() ? QJsonObject() : parse(patch)).toObject();
    const DecodeResult r = decodeObject(json);
    if (!r.object)
        qFatal("row does not decode: %s", qPrintable(r.error));
    setDefaults(*r.object);
    return r.object;
}

QStringList messages(const FieldErrors &errs)
{
    QStringList out;
    for (const FieldError &e : errs)
        out << e.message();
    return out;
}

const char *baseFor(const QString &kind)
{
    if (kind == QLatin1String("Deployment"))
        return kDeployment;
    if (kind == QLatin1String("ReplicaSet"))
        return kReplicaSet;
    if (kind == QLatin1String("Pod"))
        return kPod;
    if (kind == QLatin1String("Node"))
        return kNode;
    if (kind == QLatin1String("Namespace"))
        return kNamespace;
    return kEvent;
}

// The apiserver's bookkeeping before update validation: a stored object has a resourceVersion.
MutableObjectPtr stored(const char *base, const QByteArray &patch)
{
    MutableObjectPtr o = build(base, patch);
    o->metadata.resourceVersion = QStringLiteral("7");
    o->metadata.uid = QStringLiteral("0b7c2f6e-1111-2222-3333-444455556666");
    return o;
}

} // namespace

class TestValidation : public QObject
{
    Q_OBJECT

private slots:
    void nameFormats_data();
    void nameFormats();
    void create_data();
    void create();
    void invalidMessage_data();
    void invalidMessage();
    void update_data();
    void update();
    void statusUpdate_data();
    void statusUpdate();
    void podUpdateForbidsOtherFields();
    void invalidMessagePrintsRepeatedCausesOnce();
    void canonicalQuantity_data();
    void canonicalQuantity();
};

void TestValidation::nameFormats_data()
{
    QTest::addColumn<QString>("function");
    QTest::addColumn<QString>("value");
    QTest::addColumn<QStringList>("expected");
    QTest::newRow("subdomain ok") << "subdomain" << "web.example-1" << QStringList{};
    QTest::newRow("subdomain upper") << "subdomain" << "Web" << QStringList{kSubdomainMsg};
    QTest::newRow("subdomain too long") << "subdomain" << QString(254, QLatin1Char('a'))
                                        << QStringList{QStringLiteral("must be no more than 253 characters")};
    QTest::newRow("label dots") << "label" << "a.b" << QStringList{QStringLiteral("must not contain dots")};
    QTest::newRow("label underscore") << "label" << "a_b" << QStringList{kLabelMsg};
    QTest::newRow("label too long") << "label" << QString(64, QLatin1Char('a'))
                                    << QStringList{QStringLiteral("must be no more than 63 characters")};
    QTest::newRow("qualified ok") << "qualified" << "app.kubernetes.io/name" << QStringList{};
    QTest::newRow("qualified empty") << "qualified" << ""
                                     << QStringList{QStringLiteral("name part must be non-empty"),
                                                    QStringLiteral("name part ") + kQualifiedNameMsg};
    QTest::newRow("qualified empty prefix") << "qualified" << "/a" << QStringList{QStringLiteral("prefix part must be non-empty")};
    QTest::newRow("qualified bad prefix") << "qualified" << "Example.com/a"
                                          << QStringList{QStringLiteral("prefix part ") + kSubdomainMsg};
    QTest::newRow("qualified two slashes")
        << "qualified" << "a/b/c"
        << QStringList{QStringLiteral("a valid label key ") + kQualifiedNameMsg
                       + QStringLiteral(" with an optional DNS subdomain prefix and '/' (e.g. 'example.com/MyName')")};
    QTest::newRow("label value ok empty") << "labelValue" << "" << QStringList{};
    QTest::newRow("label value dash") << "labelValue" << "-x" << QStringList{kLabelValueMsg};
    QTest::newRow("percent") << "percent" << "25" << QStringList{kPercentMsg};
    QTest::newRow("generateName trailing dash ok") << "generateName" << "web-" << QStringList{};
    QTest::newRow("generateName upper") << "generateName" << "Web-" << QStringList{kSubdomainMsg};
    QTest::newRow("path segment slash") << "pathSegment" << "a/b" << QStringList{QStringLiteral("may not contain '/'")};
    QTest::newRow("path segment dot") << "pathSegment" << ".." << QStringList{QStringLiteral("may not be '..'")};
    QTest::newRow("port name") << "portName" << "http--2"
                               << QStringList{QStringLiteral("must not contain consecutive hyphens")};
}

void TestValidation::nameFormats()
{
    QFETCH(QString, function);
    QFETCH(QString, value);
    QFETCH(QStringList, expected);
    QStringList actual;
    if (function == QLatin1String("subdomain"))
        actual = isDNS1123Subdomain(value);
    else if (function == QLatin1String("label"))
        actual = isDNS1123Label(value);
    else if (function == QLatin1String("qualified"))
        actual = isQualifiedName(value);
    else if (function == QLatin1String("labelValue"))
        actual = isValidLabelValue(value);
    else if (function == QLatin1String("percent"))
        actual = isValidPercent(value);
    else if (function == QLatin1String("generateName"))
        actual = nameIsDNSSubdomain(value, true);
    else if (function == QLatin1String("pathSegment"))
        actual = validatePathSegmentName(value, false);
    else
        actual = isValidPortName(value);
    QCOMPARE(actual, expected);
}

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

void TestValidation::update_data()
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

void TestValidation::update()
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

void TestValidation::statusUpdate_data()
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
    row("namespace phase", "Namespace", "", R"({"status":{"phase":"Terminating"}})",
        {QStringLiteral("status.Phase: Invalid value: \"Terminating\": may only be 'Active' if `deletionTimestamp` is empty")});
}

void TestValidation::statusUpdate()
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

void TestValidation::podUpdateForbidsOtherFields()
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

void TestValidation::canonicalQuantity_data()
{
    QTest::addColumn<QString>("input");
    QTest::addColumn<QString>("expected");
    QTest::newRow("1000m") << "1000m" << "1";
    QTest::newRow("0.5") << "0.5" << "500m";
    QTest::newRow("1500m") << "1500m" << "1500m";
    QTest::newRow("2000") << "2000" << "2k";
    QTest::newRow("1024Mi") << "1024Mi" << "1Gi";
    QTest::newRow("1536Mi") << "1536Mi" << "1536Mi";
    QTest::newRow("0.5Ki") << "0.5Ki" << "512";
    QTest::newRow("zero") << "0Mi" << "0";
    QTest::newRow("exponent") << "1e3" << "1e3";
    QTest::newRow("unparsable") << "lots" << "lots";
}

void TestValidation::canonicalQuantity()
{
    QFETCH(QString, input);
    QFETCH(QString, expected);
    QCOMPARE(validation::canonicalQuantity(input), expected);
}

QTEST_GUILESS_MAIN(TestValidation)
#include "tst_validation.moc"
