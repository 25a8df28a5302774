#include "core/sim/scenariorunner.h"

#include "core/client/sharedinformerfactory.h"

#include "core/api/codec.h"
#include "core/api/deployment.h"
#include "core/api/pod.h"
#include "core/kubectl/manifest.h"
#include "core/kubectl/rollout.h"
#include "core/base/duration.h"
#include "core/sim/fieldpath.h"
#include "core/sim/simulation.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>

#include <algorithm>
#include <utility>

namespace rlab {

using namespace rlab::api;
using namespace rlab::apiserver;
using namespace rlab::kubectl;

SimulationConfig ScenarioRunner::configFor(const Scenario &s)
{
    SimulationConfig c;
    c.cluster.seed = s.seed;
    c.cluster.startTimeMs = s.startTimeMs;
    c.controllers = s.controllers;
    for (const ScenarioNode &n : s.nodes)
        c.nodes.append({n.name, n.cpu, n.memory, QString::number(n.pods)});
    auto ms = [&](const char *key, qint64 def) {
        const QString v = s.kubelet.value(QLatin1String(key)).toString();
        return v.isEmpty() ? def : parseDuration(v).value_or(def);
    };
    c.pullDelayMs = ms("pullDelay", c.pullDelayMs);
    c.startDelayMs = ms("startDelay", c.startDelayMs);
    c.readyDelayMs = ms("readyDelay", c.readyDelayMs);
    c.terminationDelayMs = ms("terminationDelay", c.terminationDelayMs);
    if (!s.latency.isEmpty())
        c.latency = LatencyModel::preset(s.latency).value_or(LatencyModel{});
    return c;
}

namespace {

// status.conditions[type == condition].status == wanted
bool hasCondition(const api::Object &o, const QString &condition, const QString &wanted)
{
    const QJsonArray conds = o.toJson().value(QLatin1String("status")).toObject().value(QLatin1String("conditions")).toArray();
    for (const QJsonValue &c : conds)
        if (c.toObject().value(QLatin1String("type")).toString() == condition)
            return c.toObject().value(QLatin1String("status")).toString() == wanted;
    return false;
}

// {deployment: web} / {kind: Pod, name: x, namespace: y} -> (resource, namespace, name)
bool target(const QJsonObject &args, ResourceType *rt, QString *ns, QString *name)
{
    static const char *kinds[] = {"deployment", "replicaset", "pod", "node", "namespace"};
    for (const char *k : kinds) {
        if (args.contains(QLatin1String(k))) {
            *rt = resources::lookup(QLatin1String(k));
            *name = args.value(QLatin1String(k)).toString();
        }
    }
    if (args.contains(QLatin1String("kind"))) {
        *rt = resources::lookup(args.value(QLatin1String("kind")).toString());
        *name = args.value(QLatin1String("name")).toString();
    }
    *ns = rt->namespaced ? args.value(QLatin1String("namespace")).toString(QStringLiteral("default")) : QString();
    return rt->isValid() && !name->isEmpty();
}

} // namespace

std::optional<QJsonValue> ScenarioRunner::field(const QJsonObject &obj, const QString &path)
{
    const bool bare = !path.contains(QLatin1Char('.')) && !path.contains(QLatin1Char('['));
    const QStringList candidates = bare ? QStringList{QStringLiteral("status.") + path, QStringLiteral("spec.") + path, path}
                                        : QStringList{path};
    for (const QString &c : candidates) {
        QJsonValue v = obj;
        bool ok = true;
        for (const QString &part : splitFieldPath(c)) {
            if (!v.isObject() || !v.toObject().contains(part)) {
                ok = false;
                break;
            }
            v = v.toObject().value(part);
        }
        if (ok)
            return v;
    }
    return std::nullopt;
}

ScenarioRunner::ScenarioRunner(const Scenario &scenario)
    : m_scenario(scenario), m_owned(std::make_unique<Simulation>(configFor(scenario))), m_sim(m_owned.get())
{
}

ScenarioRunner::ScenarioRunner(const Scenario &scenario, Simulation &sim)
    : m_scenario(scenario), m_sim(&sim)
{
}

ScenarioRunner::~ScenarioRunner() = default;

void ScenarioRunner::fail(const ScenarioStep &step, const QString &message, bool invalid)
{
    const QString line = QStringLiteral("%1: %2: %3").arg(step.location(), step.action, message);
    m_failures << line;
    m_log << QStringLiteral("FAIL ") + line;
    if (invalid)
        m_invalid = true;
}

bool ScenarioRunner::restoreObjects()
{
    // objects: stored exactly as given (status included) before step 1.
    for (const SourceDocument &doc : m_scenario.objects) {
        DecodeResult r = decodeObject(doc.value.toObject());
        if (!r.object) {
            m_failures << doc.errorAt(QString(), r.error).toString();
            m_invalid = true;
            return false;
        }
        const Result<ObjectPtr> stored = m_sim->api().restore(r.object);
        if (!stored.ok()) {
            m_failures << doc.errorAt(QString(), stored.error->message).toString();
            m_invalid = true;
            return false;
        }
    }
    return true;
}

ScenarioRunner::Outcome ScenarioRunner::run()
{
    if (!restoreObjects())
        return Outcome::Invalid;
    // design.md 5: objects are "stored as given before step 1" and a sync step is "exactly one
    // reconcile of that key, now". The informers may list and fill their caches (their handlers
    // queue keys), but no controller acts until a step lets time run or syncs: pump only.
    m_sim->informers().processPending();
    for (const ScenarioStep &step : m_scenario.steps) {
        if (!runStep(step) && m_invalid)
            return Outcome::Invalid;
    }
    if (m_invalid)
        return Outcome::Invalid;
    return m_failures.isEmpty() ? Outcome::Passed : Outcome::ExpectFailed;
}

bool ScenarioRunner::runStep(const ScenarioStep &step)
{
    const QString a = step.action;
    if (a.isEmpty())
        return true;
    const QJsonObject args = step.args.toObject();
    const qint64 t = m_sim->clock().now() - m_scenario.startTimeMs;
    m_log << QStringLiteral("t=%1ms %2 %3").arg(t).arg(a, QString::fromUtf8(QJsonDocument(args).toJson(QJsonDocument::Compact)));
    if (a == QLatin1String("apply"))
        return apply(step);
    if (a == QLatin1String("waitFor"))
        return waitFor(step);
    if (a == QLatin1String("expect"))
        return expect(step);
    if (a == QLatin1String("advance")) {
        m_sim->advance(parseDuration(step.args.toString()).value_or(0));
        return true;
    }
    if (a == QLatin1String("runUntilIdle")) {
        const qint64 timeout = parseDuration(args.value(QLatin1String("timeout")).toString(QStringLiteral("600s"))).value_or(600000);
        m_sim->runUntilIdle(timeout);
        return true;
    }
    if (a == QLatin1String("sync")) {
        QStringList notes;
        if (!m_sim->sync(args.value(QLatin1String("controller")).toString(), args.value(QLatin1String("key")).toString(), &notes)) {
            fail(step, QStringLiteral("controller \"%1\" is not running").arg(args.value(QLatin1String("controller")).toString()), true);
            return false;
        }
        m_log << QStringLiteral("  ") + notes.join(QStringLiteral("; "));
        return true;
    }
    if (a == QLatin1String("delete")) {
        ResourceType rt;
        QString ns, name;
        if (!target(args, &rt, &ns, &name)) {
            fail(step, QStringLiteral("needs {kind, name} or {deployment|pod|…: name}"), true);
            return false;
        }
        const auto r = m_sim->api().remove(rt, ns, name);
        if (!r.ok()) {
            fail(step, r.error->message, true);
            return false;
        }
        return true;
    }
    if (a == QLatin1String("failNode") || a == QLatin1String("recoverNode")) {
        const QString node = args.value(QLatin1String("node")).toString();
        const bool ok = a == QLatin1String("failNode") ? m_sim->failNode(node) : m_sim->recoverNode(node);
        if (!ok)
            fail(step, QStringLiteral("no node \"%1\" with a kubelet").arg(node), true);
        return ok;
    }
    if (a == QLatin1String("enableController") || a == QLatin1String("disableController")) {
        if (args.value(QLatin1String("controller")).toString() != QLatin1String("replicafloor")) {
            fail(step, QStringLiteral("only the replicafloor controller can be switched at run time"), true);
            return false;
        }
        m_sim->setReplicaFloorEnabled(a == QLatin1String("enableController"));
        return true;
    }
    return kubectl(step);
}

bool ScenarioRunner::apply(const ScenarioStep &step)
{
    const QJsonObject args = step.args.toObject();
    Manifest m;
    if (args.contains(QLatin1String("file"))) {
        const QString path = QFileInfo(m_scenario.file).dir().filePath(args.value(QLatin1String("file")).toString());
        m = loadManifestFile(path);
    } else {
        const QJsonValue inline_ = args.contains(QLatin1String("object")) ? args.value(QLatin1String("object")) : step.args;
        m = loadManifest(QJsonDocument(inline_.toObject()).toJson(), step.location());
    }
    if (!m.ok()) {
        fail(step, m.errors.join(QLatin1Char('\n')), true);
        return false;
    }
    for (const ApplyResult &r : applyManifest(m_sim->client(), m)) {
        if (!r.ok()) {
            fail(step, r.error->message, true);
            return false;
        }
        m_log << QStringLiteral("  ") + r.describe();
    }
    return true;
}

bool ScenarioRunner::isWaitStep(const ScenarioStep &step)
{
    return step.action == QLatin1String("waitFor") || step.action == QLatin1String("runUntilIdle")
        || step.action == QLatin1String("advance");
}

qint64 ScenarioRunner::waitLimitMs(const ScenarioStep &step) const
{
    if (step.action == QLatin1String("advance"))
        return parseDuration(step.args.toString()).value_or(0);
    const QJsonObject args = step.args.toObject();
    if (step.action == QLatin1String("runUntilIdle"))
        return parseDuration(args.value(QLatin1String("timeout")).toString(QStringLiteral("600s"))).value_or(600000);
    return parseDuration(args.value(QLatin1String("timeout")).toString(QStringLiteral("300s"))).value_or(300000);
}

void ScenarioRunner::beginWait(const ScenarioStep &step)
{
    m_wait = step;
    m_waitStart = m_sim->clock().now();
    m_log << QStringLiteral("t=%1ms %2 %3 (played)")
                 .arg(m_waitStart - m_scenario.startTimeMs)
                 .arg(step.action, step.args.isString() ? step.args.toString()
                                                        : QString::fromUtf8(QJsonDocument(step.args.toObject()).toJson(QJsonDocument::Compact)));
}

bool ScenarioRunner::waitReached()
{
    if (!m_wait)
        return true;
    const qint64 now = m_sim->clock().now();
    const qint64 end = m_waitStart + waitLimitMs(*m_wait);
    if (now >= end)
        return true;
    if (m_wait->action == QLatin1String("advance"))
        return false;
    if (m_wait->action == QLatin1String("runUntilIdle")) {
        // Idle means nothing runnable now (what this instant still holds runs first — a write
        // just made has not reached any informer yet) and nothing due before the end.
        while (m_sim->runner().step()) {
        }
        const std::optional<qint64> next = m_sim->runner().nextWakeAt();
        return !next || *next > end;
    }
    return conditionHolds(m_wait->args.toObject());
}

bool ScenarioRunner::finishWait()
{
    if (!m_wait)
        return true;
    const ScenarioStep step = *std::exchange(m_wait, std::nullopt);
    const qint64 end = m_waitStart + waitLimitMs(step);
    const qint64 left = std::max<qint64>(end - m_sim->clock().now(), 0);
    if (step.action == QLatin1String("advance")) {
        m_sim->advance(left);
        return true;
    }
    if (step.action == QLatin1String("runUntilIdle")) {
        m_sim->runUntilIdle(left);
        return true;
    }
    return waitFor(step, end);
}

bool ScenarioRunner::conditionHolds(const QJsonObject &args)
{
    ResourceType rt;
    QString ns, name;
    if (!target(args, &rt, &ns, &name))
        return false;
    const QString condition = args.value(QLatin1String("condition")).toString(QStringLiteral("Available"));
    const QString wanted = args.value(QLatin1String("status")).toString(QStringLiteral("True"));
    const auto o = m_sim->api().get(rt, ns, name);
    return o.ok() && hasCondition(*o.value, condition, wanted);
}

bool ScenarioRunner::waitFor(const ScenarioStep &step, std::optional<qint64> until)
{
    const QJsonObject args = step.args.toObject();
    ResourceType rt;
    QString ns, name;
    if (!target(args, &rt, &ns, &name)) {
        fail(step, QStringLiteral("needs {deployment|pod|…: name, condition: Type}"), true);
        return false;
    }
    const QString condition = args.value(QLatin1String("condition")).toString(QStringLiteral("Available"));
    const QString wanted = args.value(QLatin1String("status")).toString(QStringLiteral("True"));
    const qint64 timeout = parseDuration(args.value(QLatin1String("timeout")).toString(QStringLiteral("300s"))).value_or(300000);
    const qint64 deadline = until ? *until : m_sim->clock().now() + timeout;
    auto conditionIs = [&](const api::Object &o) { return hasCondition(o, condition, wanted); };
    // The object can only change with the store's revision, and its conditions only with its
    // resourceVersion: re-encode it when one of them moved, not on each of the ~10^5 steps.
    qint64 seenRevision = -1;
    QString seenVersion;
    bool seenResult = false;
    auto satisfied = [&]() {
        const qint64 revision = m_sim->api().currentRevision();
        if (revision == seenRevision)
            return seenResult;
        seenRevision = revision;
        const auto o = m_sim->api().get(rt, ns, name);
        if (!o.ok()) {
            seenVersion.clear();
            return seenResult = false;
        }
        if (!seenVersion.isEmpty() && o.value->metadata.resourceVersion == seenVersion)
            return seenResult;
        seenVersion = o.value->metadata.resourceVersion;
        seenResult = conditionIs(*o.value);
        return seenResult;
    };
    for (;;) {
        if (satisfied())
            return true;
        if (m_sim->runner().step())
            continue;
        if (!m_sim->runner().jumpToNextEvent(deadline))
            break;
    }
    if (satisfied())
        return true;
    fail(step, QStringLiteral("timed out after %1 waiting for %2 %3 condition %4=%5").arg(args.value(QLatin1String("timeout")).toString(QStringLiteral("300s")), rt.kind, name, condition, wanted), true);
    return false;
}

bool ScenarioRunner::expect(const ScenarioStep &step)
{
    const QJsonObject args = step.args.toObject();
    ResourceType rt;
    QString ns, name;
    if (!target(args, &rt, &ns, &name)) {
        fail(step, QStringLiteral("needs {deployment|pod|…: name, <field>: <value>…}"), true);
        return false;
    }
    const auto o = m_sim->api().get(rt, ns, name);
    if (!o.ok()) {
        fail(step, o.error->message, false);
        return false;
    }
    const QJsonObject json = o.value->toJson();
    bool ok = true;
    for (auto it = args.begin(); it != args.end(); ++it) {
        const QString key = it.key();
        if (key == QLatin1String("kind") || key == QLatin1String("name") || key == QLatin1String("namespace")
            || key == rt.singular)
            continue;
        if (key == QLatin1String("condition")) {
            // {type: Progressing, status: "False", reason: ProgressDeadlineExceeded}
            const QJsonObject want = it.value().toObject();
            QJsonObject found;
            for (const QJsonValue &c : json.value(QLatin1String("status")).toObject().value(QLatin1String("conditions")).toArray())
                if (c.toObject().value(QLatin1String("type")) == want.value(QLatin1String("type")))
                    found = c.toObject();
            for (auto w = want.begin(); w != want.end(); ++w) {
                if (found.value(w.key()) != w.value()) {
                    fail(step, QStringLiteral("%1 %2: condition %3 %4 is \"%5\", expected \"%6\"")
                                   .arg(rt.kind, name, want.value(QLatin1String("type")).toString(), w.key(),
                                        found.value(w.key()).toString(QStringLiteral("absent")), w.value().toString()), false);
                    ok = false;
                }
            }
            continue;
        }
        std::optional<QJsonValue> got = field(json, key);
        // Absent status counters read as 0 (Go's omitempty).
        if (!got && it.value().isDouble())
            got = QJsonValue(0);
        if (!got || *got != it.value()) {
            fail(step, QStringLiteral("%1 %2: %3 is %4, expected %5").arg(rt.kind, name, key,
                 got ? QString::fromUtf8(QJsonDocument(QJsonArray{*got}).toJson(QJsonDocument::Compact)).mid(1).chopped(1) : QStringLiteral("absent"),
                 QString::fromUtf8(QJsonDocument(QJsonArray{it.value()}).toJson(QJsonDocument::Compact)).mid(1).chopped(1)), false);
            ok = false;
        }
    }
    return ok;
}

bool ScenarioRunner::kubectl(const ScenarioStep &step)
{
    const QJsonObject args = step.args.toObject();
    const QString a = step.action;
    const QString ns = args.value(QLatin1String("namespace")).toString(QStringLiteral("default"));
    const QString d = args.value(QLatin1String("deployment")).toString();
    if (d.isEmpty()) {
        fail(step, QStringLiteral("needs {deployment: name, …}"), true);
        return false;
    }
    client::Interface &api = m_sim->client();
    kubectl::rollout::RolloutResult r;
    if (a == QLatin1String("scale"))
        r = kubectl::rollout::scale(api, ns, d, args.value(QLatin1String("replicas")).toInt(-1));
    else if (a == QLatin1String("setImage"))
        r = kubectl::rollout::setImage(api, ns, d, args.value(QLatin1String("container")).toString(), args.value(QLatin1String("image")).toString());
    else if (a == QLatin1String("rolloutUndo"))
        r = kubectl::rollout::rolloutUndo(api, ns, d, args.value(QLatin1String("toRevision")).toInteger(0));
    else if (a == QLatin1String("pause"))
        r = kubectl::rollout::pause(api, ns, d);
    else if (a == QLatin1String("resume"))
        r = kubectl::rollout::resume(api, ns, d);
    else if (a == QLatin1String("restart"))
        r = kubectl::rollout::restart(api, ns, d);
    if (!r.ok()) {
        fail(step, r.error, true);
        return false;
    }
    m_log << QStringLiteral("  ") + r.output;
    return true;
}

QJsonObject ScenarioRunner::dump() const
{
    QList<ObjectPtr> all;
    for (const ResourceType &rt : resources::all()) {
        const auto l = m_sim->api().list(rt, QString());
        if (l.ok())
            all += l.value.items;
    }
    std::sort(all.begin(), all.end(), [](const ObjectPtr &a, const ObjectPtr &b) {
        return std::tie(a->kindName, a->metadata.namespace_, a->metadata.name)
             < std::tie(b->kindName, b->metadata.namespace_, b->metadata.name);
    });
    QJsonArray items;
    for (const ObjectPtr &o : all)
        items.append(o->toJson());
    return QJsonObject{{QStringLiteral("apiVersion"), QStringLiteral("v1")},
                       {QStringLiteral("kind"), QStringLiteral("List")},
                       {QStringLiteral("items"), items}};
}

} // namespace rlab
