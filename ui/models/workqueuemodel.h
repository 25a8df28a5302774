#pragma once
#include "core/base/traceevent.h"
#include "core/sim/view/queueview.h"

#include <QAbstractItemModel>
#include <QStringList>
#include <deque>
#include <vector>

namespace rlab::ui {

// One controller's workqueue as the GUI polls it once per frame (ClusterView::queues()).
using WorkQueueView = view::QueueView;

// Every controller's workqueue as a tree: controller → three sections (Queued: the FIFO in order,
// with dedup counts and how each key got there; Workers: one lane per worker with the key it
// processes and the "re-added while processing" flag; Waiting: addAfter / backoff keys with the
// virtual-time countdown readyAt − now) → items. Fed with setQueues() each frame; applyTrace()
// turns QueueDedup / re-add / QueueRequeue trace events into short-lived notes, and QueueDone into
// each lane's "last key", so what happened inside one frame stays visible for a moment.
// GUI thread only.
class WorkQueueModel : public QAbstractItemModel
{
    Q_OBJECT
public:
    enum Section { QueuedSection, WorkersSection, WaitingSection, SectionCount };
    enum Column { KeyColumn, InfoColumn, TimeColumn, ColumnCount };
    enum Role {
        KeyRole = Qt::UserRole + 1, // item key ("" for an idle lane)
        DedupsRole,       // adds collapsed into the queued entry (or into the re-add)
        ViaRole,          // int(QueuedVia) of a queued key
        ReAddedRole,      // lane: added again while processing, done() will requeue it
        WorkerRole,       // lane: worker id
        TimeMsRole,       // queued: waited so far; lane: running for; waiting: countdown (virtual ms)
        RequeuesRole,     // the rate limiter's failure count of the key
        AddAfterCountRole,// waiting: addAfter calls merged into the entry
        LastKeyRole,      // lane: key it finished most recently
        LastAgeRole,      // lane: monotonic ms since it finished LastKeyRole
    };
    // A short-lived note about something that happened inside a frame.
    struct Note
    {
        enum Kind { Dedup, ReAdded, Requeued };
        Kind kind = Dedup;
        QString key;
        int times = 1;       // consecutive same notes merged
        qint64 atMs = 0;     // monotonic ms of the latest one
        QString text() const;
    };
    static constexpr qint64 kNoteMs = 4000;   // how long a note stays
    static constexpr int kMaxNotes = 3;       // per controller
    static constexpr qint64 kLastKeyMs = 1500; // how long a lane shows its last key
    // Queued and waiting keys listed per queue (the soonest first); the section says how many
    // more there are. A restored lab's scheduler queue holds ~20,000 backed-off pods.
    static constexpr qsizetype kMaxListed = 500;

    explicit WorkQueueModel(QObject *parent = nullptr);

    // Replaces the polled state. A different list of controllers resets the model; otherwise
    // rows are inserted/removed at the end of each section and the rest reported as changed.
    void setQueues(const std::vector<WorkQueueView> &queues, qint64 monotonicMs);
    void applyTrace(const std::vector<TraceEvent> &events, qint64 monotonicMs);
    void clear();

    qint64 nowMs() const { return m_now; }   // monotonic ms of the last setQueues()
    int controllerCount() const { return int(m_controllers.size()); }
    int controllerRow(const QString &controller) const;
    const WorkQueueView &queue(int controllerRow) const { return m_controllers[std::size_t(controllerRow)].view; }
    std::vector<Note> notes(int controllerRow) const;
    QModelIndex controllerIndex(int controllerRow) const { return index(controllerRow, 0); }
    QModelIndex sectionIndex(int controllerRow, Section section) const;

    static QString sectionName(Section section);
    static QString viaText(QueuedVia via);

    QModelIndex index(int row, int column, const QModelIndex &parent = {}) const override;
    QModelIndex parent(const QModelIndex &child) const override;
    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    struct Lane
    {
        int worker = 0;
        bool busy = false;
        ProcessingItem item;
        QString lastKey;
        qint64 lastDoneMs = -1;
    };
    struct Entry
    {
        WorkQueueView view;
        std::vector<Lane> lanes;
        std::deque<Note> notes;
    };

    static std::vector<Lane> lanesOf(const WorkQueueView &view, const std::vector<Lane> &previous);
    int sectionRows(const Entry &e, int section) const;
    QVariant sectionInfo(const Entry &e, int section) const;
    template<class T>
    void syncList(QList<T> &stored, const QList<T> &next, const QModelIndex &parent);
    void addNote(Entry &e, Note::Kind kind, const QString &key, qint64 nowMs);
    QVariant controllerData(const Entry &e, int column, int role) const;
    QVariant itemData(const Entry &e, int section, int row, int column, int role) const;
    Entry *entryFor(const QString &component);

    std::vector<Entry> m_controllers;
    qint64 m_now = 0;
};

} // namespace rlab::ui
