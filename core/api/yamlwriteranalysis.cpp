#include "core/api/yamlwriterinternal.h"

#include "core/api/yamlscalar.h"

#include <QJsonObject>
#include <QList>
#include <QVariant>

#include <cmath>
#include <utility>

// The scalar analysis, style choice, key order and number text of toYaml (yamlwriter.cpp).

namespace rlab::api::yamlwrite {

Analysis analyze(const Bytes &v)
{
    Analysis a;
    if (v.isEmpty()) {
        a.blockAllowed = false;
        return a;
    }
    bool blockIndicators = false;
    bool lineBreaks = false;
    bool specialCharacters = false;
    bool leadingSpace = false;
    bool leadingBreak = false;
    bool trailingSpace = false;
    bool trailingBreak = false;
    bool breakSpace = false;
    bool spaceBreak = false;
    bool previousSpace = false;
    bool previousBreak = false;
    if (v.startsWith("---") || v.startsWith("..."))
        blockIndicators = true;
    bool precededByWhitespace = true;
    for (qsizetype i = 0, w = 0; i < v.size(); i += w) {
        w = width(at(v, i));
        const bool followedByWhitespace = i + w >= v.size() || isBlank(v, i + w);
        const char c = v[i];
        if (i == 0) {
            switch (c) {
            case '#': case ',': case '[': case ']': case '{': case '}': case '&': case '*': case '!':
            case '|': case '>': case '\'': case '"': case '%': case '@': case '`':
                blockIndicators = true;
                break;
            case '?': case ':':
                if (followedByWhitespace)
                    blockIndicators = true;
                break;
            case '-':
                if (followedByWhitespace)
                    blockIndicators = true;
                break;
            default:
                break;
            }
        } else {
            if (c == ':' && followedByWhitespace)
                blockIndicators = true;
            if (c == '#' && precededByWhitespace)
                blockIndicators = true;
        }
        if (!isPrintable(v, i))   // go-yaml v2: a tab is "special" too
            specialCharacters = true;
        // Deviation: NEL, LS and PS are line breaks to go-yaml but not to yaml-cpp, so they are
        // written escaped ("\N", "\L", "\P") to read back the same here.
        if (at(v, i) >= 0x80 && isBreak(v, i))
            specialCharacters = true;
        if (isSpace(v, i)) {
            if (i == 0)
                leadingSpace = true;
            if (i + w == v.size())
                trailingSpace = true;
            if (previousBreak)
                breakSpace = true;
            previousSpace = true;
            previousBreak = false;
        } else if (isBreak(v, i)) {
            lineBreaks = true;
            if (i == 0)
                leadingBreak = true;
            if (i + w == v.size())
                trailingBreak = true;
            if (previousSpace)
                spaceBreak = true;
            previousSpace = false;
            previousBreak = true;
        } else {
            previousSpace = false;
            previousBreak = false;
        }
        precededByWhitespace = isBlankz(v, i);
    }
    a.multiline = lineBreaks;
    if (leadingSpace || leadingBreak || trailingSpace || trailingBreak)
        a.blockPlainAllowed = false;
    if (trailingSpace)
        a.blockAllowed = false;
    if (breakSpace) {
        a.blockPlainAllowed = false;
        a.singleQuotedAllowed = false;
    }
    if (spaceBreak || specialCharacters) {
        a.blockPlainAllowed = false;
        a.singleQuotedAllowed = false;
    }
    if (spaceBreak || specialCharacters)
        a.blockAllowed = false;
    if (lineBreaks)
        a.blockPlainAllowed = false;
    if (blockIndicators)
        a.blockPlainAllowed = false;
    return a;
}

// encoder.stringv + yaml_emitter_select_scalar_style.
Style selectStyle(const QString &s, const Bytes &utf8, const Analysis &a, bool simpleKey, bool isKey)
{
    Style style;
    if (s.contains(QLatin1Char('\n')))
        style = Style::Literal;
    else if (YamlScalar::resolvePlain(s).kind == YamlScalar::Kind::String && !YamlScalar::isBase60Float(s)
             && !(isKey && s == QLatin1String("<<")))   // go-yaml writes a plain << key: a merge key when read
        style = Style::Plain;
    else
        style = Style::DoubleQuoted;
    if (simpleKey && a.multiline)
        style = Style::DoubleQuoted;
    if (style == Style::Plain) {
        if (!a.blockPlainAllowed)
            style = Style::SingleQuoted;
        if (utf8.isEmpty() && simpleKey)
            style = Style::SingleQuoted;
    }
    if (style == Style::SingleQuoted && !a.singleQuotedAllowed)
        style = Style::DoubleQuoted;
    if (style == Style::Literal && (!a.blockAllowed || simpleKey))
        style = Style::DoubleQuoted;
    return style;
}

namespace {

// go-yaml v2 sorter.go keyList.Less for two string keys.
bool goKeyLess(const QList<uint> &ar, const QList<uint> &br)
{
    const qsizetype n = std::min(ar.size(), br.size());
    for (qsizetype i = 0; i < n; ++i) {
        if (ar[i] == br[i])
            continue;
        const bool al = QChar::isLetter(ar[i]);
        const bool bl = QChar::isLetter(br[i]);
        if (al && bl)
            return ar[i] < br[i];
        if (al || bl)
            return bl;
        qsizetype ai;
        qsizetype bi;
        qint64 an = 0;
        qint64 bn = 0;
        if (ar[i] == '0' || br[i] == '0') {
            for (qsizetype j = i - 1; j >= 0 && QChar::isDigit(ar[j]); --j) {
                if (ar[j] != '0') {
                    an = 1;
                    bn = 1;
                    break;
                }
            }
        }
        for (ai = i; ai < ar.size() && QChar::isDigit(ar[ai]); ++ai)
            an = an * 10 + qint64(QChar::digitValue(ar[ai]));
        for (bi = i; bi < br.size() && QChar::isDigit(br[bi]); ++bi)
            bn = bn * 10 + qint64(QChar::digitValue(br[bi]));
        if (an != bn)
            return an < bn;
        if (ai != bi)
            return ai < bi;
        return ar[i] < br[i];
    }
    return ar.size() < br.size();
}

// Merge sort: well defined even if the comparator is not a strict weak order.
void mergeSort(QList<std::pair<QList<uint>, QString>> &v, qsizetype lo, qsizetype hi,
               QList<std::pair<QList<uint>, QString>> &tmp)
{
    if (hi - lo < 2)
        return;
    const qsizetype mid = lo + (hi - lo) / 2;
    mergeSort(v, lo, mid, tmp);
    mergeSort(v, mid, hi, tmp);
    qsizetype i = lo;
    qsizetype j = mid;
    tmp.clear();
    while (i < mid && j < hi)
        tmp.append(goKeyLess(v[j].first, v[i].first) ? v[j++] : v[i++]);
    while (i < mid)
        tmp.append(v[i++]);
    while (j < hi)
        tmp.append(v[j++]);
    for (qsizetype k = 0; k < tmp.size(); ++k)
        v[lo + k] = tmp[k];
}

} // namespace

QStringList sortedKeys(const QJsonObject &o)
{
    QList<std::pair<QList<uint>, QString>> keys;
    keys.reserve(o.size());
    for (auto it = o.begin(); it != o.end(); ++it)
        keys.append(std::make_pair(it.key().toUcs4(), it.key()));
    QList<std::pair<QList<uint>, QString>> tmp;
    mergeSort(keys, 0, keys.size(), tmp);
    QStringList out;
    out.reserve(keys.size());
    for (const auto &k : keys)
        out.append(k.second);
    return out;
}

// A JSON number the way kubectl prints it: Go's json.Marshal text, re-read by go-yaml.
QString formatNumber(const QJsonValue &v)
{
    if (v.toVariant().typeId() == QMetaType::LongLong)
        return QString::number(v.toInteger());
    const double d = v.toDouble();
    if (!std::isfinite(d))
        return QStringLiteral("null");
    if (d == std::trunc(d) && std::fabs(d) < 1e21) {
        if (d >= -9223372036854775808.0 && d < 9223372036854775808.0)
            return QString::number(qint64(d));
        if (d > 0 && d < 18446744073709551616.0)
            return QString::number(quint64(d));
    }
    return YamlScalar::formatGoFloat(d);
}

} // namespace rlab::api::yamlwrite
