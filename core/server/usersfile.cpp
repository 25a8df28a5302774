#include "core/server/usersfile.h"

#include "core/server/userinfo.h"

#include <QFile>
#include <QRegularExpression>
#include <QSet>

namespace rlab::server {

namespace {

// One CSV record as Go's encoding/csv reads it: fields split at commas, a field may be quoted
// ("a,b"), a doubled quote inside quotes is one quote. False (and *why) on a broken quote.
bool splitCsv(const QString &line, QStringList *fields, QString *why)
{
    fields->clear();
    QString field;
    bool quoted = false, wasQuoted = false;
    for (qsizetype i = 0; i < line.size(); ++i) {
        const QChar c = line[i];
        if (quoted) {
            if (c == QLatin1Char('"')) {
                if (i + 1 < line.size() && line[i + 1] == QLatin1Char('"')) {
                    field += c;
                    ++i;
                } else {
                    quoted = false;
                }
            } else {
                field += c;
            }
        } else if (c == QLatin1Char(',')) {
            fields->append(wasQuoted ? field : field.trimmed());
            field.clear();
            wasQuoted = false;
        } else if (c == QLatin1Char('"') && field.trimmed().isEmpty() && !wasQuoted) {
            field.clear();
            quoted = wasQuoted = true;
        } else if (wasQuoted && !c.isSpace()) {
            *why = QStringLiteral("extraneous text after a quoted field (column %1)").arg(fields->size() + 1);
            return false;
        } else if (!wasQuoted) {
            field += c;
        }
    }
    if (quoted) {
        *why = QStringLiteral("a quoted field is not closed (column %1)").arg(fields->size() + 1);
        return false;
    }
    fields->append(wasQuoted ? field : field.trimmed());
    return true;
}

bool isFileSafeUserName(const QString &name)
{
    static const QRegularExpression re(QStringLiteral("^[A-Za-z0-9][A-Za-z0-9._@-]*$"));
    return name.size() <= 253 && re.match(name).hasMatch();
}

} // namespace

bool UsersFile::isNamespaceName(const QString &name)
{
    static const QRegularExpression re(QStringLiteral("^[a-z0-9]([-a-z0-9]*[a-z0-9])?$"));
    return name.size() <= 63 && re.match(name).hasMatch();
}

const UsersFile::Entry *UsersFile::byUser(const QString &user) const
{
    for (const Entry &e : entries)
        if (e.user == user)
            return &e;
    return nullptr;
}

std::optional<UsersFile> UsersFile::load(const QString &path, QStringList *errors)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) {
        errors->append(QStringLiteral("%1: cannot read the users file: %2").arg(path, f.errorString()));
        return std::nullopt;
    }
    return parse(f.readAll(), path, errors);
}

std::optional<UsersFile> UsersFile::parse(const QByteArray &text, const QString &fileName, QStringList *errors)
{
    UsersFile out;
    QSet<QByteArray> tokens;
    QHash<QString, int> users;
    const qsizetype before = errors->size();
    const QList<QByteArray> lines = text.split('\n');
    for (qsizetype n = 0; n < lines.size(); ++n) {
        const int lineNo = int(n + 1);
        const auto fail = [&](const QString &why) { errors->append(QStringLiteral("%1:%2: %3").arg(fileName).arg(lineNo).arg(why)); };
        const QString line = QString::fromUtf8(lines[n]).trimmed();
        if (line.isEmpty() || line.startsWith(QLatin1Char('#')))
            continue;
        QStringList f;
        QString why;
        if (!splitCsv(line, &f, &why)) {
            fail(why);
            continue;
        }
        if (f.size() < 2 || f.size() > 5) {
            fail(QStringLiteral("expected token,user[,uid[,\"group1,group2\"[,namespace]]] (2 to 5 columns), found %1 column%2")
                     .arg(f.size())
                     .arg(f.size() == 1 ? "" : "s"));
            continue;
        }
        Entry e;
        e.line = lineNo;
        e.token = f[0].toUtf8();
        e.user = f[1];
        e.uid = f.value(2).isEmpty() ? e.user : f.value(2);
        for (const QString &g : f.value(3).split(QLatin1Char(','), Qt::SkipEmptyParts))
            if (!g.trimmed().isEmpty())
                e.groups << g.trimmed();
        e.namespace_ = f.value(4);
        const bool master = e.groups.contains(QLatin1String(UserInfo::kMasters));
        if (e.user.isEmpty()) {
            fail(QStringLiteral("the user name (column 2) is empty"));
            continue;
        }
        if (!isFileSafeUserName(e.user)) {
            fail(QStringLiteral("user name \"%1\": use letters, digits, '.', '_', '@' and '-' (it names the user's kubeconfig file)").arg(e.user));
            continue;
        }
        if (e.user.startsWith(QLatin1String("system:")) || e.user == QLatin1String("admin")) {
            fail(QStringLiteral("user name \"%1\" is reserved").arg(e.user));
            continue;
        }
        if (e.token.contains(' ') || e.token.contains('\t')) {
            fail(QStringLiteral("the token (column 1) contains white space"));
            continue;
        }
        if (!e.token.isEmpty() && e.token.size() < 8) {
            fail(QStringLiteral("the token (column 1) is shorter than 8 characters; leave it empty for client-certificate-only users"));
            continue;
        }
        if (e.namespace_.isEmpty() && !master) {
            if (!isNamespaceName(e.user)) {
                fail(QStringLiteral("user name \"%1\" is not a valid namespace name (lower-case letters, digits and '-', at most 63); "
                                    "name the user's namespace in column 5")
                         .arg(e.user));
                continue;
            }
            e.namespace_ = e.user;
        }
        if (!e.namespace_.isEmpty() && !isNamespaceName(e.namespace_)) {
            fail(QStringLiteral("namespace \"%1\" (column 5) is not a valid namespace name (lower-case letters, digits and '-', at most 63)")
                     .arg(e.namespace_));
            continue;
        }
        if (users.contains(e.user)) {
            fail(QStringLiteral("user \"%1\" is already defined on line %2").arg(e.user).arg(users.value(e.user)));
            continue;
        }
        if (!e.token.isEmpty() && tokens.contains(e.token)) {
            fail(QStringLiteral("this token is already used by another user"));
            continue;
        }
        users.insert(e.user, lineNo);
        if (!e.token.isEmpty())
            tokens.insert(e.token);
        out.entries.append(e);
    }
    if (errors->size() > before)
        return std::nullopt;
    if (out.entries.isEmpty()) {
        errors->append(QStringLiteral("%1: no users (lines are token,user,uid,\"group1,group2\",namespace)").arg(fileName));
        return std::nullopt;
    }
    return out;
}

} // namespace rlab::server
