#include "core/server/servecommand.h"

#include "core/apiserver/kubeversion.h"
#include "core/server/classroom.h"
#include "core/server/clusterdriver.h"
#include "core/sim/labfile.h"
#include "core/server/httpapiserver.h"
#include "core/server/kubeconfig.h"
#include "core/sim/scenario.h"
#include "core/sim/scenariorunner.h"
#include "core/sim/simulation.h"

#include <QCoreApplication>
#include <QDir>
#include <QEventLoop>
#include <QFileInfo>
#include <QNetworkInterface>
#include <QTimer>

#include <csignal>
#include <memory>

namespace rlab::server {

namespace {

volatile std::sig_atomic_t g_stopRequested = 0;

extern "C" void requestStop(int)
{
    g_stopRequested = 1;
}

void usage(QTextStream &s)
{
    s << "usage: rlab serve [--listen HOST:PORT] [--kubeconfig FILE] [--scenario FILE] [--speed X]\n"
         "                  [--latency classroom|realistic|instant] [--allow-remote] [--exit-after SECONDS]\n"
         "                  [--users FILE [--kubeconfig-dir DIR]] [--tls-dir DIR] [--state FILE]\n"
         "                  [--quota-backend-bytes N] [--max-requests-inflight N] [--max-mutating-requests-inflight N]\n"
         "  --listen HOST:PORT   address to serve on (default 127.0.0.1:0; port 0 picks a free port)\n"
         "  --kubeconfig FILE    where to write the admin's kubeconfig (default ~/.kube/reconcile-lab.kubeconfig)\n"
         "  --scenario FILE      start from a scenario (its steps run first, in virtual time)\n"
         "  --speed X            virtual seconds per real second (default 1)\n"
         "  --latency PRESET     what each hop costs in virtual time (default: the scenario's, else instant)\n"
         "  --allow-remote       allow a non-loopback address and Host names other than localhost,\n"
         "                       127.0.0.1 and [::1] (requests always need HTTPS and a token or a\n"
         "                       client certificate)\n"
         "  --users FILE         a classroom: one student a line, kube-apiserver's token file plus a\n"
         "                       namespace column:  token,user,uid,\"group1,group2\",namespace\n"
         "                       (uid, groups and namespace optional; namespace defaults to the user\n"
         "                       name; an empty token means client certificate only). Each student\n"
         "                       may act only in their namespace (created at start) and read nodes;\n"
         "                       anything else is 403 Forbidden. '#' starts a comment line.\n"
         "  --kubeconfig-dir DIR write DIR/<user>.kubeconfig for every student (token or client certificate)\n"
         "  --tls-dir DIR        keep the certificate authority in DIR (ca.crt, ca.key) and reuse it, so\n"
         "                       kubeconfigs handed out survive a restart (default: a new CA each start)\n"
         "  --trace-memory MIB   keep at most this much trace (default 384; the oldest events go first):\n"
         "                       40 busy students (rlab bench serve) add 80-300 MiB a minute, so the\n"
         "                       trace, most of the server's memory, reaches its cap within minutes\n"
         "  --state FILE         a saved lab: resume from FILE if it exists (--scenario is then not run),\n"
         "                       save the lab to FILE every minute when it changed and when serve stops\n"
         "                       (the window's File > Open lab... opens it too)\n"
         "  --quota-backend-bytes N  etcd's quota (default 2147483648, etcd's): past it writes fail with\n"
         "                       \"etcdserver: mvcc: database space exceeded\" until compaction frees room\n"
         "  --max-requests-inflight N  read-only requests (get, list) served at once, as kube-apiserver's\n"
         "                       (default 400; 0 = no limit): beyond it a request gets 429 Too Many Requests\n"
         "                       with Retry-After: 1, which kubectl and client-go retry. Watches and logs\n"
         "                       do not count; the admin (system:masters) is never refused, as upstream\n"
         "  --max-mutating-requests-inflight N  the same for writes (default 200)\n"
         "  --exit-after SECONDS stop after that many real seconds (scripts)\n";
}

bool parseListen(const QString &text, QHostAddress *address, quint16 *port)
{
    const qsizetype colon = text.lastIndexOf(QLatin1Char(':'));
    if (colon <= 0)
        return false;
    QString host = text.left(colon);
    bool ok = false;
    const uint p = text.mid(colon + 1).toUInt(&ok);
    if (!ok || p > 65535)
        return false;
    if (host.startsWith(QLatin1Char('[')) && host.endsWith(QLatin1Char(']')))
        host = host.mid(1, host.size() - 2);
    if (host == QLatin1String("localhost"))
        *address = QHostAddress(QHostAddress::LocalHost);
    else if (!address->setAddress(host))
        return false;
    *port = quint16(p);
    return true;
}

bool isWildcard(const QHostAddress &a)
{
    return a == QHostAddress(QHostAddress::AnyIPv4) || a == QHostAddress(QHostAddress::Any) || a == QHostAddress(QHostAddress::AnyIPv6);
}

// The addresses clients may use: the listening one, or for a wildcard every non-loopback IPv4
// address (the first goes into the kubeconfig), plus 127.0.0.1.
QStringList clientAddresses(const QHostAddress &listen)
{
    QStringList out;
    if (!isWildcard(listen)) {
        out << listen.toString();
    } else {
        const QList<QHostAddress> all = QNetworkInterface::allAddresses();
        for (const QHostAddress &a : all)
            if (a.protocol() == QAbstractSocket::IPv4Protocol && !a.isLoopback())
                out << a.toString();
    }
    if (!out.contains(QStringLiteral("127.0.0.1")))
        out << QStringLiteral("127.0.0.1");
    return out;
}

QString reachableUrl(const HttpApiServer &server)
{
    if (!isWildcard(server.address()))
        return server.url();
    const QString scheme = server.url().section(QLatin1Char(':'), 0, 0);
    return QStringLiteral("%1://%2:%3").arg(scheme, clientAddresses(server.address()).first()).arg(server.port());
}

} // namespace

int serveCommand(const QStringList &args, QTextStream &out, QTextStream &err)
{
    QHostAddress address(QHostAddress::LocalHost);
    quint16 port = 0;
    QString kubeconfig = QDir::home().filePath(QStringLiteral(".kube/reconcile-lab.kubeconfig"));
    QString scenarioFile;
    double speed = 1.0;
    QString latency;
    double exitAfter = 0;
    bool allowRemote = false;
    QString usersFile, kubeconfigDir, tlsDir;
    qint64 traceMemoryMiB = 0;
    QString stateFile;
    qint64 quotaBytes = qint64(2) << 30;   // etcd's default --quota-backend-bytes
    HttpLimits limits;
    for (qsizetype i = 0; i < args.size(); ++i) {
        const QString &a = args[i];
        const auto value = [&](QString *v) {
            if (i + 1 >= args.size())
                return false;
            *v = args[++i];
            return true;
        };
        QString v;
        bool ok = true;
        if (a == QLatin1String("--help") || a == QLatin1String("-h")) {
            usage(out);
            return 0;
        } else if (a == QLatin1String("--allow-remote")) {
            allowRemote = true;
        } else if (a == QLatin1String("--listen")) {
            ok = value(&v) && parseListen(v, &address, &port);
            if (!ok) {
                err << "rlab serve: --listen wants HOST:PORT (e.g. 127.0.0.1:8080 or 127.0.0.1:0), got \"" << v << "\"\n";
                return 2;
            }
        } else if (a == QLatin1String("--kubeconfig")) {
            ok = value(&kubeconfig);
        } else if (a == QLatin1String("--users")) {
            ok = value(&usersFile);
        } else if (a == QLatin1String("--kubeconfig-dir")) {
            ok = value(&kubeconfigDir);
        } else if (a == QLatin1String("--tls-dir")) {
            ok = value(&tlsDir);
        } else if (a == QLatin1String("--trace-memory")) {
            ok = value(&v);
            traceMemoryMiB = v.toLongLong(&ok);
            if (!ok || traceMemoryMiB < 1 || traceMemoryMiB > 65536) {
                err << "rlab serve: --trace-memory wants a number of MiB in [1, 65536], got \"" << v << "\"\n";
                return 2;
            }
        } else if (a == QLatin1String("--state")) {
            ok = value(&stateFile);
        } else if (a == QLatin1String("--quota-backend-bytes")) {
            ok = value(&v);
            quotaBytes = v.toLongLong(&ok);
            if (!ok || quotaBytes < 1024 * 1024) {
                err << "rlab serve: --quota-backend-bytes wants a number of bytes, at least 1048576, got \"" << v << "\"\n";
                return 2;
            }
        } else if (a == QLatin1String("--max-requests-inflight") || a == QLatin1String("--max-mutating-requests-inflight")) {
            ok = value(&v);
            const int n = v.toInt(&ok);
            if (!ok || n < 0) {
                err << "rlab serve: " << a << " wants a number of requests (0 = no limit), got \"" << v << "\"\n";
                return 2;
            }
            (a == QLatin1String("--max-requests-inflight") ? limits.maxRequestsInflight : limits.maxMutatingRequestsInflight) = n;
        } else if (a == QLatin1String("--scenario")) {
            ok = value(&scenarioFile);
        } else if (a == QLatin1String("--latency")) {
            ok = value(&latency);
            if (ok && !LatencyModel::preset(latency)) {
                err << "rlab serve: --latency takes one of " << LatencyModel::presetNames().join(QStringLiteral(", ")) << ", got \"" << latency << "\"\n";
                return 2;
            }
        } else if (a == QLatin1String("--speed")) {
            ok = value(&v);
            speed = v.toDouble(&ok);
            if (!ok || speed <= 0 || speed > 1000) {
                err << "rlab serve: --speed wants a number in (0, 1000], got \"" << v << "\"\n";
                return 2;
            }
        } else if (a == QLatin1String("--exit-after")) {
            ok = value(&v);
            exitAfter = v.toDouble(&ok);
            if (!ok || exitAfter <= 0) {
                err << "rlab serve: --exit-after wants a positive number of seconds, got \"" << v << "\"\n";
                return 2;
            }
        } else {
            err << "rlab serve: unknown argument \"" << a << "\"\n";
            usage(err);
            return 2;
        }
        if (!ok) {
            err << "rlab serve: " << a << " needs a value\n";
            return 2;
        }
    }
    if (!kubeconfigDir.isEmpty() && usersFile.isEmpty()) {
        err << "rlab serve: --kubeconfig-dir writes the students' kubeconfigs and needs --users FILE\n";
        return 2;
    }
    if (!address.isLoopback() && !allowRemote) {
        err << "rlab serve: refusing to listen on " << address.toString()
            << ", which other machines can reach; pass --allow-remote to do it anyway (requests need the "
               "bearer token written into the kubeconfig)\n";
        return 2;
    }
    UsersFile users;
    if (!usersFile.isEmpty()) {
        QStringList errors;
        std::optional<UsersFile> loaded = UsersFile::load(usersFile, &errors);
        if (!loaded) {
            for (const QString &e : std::as_const(errors))
                err << e << '\n';
            return 2;
        }
        users = std::move(*loaded);
    }
    if (!QCoreApplication::instance()) {
        err << "rlab serve: internal error: no QCoreApplication\n";
        return 1;
    }

    // The cluster: a saved lab, a scenario's end state, or three empty nodes.
    std::unique_ptr<ScenarioRunner> runner;
    std::unique_ptr<Simulation> own;
    Simulation *sim = nullptr;
    if (!stateFile.isEmpty() && QFileInfo::exists(stateFile)) {
        QString error;
        const std::optional<SimulationConfig> config = LabFile::load(stateFile, &error);
        if (!config) {
            err << "rlab serve: " << error << '\n';
            return 2;
        }
        own = std::make_unique<Simulation>(*config);
        sim = own.get();
        out << "  resumed the lab saved in " << stateFile << " at revision " << sim->api().currentRevision()
            << (scenarioFile.isEmpty() ? QString() : QStringLiteral(" (the scenario is not run)")) << '\n';
    } else if (!scenarioFile.isEmpty()) {
        QStringList errors;
        const std::optional<Scenario> scenario = Scenario::load(scenarioFile, &errors);
        if (!scenario) {
            for (const QString &e : std::as_const(errors))
                err << e << '\n';
            return 2;
        }
        runner = std::make_unique<ScenarioRunner>(*scenario);
        const ScenarioRunner::Outcome outcome = runner->run();
        for (const QString &line : runner->log())
            out << "  " << line << '\n';
        if (outcome == ScenarioRunner::Outcome::Invalid) {
            for (const QString &f : runner->failures())
                err << f << '\n';
            return 2;
        }
        sim = &runner->simulation();
    } else {
        own = std::make_unique<Simulation>();
        sim = own.get();
    }

    if (!latency.isEmpty())
        sim->setLatency(*LatencyModel::preset(latency));
    if (traceMemoryMiB > 0)
        sim->trace().setMemoryBudget(std::size_t(traceMemoryMiB) << 20);
    sim->api().store().setQuotaBackendBytes(quotaBytes);

    HttpApiServer server(sim->api(), sim->clock());
    // Authentication always, loopback included (any local process or web page could reach the
    // port), so HTTPS too: kubectl sends tokens only over TLS. The admin's bearer token, the
    // students' tokens and client certificates signed by the server's CA; other Host names than
    // the loopback's only with --allow-remote.
    const QByteArray token = Kubeconfig::generateToken();
    QString error;
    QStringList errors;
    std::optional<Classroom> classroom = Classroom::prepare(std::move(users), tlsDir, token, &error);
    if (!classroom) {
        err << "rlab serve: " << error << '\n';
        return 1;
    }
    const QByteArray caPem = classroom->ca().certificatePem();
    {
        std::optional<QSslConfiguration> tls = classroom->ca().serverConfiguration(clientAddresses(address), {QStringLiteral("localhost")}, &error);
        if (!tls) {
            err << "rlab serve: " << error << '\n';
            return 1;
        }
        server.setTlsConfiguration(*tls);
    }
    server.setAllowRemoteHosts(allowRemote);
    server.setLimits(limits);
    server.setAuthenticator(classroom->authenticator());
    server.setAuthorizer(classroom->authorizer());
    if (!server.listen(address, port, &error)) {
        err << "rlab serve: " << error << '\n';
        return 1;
    }
    const QString url = reachableUrl(server);
    if (!Kubeconfig::write(kubeconfig, url, token, &error, caPem)) {
        err << "rlab serve: " << error << '\n';
        return 1;
    }
    const QStringList created = classroom->createNamespaces(sim->api(), &errors);
    if (!errors.isEmpty()) {
        for (const QString &e : std::as_const(errors))
            err << "rlab serve: " << e << '\n';
        return 1;
    }
    if (!kubeconfigDir.isEmpty() && !classroom->writeKubeconfigs(kubeconfigDir, url, &error)) {
        err << "rlab serve: " << error << '\n';
        return 1;
    }
    ClusterDriver driver(*sim);
    driver.setSpeed(speed);
    driver.start();

    const QString absKubeconfig = QFileInfo(kubeconfig).absoluteFilePath();
    out << "Reconcile Lab is serving the Kubernetes API of a simulated cluster at " << url
        << (url == server.url() ? QString() : QStringLiteral(" (listening on %1)").arg(server.url())) << '\n'
        << "  virtual time runs at x" << speed << " with the " << sim->latency().name
        << " latency model; kubectl sees server version " << apiserver::KubeVersion::served().gitVersion() << '\n'
        << "  kubeconfig: " << absKubeconfig << (token.isEmpty() ? "" : " (the admin's: holds the bearer token and the server's CA)") << '\n'
        << (classroom->users().entries.isEmpty()
                ? QString()
                : QStringLiteral("  %1 users from %2, each limited to their namespace (%3 created: %4)\n")
                      .arg(classroom->users().entries.size())
                      .arg(usersFile)
                      .arg(created.size())
                      .arg(created.isEmpty() ? QStringLiteral("none") : created.join(QStringLiteral(", "))))
        << (kubeconfigDir.isEmpty() ? QString()
                                    : QStringLiteral("  students' kubeconfigs: %1/<user>.kubeconfig\n").arg(QFileInfo(kubeconfigDir).absoluteFilePath()))
        << (tlsDir.isEmpty() ? QString() : QStringLiteral("  certificate authority: %1/ca.crt\n").arg(QFileInfo(tlsDir).absoluteFilePath()))
        << "Point kubectl at it:\n"
        << "  export KUBECONFIG=" << absKubeconfig << '\n'
        << "  kubectl get nodes\n"
        << "Press Ctrl+C to stop.\n";
    out.flush();

    g_stopRequested = 0;
    const auto oldInt = std::signal(SIGINT, requestStop);
    const auto oldTerm = std::signal(SIGTERM, requestStop);
    QEventLoop loop;
    QTimer poll;
    QObject::connect(&poll, &QTimer::timeout, &loop, [&loop] {
        if (g_stopRequested)
            loop.quit();
    });
    poll.start(100);
    if (exitAfter > 0)
        QTimer::singleShot(qint64(exitAfter * 1000), &loop, &QEventLoop::quit);
    // --state: saved every minute when the store moved, and at the end.
    qint64 savedRevision = -1;
    const auto saveState = [&](bool final) {
        const qint64 rev = sim->api().currentRevision();
        if (stateFile.isEmpty() || rev == savedRevision)
            return;
        QString error;
        if (LabFile::save(*sim, stateFile, &error)) {
            savedRevision = rev;
            if (final)
                out << "Saved the lab to " << stateFile << " (revision " << rev << ").\n";
        } else {
            err << "rlab serve: cannot save the lab: " << error << '\n';
        }
    };
    QTimer stateTimer;
    QObject::connect(&stateTimer, &QTimer::timeout, &loop, [&] { saveState(false); });
    if (!stateFile.isEmpty())
        stateTimer.start(60'000);
    loop.exec();
    std::signal(SIGINT, oldInt);
    std::signal(SIGTERM, oldTerm);

    driver.stop();
    server.close();
    saveState(true);
    const ServerCounters &c = server.counters();
    out << "Stopped after " << c.requests.load() << " requests (" << c.watchesOpened.load() << " watches, "
        << c.watchEvents.load() << " watch events; the trace holds " << sim->trace().size() << " events, ~"
        << (sim->trace().memoryBytes() >> 20) << " MiB).\n";
    return 0;
}

} // namespace rlab::server
