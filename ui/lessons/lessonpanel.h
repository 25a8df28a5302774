#pragma once
#include "ui/lessons/lessoncatalog.h"
#include "ui/lessons/lessonplayer.h"

#include <QWidget>
#include <functional>

class QButtonGroup;
class QFrame;
class QLabel;
class QLineEdit;
class QProgressBar;
class QPushButton;
class QScrollArea;

namespace rlab::ui {

class ClusterSession;
class LessonChooser;

// The lesson dock: a lesson chooser, the lesson title, progress ("Step 3 / 9"), the step's
// title and text in large type (long identifiers wrap: SoftBreaks, LessonChooser), the prediction prompt with an answer box (or choice buttons),
// Reveal / Next, and the revealed answer marked right or wrong. Start during a lesson asks the
// start guard first (the window's "reset and end the lesson?"). Drives a LessonPlayer on the
// session and forwards its highlightRequested(panel, objectRef) for the presenter overlay.
// Fonts scale with the panel's own font (presenter mode enlarges it). Start, Reveal and Next are
// disabled while the session views the past (time travel). GUI thread only.
class LessonPanel : public QWidget
{
    Q_OBJECT
public:
    explicit LessonPanel(ClusterSession &session, QWidget *parent = nullptr);

    LessonPlayer &player() { return m_player; }
    // Rescans the lesson directories (default: LessonCatalog::defaultDirectories()).
    void setLessonDirectories(const QStringList &directories);
    int lessonCount() const;
    // Loads and starts a lesson file; errors (file:line) are shown in the panel too.
    bool openLesson(const QString &path, QStringList *errors = nullptr);
    void setLanguage(const QString &language);   // "en", "ko"

    QLineEdit *answerEdit() const { return m_answer; }
    QPushButton *startButton() const { return m_start; }
    QPushButton *revealButton() const { return m_reveal; }
    QPushButton *nextButton() const { return m_next; }
    QString resultText() const;
    QString explainText() const;
    QString progressText() const;
    QString stepText() const;
    // A lesson is under way (a step shown, answered or playing; not Idle, Finished or Failed).
    bool isLessonRunning() const;
    // Play pressed during a lesson follows the lesson: a shown step runs (as Next), a revealed one
    // moves on; a pending prediction is left for the student (the question is shown). False when
    // no lesson runs or a wait step is playing: then Play pauses / resumes time as usual.
    bool handlePlay();
    // Step, Next event or Run until pressed during a lesson, before the cluster moves: as Play, a
    // shown step that is not a wait runs, a revealed one moves on, a prediction waits (true: the
    // lesson took the press, the cluster must not move); a wait step is begun and the press
    // moves the cluster (false), after which afterTimeStep() completes the step once the cluster
    // has reached its goal. False when no lesson runs.
    bool handleTimeStep();
    void afterTimeStep() { m_player.checkWait(); }
    // Asked by Start while a lesson is under way (starting resets the cluster and ends it):
    // false keeps the lesson and the cluster. Without a guard Start restarts at once.
    void setStartGuard(std::function<bool()> guard) { m_startGuard = std::move(guard); }

signals:
    void highlightRequested(const QString &panel, const QString &objectRef);

protected:
    void changeEvent(QEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;

private:
    void fitContentWidth();   // the column's minimum: the content's longest word
    void startChosen();
    void revealClicked();
    void nextClicked();
    void refresh();
    void applyFonts();
    void scrollDownTo(QWidget *w);
    void rebuildChoices();
    void layoutChoices();   // a row when the choices fit the column, else stacked and wrapped
    void populateChooser();

    ClusterSession &m_session;
    LessonPlayer m_player;
    QStringList m_directories;
    QList<LessonCatalog::Entry> m_entries;
    QScrollArea *m_scroll;
    LessonChooser *m_chooser;
    QPushButton *m_start;
    QLabel *m_title;
    QLabel *m_progress;
    QProgressBar *m_bar;
    QLabel *m_stepTitle;
    QLabel *m_text;
    QFrame *m_predictBox;
    QLabel *m_question;
    QLineEdit *m_answer;
    QWidget *m_choices;
    QButtonGroup *m_choiceGroup;
    QLabel *m_result;
    QLabel *m_explain;
    QLabel *m_errors;
    QPushButton *m_reveal;
    QPushButton *m_next;
    bool m_applyingFonts = false;
    std::function<bool()> m_startGuard;
};

} // namespace rlab::ui
