#include "core/sim/labfile.h"

#include "core/api/codec.h"
#include "core/store/kvstore.h"

#include <QDateTime>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSaveFile>

namespace rlab {

namespace {

const QString kKind = QStringLiteral("ReconcileLab");
const QString kApiVersion = QStringLiteral("rlab/v1");

QJsonArray revisionJson(const store::Revision &r) { return {r.main, r.sub}; }

QJsonObject latencyJson(const LatencyModel &m)
{
    return {{QStringLiteral("name"), m.name},
            {QStringLiteral("getMs"), m.getMs},
            {QStringLiteral("listMs"), m.listMs},
            {QStringLiteral("writeMs"), m.writeMs},
            {QStringLiteral("watchDeliveryMs"), m.watchDeliveryMs},
            {QStringLiteral("queueGetMs"), m.queueGetMs},
            {QStringLiteral("reconcileBaseMs"), m.reconcileBaseMs},
            {QStringLiteral("schedulerCycleMs"), m.schedulerCycleMs},
            {QStringLiteral("controllerQps"), m.controllerQps},
            {QStringLiteral("controllerBurst"), m.controllerBurst},
            {QStringLiteral("schedulerQps"), m.schedulerQps},
            {QStringLiteral("schedulerBurst"), m.schedulerBurst},
            {QStringLiteral("kubeletQps"), m.kubeletQps},
            {QStringLiteral("kubeletBurst"), m.kubeletBurst}};
}

QJsonObject configJson(const SimulationConfig &c)
{
    QJsonArray nodes;
    for (const QStringList &n : c.nodes)
        nodes.append(QJsonArray::fromStringList(n));
    QStringList controllers(c.controllers.begin(), c.controllers.end());
    controllers.sort();
    return {{QStringLiteral("cluster"), QJsonObject{{QStringLiteral("nodes"), c.cluster.nodes},
                                                    {QStringLiteral("cpu"), c.cluster.cpu},
                                                    {QStringLiteral("memory"), c.cluster.memory},
                                                    {QStringLiteral("maxPods"), c.cluster.maxPods},
                                                    {QStringLiteral("seed"), QString::number(c.cluster.seed)},
                                                    {QStringLiteral("startTimeMs"), c.cluster.startTimeMs}}},
            {QStringLiteral("controllers"), QJsonArray::fromStringList(controllers)},
            {QStringLiteral("deploymentWorkers"), c.deploymentWorkers},
            {QStringLiteral("replicaSetWorkers"), c.replicaSetWorkers},
            {QStringLiteral("pullDelayMs"), c.pullDelayMs},
            {QStringLiteral("startDelayMs"), c.startDelayMs},
            {QStringLiteral("readyDelayMs"), c.readyDelayMs},
            {QStringLiteral("terminationDelayMs"), c.terminationDelayMs},
            {QStringLiteral("nodes"), nodes},
            {QStringLiteral("latency"), latencyJson(c.latency)},
            {QStringLiteral("quotaBackendBytes"), c.quotaBackendBytes},
            {QStringLiteral("maxRetainedRevisions"), c.maxRetainedRevisions},
            {QStringLiteral("podCapacity"), c.podCapacity}};
}

QJsonObject storeJson(const store::StoreImage &im)
{
    QJsonArray keys;
    for (const store::KeyIndex &ki : im.keys) {
        QJsonArray gens;
        for (const store::KeyIndex::Generation &g : ki.generations()) {
            QJsonArray revs;
            for (const store::KeyIndex::Entry &e : g.revs)
                revs.append(QJsonArray{e.rev.main, e.rev.sub, e.bytes, e.isTombstone() ? QJsonValue() : QJsonValue(e.object()->toJson())});
            gens.append(QJsonObject{{QStringLiteral("created"), revisionJson(g.created)},
                                    {QStringLiteral("ver"), g.ver},
                                    {QStringLiteral("revs"), revs}});
        }
        keys.append(QJsonObject{{QStringLiteral("key"), QString::fromUtf8(ki.key())}, {QStringLiteral("generations"), gens}});
    }
    return {{QStringLiteral("revision"), im.revision},
            {QStringLiteral("compactRevision"), im.compactRevision},
            {QStringLiteral("keys"), keys}};
}

// Reads one JSON document field by field; the first problem wins and names its path.
class Reader
{
public:
    explicit Reader(QString source) : m_source(std::move(source)) {}

    bool failed() const { return !m_error.isEmpty(); }
    QString error() const { return m_error; }
    void fail(const QString &path, const QString &why)
    {
        if (m_error.isEmpty())
            m_error = QStringLiteral("%1: %2: %3").arg(m_source, path, why);
    }

