#include "ui/timetravel/timetravel.h"

#include "core/sim/view/clusterview.h"
#include "ui/clustersession.h"

namespace rlab::ui {

TimeTravel::TimeTravel(ClusterSession &session, QObject *parent)
    : QObject(parent), m_session(session)
{
    connect(&session, &ClusterSession::frozenChanged, this, &TimeTravel::frozenChanged);
}

bool TimeTravel::viewRevision(qint64 rev)
{
    return m_session.freeze(rev, readOnlyMessage(rev));
}

void TimeTravel::returnToLive()
{
    m_session.unfreeze();
}

bool TimeTravel::isLive() const
{
    return !m_session.isFrozen();
}

qint64 TimeTravel::viewedRevision() const
{
    return isLive() ? m_session.view().revision() : m_session.snapshot().revision;
}

qint64 TimeTravel::oldestViewableRevision() const
{
    return m_session.view().oldestRevision();
}

QString TimeTravel::readOnlyMessage(qint64 rev)
{
    return tr("viewing revision %1 (read-only): return to live first").arg(rev);
}

void TimeTravel::frozenChanged(bool frozen)
{
    if (frozen) {
        // The past does not run: time pauses, and resumes as it was when the present returns.
        m_resumeRunning = m_session.isTimeRunning();
        m_session.setTimeRunning(false);
        emit liveChanged(false);
        return;
    }
    emit liveChanged(true);
    m_session.setTimeRunning(m_resumeRunning);
}

} // namespace rlab::ui
