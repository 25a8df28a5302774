#include "core/cli/sizebenchrounds.h"

#include <QJsonDocument>
#include <QJsonObject>

#include <algorithm>
#include <numeric>

#include <cerrno>
#include <cstring>
#include <csignal>
#include <sys/wait.h>
#include <unistd.h>

namespace rlab::cli {

namespace {

bool writeAll(int fd, const QByteArray &bytes)
{
    qsizetype done = 0;
    while (done < bytes.size()) {
        const ssize_t n = ::write(fd, bytes.constData() + done, std::size_t(bytes.size() - done));
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            return false;
        done += n;
    }
    return true;
}

// What a round's child says, a line each: "progress DONE PHASE" as it goes, then "result JSON"
// (compact JSON holds no newline). The parent hands the progress on as it comes.
QByteArray progressLine(const QString &phase, double done)
{
    return "progress " + QByteArray::number(done, 'f', 4) + ' ' + phase.toUtf8() + '\n';
}

// Reads the child's lines until it closes the pipe: progress on to `progress`, the result's
// JSON returned (empty when none came).
QByteArray readReport(int fd, const SizeBenchProgress &progress)
{
    QByteArray pending, result;
    char buf[65536];
    for (;;) {
        const ssize_t n = ::read(fd, buf, sizeof buf);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            return result;
        pending.append(buf, n);
        qsizetype end;
        while ((end = pending.indexOf('\n')) >= 0) {
            const QByteArray line = pending.left(end);
            pending.remove(0, end + 1);
            if (line.startsWith("result ")) {
                result = line.mid(7);
            } else if (line.startsWith("progress ") && progress) {
                const qsizetype space = line.indexOf(' ', 9);
                if (space > 0)
                    progress(QString::fromUtf8(line.mid(space + 1)), line.mid(9, space - 9).toDouble());
            }
        }
    }
}

// One round in a child: its result, or nullopt and *error.
std::optional<SizeBenchResult> runRound(const SizeBenchOptions &o, const SizeBenchProgress &progress, QString *error)
{
    int fds[2];
    if (::pipe(fds) != 0) {
        *error = QStringLiteral("pipe: %1").arg(QString::fromLocal8Bit(strerror(errno)));
        return std::nullopt;
    }
    const pid_t pid = ::fork();
    if (pid < 0) {
        *error = QStringLiteral("fork: %1").arg(QString::fromLocal8Bit(strerror(errno)));
        ::close(fds[0]);
        ::close(fds[1]);
        return std::nullopt;
    }
    if (pid == 0) {   // the child: the bench, its lines to the pipe, and out without the parent's exit work
        ::close(fds[0]);
        SizeBenchOptions one = o;
        one.rounds = 1;
        bool ok = true;
        const SizeBenchResult r = runSizeBench(one, [&](const QString &phase, double done) {
            ok = ok && writeAll(fds[1], progressLine(phase, done));
        });
        ok = ok && writeAll(fds[1], "result " + QJsonDocument(r.toJson(one)).toJson(QJsonDocument::Compact) + '\n');
        ::close(fds[1]);
        ::_exit(ok ? 0 : 3);
    }
    ::close(fds[1]);
    const QByteArray bytes = readReport(fds[0], progress);
    ::close(fds[0]);
    int status = 0;
    while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {
    }
    if (WIFSIGNALED(status)) {
        *error = QStringLiteral("killed by signal %1 (%2)").arg(WTERMSIG(status)).arg(QString::fromLocal8Bit(strsignal(WTERMSIG(status))));
        return std::nullopt;
    }
    if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
        *error = QStringLiteral("exited with status %1").arg(WEXITSTATUS(status));
        return std::nullopt;
    }
    QJsonParseError parse{};
    const QJsonDocument doc = QJsonDocument::fromJson(bytes, &parse);
    std::optional<SizeBenchResult> r = doc.isObject() ? SizeBenchResult::fromJson(doc.object()) : std::nullopt;
    if (!r)
        *error = QStringLiteral("its figures were not readable (%1 bytes: %2)").arg(bytes.size()).arg(parse.errorString());
    return r;
}

} // namespace

int medianIndex(const QList<double> &ratios)
{
    if (ratios.isEmpty())
        return 0;
    QList<int> order(ratios.size());
    std::iota(order.begin(), order.end(), 0);
    std::stable_sort(order.begin(), order.end(), [&](int a, int b) { return ratios[a] < ratios[b]; });
    return order[ratios.size() / 2];
}

SizeBenchResult runSizeBenchRounds(const SizeBenchOptions &o, const SizeBenchProgress &progress, QString *error)
{
    if (o.rounds <= 1)
        return runSizeBench(o, progress);
    QList<SizeBenchResult> results;
    for (int i = 0; i < o.rounds; ++i) {
        const SizeBenchProgress roundProgress = [&, i](const QString &phase, double done) {
            if (progress)
                progress(QStringLiteral("%1/%2 %3").arg(i + 1).arg(o.rounds).arg(phase), done);
        };
        QString why;
        std::optional<SizeBenchResult> r = runRound(o, roundProgress, &why);
        if (!r) {
            *error = QStringLiteral("round %1 of %2 failed: %3").arg(i + 1).arg(o.rounds).arg(why);
            return {};
        }
        results << *r;
    }
    QList<double> ratios;
    QList<SizeBenchRound> rounds;
    bool complete = true;
    for (const SizeBenchResult &r : std::as_const(results)) {
        ratios << r.pipelineOverFloor();
        rounds << SizeBenchRound{r.cpuS(), r.kernelCpuS(), r.floorCpuS(), r.pipelineOverFloor(), r.labPeakRssBytes, r.complete};
        complete = complete && r.complete;
    }
    SizeBenchResult median = results[medianIndex(ratios)];
    median.rounds = rounds;
    median.medianRound = medianIndex(ratios);
    median.complete = complete;
    return median;
}

} // namespace rlab::cli
