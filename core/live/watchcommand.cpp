#include "core/live/watchcommand.h"

#include "core/live/liveconnect.h"
#include "core/live/shadowcontroller.h"
#include "core/sim/simulation.h"

#include <QEventLoop>
#include <QTimer>

#include <csignal>
#include <memory>

namespace rlab::live {

namespace {

volatile std::sig_atomic_t g_stop = 0;
extern "C" void requestWatchStop(int)
{
    g_stop = 1;
}

void usage(QTextStream &s)
{
    s << "usage: rlab watch --kubeconfig FILE [--context C] [--namespace N | -A] --record FILE\n"
         "                  [--exit-after SECONDS] [--quiet]\n"
         "Records a real cluster's watch events (Deployments, ReplicaSets, Pods, Nodes, Events) as\n"
         "JSON Lines that reconcile-lab --replay opens, and prints what the lab's Deployment controller\n"
         "predicts (the shadow controller) and whether the cluster did it. No credential is recorded.\n";
}

QString seconds(qint64 ms)
{
    return QString::number(double(ms) / 1000.0, 'f', 3);
}

} // namespace

int watchCommand(const QStringList &args, QTextStream &out, QTextStream &err)
{
    LiveConnectRequest req;
    QString record;
    double exitAfter = 0;
    bool quiet = false, allNamespaces = false;
    for (int i = 0; i < args.size(); ++i) {
        const QString &a = args[i];
        const auto value = [&](QString *into) {
            if (i + 1 >= args.size()) {
                err << "rlab watch: " << a << " needs a value\n";
                return false;
            }
            *into = args[++i];
            return true;
        };
        QString v;
        if (a == QLatin1String("-h") || a == QLatin1String("--help")) {
            usage(out);
            return 0;
        } else if (a == QLatin1String("--kubeconfig")) {
            if (!value(&v))
                return 2;
            req.kubeconfigs << v;
        } else if (a == QLatin1String("--context")) {
            if (!value(&req.context))
                return 2;
        } else if (a == QLatin1String("--namespace") || a == QLatin1String("-n")) {
            if (!value(&req.namespace_))
                return 2;
        } else if (a == QLatin1String("-A") || a == QLatin1String("--all-namespaces")) {
            allNamespaces = true;
        } else if (a == QLatin1String("--record")) {
            if (!value(&record))
                return 2;
        } else if (a == QLatin1String("--exit-after")) {
            if (!value(&v))
                return 2;
            bool ok = false;
            exitAfter = v.toDouble(&ok);
            if (!ok || exitAfter <= 0) {
                err << "rlab watch: --exit-after wants a positive number of seconds, got \"" << v << "\"\n";
                return 2;
            }
        } else if (a == QLatin1String("--quiet") || a == QLatin1String("-q")) {
            quiet = true;
        } else {
            err << "rlab watch: unknown argument \"" << a << "\"\n";
            usage(err);
            return 2;
        }
    }
    if (record.isEmpty()) {
        err << "rlab watch: --record FILE is required\n";
        usage(err);
        return 2;
    }
    req.allNamespaces = allNamespaces;
    QString error;
    std::unique_ptr<LiveClusterSource> source = connectLive(req, &error);
    if (!source) {
        err << "error: " << error << "\n";
        return 1;
    }
    source->recordTo(record);
    Simulation mirror(source->mirrorConfig());
    source->attach(mirror);
    if (!source->recordingError().isEmpty()) {
        err << "rlab watch: " << source->recordingError() << "\n";
        return 1;
    }
    const LiveClusterInfo &info = source->info();
    out << "Watching " << info.server << " (context " << info.context << ", "
        << (info.namespace_.isEmpty() ? QStringLiteral("all namespaces") : QStringLiteral("namespace ") + info.namespace_)
        << ", server " << info.serverVersion << "), recording to " << record << "\nPress Ctrl+C to stop.\n";
    out.flush();
    if (!quiet) {
        source->mirror()->addListener([&out](const LiveEvent &e, qint64) {
            out << seconds(e.t) << "s " << LiveEvent::typeName(e.type) << ' ' << e.resource << ' ' << e.key()
                << " (resourceVersion " << e.object->metadata.resourceVersion << ")\n";
        });
        source->shadow()->setListener([&out](const Prediction &p) {
            if (p.write.resource == QLatin1String("events"))
                return;
            if (p.state == Prediction::State::Pending)
                out << seconds(p.t) << "s shadow syncDeployment " << p.deployment << " will: " << p.text << "\n";
            else if (p.state != Prediction::State::Superseded)
                out << seconds(p.resolvedAt) << "s shadow " << Prediction::stateName(p.state) << ": " << p.text << " — "
                    << p.outcome << "\n";
        });
    }

    g_stop = 0;
    const auto oldInt = std::signal(SIGINT, requestWatchStop);
    const auto oldTerm = std::signal(SIGTERM, requestWatchStop);
    QEventLoop loop;
    QTimer poll;
    QObject::connect(&poll, &QTimer::timeout, &loop, [&] {
        source->advance(0);
        out.flush();
        if (g_stop)
            loop.quit();
    });
    poll.start(50);
    if (exitAfter > 0)
        QTimer::singleShot(qint64(exitAfter * 1000), &loop, &QEventLoop::quit);
    loop.exec();
    std::signal(SIGINT, oldInt);
    std::signal(SIGTERM, oldTerm);
    source->advance(0);
    const qint64 events = source->recorder().events();
    const PredictionBook &book = source->shadow()->book();
    out << "Recorded " << events << " watch events to " << record << "; shadow predictions: "
        << book.count(Prediction::State::Matched) << " matched, " << book.count(Prediction::State::Mismatched)
        << " mismatched, " << book.count(Prediction::State::Expired) << " not done.\n";
    source->detach();
    return 0;
}

} // namespace rlab::live
