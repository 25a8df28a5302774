#include "ui/record/recordcontrols.h"

#include "core/live/livesource.h"

#include "ui/clustersession.h"
#include "ui/live/labonly.h"
#include "ui/record/sessionrecorder.h"
#include "ui/record/sessionreplayer.h"
#include "ui/timetravel/fieldoriginfinder.h"

#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>

namespace rlab::ui {

RecordControls::RecordControls(ClusterSession &session, QWidget *parent)
    : QWidget(parent), m_session(session), m_recorder(new SessionRecorder(session, this)),
      m_record(new QPushButton(tr("● Record"), this)), m_stop(new QPushButton(tr("■ Stop and save…"), this)),
      m_replay(new QPushButton(tr("Replay…"), this)), m_status(new QLabel(this))
{
    m_record->setToolTip(tr("Start a fresh cluster and record what you do as a scenario with its timing"));
    m_replay->setToolTip(tr("Replay a recorded session and check that the trace and the final state are identical"));
    m_status->setObjectName(QStringLiteral("recordStatus"));
    auto *layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_record);
    layout->addWidget(m_stop);
    layout->addWidget(m_replay);
    layout->addWidget(m_status, 1);
    connect(m_record, &QPushButton::clicked, this, &RecordControls::startRecording);
    connect(m_stop, &QPushButton::clicked, this, &RecordControls::chooseSaveFile);
    connect(m_replay, &QPushButton::clicked, this, &RecordControls::chooseReplayFile);
    connect(m_recorder, &SessionRecorder::recordingChanged, this, &RecordControls::updateLook);
    connect(m_recorder, &SessionRecorder::stepRecorded, this, &RecordControls::updateLook);
    connect(&session, &ClusterSession::frozenChanged, this, &RecordControls::updateLook);
    connect(&session, &ClusterSession::liveChanged, this, &RecordControls::updateLook);
    updateLook();
}

QString RecordControls::statusText() const
{
    return m_status->text();
}

void RecordControls::say(const QString &text)
{
    m_status->setText(text);
    emit message(text);
}

void RecordControls::startRecording()
{
    if (LabOnly::isLive(m_session)) {
        say(LabOnly::refusal(LabOnly::Reason::Recording));
        return;
    }
    if (m_resetGuard && !m_resetGuard())   // a fresh cluster: asked first (a lesson runs)
        return;
    m_session.unfreeze();
    m_recorder->start();
    say(tr("recording from a fresh cluster"));
}

bool RecordControls::stopAndSave(const QString &stem)
{
    const std::optional<Recording> rec = m_recorder->stop();
    if (!rec) {
        say(tr("nothing recorded"));
        return false;
    }
    QString error;
    if (!rec->save(Recording::stemOf(stem), &error)) {
        say(error);
        return false;
    }
    say(tr("saved %1 steps to %2").arg(rec->stepCount()).arg(Recording::scenarioPath(Recording::stemOf(stem))));
    return true;
}

bool RecordControls::replay(const QString &stem)
{
    if (LabOnly::isLive(m_session)) {
        say(LabOnly::refusal(LabOnly::Reason::Recording));
        return false;
    }
    if (m_resetGuard && !m_resetGuard())   // replaying resets the cluster: asked first
        return false;
    QString error;
    const std::optional<Recording> rec = Recording::load(Recording::stemOf(stem), &error);
    if (!rec) {
        say(error);
        return false;
    }
    const ReplayResult result = SessionReplayer::replay(m_session, *rec);
    const QStringList diffs = result.differences(*rec);
    const QString name = QFileInfo(Recording::scenarioPath(Recording::stemOf(stem))).fileName();
    say(diffs.isEmpty() ? tr("replayed %1: trace and final state identical (%2 of virtual time)")
                              .arg(name, formatVirtualTime(m_session.elapsedMs()))
                        : tr("replayed %1: %2").arg(name, diffs.first()));
    return diffs.isEmpty();
}

void RecordControls::chooseSaveFile()
{
    const QString path = QFileDialog::getSaveFileName(this, tr("Save the recorded session"), QStringLiteral("session.yaml"),
                                                      tr("Scenario (*.yaml)"));
    if (!path.isEmpty())
        stopAndSave(path);
}

void RecordControls::chooseReplayFile()
{
    const QString path = QFileDialog::getOpenFileName(this, tr("Replay a recorded session"), QString(), tr("Scenario (*.yaml)"));
    if (!path.isEmpty())
        replay(path);
}

void RecordControls::updateLook()
{
    const bool recording = m_recorder->isRecording();
    m_stop->setEnabled(recording);
    // A live session records itself (its source's recording): the lab's recorder resets the cluster.
    const bool live = LabOnly::isLive(m_session);
    LabOnly::set(m_record, live, !recording, LabOnly::Reason::Recording);
    LabOnly::set(m_replay, live, !recording && !m_session.isFrozen(), LabOnly::Reason::Recording);
    if (recording)
        m_status->setText(m_recorder->stepCount() == 1 ? tr("● recording · 1 step")
                                                       : tr("● recording · %1 steps").arg(m_recorder->stepCount()));
    m_record->setStyleSheet(recording ? QStringLiteral("color: #c62828; font-weight: bold;") : QString());
}

} // namespace rlab::ui
