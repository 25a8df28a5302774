#pragma once
#include <QObject>
#include <QString>

namespace rlab::ui {

class ClusterSession;

// Time travel through etcd's retained revisions for the whole window. viewRevision(rev) pauses
// virtual time and freezes the session at rev (ClusterSession::freeze): every panel rebuilds as
// the cluster was, new writes and trace are held back, and every command is refused with
// "viewing revision N (read-only): return to live first". returnToLive() thaws the session (a
// new snapshot of now, the feed after it: no write is lost) and resumes time as it was before.
// E.g. writes at 2..118: viewRevision(42) -> viewedRevision() 42, isLive() false; rev 0, a
// compacted rev or one after 118 is refused. The session is the truth: a reset (or anything that
// unfreezes it) is live again, announced by liveChanged(true). GUI thread only.
class TimeTravel : public QObject
{
    Q_OBJECT
public:
    explicit TimeTravel(ClusterSession &session, QObject *parent = nullptr);

    ClusterSession &session() const { return m_session; }
    // False (nothing changes) when rev < oldestViewableRevision() or rev > the current revision.
    bool viewRevision(qint64 rev);
    void returnToLive();
    bool isLive() const;
    qint64 viewedRevision() const;            // the current revision while live
    qint64 oldestViewableRevision() const;    // the compact revision (1 before any compaction)
    static QString readOnlyMessage(qint64 rev);

signals:
    void liveChanged(bool live);

private:
    void frozenChanged(bool frozen);

    ClusterSession &m_session;
    bool m_resumeRunning = true;   // whether virtual time ran when the past was entered
};

} // namespace rlab::ui
