#include "core/server/secretfile.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QRandomGenerator>

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <unistd.h>

namespace rlab::server {

bool SecretFile::write(const QString &path, const QByteArray &bytes, QString *error,
                       const std::function<void(const QString &tempPath)> &beforeRename)
{
    const auto fail = [&](const QString &why) {
        if (error)
            *error = QStringLiteral("cannot write %1: %2").arg(path, why);
        return false;
    };
    const QFileInfo info(path);
    if (!QDir().mkpath(info.absolutePath())) {
        if (error)
            *error = QStringLiteral("cannot create the directory %1").arg(info.absolutePath());
        return false;
    }
    QString temp;
    int fd = -1;
    for (int attempt = 0; attempt < 16 && fd < 0; ++attempt) {
        temp = info.absoluteFilePath() + QStringLiteral(".tmp-%1").arg(QRandomGenerator::system()->generate(), 8, 16, QLatin1Char('0'));
        fd = ::open(QFile::encodeName(temp).constData(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
        if (fd < 0 && errno != EEXIST)
            return fail(QString::fromLocal8Bit(std::strerror(errno)));
    }
    if (fd < 0)
        return fail(QStringLiteral("no free temporary name"));
    const QByteArray tempName = QFile::encodeName(temp);
    qsizetype done = 0;
    while (done < bytes.size()) {
        const ssize_t n = ::write(fd, bytes.constData() + done, size_t(bytes.size() - done));
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0) {
            const QString why = QString::fromLocal8Bit(std::strerror(errno));
            ::close(fd);
            ::unlink(tempName.constData());
            return fail(why);
        }
        done += n;
    }
    const bool synced = ::fsync(fd) == 0;
    const bool closed = ::close(fd) == 0;
    if (!synced || !closed) {
        const QString why = QString::fromLocal8Bit(std::strerror(errno));
        ::unlink(tempName.constData());
        return fail(why);
    }
    if (beforeRename)
        beforeRename(temp);
    if (::rename(tempName.constData(), QFile::encodeName(info.absoluteFilePath()).constData()) != 0) {
        const QString why = QString::fromLocal8Bit(std::strerror(errno));
        ::unlink(tempName.constData());
        return fail(why);
    }
    return true;
}

} // namespace rlab::server
