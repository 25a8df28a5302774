#include "ui/i18n/translationcatalog.h"

#include <QCoreApplication>
#include <QFile>
#include <QXmlStreamReader>
#include <algorithm>

namespace rlab::ui {

const TranslationCatalog &TranslationCatalog::instance()
{
    static const TranslationCatalog catalog;
    return catalog;
}

TranslationCatalog::TranslationCatalog()
{
    QFile file(QStringLiteral(":/translations/reconcile-lab_ko.ts"));
    if (!file.open(QIODevice::ReadOnly))
        return;
    QXmlStreamReader xml(&file);
    QByteArray context;
    Message m;
    while (!xml.atEnd()) {
        if (!xml.readNextStartElement())
            continue;
        const auto name = xml.name();
        if (name == QLatin1String("name")) {
            context = xml.readElementText().toUtf8();
        } else if (name == QLatin1String("message")) {
            m = Message{context, {}, {}, xml.attributes().value(QLatin1String("numerus")) == QLatin1String("yes")};
        } else if (name == QLatin1String("source")) {
            m.source = xml.readElementText().toUtf8();
        } else if (name == QLatin1String("translation")) {
            const bool unfinished = xml.attributes().value(QLatin1String("type")) == QLatin1String("unfinished");
            // Numerus: the first form (Korean has one).
            m.korean = xml.readElementText(QXmlStreamReader::IncludeChildElements);
            if (m.numerus)   // the form's text between the elements' indentation
                m.korean = m.korean.trimmed();
            if (unfinished)
                m.korean.clear();
            const int id = int(m_messages.size());
            m_messages.push_back(m);
            index(m_english, QString::fromUtf8(m.source), id);
            if (!m_messages.back().korean.isEmpty())
                index(m_korean, m_messages.back().korean, id);
        }
    }
    readEnglishPlurals();
}

void TranslationCatalog::readEnglishPlurals()
{
    // English shows "%n keys" for "%n key(s)": reconcile-lab_en.ts has the plural forms.
    QHash<QByteArray, int> ids;
    for (int id = 0; id < int(m_messages.size()); ++id)
        ids.insert(m_messages[std::size_t(id)].context + '\n' + m_messages[std::size_t(id)].source, id);
    QFile file(QStringLiteral(":/translations/reconcile-lab_en.ts"));
    if (!file.open(QIODevice::ReadOnly))
        return;
    QXmlStreamReader xml(&file);
    QByteArray context, source;
    while (!xml.atEnd()) {
        if (!xml.readNextStartElement())
            continue;
        const auto name = xml.name();
        if (name == QLatin1String("name"))
            context = xml.readElementText().toUtf8();
        else if (name == QLatin1String("source"))
            source = xml.readElementText().toUtf8();
        else if (name == QLatin1String("numerusform")) {
            const QString form = xml.readElementText();
            const auto id = ids.constFind(context + '\n' + source);
            if (!form.isEmpty() && id != ids.cend())
                index(m_english, form, *id);
        }
    }
}

void TranslationCatalog::index(Language &language, const QString &shown, int message)
{
    static const QRegularExpression arg(QStringLiteral("%(n|[1-9])"));
    QString pattern;
    QList<int> args;
    qsizetype at = 0;
    for (auto it = arg.globalMatch(shown); it.hasNext();) {
        const QRegularExpressionMatch a = it.next();
        pattern += QRegularExpression::escape(shown.mid(at, a.capturedStart() - at));
        const int n = a.captured(1) == QLatin1String("n") ? 0 : a.captured(1).toInt();
        if (args.contains(n)) {
            pattern += QStringLiteral("\\g{%1}").arg(args.indexOf(n) + 1);
        } else {
            args << n;
            pattern += n == 0 ? QStringLiteral("(-?\\d+)") : QStringLiteral("(.*?)");
        }
        at = a.capturedEnd();
    }
    if (args.isEmpty()) {
        language.exact[shown].append(message);
        if (shown.startsWith(QLatin1Char(' ')) && std::any_of(shown.cbegin(), shown.cend(), [](QChar c) { return c.isLetter(); }))
            language.suffixes.emplace_back(shown, message);
        return;
    }
    pattern += QRegularExpression::escape(shown.mid(at));
    QString literal = shown;
    literal.remove(arg);
    // "%1", "%1 %2", "(%1)": no words of their own, they would match anything.
    if (!std::any_of(literal.cbegin(), literal.cend(), [](QChar c) { return c.isLetter(); }))
        return;
    Template t{message, QRegularExpression(QLatin1Char('^') + pattern + QLatin1Char('$'),
                                           QRegularExpression::DotMatchesEverythingOption),
               args, int(literal.size())};
    language.templates.push_back(std::move(t));
}

int TranslationCatalog::pick(const QList<int> &candidates, const QStringList &contexts) const
{
    for (const QString &c : contexts) {
        const QByteArray context = c.toUtf8();
        for (int id : candidates)
            if (m_messages[std::size_t(id)].context == context)
                return id;
    }
    return -1;
}

QString TranslationCatalog::render(const Message &m, const QStringList &args, int n) const
{
    QString out = QCoreApplication::translate(m.context.constData(), m.source.constData(), nullptr, m.numerus ? n : -1);
    // %1… in one pass (an argument is not rescanned).
    QString filled;
    for (qsizetype i = 0; i < out.size(); ++i) {
        if (out.at(i) == QLatin1Char('%') && i + 1 < out.size() && out.at(i + 1).isDigit() && out.at(i + 1) != QLatin1Char('0')) {
            const int k = out.at(i + 1).digitValue();
            if (k < args.size() && !args.at(k).isNull()) {
                filled += args.at(k);   // already in the new language (convert())
                ++i;
                continue;
            }
        }
        filled += out.at(i);
    }
    return filled;
}

QString TranslationCatalog::convertExact(const QString &text, const Language &language, const QStringList &contexts) const
{
    const auto exact = language.exact.constFind(text);
    if (exact == language.exact.cend())
        return text;
    const int id = pick(*exact, contexts);
    return render(m_messages[std::size_t(id >= 0 ? id : exact->first())], {}, -1);
}

QString TranslationCatalog::convert(const QString &text, const QString &from, const QStringList &contexts) const
{
    if (text.isEmpty())
        return text;
    const Language &language = from == QLatin1String("ko") ? m_korean : m_english;
    if (language.exact.contains(text))
        return convertExact(text, language, contexts);
    QList<int> matches, literals;
    std::vector<QStringList> matchArgs;
    std::vector<int> matchN;
    for (const Template &t : language.templates) {
        const QRegularExpressionMatch m = t.pattern.match(text);
        if (!m.hasMatch())
            continue;
        QStringList args(10);   // index = argument number; null = absent
        int n = -1;
        for (int i = 0; i < t.args.size(); ++i) {
            if (t.args[i] == 0)
                n = m.captured(i + 1).toInt();
            else   // an argument that is itself a message ("Latency: %1" of "Classroom") follows
                args[t.args[i]] = convertExact(m.captured(i + 1), language, contexts);
        }
        matches << t.message;
        literals << t.literal;
        matchArgs.push_back(args);
        matchN.push_back(n);
    }
    if (matches.isEmpty()) {
        for (const auto &[suffix, id] : language.suffixes)
            if (text.size() > suffix.size() && text.endsWith(suffix))
                return text.chopped(suffix.size()) + render(m_messages[std::size_t(id)], {}, -1);
        return text;
    }
    // Several: the one with the most text of its own ("리비전 %1을(를) 보는 중 …" over
    // "리비전 %1"), then the nearest context's.
    const int most = *std::max_element(literals.cbegin(), literals.cend());
    QList<int> best;
    for (qsizetype k = 0; k < matches.size(); ++k)
        if (literals[k] == most)
            best << matches[k];
    const int preferred = pick(best, contexts);
    const int chosen = preferred >= 0 ? preferred : best.first();
    const qsizetype i = matches.indexOf(chosen);
    return render(m_messages[std::size_t(chosen)], matchArgs[std::size_t(i)], matchN[std::size_t(i)]);
}

} // namespace rlab::ui
