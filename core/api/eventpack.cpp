#include "core/api/eventpack.h"

#include "core/api/eventname.h"
#include "core/api/packreader.h"
#include "core/api/packvocabulary.h"
#include "core/api/packwriter.h"

#include <optional>

namespace rlab::api {

namespace {

// Only what a recorder sets: the rest of the metadata empty, the kind's own apiVersion.
bool fits(const Event &e)
{
    const ObjectMeta &m = e.metadata;
    return m.generateName.isEmpty() && m.generation == 0 && m.deletionTimestamp == 0 && !m.deletionGracePeriodSeconds
        && m.labels.isEmpty() && m.annotations.isEmpty() && m.ownerReferences.isEmpty() && m.finalizers.isEmpty()
        && m.extra.isEmpty() && e.extra.isEmpty() && e.apiVersion == QLatin1String("v1")
        && e.kindName == QLatin1String("Event");
}

// A vocabulary string: 0 empty, (index << 1) | 1 a PackVocabulary entry, 2 then the string.
void vocab(PackWriter &w, const QString &s)
{
    if (s.isEmpty()) {
        w.byte(0);
        return;
    }
    if (const qsizetype i = PackVocabulary::instance().indexOf(s); i >= 0) {
        w.uvarint(quint64(i) << 1 | 1);
        return;
    }
    w.byte(2);
    w.str(s);
}

QString vocab(PackReader &r, bool &bad)
{
    const quint64 tag = r.uvarint();
    if (tag == 0)
        return {};
    if (tag == 2)
        return r.str();
    if (!(tag & 1)) {
        bad = true;
        return {};
    }
    bool ok = false;
    QString s = PackVocabulary::instance().at(tag >> 1, &ok);
    bad = bad || !ok;
    return s;
}

// A resourceVersion: 0 empty, 1 then the string, v + 2 the decimal number v (no leading zero).
void decimal(PackWriter &w, const QString &s)
{
    const qsizetype n = s.size();
    if (n == 0) {
        w.byte(0);
        return;
    }
    if (n <= 18 && (s[0] != u'0' || n == 1)) {
        quint64 v = 0;
        qsizetype i = 0;
        for (; i < n && s[i] >= u'0' && s[i] <= u'9'; ++i)
            v = v * 10 + quint64(s[i].unicode() - u'0');
        if (i == n) {
            w.uvarint(v + 2);
            return;
        }
    }
    w.byte(1);
    w.str(s);
}

QString decimal(PackReader &r)
{
    const quint64 tag = r.uvarint();
    if (tag == 0)
        return {};
    if (tag == 1)
        return r.str();
    return QString::number(tag - 2);
}

// The layout's first byte (never 0: objectpack's field-by-field Event starts with 0).
enum Flags : quint8 { Recorded = 1, DerivedName = 2 };

} // namespace

bool packEvent(PackWriter &w, const Event &e)
{
    if (!fits(e))
        return false;
    const ObjectReference &o = e.involvedObject;
    const std::optional<quint64> suffix = eventNameSuffix(e.metadata.name, o.name);
    w.byte(Recorded | (suffix ? DerivedName : 0));
    // The involved object first: its name (spelt, or pieces) is what the Event's name and the
    // message may repeat.
    vocab(w, o.kind);
    vocab(w, o.namespace_);
    w.str(o.name);
    w.str(o.uid);
    vocab(w, o.apiVersion);
    decimal(w, o.resourceVersion);
    vocab(w, o.fieldPath);
    if (suffix)
        w.fixed64(*suffix);
    else
        w.str(e.metadata.name);
    vocab(w, e.metadata.namespace_);
    w.str(e.metadata.uid);
    decimal(w, e.metadata.resourceVersion);
    w.time(e.metadata.creationTimestamp);
    vocab(w, e.reason);
    vocab(w, e.message);
    vocab(w, e.source.component);
    vocab(w, e.source.host);
    w.time(e.firstTimestamp);
    w.time(e.lastTimestamp);
    w.svarint(e.count);
    vocab(w, e.type);
    vocab(w, e.action);
    vocab(w, e.reportingComponent);
    vocab(w, e.reportingInstance);
    return true;
}

std::shared_ptr<Event> unpackEvent(PackReader &r, quint8 flags)
{
    if (flags != Recorded && flags != (Recorded | DerivedName))
        return nullptr;
    auto e = std::make_shared<Event>();
    bool bad = false;
    ObjectReference &o = e->involvedObject;
    o.kind = vocab(r, bad);
    o.namespace_ = vocab(r, bad);
    o.name = r.str();
    o.uid = r.str();
    o.apiVersion = vocab(r, bad);
    o.resourceVersion = decimal(r);
    o.fieldPath = vocab(r, bad);
    if (flags & DerivedName) {
        const quint64 suffix = r.fixed64();
        if (o.name.isEmpty())
            return nullptr;   // packEvent derives names from a non-empty prefix only
        e->metadata.name = eventName(o.name, suffix);
    } else {
        e->metadata.name = r.str();
    }
    e->metadata.namespace_ = vocab(r, bad);
    e->metadata.uid = r.str();
    e->metadata.resourceVersion = decimal(r);
    e->metadata.creationTimestamp = r.time();
    e->reason = vocab(r, bad);
    e->message = vocab(r, bad);
    e->source.component = vocab(r, bad);
    e->source.host = vocab(r, bad);
    e->firstTimestamp = r.time();
    e->lastTimestamp = r.time();
    e->count = int(r.svarint());
    e->type = vocab(r, bad);
    e->action = vocab(r, bad);
    e->reportingComponent = vocab(r, bad);
    e->reportingInstance = vocab(r, bad);
    return bad ? nullptr : e;
}

} // namespace rlab::api
