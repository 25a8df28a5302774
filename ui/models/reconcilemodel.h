#pragma once
#include "core/base/traceevent.h"

#include <QAbstractTableModel>
#include <QColor>
#include <QHash>
#include <deque>
#include <vector>

namespace rlab::ui {

// Controller activity: one row per reconcile (a ReconcileStart paired with its ReconcileEnd or
// ReconcileError from the same controller, worker and key): start time (virtual s), controller,
// worker, key, duration (virtual ms, empty while running) and the sentence the sync left, in
// upstream's function names ("syncDeployment: rolloutRolling → …"; the key is its own column, the
// tooltip has the whole trace text). Appended from
// the trace once per frame, newest at the bottom; keeps the newest `capacity` rows. An end whose
// start was dropped (trace batch cap) still gets a row. GUI thread only.
class ReconcileModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Column { TimeColumn, ControllerColumn, WorkerColumn, KeyColumn, DurationColumn, TextColumn, ColumnCount };
    enum Outcome { Running, Succeeded, Failed };
    // SentenceRole: the whole trace sentence as the core wrote it (English); the text column and
    // the tooltip show it in the window's language (TraceWording).
    enum Role { OutcomeRole = Qt::UserRole + 1, DurationMsRole, EndSeqRole /* trace seq of the end, -1 while running */, SentenceRole };

    explicit ReconcileModel(QObject *parent = nullptr, int capacity = 5000);

    void append(const std::vector<TraceEvent> &events);
    void clear();
    int capacity() const { return m_capacity; }
    // Reconciles whose end has not been seen yet.
    int runningCount() const { return int(m_open.size()); }

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    struct Row
    {
        qint64 startMs = -1;
        qint64 endMs = -1;
        QString controller;
        int worker = -1;
        QString key;
        QString text;
        Outcome outcome = Running;
        qint64 endSeq = -1;
    };
    static QString openKey(const TraceEvent &ev) { return ev.component + QLatin1Char('\n') + QString::number(ev.worker) + QLatin1Char('\n') + ev.key; }
    void trim();
    static QString shortText(const Row &r);
    static QColor controllerColor(const QString &controller);

    std::deque<Row> m_rows;
    qint64 m_firstId = 0;                 // absolute id of m_rows.front()
    QHash<QString, qint64> m_open;        // openKey -> absolute id of the running row
    int m_capacity;
};

} // namespace rlab::ui
