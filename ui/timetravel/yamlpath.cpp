#include "ui/timetravel/yamlpath.h"

#include <QList>
#include <QStringList>

namespace rlab::ui {

namespace {

struct Frame
{
    int indent = 0;
    bool list = false;
    int index = 0;   // list frames
    QString key;     // key frames
};

// "name: web" -> "name"; "\"a.b/c\": x" -> "a.b/c"; "x" (a scalar) -> "".
QString keyOf(const QString &text)
{
    QString t = text.trimmed();
    if (t.startsWith(QLatin1Char('"'))) {
        const qsizetype end = t.indexOf(QLatin1Char('"'), 1);
        if (end > 0 && t.mid(end + 1).startsWith(QLatin1Char(':')))
            return t.mid(1, end - 1);
        return {};
    }
    const qsizetype colon = t.indexOf(QLatin1String(": "));
    if (colon > 0)
        return t.left(colon);
    if (t.endsWith(QLatin1Char(':')))
        return t.chopped(1);
    return {};
}

QString joinPath(const QList<Frame> &frames)
{
    QString path;
    for (const Frame &f : frames) {
        if (f.list)
            path += QStringLiteral("[%1]").arg(f.index);
        else if (f.key.contains(QLatin1Char('.')) || f.key.contains(QLatin1Char('/')))
            path += QLatin1Char('[') + f.key + QLatin1Char(']');
        else
            path += (path.isEmpty() ? QString() : QStringLiteral(".")) + f.key;
    }
    return path;
}

} // namespace

QString yamlPathAtLine(const QString &yaml, int line)
{
    const QStringList lines = yaml.split(QLatin1Char('\n'));
    if (line < 0 || line >= lines.size() || lines.at(line).trimmed().isEmpty())
        return {};
    QList<Frame> stack;
    for (int n = 0; n <= line; ++n) {
        const QString &text = lines.at(n);
        const QString body = text.trimmed();
        if (body.isEmpty() || body.startsWith(QLatin1Char('#')))
            continue;
        const int indent = int(text.indexOf(body.at(0)));
        if (body.startsWith(QLatin1String("- ")) || body == QLatin1String("-")) {
            while (!stack.isEmpty() && stack.last().indent > indent)
                stack.removeLast();
            if (!stack.isEmpty() && stack.last().list && stack.last().indent == indent)
                ++stack.last().index;
            else
                stack.append(Frame{indent, true, 0, {}});
            const QString key = keyOf(body.mid(2));
            if (!key.isEmpty())
                stack.append(Frame{indent + 2, false, 0, key});
        } else {
            while (!stack.isEmpty() && stack.last().indent >= indent)
                stack.removeLast();
            const QString key = keyOf(body);
            if (!key.isEmpty())
                stack.append(Frame{indent, false, 0, key});
        }
    }
    return joinPath(stack);
}

} // namespace rlab::ui
