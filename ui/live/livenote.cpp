#include "ui/live/livenote.h"

#include "core/live/livesource.h"

#include "ui/clustersession.h"

namespace rlab::ui {

LiveNote::LiveNote(ClusterSession &session, QString text, QWidget *parent)
    : QLabel(parent), m_session(session), m_note(std::move(text))
{
    setObjectName(QStringLiteral("liveNote"));
    setWordWrap(true);   // never cut: a narrow dock gets two lines
    setStyleSheet(QStringLiteral("QLabel { background: #ffedb8; color: #202020; border: 1px solid #c98a00;"
                                 " border-radius: 3px; padding: 4px; }"));
    setText(m_note);
    connect(&session, &ClusterSession::liveChanged, this, &LiveNote::follow);
    follow();
}

void LiveNote::follow()
{
    setVisible(m_session.liveSource() != nullptr);
}

} // namespace rlab::ui
