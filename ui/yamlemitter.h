#pragma once
#include <QJsonValue>
#include <QString>

namespace rlab::ui {

// Writes JSON as block YAML the way `kubectl get -o yaml` prints objects (go-yaml v2 layout:
// two-space indent, sequence dashes at the parent key's indent, keys in the JSON object's order,
// strings quoted only when YAML would read them as something else: "true", "3", "", "1.25",
// timestamps, leading indicators, ": " inside). Pure function; any thread.
class YamlEmitter
{
public:
    static QString toYaml(const QJsonValue &value);
    // `s` as a plain or double-quoted YAML scalar.
    static QString scalar(const QString &s);
    static bool needsQuotes(const QString &s);

private:
    static void writeValue(QString &out, const QJsonValue &v, int indent);
    static void writeObject(QString &out, const QJsonObject &o, int indent, bool firstInline);
    static void writeArray(QString &out, const QJsonArray &a, int indent, bool firstInline);
    static QString inlineScalar(const QJsonValue &v);
};

} // namespace rlab::ui
