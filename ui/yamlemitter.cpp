#include "ui/yamlemitter.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>

#include <cmath>

namespace rlab::ui {

namespace {

bool isEmptyContainer(const QJsonValue &v)
{
    return (v.isObject() && v.toObject().isEmpty()) || (v.isArray() && v.toArray().isEmpty());
}

bool isContainer(const QJsonValue &v)
{
    return (v.isObject() || v.isArray()) && !isEmptyContainer(v);
}

} // namespace

bool YamlEmitter::needsQuotes(const QString &s)
{
    if (s.isEmpty())
        return true;
    static const QRegularExpression special(QStringLiteral(
        "^(?:~|null|true|false|yes|no|on|off|y|n"
        "|[-+]?(?:\\d[\\d_]*)?\\.?\\d[\\d_]*(?:[eE][-+]?\\d+)?"   // 1, 1.5, .5, 1e3, 1_000
        "|[-+]?0x[0-9a-fA-F_]+|[-+]?0o?[0-7_]+|[-+]?0b[01_]+"
        "|[-+]?\\.(?:inf|nan)"
        "|\\d{4}-\\d\\d?-\\d\\d?(?:[Tt ].*)?"                      // timestamps
        "|\\d+(?::[0-5]?\\d)+(?:\\.\\d*)?)$"),                     // sexagesimal 1:30
        QRegularExpression::CaseInsensitiveOption);
    if (special.match(s).hasMatch())
        return true;
    const QChar first = s.front();
    if (QStringLiteral("-?:,[]{}#&*!|>'\"%@`").contains(first) && !(first == QLatin1Char('-') && s.size() > 1 && s[1] != QLatin1Char(' ')))
        return true;
    if (first.isSpace() || s.back().isSpace() || s.back() == QLatin1Char(':'))
        return true;
    if (s.contains(QLatin1String(": ")) || s.contains(QLatin1String(" #")))
        return true;
    for (QChar c : s) {
        if (c.unicode() < 0x20 || c.unicode() == 0x7f)
            return true;
    }
    return false;
}

QString YamlEmitter::scalar(const QString &s)
{
    if (!needsQuotes(s))
        return s;
    // A JSON string is a valid YAML double-quoted scalar.
    const QByteArray json = QJsonDocument(QJsonArray{s}).toJson(QJsonDocument::Compact);
    return QString::fromUtf8(json.mid(1, json.size() - 2));
}

QString YamlEmitter::inlineScalar(const QJsonValue &v)
{
    switch (v.type()) {
    case QJsonValue::Null:
    case QJsonValue::Undefined:
        return QStringLiteral("null");
    case QJsonValue::Bool:
        return v.toBool() ? QStringLiteral("true") : QStringLiteral("false");
    case QJsonValue::Double: {
        const double d = v.toDouble();
        if (std::isfinite(d) && d == std::floor(d) && std::fabs(d) < 9007199254740992.0)
            return QString::number(static_cast<qint64>(d));
        return QString::number(d, 'g', 17);
    }
    case QJsonValue::String:
        return scalar(v.toString());
    case QJsonValue::Object:
        return QStringLiteral("{}");
    case QJsonValue::Array:
        return QStringLiteral("[]");
    }
    return {};
}

void YamlEmitter::writeObject(QString &out, const QJsonObject &o, int indent, bool firstInline)
{
    const QString pad(indent, QLatin1Char(' '));
    bool first = true;
    for (auto it = o.begin(); it != o.end(); ++it) {
        if (!(first && firstInline))
            out += pad;
        first = false;
        out += scalar(it.key());
        out += QLatin1Char(':');
        const QJsonValue v = it.value();
        if (isContainer(v)) {
            out += QLatin1Char('\n');
            // go-yaml v2: a sequence under a key starts at the key's own indent.
            writeValue(out, v, v.isArray() ? indent : indent + 2);
        } else {
            out += QLatin1Char(' ');
            out += inlineScalar(v);
            out += QLatin1Char('\n');
        }
    }
}

void YamlEmitter::writeArray(QString &out, const QJsonArray &a, int indent, bool firstInline)
{
    const QString pad(indent, QLatin1Char(' '));
    bool first = true;
    for (const QJsonValue &v : a) {
        if (!(first && firstInline))
            out += pad;
        first = false;
        out += QLatin1String("- ");
        if (v.isObject() && !isEmptyContainer(v))
            writeObject(out, v.toObject(), indent + 2, true);
        else if (v.isArray() && !isEmptyContainer(v))
            writeArray(out, v.toArray(), indent + 2, true);
        else {
            out += inlineScalar(v);
            out += QLatin1Char('\n');
        }
    }
}

void YamlEmitter::writeValue(QString &out, const QJsonValue &v, int indent)
{
    if (v.isObject() && !isEmptyContainer(v))
        writeObject(out, v.toObject(), indent, false);
    else if (v.isArray() && !isEmptyContainer(v))
        writeArray(out, v.toArray(), indent, false);
    else {
        out += QString(indent, QLatin1Char(' '));
        out += inlineScalar(v);
        out += QLatin1Char('\n');
    }
}

QString YamlEmitter::toYaml(const QJsonValue &value)
{
    QString out;
    writeValue(out, value, 0);
    return out;
}

} // namespace rlab::ui
