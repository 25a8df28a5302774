#include "ui/i18n/tracewording.h"

#include "ui/i18n/language.h"
#include "ui/i18n/tracephrases.h"

#include <QCoreApplication>
#include <QHash>
#include <QRegularExpression>
#include <algorithm>
#include <vector>

namespace rlab::ui {

namespace {

// All templates as one alternation, longest first so that a longer template wins where two start
// at the same place. Each template is one capture group followed by a group per distinct argument.
struct Phrasebook
{
    struct Entry
    {
        const char *source = nullptr;
        int group = 0;                 // the template's capture group
        std::vector<int> argGroups;    // argument n (1-based) -> capture group, 0 if absent
    };
    QRegularExpression pattern;
    std::vector<Entry> entries;

    Phrasebook()
    {
        std::vector<const char *> sources = tracePhrases();
        std::stable_sort(sources.begin(), sources.end(), [](const char *a, const char *b) { return qstrlen(a) > qstrlen(b); });
        static const QRegularExpression arg(QStringLiteral("%([1-9])"));
        QStringList alternatives;
        int group = 0;
        for (const char *source : sources) {
            const QString text = QString::fromUtf8(source);
            Entry e{source, ++group, {}};
            QString body;
            qsizetype at = 0;
            QRegularExpressionMatchIterator it = arg.globalMatch(text);
            while (it.hasNext()) {
                const QRegularExpressionMatch m = it.next();
                body += QRegularExpression::escape(text.mid(at, m.capturedStart() - at));
                const int n = m.captured(1).toInt();
                if (int(e.argGroups.size()) <= n)
                    e.argGroups.resize(std::size_t(n) + 1, 0);
                if (e.argGroups[std::size_t(n)] != 0) {
                    body += QStringLiteral("\\g{%1}").arg(e.argGroups[std::size_t(n)]);
                } else {
                    e.argGroups[std::size_t(n)] = ++group;
                    // A token; at the end of the template it leaves trailing punctuation out.
                    body += m.capturedEnd() == text.size() ? QStringLiteral("([^\\s;,()]+?)(?=[:;,.)]?(?:\\s|$))")
                                                           : QStringLiteral("([^\\s;,()]+)");
                }
                at = m.capturedEnd();
            }
            body += QRegularExpression::escape(text.mid(at));
            const bool wordStart = text.front().isLetterOrNumber(), wordEnd = text.back().isLetterOrNumber();
            alternatives << (wordStart ? QStringLiteral("(?<![\\w-])(") : QStringLiteral("(")) + body
                                + (wordEnd ? QStringLiteral(")(?![\\w-])") : QStringLiteral(")"));
            entries.push_back(std::move(e));
        }
        pattern.setPattern(alternatives.join(QLatin1Char('|')));
        pattern.optimize();
        Q_ASSERT_X(pattern.isValid(), "Phrasebook", qPrintable(pattern.errorString()));
    }

    static const Phrasebook &instance()
    {
        static const Phrasebook book;
        return book;
    }
};

// `translated` with %n replaced by argument n of the match (one pass: arguments are not rescanned).
QString fill(const QString &translated, const QRegularExpressionMatch &m, const Phrasebook::Entry &e)
{
    QString out;
    out.reserve(translated.size() + 32);
    for (qsizetype i = 0; i < translated.size(); ++i) {
        const QChar c = translated.at(i);
        if (c == QLatin1Char('%') && i + 1 < translated.size() && translated.at(i + 1).isDigit()) {
            const std::size_t n = std::size_t(translated.at(i + 1).digitValue());
            if (n < e.argGroups.size() && e.argGroups[n] != 0) {
                out += m.captured(e.argGroups[n]);
                ++i;
                continue;
            }
        }
        out += c;
    }
    return out;
}

} // namespace

QString TraceWording::translate(const QString &english)
{
    const Phrasebook &book = Phrasebook::instance();
    QString out;
    qsizetype at = 0;
    QRegularExpressionMatchIterator it = book.pattern.globalMatch(english);
    while (it.hasNext()) {
        const QRegularExpressionMatch m = it.next();
        const auto entry = std::find_if(book.entries.begin(), book.entries.end(),
                                        [&m](const Phrasebook::Entry &e) { return m.capturedStart(e.group) >= 0; });
        if (entry == book.entries.end())
            continue;
        const QString translated = QCoreApplication::translate(kContext, entry->source);
        if (translated == QLatin1String(entry->source))
            continue;   // no translation: the English stays
        out += QStringView(english).mid(at, m.capturedStart() - at);
        out += fill(translated, m, *entry);
        at = m.capturedEnd();
    }
    if (at == 0)
        return english;
    out += QStringView(english).mid(at);
    return out;
}

QString TraceWording::display(const QString &english)
{
    static QString cachedLanguage;
    static QHash<QString, QString> cache;
    const QString language = Language::current();
    if (language == QLatin1String("en") || english.isEmpty())
        return english;
    if (language != cachedLanguage || cache.size() > 20'000) {
        cache.clear();
        cachedLanguage = language;
    }
    const auto hit = cache.constFind(english);
    if (hit != cache.cend())
        return *hit;
    return *cache.insert(english, translate(english));
}

QString TraceWording::withOriginal(const QString &english)
{
    const QString shown = display(english);
    return shown == english ? english : shown + QLatin1String("\n\n") + english;
}

} // namespace rlab::ui
