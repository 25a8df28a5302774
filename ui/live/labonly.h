#pragma once
#include <QCoreApplication>
#include <QString>

class QAction;
class QWidget;

namespace rlab::ui {

class ClusterSession;

// Controls that only make sense on the simulator (stepping, latency presets, Reset, fault
// injection, lessons, session recording, serving the lab): in a live session — a real cluster
// or its recording — set() disables them and their tooltip says why (a refused command gets
// the same sentence, refusal()); with the lab back they get their own tooltip and state again.
// The lab's tooltip is kept in a dynamic property of the control. GUI thread only.
class LabOnly
{
    Q_DECLARE_TR_FUNCTIONS(rlab::ui::LabOnly)
public:
    // What each lab-only control does on the simulator that a live session cannot.
    enum class Reason { Stepping, Mode, Latency, Speed, Reset, Faults, ReplicaFloor, Lessons, Recording, Serving };
    static QString why(Reason reason);
    // True while `session` shows a real cluster or a recording.
    static bool isLive(const ClusterSession &session);
    // enabledInLab: the state its owner wants in a lab (time travel may turn it off too).
    static void set(QWidget *control, bool live, bool enabledInLab, Reason reason);
    static void set(QAction *control, bool live, bool enabledInLab, Reason reason);
    // "Lab only: <why> (File → Back to the lab)".
    static QString refusal(Reason reason);
};

} // namespace rlab::ui
