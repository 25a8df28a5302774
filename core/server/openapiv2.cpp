#include "core/server/openapiv2.h"

#include "core/apiserver/kubeversion.h"
#include "core/apiserver/resourcetype.h"

#include <QJsonArray>
#include <QList>

#include <algorithm>

namespace rlab::server {

namespace {
// Protocol buffers wire format, just what the document needs: varint fields and
// length-delimited fields (strings and nested messages).
void varint(QByteArray &out, quint64 v)
{
    do {
        quint8 b = v & 0x7f;
        v >>= 7;
        if (v)
            b |= 0x80;
        out.append(char(b));
    } while (v);
}

void bytesField(QByteArray &out, int field, const QByteArray &value)
{
    varint(out, quint64(field) << 3 | 2);
    varint(out, quint64(value.size()));
    out += value;
}

void stringField(QByteArray &out, int field, const QString &value)
{
    if (!value.isEmpty())
        bytesField(out, field, value.toUtf8());
}

void boolField(QByteArray &out, int field, bool value)
{
    if (!value)
        return;
    varint(out, quint64(field) << 3 | 0);
    varint(out, 1);
}

// A vendor extension's value as gnostic keeps it: YAML text.
QString yamlOf(const QJsonValue &v)
{
    if (v.isString())
        return v.toString() + QLatin1Char('\n');
    QString out;
    const QJsonObject o = v.toObject();
    for (auto it = o.begin(); it != o.end(); ++it) {
        const QString s = it.value().toString();
        out += it.key() + QStringLiteral(": ") + (s.isEmpty() ? QStringLiteral("\"\"") : s) + QLatin1Char('\n');
    }
    return out;
}

// NamedAny {name = 1; Any value = 2 {yaml = 2}} for every "x-…" member of `o`.
void vendorExtensions(QByteArray &out, int field, const QJsonObject &o)
{
    for (auto it = o.begin(); it != o.end(); ++it) {
        if (!it.key().startsWith(QLatin1String("x-")))
            continue;
        QByteArray any, named;
        stringField(any, 2, yamlOf(it.value()));
        stringField(named, 1, it.key());
        bytesField(named, 2, any);
        bytesField(out, field, named);
    }
}

// ParametersItem {Parameter parameter = 1 {NonBodyParameter non_body_parameter = 2 {
//   QueryParameterSubSchema = 3 | PathParameterSubSchema = 4}}}
QByteArray parameter(const QJsonObject &p)
{
    QByteArray sub;
    const bool path = p.value(QLatin1String("in")).toString() == QLatin1String("path");
    boolField(sub, 1, p.value(QLatin1String("required")).toBool());
    stringField(sub, 2, p.value(QLatin1String("in")).toString());
    stringField(sub, 3, p.value(QLatin1String("description")).toString());
    stringField(sub, 4, p.value(QLatin1String("name")).toString());
    stringField(sub, path ? 5 : 6, p.value(QLatin1String("type")).toString());
    boolField(sub, path ? 19 : 20, p.value(QLatin1String("uniqueItems")).toBool());
    QByteArray nonBody, param, item;
    bytesField(nonBody, path ? 4 : 3, sub);
    bytesField(param, 2, nonBody);
    bytesField(item, 1, param);
    return item;
}

QByteArray operation(const QJsonObject &op)
{
    QByteArray out;
    for (const QJsonValue &t : op.value(QLatin1String("tags")).toArray())
        stringField(out, 1, t.toString());
    stringField(out, 3, op.value(QLatin1String("description")).toString());
    stringField(out, 5, op.value(QLatin1String("operationId")).toString());
    for (const QJsonValue &t : op.value(QLatin1String("produces")).toArray())
        stringField(out, 6, t.toString());
    for (const QJsonValue &t : op.value(QLatin1String("consumes")).toArray())
        stringField(out, 7, t.toString());
    for (const QJsonValue &p : op.value(QLatin1String("parameters")).toArray())
        bytesField(out, 8, parameter(p.toObject()));
    // Responses {NamedResponseValue response_code = 1 {name = 1; ResponseValue value = 2 {
    //   Response response = 1 {description = 1}}}}
    QByteArray responses;
    const QJsonObject rs = op.value(QLatin1String("responses")).toObject();
    for (auto it = rs.begin(); it != rs.end(); ++it) {
        QByteArray response, value, named;
        stringField(response, 1, it.value().toObject().value(QLatin1String("description")).toString());
        bytesField(value, 1, response);
        stringField(named, 1, it.key());
        bytesField(named, 2, value);
        bytesField(responses, 1, named);
    }
    bytesField(out, 9, responses);
    for (const QJsonValue &t : op.value(QLatin1String("schemes")).toArray())
        stringField(out, 10, t.toString());
    vendorExtensions(out, 13, op);
    return out;
}

QJsonObject param(const char *name, const char *in, const char *description, bool required = false)
{
    QJsonObject p{{QStringLiteral("name"), QLatin1String(name)},
                  {QStringLiteral("in"), QLatin1String(in)},
                  {QStringLiteral("description"), QLatin1String(description)},
                  {QStringLiteral("type"), QStringLiteral("string")},
                  {QStringLiteral("uniqueItems"), true}};
    if (required)
        p.insert(QStringLiteral("required"), true);
    return p;
}
} // namespace

QJsonObject OpenApiV2::document()
{
    const QJsonArray queryParams{
        param("dryRun", "query", "When present, indicates that modifications should not be persisted."),
        param("fieldManager", "query", "fieldManager is a name associated with the actor or entity that is making these changes."),
        param("fieldValidation", "query", "fieldValidation instructs the server on how to handle objects in the request "
                                          "containing unknown or duplicate fields. Valid values are: Ignore, Warn, Strict."),
        param("force", "query", "Force is going to \"force\" Apply requests.")};
    const QJsonArray consumes{QStringLiteral("application/json-patch+json"), QStringLiteral("application/merge-patch+json"),
                              QStringLiteral("application/strategic-merge-patch+json"), QStringLiteral("application/apply-patch+yaml")};
    const QJsonArray produces{QStringLiteral("application/json"), QStringLiteral("application/yaml")};
    QJsonObject paths;
    for (const apiserver::ResourceType &r : apiserver::resources::builtin()) {
        const QString gv = r.group.isEmpty() ? QStringLiteral("api/") + r.version : QStringLiteral("apis/%1/%2").arg(r.group, r.version);
        const QString path = QStringLiteral("/%1/%2%3/{name}").arg(gv, r.namespaced ? QStringLiteral("namespaces/{namespace}/") : QString(), r.resource);
        const QString tag = (r.group.isEmpty() ? QStringLiteral("core") : QString(r.group).remove(QStringLiteral(".k8s.io")).replace(QLatin1Char('.'), QLatin1Char('_')))
                            + QLatin1Char('_') + r.version;
        QJsonArray pathParams{param("name", "path", "name of the resource", true)};
        if (r.namespaced)
            pathParams.append(param("namespace", "path", "object name and auth scope, such as for teams and projects", true));
        const QJsonObject patch{
            {QStringLiteral("description"), QStringLiteral("partially update the specified ") + r.kind},
            {QStringLiteral("consumes"), consumes},
            {QStringLiteral("produces"), produces},
            {QStringLiteral("schemes"), QJsonArray{QStringLiteral("https")}},
            {QStringLiteral("tags"), QJsonArray{tag}},
            {QStringLiteral("operationId"), QStringLiteral("patch") + QString(tag).replace(QLatin1Char('_'), QString()) + r.kind},
            {QStringLiteral("parameters"), queryParams},
            {QStringLiteral("responses"), QJsonObject{{QStringLiteral("200"), QJsonObject{{QStringLiteral("description"), QStringLiteral("OK")}}},
                                                      {QStringLiteral("401"), QJsonObject{{QStringLiteral("description"), QStringLiteral("Unauthorized")}}}}},
            {QStringLiteral("x-kubernetes-action"), QStringLiteral("patch")},
            {QStringLiteral("x-kubernetes-group-version-kind"),
             QJsonObject{{QStringLiteral("group"), r.group}, {QStringLiteral("kind"), r.kind}, {QStringLiteral("version"), r.version}}}};
        paths.insert(path, QJsonObject{{QStringLiteral("patch"), patch}, {QStringLiteral("parameters"), pathParams}});
    }
    return QJsonObject{{QStringLiteral("swagger"), QStringLiteral("2.0")},
                       {QStringLiteral("info"), QJsonObject{{QStringLiteral("title"), QStringLiteral("Kubernetes")},
                                                            {QStringLiteral("version"), apiserver::KubeVersion::served().gitVersion()}}},
                       {QStringLiteral("paths"), paths},
                       {QStringLiteral("definitions"), QJsonObject()}};
}

QByteArray OpenApiV2::protobuf()
{
    const QJsonObject doc = document();
    QByteArray out;
    stringField(out, 1, doc.value(QLatin1String("swagger")).toString());
    QByteArray info;
    const QJsonObject i = doc.value(QLatin1String("info")).toObject();
    stringField(info, 1, i.value(QLatin1String("title")).toString());
    stringField(info, 2, i.value(QLatin1String("version")).toString());
    bytesField(out, 2, info);
    // Paths {NamedPathItem path = 2 {name = 1; PathItem value = 2 {patch = 8; parameters = 9}}}
    QByteArray paths;
    const QJsonObject ps = doc.value(QLatin1String("paths")).toObject();
    for (auto it = ps.begin(); it != ps.end(); ++it) {
        const QJsonObject item = it.value().toObject();
        QByteArray pathItem, named;
        bytesField(pathItem, 8, operation(item.value(QLatin1String("patch")).toObject()));
        for (const QJsonValue &p : item.value(QLatin1String("parameters")).toArray())
            bytesField(pathItem, 9, parameter(p.toObject()));
        stringField(named, 1, it.key());
        bytesField(named, 2, pathItem);
        bytesField(paths, 2, named);
    }
    bytesField(out, 8, paths);
    bytesField(out, 9, QByteArray());   // Definitions: none
    return out;
}

QByteArray OpenApiV2::negotiate(const QByteArray &acceptIn)
{
    struct Clause
    {
        QByteArray type;
        double q;
        int order;
    };
    const QByteArray accept = acceptIn.trimmed().isEmpty() ? QByteArray("*/*") : acceptIn;
    QList<Clause> clauses;
    int order = 0;
    for (const QByteArray &range : accept.split(',')) {
        const QList<QByteArray> parts = range.split(';');
        double q = 1;
        for (qsizetype i = 1; i < parts.size(); ++i) {
            const QByteArray kv = parts[i].trimmed();
            if (kv.startsWith("q="))
                q = kv.mid(2).toDouble();
        }
        if (q > 0)
            clauses.append(Clause{parts[0].trimmed().toLower(), q, order++});
    }
    std::stable_sort(clauses.begin(), clauses.end(), [](const Clause &a, const Clause &b) { return a.q > b.q; });
    const QByteArray offered[] = {kJson, kProtobufDeprecated, kProtobuf};
    for (const Clause &c : clauses) {
        for (const QByteArray &o : offered) {
            const QByteArray type = o.left(o.indexOf('/')), sub = o.mid(o.indexOf('/') + 1);
            const QByteArray ct = c.type.left(c.type.indexOf('/')), cs = c.type.mid(c.type.indexOf('/') + 1);
            if ((ct == type || ct == "*") && (cs == sub || cs == "*"))
                return o;
        }
    }
    return {};
}

} // namespace rlab::server
