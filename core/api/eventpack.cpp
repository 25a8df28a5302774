#include "core/api/eventpack.h"

#include "core/api/eventname.h"
#include "core/api/packreader.h"
#include "core/api/packvocabulary.h"
#include "core/api/packwriter.h"
#include "core/api/samedata.h"

#include <array>
#include <optional>

namespace rlab::api {

namespace {

// Only what a recorder sets: the rest of the metadata empty, the kind's own apiVersion.
bool fits(const Event &e)
{
    const ObjectMeta &m = e.metadata;
    return m.generateName.isEmpty() && m.generation == 0 && m.deletionTimestamp == 0 && !m.deletionGracePeriodSeconds
        && m.labels.isEmpty() && m.annotations.isEmpty() && m.ownerReferences.isEmpty() && m.finalizers.isEmpty()
        && m.extra.isEmpty() && e.extra.isEmpty() && QStringView(e.apiVersion) == u"v1"
        && QStringView(e.kindName) == u"Event";
}

// A vocabulary string: 0 empty, (index << 1) | 1 a PackVocabulary entry, 2 then the string.
// Written per field, with the last string each field packed and its number in front: most Events repeat
// the last one's kind, namespace, API version, reason, component and type, the same strings in
// memory, so the number is the slot's without asking the vocabulary (~90 instructions a field
// each time). A slot holds its string (its characters stay put) and only a learnt number (one
// not yet learnt must still be offered, to count its sightings); numbers never change.
// Per thread: packing is any thread's.
class VocabFields
{
public:
    enum Field { InvolvedKind, InvolvedNamespace, InvolvedApiVersion, InvolvedFieldPath, EventNamespace, Reason, Message,
                 SourceComponent, SourceHost, Type, Action, ReportingComponent, ReportingInstance, FieldCount };
    explicit VocabFields(PackWriter &w) : m_w(w), m_vocabulary(PackVocabulary::instance()), m_last(lastOf()) { }
    void operator()(Field f, const QString &s)
    {
        Slot &slot = m_last[std::size_t(f)];
        if (slot.index >= 0 && sameData(slot.s, s)) [[likely]] {
            m_w.uvarint(quint64(slot.index) << 1 | 1);
            return;
        }
        miss(slot, s);
    }

private:
    struct Slot
    {
        QString s;
        qsizetype index = -1;
    };
    using Slots = std::array<Slot, FieldCount>;
    static Slots &lastOf()
    {
        thread_local Slots last;
        return last;
    }
    void miss(Slot &slot, const QString &s)
    {
        if (s.isEmpty()) {
            m_w.byte(0);
            return;
        }
        if (const qsizetype i = m_vocabulary.indexOf(s); i >= 0) {
            slot = Slot{s, i};
            m_w.uvarint(quint64(i) << 1 | 1);
            return;
        }
        m_w.byte(2);
        m_w.str(s);
    }
    PackWriter &m_w;
    PackVocabulary &m_vocabulary;
    Slots &m_last;   // the thread's: looked up once an Event
};

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
    VocabFields vocab(w);
    const ObjectReference &o = e.involvedObject;
    const std::optional<quint64> suffix = eventNameSuffix(e.metadata.name, o.name);
    w.byte(Recorded | (suffix ? DerivedName : 0));
    // The involved object first: its name (spelt, or pieces) is what the Event's name and the
    // message may repeat.
    vocab(VocabFields::InvolvedKind, o.kind);
    vocab(VocabFields::InvolvedNamespace, o.namespace_);
    w.str(o.name);
    w.str(o.uid);
    vocab(VocabFields::InvolvedApiVersion, o.apiVersion);
    decimal(w, o.resourceVersion);
    vocab(VocabFields::InvolvedFieldPath, o.fieldPath);
    if (suffix)
        w.fixed64(*suffix);
    else
        w.str(e.metadata.name);
    vocab(VocabFields::EventNamespace, e.metadata.namespace_);
    w.str(e.metadata.uid);
    decimal(w, e.metadata.resourceVersion);
    w.time(e.metadata.creationTimestamp);
    vocab(VocabFields::Reason, e.reason);
    vocab(VocabFields::Message, e.message);
    vocab(VocabFields::SourceComponent, e.source.component);
    vocab(VocabFields::SourceHost, e.source.host);
    w.time(e.firstTimestamp);
    w.time(e.lastTimestamp);
    w.svarint(e.count);
    vocab(VocabFields::Type, e.type);
    vocab(VocabFields::Action, e.action);
    vocab(VocabFields::ReportingComponent, e.reportingComponent);
    vocab(VocabFields::ReportingInstance, e.reportingInstance);
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
