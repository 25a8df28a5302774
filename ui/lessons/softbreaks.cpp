#include "ui/lessons/softbreaks.h"

namespace rlab::ui {

namespace {

bool breaksAfter(QChar c)
{
    return c == u'/' || c == u'.' || c == u'_' || c == u'-' || c == u':' || c == u'(';
}

QString breakRun(QStringView run)
{
    QString out;
    out.reserve(run.size() + run.size() / 4);
    for (qsizetype i = 0; i < run.size(); ++i) {
        const QChar c = run[i];
        if (i > 0 && c.isUpper() && (run[i - 1].isLower() || run[i - 1].isDigit()))
            out += SoftBreaks::kBreak;
        out += c;
        if (breaksAfter(c) && i + 1 < run.size())
            out += SoftBreaks::kBreak;
    }
    return out;
}

} // namespace

QString SoftBreaks::insert(const QString &text, int minRun)
{
    QString out;
    out.reserve(text.size());
    qsizetype start = 0;
    for (qsizetype i = 0; i <= text.size(); ++i) {
        if (i < text.size() && !text[i].isSpace())
            continue;
        const QStringView run = QStringView(text).mid(start, i - start);
        out += run.size() >= minRun ? breakRun(run) : run.toString();
        if (i < text.size())
            out += text[i];
        start = i + 1;
    }
    return out;
}

QString SoftBreaks::strip(QString text)
{
    return text.remove(kBreak);
}

} // namespace rlab::ui
