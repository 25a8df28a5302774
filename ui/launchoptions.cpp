#include "ui/launchoptions.h"

#include "core/sim/latencymodel.h"

#include <QCommandLineParser>
#include <QRegularExpression>

namespace rlab::ui {

QString LaunchOptions::usage()
{
    return QStringLiteral("Usage: reconcile-lab [--screenshot OUT.png [--after SECONDS] [--size WxH]]\n"
                          "                     [--language en|ko] [--latency classroom|realistic|instant] [--presenter] [--lesson FILE]\n"
                          "                     [--dock NAME] [FILE...]\n"
                          "       reconcile-lab --kubeconfig FILE [--context C] [--namespace N]\n"
                          "       reconcile-lab --replay RECORDING.jsonl\n"
                          "Opens the Reconcile Lab window on a simulated cluster with three nodes and applies\n"
                          "the given manifests (YAML or JSON), scenarios, or a saved lab (*.rlab); with --kubeconfig,\n"
                          "shows that real cluster instead (live mode, read-only until writes are allowed); with\n"
                          "--replay, a recorded one.\n");
}

LaunchOptions LaunchOptions::parse(const QStringList &arguments)
{
    LaunchOptions o;
    QCommandLineParser parser;
    parser.setSingleDashWordOptionMode(QCommandLineParser::ParseAsLongOptions);
    const QCommandLineOption help({QStringLiteral("h"), QStringLiteral("help")}, QStringLiteral("Show this help."));
    const QCommandLineOption screenshot(QStringLiteral("screenshot"), QStringLiteral("Render the window to OUT.png and exit."),
                                        QStringLiteral("OUT.png"));
    const QCommandLineOption after(QStringLiteral("after"), QStringLiteral("Virtual seconds to run before the screenshot."),
                                   QStringLiteral("SECONDS"));
    const QCommandLineOption size(QStringLiteral("size"), QStringLiteral("Window size for the screenshot."),
                                  QStringLiteral("WxH"));
    const QCommandLineOption language(QStringLiteral("language"), QStringLiteral("Window language (en, ko)."),
                                      QStringLiteral("CODE"));
    const QCommandLineOption presenter(QStringLiteral("presenter"), QStringLiteral("Start in presenter mode."));
    const QCommandLineOption lesson(QStringLiteral("lesson"), QStringLiteral("Open a lesson file."), QStringLiteral("FILE"));
    const QCommandLineOption dock(QStringLiteral("dock"), QStringLiteral("Raise a dock's tab (workqueue, lesson, …)."),
                                  QStringLiteral("NAME"));
    const QCommandLineOption latency(QStringLiteral("latency"), QStringLiteral("What each hop costs: classroom, realistic or instant."),
                                     QStringLiteral("PRESET"));
    const QCommandLineOption kubeconfig(QStringLiteral("kubeconfig"), QStringLiteral("Live mode: the kubeconfig of a real cluster."),
                                        QStringLiteral("FILE"));
    const QCommandLineOption context(QStringLiteral("context"), QStringLiteral("Live mode: the kubeconfig context."),
                                     QStringLiteral("C"));
    const QCommandLineOption ns({QStringLiteral("n"), QStringLiteral("namespace")}, QStringLiteral("Live mode: the namespace."),
                                QStringLiteral("N"));
    const QCommandLineOption replay(QStringLiteral("replay"), QStringLiteral("Open a live-mode recording."), QStringLiteral("FILE"));
    parser.addOptions({help, screenshot, after, size, language, presenter, lesson, dock, latency, kubeconfig, context, ns, replay});
    parser.addPositionalArgument(QStringLiteral("FILE"), QStringLiteral("Manifests to apply."), QStringLiteral("[FILE...]"));
    if (!parser.parse(arguments)) {
        o.error = parser.errorText();
        return o;
    }
    o.help = parser.isSet(help);
    o.files = parser.positionalArguments();
    o.screenshot = parser.value(screenshot);
    o.language = parser.value(language);
    o.presenter = parser.isSet(presenter);
    o.lesson = parser.value(lesson);
    o.docks = parser.values(dock);
    o.kubeconfigs = parser.values(kubeconfig);
    o.context = parser.value(context);
    o.namespace_ = parser.value(ns);
    o.replay = parser.value(replay);
    if (!o.replay.isEmpty() && o.isLive())
        o.error = QStringLiteral("--replay and --kubeconfig/--context: open one or the other");
    if (!o.isLive() && parser.isSet(ns) && o.error.isEmpty())
        o.error = QStringLiteral("--namespace goes with --kubeconfig or --context");
    if (parser.isSet(latency)) {
        o.latency = parser.value(latency);
        if (!LatencyModel::preset(o.latency))
            o.error = QStringLiteral("--latency: expected one of %1, got \"%2\"").arg(LatencyModel::presetNames().join(QStringLiteral(", ")), o.latency);
    }
    if (!o.language.isEmpty() && o.language != QLatin1String("en") && o.language != QLatin1String("ko"))
        o.error = QStringLiteral("--language: expected en or ko, got \"%1\"").arg(o.language);
    if (parser.isSet(after)) {
        bool ok = false;
        o.afterSeconds = parser.value(after).toDouble(&ok);
        if (!ok || o.afterSeconds < 0)
            o.error = QStringLiteral("--after: expected a number of seconds >= 0, got \"%1\"").arg(parser.value(after));
    }
    if (parser.isSet(size)) {
        static const QRegularExpression re(QStringLiteral("^(\\d{2,5})x(\\d{2,5})$"));
        const QRegularExpressionMatch m = re.match(parser.value(size));
        if (m.hasMatch())
            o.size = QSize(m.captured(1).toInt(), m.captured(2).toInt());
        else
            o.error = QStringLiteral("--size: expected WIDTHxHEIGHT, got \"%1\"").arg(parser.value(size));
    }
    if (o.screenshot.isEmpty() && (parser.isSet(after) || parser.isSet(size)) && o.error.isEmpty())
        o.error = QStringLiteral("--after and --size go with --screenshot");
    return o;
}

} // namespace rlab::ui