    QJsonValue field(const QJsonObject &o, const QString &path, const QString &name, QJsonValue::Type type)
    {
        const QJsonValue v = o.value(name);
        if (v.type() != type && !(type == QJsonValue::Double && v.isDouble()))
            fail(path.isEmpty() ? name : path + QLatin1Char('.') + name,
                 v.isUndefined() ? QStringLiteral("missing") : QStringLiteral("has the wrong type"));
        return v;
    }
    qint64 integer(const QJsonObject &o, const QString &path, const QString &name, qint64 min, qint64 max)
    {
        const QJsonValue v = field(o, path, name, QJsonValue::Double);
        const double d = v.toDouble();
        if (!failed() && (d != double(qint64(d)) || d < double(min) || d > double(max)))
            fail(path.isEmpty() ? name : path + QLatin1Char('.') + name,
                 QStringLiteral("%1 is not a whole number in [%2, %3]").arg(d).arg(min).arg(max));
        return failed() ? 0 : qint64(d);
    }

private:
    QString m_source;
    QString m_error;
};

constexpr qint64 kMaxRevision = qint64(1) << 53;   // exact in a JSON number

std::optional<LatencyModel> readLatency(Reader &r, const QJsonObject &o)
{
    const QString p = QStringLiteral("config.latency");
    LatencyModel m;
    m.name = r.field(o, p, QStringLiteral("name"), QJsonValue::String).toString();
    const auto ms = [&](const char *name) { return r.integer(o, p, QLatin1String(name), 0, 3'600'000); };
    m.getMs = ms("getMs");
    m.listMs = ms("listMs");
    m.writeMs = ms("writeMs");
    m.watchDeliveryMs = ms("watchDeliveryMs");
    m.queueGetMs = ms("queueGetMs");
    m.reconcileBaseMs = ms("reconcileBaseMs");
    m.schedulerCycleMs = ms("schedulerCycleMs");
    m.controllerQps = r.field(o, p, QStringLiteral("controllerQps"), QJsonValue::Double).toDouble();
    m.controllerBurst = int(r.integer(o, p, QStringLiteral("controllerBurst"), 0, 100'000));
    m.schedulerQps = r.field(o, p, QStringLiteral("schedulerQps"), QJsonValue::Double).toDouble();
    m.schedulerBurst = int(r.integer(o, p, QStringLiteral("schedulerBurst"), 0, 100'000));
    m.kubeletQps = r.field(o, p, QStringLiteral("kubeletQps"), QJsonValue::Double).toDouble();
    m.kubeletBurst = int(r.integer(o, p, QStringLiteral("kubeletBurst"), 0, 100'000));
    if (m.controllerQps < 0 || m.schedulerQps < 0 || m.kubeletQps < 0)
        r.fail(p, QStringLiteral("a negative QPS"));
    return r.failed() ? std::nullopt : std::optional<LatencyModel>(m);
}

bool readConfig(Reader &r, const QJsonObject &o, SimulationConfig &c)
{
    const QString p = QStringLiteral("config");
    const QJsonObject cl = r.field(o, p, QStringLiteral("cluster"), QJsonValue::Object).toObject();
    const QString cp = QStringLiteral("config.cluster");
    c.cluster.nodes = int(r.integer(cl, cp, QStringLiteral("nodes"), 0, 5000));
    c.cluster.cpu = r.field(cl, cp, QStringLiteral("cpu"), QJsonValue::String).toString();
    c.cluster.memory = r.field(cl, cp, QStringLiteral("memory"), QJsonValue::String).toString();
    c.cluster.maxPods = int(r.integer(cl, cp, QStringLiteral("maxPods"), 0, 100'000));
    bool seedOk = false;
    c.cluster.seed = r.field(cl, cp, QStringLiteral("seed"), QJsonValue::String).toString().toULongLong(&seedOk);
    if (!r.failed() && !seedOk)
        r.fail(cp + QStringLiteral(".seed"), QStringLiteral("not a number"));
    c.cluster.startTimeMs = r.integer(cl, cp, QStringLiteral("startTimeMs"), 0, kMaxRevision);
    c.controllers.clear();
    const QStringList known = SimulationConfig::knownControllers();
    for (const QJsonValue &v : r.field(o, p, QStringLiteral("controllers"), QJsonValue::Array).toArray()) {
        if (!known.contains(v.toString()))
            r.fail(p + QStringLiteral(".controllers"), QStringLiteral("unknown controller \"%1\"").arg(v.toString()));
        c.controllers.insert(v.toString());
    }
    c.deploymentWorkers = int(r.integer(o, p, QStringLiteral("deploymentWorkers"), 1, 1000));
    c.replicaSetWorkers = int(r.integer(o, p, QStringLiteral("replicaSetWorkers"), 1, 1000));
    c.pullDelayMs = r.integer(o, p, QStringLiteral("pullDelayMs"), 0, 86'400'000);
    c.startDelayMs = r.integer(o, p, QStringLiteral("startDelayMs"), 0, 86'400'000);
    c.readyDelayMs = r.integer(o, p, QStringLiteral("readyDelayMs"), 0, 86'400'000);
    c.terminationDelayMs = r.integer(o, p, QStringLiteral("terminationDelayMs"), 0, 86'400'000);
    c.nodes.clear();
    for (const QJsonValue &n : r.field(o, p, QStringLiteral("nodes"), QJsonValue::Array).toArray()) {
        QStringList node;
        for (const QJsonValue &f : n.toArray())
            node << f.toString();
        c.nodes << node;
    }
    if (c.nodes.size() > 5000)
        r.fail(p + QStringLiteral(".nodes"), QStringLiteral("more than 5000 nodes"));
    if (const auto m = readLatency(r, r.field(o, p, QStringLiteral("latency"), QJsonValue::Object).toObject()))
        c.latency = *m;
    c.quotaBackendBytes = r.integer(o, p, QStringLiteral("quotaBackendBytes"), 0, kMaxRevision);
    c.maxRetainedRevisions = r.integer(o, p, QStringLiteral("maxRetainedRevisions"), 0, kMaxRevision);
    c.podCapacity = r.integer(o, p, QStringLiteral("podCapacity"), 0, kMaxRevision);
    return !r.failed();
}

std::shared_ptr<store::StoreImage> readStore(Reader &r, const QJsonObject &o)
{
    auto im = std::make_shared<store::StoreImage>();
    const QString p = QStringLiteral("store");
    im->revision = r.integer(o, p, QStringLiteral("revision"), 1, kMaxRevision);
    im->compactRevision = r.integer(o, p, QStringLiteral("compactRevision"), 0, im->revision);
    const QJsonArray keys = r.field(o, p, QStringLiteral("keys"), QJsonValue::Array).toArray();
    QByteArray previous;
    for (qsizetype k = 0; k < keys.size() && !r.failed(); ++k) {
        const QString kp = QStringLiteral("store.keys[%1]").arg(k);
        const QJsonObject ko = keys[k].toObject();
        const QByteArray key = r.field(ko, kp, QStringLiteral("key"), QJsonValue::String).toString().toUtf8();
        if (!r.failed() && !previous.isEmpty() && key <= previous)
            r.fail(kp, QStringLiteral("key \"%1\" is out of order or repeated").arg(QString::fromUtf8(key)));
        previous = key;
        std::vector<store::KeyIndex::Generation> gens;
        const QJsonArray ga = r.field(ko, kp, QStringLiteral("generations"), QJsonValue::Array).toArray();
        for (qsizetype g = 0; g < ga.size() && !r.failed(); ++g) {
            const QString gp = QStringLiteral("%1.generations[%2]").arg(kp).arg(g);
            const QJsonObject go = ga[g].toObject();
            store::KeyIndex::Generation gen;
            const QJsonArray created = r.field(go, gp, QStringLiteral("created"), QJsonValue::Array).toArray();
            gen.created = {created.at(0).toInteger(), created.at(1).toInteger()};
            gen.ver = r.integer(go, gp, QStringLiteral("ver"), 0, kMaxRevision);
            const QJsonArray revs = r.field(go, gp, QStringLiteral("revs"), QJsonValue::Array).toArray();
            for (qsizetype i = 0; i < revs.size() && !r.failed(); ++i) {
                const QString rp = QStringLiteral("%1.revs[%2]").arg(gp).arg(i);
                const QJsonArray e = revs[i].toArray();
                if (e.size() != 4 || !e[0].isDouble() || !e[1].isDouble() || !e[2].isDouble() || !(e[3].isObject() || e[3].isNull())) {
                    r.fail(rp, QStringLiteral("not [main, sub, bytes, object or null]"));
                    break;
                }
                store::KeyIndex::Entry entry;
                entry.rev = {e[0].toInteger(), e[1].toInteger()};
                entry.bytes = e[2].toInteger();
                if (e[3].isObject()) {
                    const api::DecodeResult d = api::decodeObject(e[3].toObject());
                    if (!d.object) {
                        r.fail(rp, d.error);
                        break;
                    }
                    entry.value = std::move(d.object);
                }
                gen.revs.push_back(std::move(entry));
            }
            gens.push_back(std::move(gen));
        }
        if (r.failed())
            break;
        QString why;
        std::optional<store::KeyIndex> ki = store::KeyIndex::restored(key, std::move(gens), &why);
        if (!ki) {
            r.fail(kp, why);
            break;
        }
        if (ki->modified().main > im->revision) {
            r.fail(kp, QStringLiteral("modified at revision %1, after the store's revision %2").arg(ki->modified().main).arg(im->revision));
            break;
        }
        im->keys.push_back(std::move(*ki));
    }
    return r.failed() ? nullptr : im;
}

} // namespace

LabFile::Capture LabFile::capture(Simulation &sim)
{
    return Capture{sim.config(), sim.clock().now(), sim.api().names().state(), sim.api().store().image()};
}

QByteArray LabFile::encode(const Capture &capture)
{
    QJsonObject doc{{QStringLiteral("kind"), kKind},
                    {QStringLiteral("apiVersion"), kApiVersion},
                    {QStringLiteral("savedAt"), QDateTime::currentDateTimeUtc().toString(Qt::ISODate)},
                    {QStringLiteral("nowMs"), capture.nowMs},
                    {QStringLiteral("nameGenerator"), QString::fromLatin1(capture.nameGenerator)},
                    {QStringLiteral("config"), configJson(capture.config)},
                    {QStringLiteral("store"), storeJson(capture.store)}};
    return QJsonDocument(doc).toJson(QJsonDocument::Compact);
}

bool LabFile::write(const Capture &capture, const QString &path, QString *error)
{
    QSaveFile f(path);
    if (!f.open(QIODevice::WriteOnly)) {
        if (error)
            *error = QStringLiteral("%1: %2").arg(path, f.errorString());
        return false;
    }
    f.write(encode(capture));
    if (!f.commit()) {
        if (error)
            *error = QStringLiteral("%1: %2").arg(path, f.errorString());
        return false;
    }
    return true;
}

std::optional<SimulationConfig> LabFile::decode(const QByteArray &bytes, const QString &source, QString *error)
{
    const auto fail = [&](const QString &why) -> std::optional<SimulationConfig> {
        if (error)
            *error = why;
        return std::nullopt;
    };
    QJsonParseError perr;
    const QJsonDocument doc = QJsonDocument::fromJson(bytes, &perr);
    if (perr.error != QJsonParseError::NoError || !doc.isObject())
        return fail(QStringLiteral("%1: not a saved Reconcile Lab (%2)")
                        .arg(source, perr.error != QJsonParseError::NoError
                                         ? QStringLiteral("JSON error at byte %1: %2").arg(perr.offset).arg(perr.errorString())
                                         : QStringLiteral("not a JSON object")));
    const QJsonObject o = doc.object();
    if (o.value(QLatin1String("kind")).toString() != kKind)
        return fail(QStringLiteral("%1: not a saved Reconcile Lab (kind \"%2\", want \"%3\")")
                        .arg(source, o.value(QLatin1String("kind")).toString(), kKind));
    if (o.value(QLatin1String("apiVersion")).toString() != kApiVersion)
        return fail(QStringLiteral("%1: saved in format \"%2\"; this Reconcile Lab reads \"%3\"")
                        .arg(source, o.value(QLatin1String("apiVersion")).toString(), kApiVersion));
    Reader r(source);
    SimulationConfig c;
    if (!readConfig(r, r.field(o, QString(), QStringLiteral("config"), QJsonValue::Object).toObject(), c))
        return fail(r.error());
    c.cluster.resumeAtMs = r.integer(o, QString(), QStringLiteral("nowMs"), 0, kMaxRevision);
    if (!r.failed() && c.cluster.resumeAtMs < c.cluster.startTimeMs)
        r.fail(QStringLiteral("nowMs"), QStringLiteral("before config.cluster.startTimeMs"));
    c.cluster.nameGeneratorState = r.field(o, QString(), QStringLiteral("nameGenerator"), QJsonValue::String).toString().toLatin1();
    if (!r.failed() && !apiserver::NameGenerator().setState(c.cluster.nameGeneratorState))
        r.fail(QStringLiteral("nameGenerator"), QStringLiteral("not a generator state"));
    std::shared_ptr<store::StoreImage> im = readStore(r, r.field(o, QString(), QStringLiteral("store"), QJsonValue::Object).toObject());
    if (!im)
        return fail(r.error());
    c.cluster.storeImage = std::move(im);
    c.nodes.clear();   // in the store already: the kubelets start for the stored nodes
    c.cluster.nodes = 0;
    return c;
}

std::optional<SimulationConfig> LabFile::load(const QString &path, QString *error)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) {
        if (error)
            *error = QStringLiteral("%1: %2").arg(path, f.errorString());
        return std::nullopt;
    }
    return decode(f.readAll(), path, error);
}

} // namespace rlab
