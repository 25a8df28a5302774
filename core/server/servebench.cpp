#include "core/server/servebench.h"

#include "core/server/benchstudent.h"
#include "core/server/kubeconfig.h"

#include <QCoreApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QProcess>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QThread>
#include <QTimer>

#include <algorithm>
#include <functional>
#include <iterator>
#include <memory>
#include <unistd.h>

namespace rlab::server {

namespace {

void usage(QTextStream &s)
{
    s << "usage: rlab bench serve [--students N] [--seconds S] [--think-ms T] [--speed X] [--json]\n"
         "  --students N   students on one served lab (default 40), each a kubectl-like client\n"
         "                 (create, get, scale, list) and a window's watches (deployments,\n"
         "                 replicasets, pods, events in their namespace)\n"
         "  --seconds S    how long the class works (default 20)\n"
         "  --think-ms T   pause between one student's kubectl requests (default 250)\n"
         "  --warmup W     seconds before measuring: connections, TLS, first lists (default 3)\n"
         "  --speed X      the served lab's virtual time speed (default 10)\n"
         "  --trace-memory MIB  the served lab's trace cap (rlab serve --trace-memory)\n"
         "  --json         one JSON object instead of the table\n";
}

// VmRSS of a process in KiB (0 if gone).
qint64 rssKiB(qint64 pid)
{
    QFile f(QStringLiteral("/proc/%1/status").arg(pid));
    if (!f.open(QIODevice::ReadOnly))
        return 0;
    for (const QByteArray &line : f.readAll().split('\n'))
        if (line.startsWith("VmRSS:"))
            return line.mid(6).trimmed().split(' ').value(0).toLongLong();
    return 0;
}

// utime + stime of a process in seconds.
double cpuSeconds(qint64 pid)
{
    QFile f(QStringLiteral("/proc/%1/stat").arg(pid));
    if (!f.open(QIODevice::ReadOnly))
        return 0;
    const QByteArray stat = f.readAll();
    const QList<QByteArray> fields = stat.mid(stat.lastIndexOf(')') + 2).split(' ');   // from field 3 (state)
    return double(fields.value(11).toLongLong() + fields.value(12).toLongLong()) / double(sysconf(_SC_CLK_TCK));
}

double percentile(const std::vector<double> &sorted, double p)
{
    if (sorted.empty())
        return 0;
    const size_t i = size_t(std::max(0.0, std::ceil(p * double(sorted.size())) - 1));
    return sorted[std::min(i, sorted.size() - 1)];
}

} // namespace

int serveBenchCommand(const QStringList &args, QTextStream &out, QTextStream &err)
{
    int students = 40, thinkMs = 250;
    double seconds = 20, speed = 10, warmup = 3;
    QString traceMemory;
    bool json = false;
    QString serverBinary = QCoreApplication::applicationFilePath();
    for (qsizetype i = 0; i < args.size(); ++i) {
        const QString &a = args[i];
        const QString v = args.value(i + 1);
        bool ok = true;
        if (a == QLatin1String("--help") || a == QLatin1String("-h")) {
            usage(out);
            return 0;
        } else if (a == QLatin1String("--json")) {
            json = true;
            continue;
        } else if (a == QLatin1String("--students")) {
            students = v.toInt(&ok);
            ok = ok && students >= 1 && students <= 1000;
        } else if (a == QLatin1String("--seconds")) {
            seconds = v.toDouble(&ok);
            ok = ok && seconds > 0 && seconds <= 3600;
        } else if (a == QLatin1String("--think-ms")) {
            thinkMs = v.toInt(&ok);
            ok = ok && thinkMs >= 0 && thinkMs <= 60000;
        } else if (a == QLatin1String("--warmup")) {
            warmup = v.toDouble(&ok);
            ok = ok && warmup >= 0 && warmup <= 600;
        } else if (a == QLatin1String("--trace-memory")) {   // passed to rlab serve
            traceMemory = v;
            const int mib = v.toInt(&ok);
            ok = ok && mib > 0;
        } else if (a == QLatin1String("--speed")) {
            speed = v.toDouble(&ok);
            ok = ok && speed > 0 && speed <= 1000;
        } else if (a == QLatin1String("--server-binary")) {   // tests: the rlab to run the server
            serverBinary = v;
            ok = !v.isEmpty();
        } else {
            err << "rlab bench serve: unknown argument \"" << a << "\"\n";
            usage(err);
            return 2;
        }
        if (!ok) {
            err << "rlab bench serve: bad value for " << a << ": \"" << v << "\"\n";
            return 2;
        }
        ++i;
    }

    QTemporaryDir dir;
    if (!dir.isValid()) {
        err << "rlab bench serve: no temporary directory\n";
        return 1;
    }
    struct Student
    {
        QString name;
        QByteArray token;
    };
    std::vector<Student> roster;
    QByteArray users = "# token,user,uid,groups,namespace\n";
    for (int i = 1; i <= students; ++i) {
        Student s{QStringLiteral("student-%1").arg(i, 2, 10, QLatin1Char('0')), Kubeconfig::generateToken()};
        users += s.token + ',' + s.name.toUtf8() + ",," + "students\n";
        roster.push_back(s);
    }
    const QString usersPath = dir.filePath(QStringLiteral("users.csv"));
    {
        QFile f(usersPath);
        if (!f.open(QIODevice::WriteOnly) || f.write(users) != users.size()) {
            err << "rlab bench serve: cannot write " << usersPath << '\n';
            return 1;
        }
    }

    // The server, alone in its process.
    QProcess server;
    server.setProcessChannelMode(QProcess::SeparateChannels);
    QStringList serveArgs{QStringLiteral("serve"), QStringLiteral("--listen"), QStringLiteral("127.0.0.1:0"), QStringLiteral("--users"), usersPath,
                          QStringLiteral("--tls-dir"), dir.filePath(QStringLiteral("tls")), QStringLiteral("--kubeconfig"),
                          dir.filePath(QStringLiteral("admin.kubeconfig")), QStringLiteral("--kubeconfig-dir"),
                          dir.filePath(QStringLiteral("students")), QStringLiteral("--speed"), QString::number(speed)};
    if (!traceMemory.isEmpty())
        serveArgs << QStringLiteral("--trace-memory") << traceMemory;
    server.start(serverBinary, serveArgs);
    QString url;
    QByteArray serverOut;
    {
        QEventLoop loop;
        const QRegularExpression re(QStringLiteral("serving the Kubernetes API of a simulated cluster at (https://\\S+)"));
        QObject::connect(&server, &QProcess::readyReadStandardOutput, &loop, [&] {
            serverOut += server.readAllStandardOutput();
            const QRegularExpressionMatch m = re.match(QString::fromUtf8(serverOut));
            if (m.hasMatch()) {
                url = m.captured(1);
                loop.quit();
            }
        });
        QObject::connect(&server, &QProcess::finished, &loop, &QEventLoop::quit);
        QObject::connect(&server, &QProcess::errorOccurred, &loop, &QEventLoop::quit);
        QTimer::singleShot(120000, &loop, &QEventLoop::quit);
        loop.exec();
    }
    if (url.isEmpty()) {
        err << "rlab bench serve: the server did not start (" << serverBinary << " serve): " << server.readAllStandardError() << serverOut << '\n';
        server.kill();
        server.waitForFinished();
        return 1;
    }
    QFile caFile(dir.filePath(QStringLiteral("tls/ca.crt")));
    const QList<QSslCertificate> ca = caFile.open(QIODevice::ReadOnly) ? QSslCertificate::fromData(caFile.readAll(), QSsl::Pem) : QList<QSslCertificate>();
    if (ca.isEmpty()) {
        err << "rlab bench serve: no CA certificate in " << caFile.fileName() << '\n';
        server.kill();
        server.waitForFinished();
        return 1;
    }
    const qint64 pid = server.processId();
    const qint64 rssStart = rssKiB(pid);
    const qint64 measureFromNs = BenchStudent::nowNs() + qint64(warmup * 1e9);

    // The class: students spread over a few client threads (each its own event loop).
    const int threadCount = std::min(students, std::max(2, QThread::idealThreadCount()));
    std::vector<std::unique_ptr<QThread>> threads;
    for (int t = 0; t < threadCount; ++t) {
        threads.push_back(std::make_unique<QThread>());
        threads.back()->setObjectName(QStringLiteral("bench-clients-%1").arg(t));
        threads.back()->start();
    }
    std::vector<BenchStudent *> clients;
    for (int i = 0; i < students; ++i) {
        auto *c = new BenchStudent(url, roster[size_t(i)].token, roster[size_t(i)].name, ca.first(), thinkMs, measureFromNs);
        c->moveToThread(threads[size_t(i % threadCount)].get());
        clients.push_back(c);
        QMetaObject::invokeMethod(c, [c] { c->start(); }, Qt::QueuedConnection);
    }
    // The real kubectl as student-01, while the class works: allowed in its namespace, Forbidden
    // in the next student's (the dispatcher picks the version by the server's /version).
    const QString kubectl = QStandardPaths::findExecutable(QStringLiteral("kubectl"));
    const QStringList kubectlChecks[] = {{QStringLiteral("get"), QStringLiteral("deployments")},
                                         {QStringLiteral("get"), QStringLiteral("pods"), QStringLiteral("-n"), roster.size() > 1 ? roster[1].name : QStringLiteral("default")}};
    QStringList kubectlReport;
    QProcess kubectlProcess;
    QElapsedTimer kubectlTimer;
    QProcessEnvironment kubectlEnv = QProcessEnvironment::systemEnvironment();
    kubectlEnv.insert(QStringLiteral("HOME"), dir.path());
    kubectlEnv.remove(QStringLiteral("KUBECONFIG"));
    kubectlProcess.setProcessEnvironment(kubectlEnv);
    std::function<void(int)> runKubectl = [&](int i) {
        if (i >= int(std::size(kubectlChecks)))
            return;
        QObject::disconnect(&kubectlProcess, &QProcess::finished, nullptr, nullptr);
        QObject::connect(&kubectlProcess, &QProcess::finished, &kubectlProcess, [&, i](int code) {
            const QString said = QString::fromUtf8(kubectlProcess.readAllStandardError() + kubectlProcess.readAllStandardOutput()).trimmed();
            kubectlReport << QStringLiteral("`kubectl %1` exit %2 in %3 s: %4")
                                 .arg(kubectlChecks[i].join(QLatin1Char(' ')))
                                 .arg(code)
                                 .arg(double(kubectlTimer.elapsed()) / 1000.0, 0, 'f', 2)
                                 .arg(said.section(QLatin1Char('\n'), 0, 0).left(160));
            QTimer::singleShot(0, &kubectlProcess, [&runKubectl, i] { runKubectl(i + 1); });
        });
        kubectlTimer.start();
        kubectlProcess.start(kubectl, QStringList{QStringLiteral("--kubeconfig"), dir.filePath(QStringLiteral("students/%1.kubeconfig").arg(roster[0].name))}
                                          + kubectlChecks[i]);
    };
    qint64 rssPeak = rssStart, rssMeasured = 0;
    double cpuStart = 0, clientCpuStart = 0;
    QElapsedTimer wall;
    {
        QEventLoop loop;
        QTimer sample;
        QObject::connect(&sample, &QTimer::timeout, &loop, [&] { rssPeak = std::max(rssPeak, rssKiB(pid)); });
        sample.start(250);
        QTimer::singleShot(int(warmup * 1000), &loop, [&] {
            rssMeasured = rssKiB(pid);   // every student connected, watching
            cpuStart = cpuSeconds(pid);
            clientCpuStart = cpuSeconds(QCoreApplication::applicationPid());
            wall.start();
            QTimer::singleShot(int(seconds * 1000), &loop, &QEventLoop::quit);
            if (!kubectl.isEmpty())
                runKubectl(0);
        });
        loop.exec();
    }
    QObject::disconnect(&kubectlProcess, &QProcess::finished, nullptr, nullptr);
    if (kubectlProcess.state() != QProcess::NotRunning) {
        kubectlReport << QStringLiteral("(still running when the class ended)");
        kubectlProcess.kill();
        kubectlProcess.waitForFinished();
    }
    const double elapsed = double(wall.elapsed()) / 1000.0;
    const double clientCpu = cpuSeconds(QCoreApplication::applicationPid()) - clientCpuStart;
    BenchStudent::Stats all;
    for (BenchStudent *c : clients) {
        BenchStudent::Stats s;
        QMetaObject::invokeMethod(c, [c, &s] { s = c->stop(); }, Qt::BlockingQueuedConnection);
        all.latenciesMs.insert(all.latenciesMs.end(), s.latenciesMs.begin(), s.latenciesMs.end());
        all.errors += s.errors;
        all.watchesOpened += s.watchesOpened;
        all.watchEvents += s.watchEvents;
        if (all.firstError.isEmpty())
            all.firstError = s.firstError;
        QMetaObject::invokeMethod(c, [c] { delete c; }, Qt::BlockingQueuedConnection);
    }
    rssPeak = std::max(rssPeak, rssKiB(pid));
    const qint64 rssEnd = rssKiB(pid);
    // What the lab holds at the end, counted by the admin (all namespaces): part of its memory.
    QStringList stored;
    {
        QFile adminFile(dir.filePath(QStringLiteral("admin.kubeconfig")));
        const QByteArray admin = adminFile.open(QIODevice::ReadOnly) ? adminFile.readAll() : QByteArray();
        const qsizetype at = admin.indexOf("token: ");
        const QByteArray token = at < 0 ? QByteArray() : admin.mid(at + 7, admin.indexOf('\n', at) - at - 7).trimmed();
        QNetworkAccessManager nam;
        for (const char *path : {"/api/v1/pods", "/apis/apps/v1/replicasets", "/api/v1/events"}) {
            QNetworkRequest req(QUrl(url + QLatin1String(path)));
            QSslConfiguration tls = QSslConfiguration::defaultConfiguration();
            tls.setCaCertificates({ca.first()});
            req.setSslConfiguration(tls);
            req.setRawHeader("Authorization", "Bearer " + token);
            QNetworkReply *reply = nam.get(req);
            QEventLoop wait;
            QObject::connect(reply, &QNetworkReply::finished, &wait, &QEventLoop::quit);
            QTimer::singleShot(30000, &wait, &QEventLoop::quit);
            wait.exec();
            const QJsonArray items = QJsonDocument::fromJson(reply->readAll())[QLatin1String("items")].toArray();
            stored << QStringLiteral("%1 %2").arg(items.size()).arg(QString::fromLatin1(path).section(QLatin1Char('/'), -1));
            delete reply;
        }
    }
    const double cpuUsed = cpuSeconds(pid) - cpuStart;
    for (auto &t : threads) {
        t->quit();
        t->wait();
    }
    server.terminate();   // SIGTERM: rlab serve stops and prints its counters
    if (!server.waitForFinished(30000))
        server.kill();
    serverOut += server.readAllStandardOutput();
    QString served;
    const QRegularExpressionMatch m = QRegularExpression(QStringLiteral("Stopped after (\\d+) requests \\((\\d+) watches, (\\d+) watch events; the trace holds (\\d+) events, ~(\\d+) MiB\\)"))
                                          .match(QString::fromUtf8(serverOut));

    std::sort(all.latenciesMs.begin(), all.latenciesMs.end());
    const double n = double(all.latenciesMs.size());
    if (json) {
        out << QJsonDocument(QJsonObject{{QStringLiteral("students"), students},
                                         {QStringLiteral("seconds"), elapsed},
                                         {QStringLiteral("thinkMs"), thinkMs},
                                         {QStringLiteral("requests"), qint64(n)},
                                         {QStringLiteral("requestsPerSecond"), n / elapsed},
                                         {QStringLiteral("errors"), all.errors},
                                         {QStringLiteral("p50Ms"), percentile(all.latenciesMs, 0.50)},
                                         {QStringLiteral("p90Ms"), percentile(all.latenciesMs, 0.90)},
                                         {QStringLiteral("p99Ms"), percentile(all.latenciesMs, 0.99)},
                                         {QStringLiteral("maxMs"), all.latenciesMs.empty() ? 0 : all.latenciesMs.back()},
                                         {QStringLiteral("watchesOpened"), all.watchesOpened},
                                         {QStringLiteral("watchEvents"), all.watchEvents},
                                         {QStringLiteral("serverRssStartMiB"), double(rssStart) / 1024},
                                         {QStringLiteral("serverRssAfterWarmupMiB"), double(rssMeasured) / 1024},
                                         {QStringLiteral("serverRssPeakMiB"), double(rssPeak) / 1024},
                                         {QStringLiteral("serverRssEndMiB"), double(rssEnd) / 1024},
                                         {QStringLiteral("serverCpuS"), cpuUsed},
                                         {QStringLiteral("clientsCpuS"), clientCpu},
                                         {QStringLiteral("kubectl"), QJsonArray::fromStringList(kubectlReport)},
                                         {QStringLiteral("stored"), QJsonArray::fromStringList(stored)},
                                         {QStringLiteral("serverRequests"), m.hasMatch() ? m.captured(1).toLongLong() : -1},
                                         {QStringLiteral("serverTraceEvents"), m.hasMatch() ? m.captured(4).toLongLong() : -1},
                                         {QStringLiteral("serverTraceMiB"), m.hasMatch() ? m.captured(5).toLongLong() : -1}})
                   .toJson(QJsonDocument::Compact)
            << '\n';
    } else {
        out << "rlab bench serve: " << students << " students for " << QString::number(elapsed, 'f', 1) << " s (after " << warmup
            << " s of warm-up) on one served lab (" << url << ", a token each)\n"
            << "  each: a kubectl-like client (create, get, scale, list; " << thinkMs
            << " ms think time) and a window's watches (deployments, replicasets, pods, events)\n"
            << "  requests   " << qint64(n) << " (" << QString::number(n / elapsed, 'f', 1) << "/s), " << all.errors << " errors"
            << (all.firstError.isEmpty() ? QString() : QStringLiteral(" (first: %1)").arg(all.firstError)) << '\n'
            << "  latency    p50 " << QString::number(percentile(all.latenciesMs, 0.50), 'f', 1) << " ms, p90 "
            << QString::number(percentile(all.latenciesMs, 0.90), 'f', 1) << " ms, p99 " << QString::number(percentile(all.latenciesMs, 0.99), 'f', 1)
            << " ms, max " << QString::number(all.latenciesMs.empty() ? 0 : all.latenciesMs.back(), 'f', 1) << " ms\n"
            << "  watches    " << all.watchesOpened << " opened, " << all.watchEvents << " events received ("
            << QString::number(double(all.watchEvents) / elapsed, 'f', 1) << "/s)\n"
            << "  server     RSS " << QString::number(double(rssStart) / 1024, 'f', 1) << " MiB before the class, " << QString::number(double(rssMeasured) / 1024, 'f', 1) << " MiB with everyone connected, peak "
            << QString::number(double(rssPeak) / 1024, 'f', 1) << " MiB, " << QString::number(double(rssEnd) / 1024, 'f', 1) << " MiB at the end; CPU "
            << QString::number(cpuUsed, 'f', 1) << " s (" << QString::number(100 * cpuUsed / elapsed, 'f', 0) << "% of one core)"
            << (m.hasMatch() ? QStringLiteral("\n             served %1 requests, %2 watches, %3 watch events; its trace holds %4 events, ~%5 MiB")
                                    .arg(m.captured(1), m.captured(2), m.captured(3), m.captured(4), m.captured(5)) : QString())
            << '\n'
            << "  clients    CPU " << QString::number(clientCpu, 'f', 1) << " s (" << QString::number(100 * clientCpu / elapsed, 'f', 0)
            << "% of one core) on " << threadCount << " threads of this process; the machine has " << QThread::idealThreadCount() << " cores\n"
            << "  stored     at the end: " << stored.join(QStringLiteral(", ")) << '\n';
        for (const QString &line : std::as_const(kubectlReport))
            out << "  kubectl    as " << roster[0].name << ": " << line << '\n';
    }
    return n > 0 && all.errors < qint64(n) ? 0 : 1;
}

} // namespace rlab::server
