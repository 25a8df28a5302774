// SPDX-License-Identifier: Apache-2.0
#pragma once
// Shared by the tst_validation*.cpp suites: kube-apiserver's format messages, a valid object of
// every kind as JSON, and rows built as a JSON merge patch (RFC 7386) over one of them, decoded
// and defaulted the way the API server would before validating. Header-only; pure functions.
#include "core/api/codec.h"
#include "core/api/defaults.h"
#include "core/api/fielderror.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QStringList>

namespace rlab::test::validation {

using namespace rlab::api;

inline const QString kSubdomainMsg = QStringLiteral(
    R"x(a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*'))x");
inline const QString kLabelMsg = QStringLiteral(
    R"x(a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?'))x");
inline const QString kQualifiedNameMsg = QStringLiteral(
    R"x(must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]'))x");
inline const QString kLabelValueMsg = QStringLiteral(
    R"x(a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyValue',  or 'my_value',  or '12345', regex used for validation is '(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?'))x");
inline const QString kPercentMsg = QStringLiteral(
    R"x(a valid percent string must be a numeric string followed by an ending '%' (e.g. '1%',  or '93%', regex used for validation is '[0-9]+%'))x");
inline const QString kQuantityMsg = QStringLiteral(
    R"x(quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$')x");
inline const QString kPodUpdateMsg = QStringLiteral(
    "pod updates may not change fields other than `spec.containers[*].image`,`spec.initContainers[*].image`,"
    "`spec.activeDeadlineSeconds`,`spec.tolerations` (only additions to existing tolerations),"
    "`spec.terminationGracePeriodSeconds` (allow it to be set to 1 if it was previously negative)\n");

inline const char *const kDeployment = R"({"apiVersion":"apps/v1","kind":"Deployment",
  "metadata":{"name":"web","namespace":"default"},
  "spec":{"replicas":3,"selector":{"matchLabels":{"app":"web"}},
    "template":{"metadata":{"labels":{"app":"web"}},
      "spec":{"containers":[{"name":"nginx","image":"nginx:1.25","ports":[{"containerPort":80}]}]}}}})";
inline const char *const kReplicaSet = R"({"apiVersion":"apps/v1","kind":"ReplicaSet",
  "metadata":{"name":"web-5d4f8","namespace":"default"},
  "spec":{"replicas":2,"selector":{"matchLabels":{"app":"web"}},
    "template":{"metadata":{"labels":{"app":"web"}},"spec":{"containers":[{"name":"nginx","image":"nginx:1.25"}]}}}})";
inline const char *const kPod = R"({"apiVersion":"v1","kind":"Pod","metadata":{"name":"web-1","namespace":"default"},
  "spec":{"containers":[{"name":"nginx","image":"nginx:1.25"}]}})";
inline const char *const kNode = R"({"apiVersion":"v1","kind":"Node","metadata":{"name":"node-1"},
  "status":{"capacity":{"cpu":"4","memory":"8Gi","pods":"110"}}})";
inline const char *const kNamespace = R"({"apiVersion":"v1","kind":"Namespace","metadata":{"name":"team-a"}})";
inline const char *const kEvent = R"({"apiVersion":"v1","kind":"Event","metadata":{"name":"web.17a2b","namespace":"default"},
  "involvedObject":{"kind":"Deployment","namespace":"default","name":"web"},
  "reason":"ScalingReplicaSet","message":"Scaled up replica set web-5d4f8 to 3","type":"Normal",
  "source":{"component":"deployment-controller"},"count":1})";

inline QJsonObject parse(const QByteArray &json)
{
    QJsonParseError err;
    const QJsonDocument doc = QJsonDocument::fromJson(json, &err);
    if (doc.isNull())
        qFatal("bad test JSON: %s in %s", qPrintable(err.errorString()), json.constData());
    return doc.object();
}

// RFC 7386 JSON merge patch: objects merge, null deletes, anything else replaces.
inline QJsonValue mergePatch(const QJsonValue &target, const QJsonValue &patch)
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

inline MutableObjectPtr build(const char *base, const QByteArray &patch)
{
    const QJsonObject json = mergePatch(parse(base), patch.isEmpty() ? QJsonObject() : parse(patch)).toObject();
    const DecodeResult r = decodeObject(json);
    if (!r.object)
        qFatal("row does not decode: %s", qPrintable(r.error));
    setDefaults(*r.object);
    return r.object;
}

inline QStringList messages(const FieldErrors &errs)
{
    QStringList out;
    for (const FieldError &e : errs)
        out << e.message();
    return out;
}

inline const char *baseFor(const QString &kind)
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
inline MutableObjectPtr stored(const char *base, const QByteArray &patch)
{
    MutableObjectPtr o = build(base, patch);
    o->metadata.resourceVersion = QStringLiteral("7");
    o->metadata.uid = QStringLiteral("0b7c2f6e-1111-2222-3333-444455556666");
    return o;
}

} // namespace rlab::test::validation
