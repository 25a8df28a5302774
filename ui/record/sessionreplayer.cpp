#include "ui/record/sessionreplayer.h"

#include "core/client/interface.h"
#include "core/kubectl/rollout.h"
#include "core/base/duration.h"
#include "core/sim/scenariorunner.h"
#include "core/sim/simulation.h"
#include "core/sim/view/clusterview.h"
#include "ui/clustersession.h"
#include "ui/record/statedump.h"

#include <QJsonArray>
#include <QJsonDocument>

namespace rlab::ui {

namespace {
const QString kDefault = QStringLiteral("default");

QString runStep(ClusterSession &session, const ScenarioStep &step)
{
    namespace rollout = kubectl::rollout;
    const QString a = step.action;
    const QJsonObject args = step.args.toObject();
    const QString ns = args.value(QLatin1String("namespace")).toString(kDefault);
    const QString d = args.value(QLatin1String("deployment")).toString();
    client::Interface &api = session.client();
    if (a == QLatin1String("advance")) {
        session.advance(parseDuration(step.args.toString()).value_or(0));
        return {};
    }
    if (a == QLatin1String("apply")) {
        const QJsonValue object = args.contains(QLatin1String("object")) ? args.value(QLatin1String("object")) : step.args;
        const ApplyReport r = session.apply({ManifestSource{step.location(), QJsonDocument(object.toObject()).toJson(), {}}});
        return r.ok() ? QString() : r.problems.first().toString();
    }
    if (a == QLatin1String("runUntilIdle")) {
        const QString timeout = args.value(QLatin1String("timeout")).toString(QStringLiteral("600s"));
        session.simulation().runUntilIdle(parseDuration(timeout).value_or(600'000));
        return {};
    }
    if (a == QLatin1String("failNode") || a == QLatin1String("recoverNode")) {
        const QString node = args.value(QLatin1String("node")).toString();
        const bool ok = a == QLatin1String("failNode") ? session.simulation().failNode(node) : session.simulation().recoverNode(node);
        return ok ? QString() : QStringLiteral("no node \"%1\" with a kubelet").arg(node);
    }
    if (a == QLatin1String("delete")) {
        const apiserver::ResourceType rt = apiserver::resources::lookup(args.value(QLatin1String("kind")).toString());
        const auto r = api.remove(rt, rt.namespaced ? ns : QString(), args.value(QLatin1String("name")).toString());
        return r.ok() ? QString() : r.error->message;
    }
    rollout::RolloutResult r;
    if (a == QLatin1String("scale"))
        r = rollout::scale(api, ns, d, args.value(QLatin1String("replicas")).toInt(-1));
    else if (a == QLatin1String("setImage"))
        r = rollout::setImage(api, ns, d, args.value(QLatin1String("container")).toString(), args.value(QLatin1String("image")).toString());
    else if (a == QLatin1String("rolloutUndo"))
        r = rollout::rolloutUndo(api, ns, d, args.value(QLatin1String("toRevision")).toInteger(0));
    else if (a == QLatin1String("pause"))
        r = rollout::pause(api, ns, d);
    else if (a == QLatin1String("resume"))
        r = rollout::resume(api, ns, d);
    else if (a == QLatin1String("restart"))
        r = rollout::restart(api, ns, d);
    else
        return QStringLiteral("the window does not replay \"%1\" steps (use rlab run)").arg(a);
    return r.error;
}

QString firstDifference(const QByteArray &recorded, const QByteArray &replayed)
{
    const QList<QByteArray> a = recorded.split('\n'), b = replayed.split('\n');
    for (qsizetype i = 0; i < qMax(a.size(), b.size()); ++i) {
        const QByteArray x = a.value(i), y = b.value(i);
        if (x != y)
            return QStringLiteral("line %1: recorded %2 | replayed %3")
                .arg(i + 1).arg(QString::fromUtf8(x.left(160)), QString::fromUtf8(y.left(160)));
    }
    return {};
}
} // namespace

QStringList ReplayResult::differences(const Recording &recording) const
{
    QStringList out = errors;
    if (trace != recording.trace)
        out << QStringLiteral("trace differs at ") + firstDifference(recording.trace, trace);
    if (finalState != recording.finalState)
        out << QStringLiteral("final state differs at ")
                   + firstDifference(StateDump::json(recording.finalState), StateDump::json(finalState));
    return out;
}

ReplayResult SessionReplayer::replay(ClusterSession &session, const Recording &recording)
{
    ReplayResult result;
    const std::optional<Scenario> scenario = Scenario::parse(recording.scenarioYaml(), QStringLiteral("recording.yaml"), &result.errors);
    if (!scenario)
        return result;
    session.unfreeze();
    session.reset();
    const SimulationConfig &config = session.simulation().config();
    if (config.cluster.seed != scenario->seed || config.cluster.startTimeMs != scenario->startTimeMs)
        result.errors << QStringLiteral("the recording was made with seed %1 and another start time; this window runs seed %2")
                             .arg(scenario->seed).arg(config.cluster.seed);
    for (qsizetype i = 0; i < scenario->steps.size() && result.errors.isEmpty(); ++i) {
        const QString error = runStep(session, scenario->steps[i]);
        if (!error.isEmpty())
            result.errors << QStringLiteral("spec.steps[%1]: %2: %3").arg(i).arg(scenario->steps[i].action, error);
    }
    for (const TraceEvent &e : session.view().trace(0))
        result.trace += QJsonDocument(e.toJson()).toJson(QJsonDocument::Compact) + '\n';
    result.finalState = StateDump::objects(session.client());
    session.drain();
    return result;
}

QStringList SessionReplayer::checkHeadless(const Recording &recording)
{
    QStringList errors;
    const std::optional<Scenario> scenario = Scenario::parse(recording.scenarioYaml(), QStringLiteral("recording.yaml"), &errors);
    if (!scenario)
        return errors;
    ScenarioRunner runner(*scenario);
    if (runner.run() != ScenarioRunner::Outcome::Passed)
        return runner.failures().isEmpty() ? QStringList{QStringLiteral("rlab run did not pass")} : runner.failures();
    const QJsonObject dump = runner.dump();
    if (dump != recording.finalState)
        errors << QStringLiteral("rlab run ends in another state: ")
                      + firstDifference(StateDump::json(recording.finalState), StateDump::json(dump));
    return errors;
}

} // namespace rlab::ui
