#pragma once
#include <QJsonObject>
#include <QString>
#include <QtGlobal>

namespace rlab {

// One hop of the control plane, as design.md §6 defines it: what happened (`type`), where
// (`component`, `worker`), to which object (`key`), when (`t`, virtual ms) and at which store
// revision (`rev`), with a sentence a learner can read (`text`). A plain value: crosses threads.
struct TraceEvent
{
    qint64 seq = 0;        // assigned by TraceLog::append, gap-free
    qint64 t = 0;          // virtual time, ms since the scenario start (0 = startTime)
    qint64 rev = 0;        // store revision after the event
    QString component;     // apiserver, etcd, informer/<kind>, queue/<controller>, <controller>, scheduler, kubelet/<node>
    int worker = -1;       // worker index where relevant, -1 otherwise
    QString type;          // Request, Put, Delete, WatchEvent, QueueAdd, QueueGet, QueueDone, …
    QString key;           // "default/web" or an etcd key
    QJsonObject detail;
    QString text;
    // Optional, for events made by the million (queue operations): the text is made when the
    // event is read back (TraceLog::since / ofTypes) instead of when it happens: textFn(event)
    // builds it from the event's other fields and `args`, and from the text given on append
    // (kept, and set in the event textFn is handed), if any — e.g. a reconcile's notes, which
    // textFn puts after its sync function's name and key.
    using TextFn = QString (*)(const TraceEvent &);
    TextFn textFn = nullptr;
    // Likewise for a detail that differs in one value per event (a queue's addAfter: readyAt)
    // while the rest is shared: `detail` is stored as given and detailFn(event) makes the
    // detail when it is read (after args are set, before textFn).
    using DetailFn = QJsonObject (*)(const TraceEvent &);
    DetailFn detailFn = nullptr;
    qint64 args[3] = {0, 0, 0};

    QJsonObject toJson() const;   // one line of `rlab run --trace`
};

} // namespace rlab
