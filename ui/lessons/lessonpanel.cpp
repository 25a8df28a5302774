#include "ui/lessons/lessonpanel.h"

#include "core/live/livesource.h"

#include "ui/clustersession.h"
#include "ui/live/labonly.h"
#include "ui/lessons/lessonchooser.h"
#include "ui/lessons/softbreaks.h"
#include "ui/theme.h"

#include <QAbstractButton>
#include <QButtonGroup>
#include <QComboBox>
#include <QEvent>
#include <QFileInfo>
#include <QFrame>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QScrollArea>
#include <QScrollBar>
#include <QTextLayout>
#include <QTimer>
#include <QVBoxLayout>

namespace rlab::ui {

namespace {
QLabel *wrapped(QWidget *parent)
{
    auto *l = new QLabel(parent);
    l->setWordWrap(true);
    l->setTextFormat(Qt::PlainText);
    l->setTextInteractionFlags(Qt::TextSelectableByMouse);
    return l;
}

// `text` in lines of at most `width` px: at spaces and inside identifiers (SoftBreaks).
QString wrapLines(const QString &text, const QFont &font, int width)
{
    const QString broken = SoftBreaks::insert(text);
    QTextLayout layout(broken, font);
    QTextOption option;
    option.setWrapMode(QTextOption::WrapAtWordBoundaryOrAnywhere);
    layout.setTextOption(option);
    layout.beginLayout();
    QStringList lines;
    for (QTextLine line = layout.createLine(); line.isValid(); line = layout.createLine()) {
        line.setLineWidth(qMax(1, width));
        lines << SoftBreaks::strip(broken.mid(line.textStart(), line.textLength())).trimmed();
    }
    layout.endLayout();
    return lines.join(QLatin1Char('\n'));
}

QFont scaled(const QFont &base, double factor, bool bold)
{
    QFont f = base;
    f.setPointSizeF(qMax<qreal>(base.pointSizeF(), theme::kBasePointSize) * factor);
    f.setBold(bold);
    return f;
}
} // namespace

LessonPanel::LessonPanel(ClusterSession &session, QWidget *parent)
    : QWidget(parent), m_session(session), m_player(session)
{
    setObjectName(QStringLiteral("lessonPanel"));
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(12, 10, 12, 10);
    layout->setSpacing(8);

    auto *top = new QVBoxLayout;   // stacked: a lesson's whole title in a narrow column
    m_chooser = new LessonChooser(this);
    m_chooser->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_chooser->setMinimumContentsLength(16);
    m_start = new QPushButton(tr("Start"), this);
    top->addWidget(m_chooser);
    top->addWidget(m_start, 0, Qt::AlignLeft);
    layout->addLayout(top);

    // Title, text and prediction scroll when a projector's big fonts need more room than the dock.
    auto *scroll = m_scroll = new QScrollArea(this);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    auto *content = new QWidget(scroll);
    content->setObjectName(QStringLiteral("lessonContent"));
    auto *body = new QVBoxLayout(content);
    body->setContentsMargins(0, 0, 4, 0);
    body->setSpacing(8);
    scroll->setWidget(content);
    layout->addWidget(scroll, 1);

    m_title = wrapped(content);
    body->addWidget(m_title);
    auto *progressRow = new QHBoxLayout;
    m_progress = new QLabel(content);
    m_bar = new QProgressBar(content);
    m_bar->setTextVisible(false);
    m_bar->setMaximumHeight(10);
    progressRow->addWidget(m_progress);
    progressRow->addWidget(m_bar, 1);
    body->addLayout(progressRow);

    m_stepTitle = wrapped(content);
    m_text = wrapped(content);
    body->addWidget(m_stepTitle);
    body->addWidget(m_text);

    m_predictBox = new QFrame(content);
    m_predictBox->setObjectName(QStringLiteral("predictBox"));
    m_predictBox->setFrameShape(QFrame::StyledPanel);
    m_predictBox->setStyleSheet(QStringLiteral("#predictBox { background: #eff6ff; border: 2px solid %1; border-radius: 8px; }")
                                    .arg(theme::accent().name()));
    auto *pl = new QVBoxLayout(m_predictBox);
    m_question = wrapped(m_predictBox);
    m_answer = new QLineEdit(m_predictBox);
    m_answer->setPlaceholderText(tr("Your prediction"));
    m_choices = new QWidget(m_predictBox);
    auto *cl = new QHBoxLayout(m_choices);
    cl->setContentsMargins(0, 0, 0, 0);
    m_choiceGroup = new QButtonGroup(this);
    m_choiceGroup->setExclusive(true);
    m_result = wrapped(m_predictBox);
    m_explain = wrapped(m_predictBox);
    pl->addWidget(m_question);
    pl->addWidget(m_answer);
    pl->addWidget(m_choices);
    pl->addWidget(m_result);
    pl->addWidget(m_explain);
    body->addWidget(m_predictBox);

    m_errors = wrapped(content);
    m_errors->setStyleSheet(QStringLiteral("color: %1").arg(theme::deleted().name()));
    body->addWidget(m_errors);
    body->addStretch(1);

    auto *buttons = new QHBoxLayout;
    m_reveal = new QPushButton(tr("Reveal"), this);
    m_next = new QPushButton(tr("Next"), this);
    m_next->setDefault(true);
    buttons->addStretch(1);
    buttons->addWidget(m_reveal);
    buttons->addWidget(m_next);
    layout->addLayout(buttons);

    connect(m_start, &QPushButton::clicked, this, &LessonPanel::startChosen);
    connect(m_reveal, &QPushButton::clicked, this, &LessonPanel::revealClicked);
    connect(m_next, &QPushButton::clicked, this, &LessonPanel::nextClicked);
    connect(m_answer, &QLineEdit::returnPressed, this, &LessonPanel::revealClicked);
    connect(m_choiceGroup, &QButtonGroup::buttonClicked, this,
            [this](QAbstractButton *b) { m_answer->setText(b->property("choice").toString()); });
    connect(&m_player, &LessonPlayer::stateChanged, this, &LessonPanel::refresh);
    connect(&m_player, &LessonPlayer::stepChanged, this, [this] {
        m_answer->clear();
        rebuildChoices();
        refresh();
        // A new step starts at its title; a question is scrolled into view once laid out.
        m_scroll->verticalScrollBar()->setValue(0);
        if (m_player.state() == LessonPlayer::State::AwaitingPrediction)
            QTimer::singleShot(0, this, [this] { scrollDownTo(m_predictBox); });
    });
    connect(&m_player, &LessonPlayer::highlightRequested, this, &LessonPanel::highlightRequested);
    connect(&session, &ClusterSession::frozenChanged, this, &LessonPanel::refresh);
    connect(&session, &ClusterSession::liveChanged, this, &LessonPanel::refresh);

    applyFonts();
    setLessonDirectories(LessonCatalog::defaultDirectories());
    refresh();
}

void LessonPanel::setLessonDirectories(const QStringList &directories)
{
    m_directories = directories;
    populateChooser();
}

void LessonPanel::populateChooser()
{
    const int current = m_chooser->currentIndex();
    m_entries = LessonCatalog::scan(m_directories, m_player.language());
    m_chooser->clear();
    for (const LessonCatalog::Entry &e : m_entries)
        m_chooser->addItem(e.title, e.path);
    if (current >= 0 && current < m_chooser->count())
        m_chooser->setCurrentIndex(current);
    LabOnly::set(m_start, LabOnly::isLive(m_session), !m_entries.isEmpty() && !m_session.isFrozen(), LabOnly::Reason::Lessons);
}

int LessonPanel::lessonCount() const
{
    return int(m_entries.size());
}

void LessonPanel::setLanguage(const QString &language)
{
    m_player.setLanguage(language);
    populateChooser();
    rebuildChoices();
    refresh();
}

bool LessonPanel::openLesson(const QString &path, QStringList *errors)
{
    QStringList problems;
    const std::optional<Lesson> lesson = Lesson::load(path, &problems);
    const bool ok = lesson && m_player.start(*lesson, &problems);
    // The catalogue may list the embedded copy (:/lessons/…) of a file opened from disk.
    for (int i = 0; i < m_chooser->count(); ++i)
        if (QFileInfo(m_chooser->itemData(i).toString()).fileName() == QFileInfo(path).fileName())
            m_chooser->setCurrentIndex(i);
    m_errors->setText(SoftBreaks::insert(problems.join(QLatin1Char('\n'))));
    if (errors)
        *errors += problems;
    refresh();
    return ok;
}

void LessonPanel::startChosen()
{
    const QString path = m_chooser->currentData().toString();
    if (!path.isEmpty() && isLessonRunning() && m_startGuard && !m_startGuard())
        return;   // declined: the lesson and its cluster stay
    if (!path.isEmpty())
        openLesson(path);
}

void LessonPanel::revealClicked()
{
    if (m_player.state() != LessonPlayer::State::AwaitingPrediction)
        return;
    m_player.submitAnswer(m_answer->text());
    m_player.next();
}

void LessonPanel::nextClicked()
{
    const LessonPlayer::State s = m_player.state();
    if (s == LessonPlayer::State::Finished || s == LessonPlayer::State::Failed) {
        startChosen();
        return;
    }
    if (s == LessonPlayer::State::AwaitingPrediction)
        m_player.submitAnswer(m_answer->text());
    m_player.next();
}

bool LessonPanel::isLessonRunning() const
{
    using State = LessonPlayer::State;
    const State s = m_player.state();
    return s != State::Idle && s != State::Finished && s != State::Failed;
}

bool LessonPanel::handlePlay()
{
    using State = LessonPlayer::State;
    switch (m_player.state()) {
    case State::Showing:
    case State::Revealed:
        m_player.next();
        return true;
    case State::AwaitingPrediction:
        scrollDownTo(m_predictBox);
        (m_answer->isVisible() ? static_cast<QWidget *>(m_answer) : m_choices)->setFocus();
        return true;
    case State::Idle:
    case State::Finished:
    case State::Failed:
    case State::Playing:
        return false;
    }
    return false;
}

bool LessonPanel::handleTimeStep()
{
    using State = LessonPlayer::State;
    const State s = m_player.state();
    if (s == State::Showing && m_player.beginWait())
        return false;   // the cluster moves by the press, towards the step's goal
    return (s == State::Showing || s == State::Revealed || s == State::AwaitingPrediction) && handlePlay();
}

void LessonPanel::rebuildChoices()
{
    for (QAbstractButton *b : m_choiceGroup->buttons()) {
        m_choiceGroup->removeButton(b);
        delete b;
    }
    const LessonStep *step = m_player.currentStep();
    if (!step || !step->predict)
        return;
    for (const QString &c : step->predict->choices) {
        auto *b = new QPushButton(c, m_choices);
        b->setProperty("choice", c);
        b->setCheckable(true);
        b->setMinimumWidth(48);
        b->setFont(scaled(font(), 1.25, true));
        m_choices->layout()->addWidget(b);
        m_choiceGroup->addButton(b);
    }
    layoutChoices();
}

void LessonPanel::layoutChoices()
{
    const QList<QAbstractButton *> buttons = m_choiceGroup->buttons();
    if (buttons.isEmpty())
        return;
    // In a row when they fit the column, else one under the other, each wrapped to the column
    // ("ProgressDeadline" + "Exceeded"): a choice is never cut.
    const int room = m_scroll->viewport()->width() - 2 * m_predictBox->layout()->contentsMargins().left() - 8;
    const int padding = 24;
    int row = 0;
    for (QAbstractButton *b : buttons) {
        b->setText(b->property("choice").toString());
        row += std::max(b->minimumSizeHint().width(), b->minimumWidth()) + m_choices->layout()->spacing();
    }
    const bool inRow = row <= room;
    static_cast<QBoxLayout *>(m_choices->layout())->setDirection(inRow ? QBoxLayout::LeftToRight : QBoxLayout::TopToBottom);
    for (QAbstractButton *b : buttons) {
        const QString choice = b->property("choice").toString();
        b->setText(inRow ? choice : wrapLines(choice, b->font(), room - padding));
    }
}

QString LessonPanel::resultText() const { return SoftBreaks::strip(m_result->text()); }
QString LessonPanel::explainText() const { return m_explain->isHidden() ? QString() : SoftBreaks::strip(m_explain->text()); }
QString LessonPanel::progressText() const { return m_progress->text(); }
QString LessonPanel::stepText() const { return SoftBreaks::strip(m_text->text()); }

void LessonPanel::refresh()
{
    using State = LessonPlayer::State;
    const State s = m_player.state();
    const QString lang = m_player.language();
    const LessonStep *step = m_player.currentStep();
    const bool active = s != State::Idle;
    // The title is in the largest type: its identifiers break from 8 characters on.
    m_title->setText(SoftBreaks::insert(active ? m_player.lesson().title.text(lang) : tr("Lessons"), 8));
    m_progress->setText(active && step ? tr("Step %1 / %2").arg(m_player.stepIndex() + 1).arg(m_player.stepCount()) : QString());
    m_bar->setRange(0, qMax(1, m_player.stepCount()));
    m_bar->setValue(s == State::Finished ? m_player.stepCount() : qMax(0, m_player.stepIndex() + (s == State::Revealed ? 1 : 0)));
    m_bar->setVisible(active);
    if (!active) {
        m_stepTitle->setText(QString());
        m_text->setText(SoftBreaks::insert(m_entries.isEmpty() ? tr("No lessons found.") : tr("Choose a lesson and press Start. Time stops while a lesson runs: each step moves the cluster.")));
    } else if (s == State::Finished) {
        m_stepTitle->setText(SoftBreaks::insert(tr("Lesson complete")));
        m_text->setText(SoftBreaks::insert(m_player.predictionCount() > 0
                            ? tr("You predicted %1 of %2 answers correctly.").arg(m_player.correctCount()).arg(m_player.predictionCount())
                            : m_player.lesson().summary.text(lang)));
    } else if (step) {
        m_stepTitle->setText(SoftBreaks::insert(step->title.text(lang)));
        m_text->setText(SoftBreaks::insert(step->text.text(lang)));
    }
    m_stepTitle->setVisible(!m_stepTitle->text().isEmpty());

    const bool predicting = step && step->predict && (s == State::AwaitingPrediction || s == State::Revealed);
    m_predictBox->setVisible(predicting);
    if (predicting) {
        m_question->setText(SoftBreaks::insert(step->predict->question.text(lang)));
        m_answer->setReadOnly(s != State::AwaitingPrediction);
        m_answer->setVisible(step->predict->choices.isEmpty());
        m_choices->setVisible(!step->predict->choices.isEmpty());
        for (QAbstractButton *b : m_choiceGroup->buttons())
            b->setEnabled(s == State::AwaitingPrediction);
    }
    QString result;
    QString colour = theme::muted().name();
    if (s == State::Revealed && step && step->predict) {
        const LessonPlayer::Reveal &r = m_player.reveal();
        if (!r.answer) {
            result = tr("The cluster could not answer: %1").arg(r.error);
        } else {
            const QString answer = Prediction::display(*r.answer);
            if (r.given.trimmed().isEmpty()) {
                result = tr("The cluster says: %1").arg(answer);
            } else if (r.correct) {
                result = tr("✓ Right! The cluster says %1.").arg(answer);
                colour = theme::created().name();
            } else {
                result = tr("✗ Not quite: you said %1, the cluster says %2.").arg(r.given.trimmed(), answer);
                colour = theme::deleted().name();
            }
        }
    }
    const bool explained = s == State::Revealed && step && step->predict && !step->predict->explain.isEmpty();
    m_explain->setText(SoftBreaks::insert(explained ? step->predict->explain.text(lang) : QString()));
    m_explain->setVisible(explained);
    m_result->setText(SoftBreaks::insert(result));
    m_result->setVisible(!result.isEmpty());
    m_result->setStyleSheet(QStringLiteral("color: %1").arg(colour));
    if (s == State::Revealed && explained) {
        // The reveal lands below the fold on a projector: bring it into view once laid out.
        QTimer::singleShot(0, this, [this] { scrollDownTo(m_explain->isVisible() ? m_explain : m_result); });
    }
    if (s == State::Failed)
        m_errors->setText(SoftBreaks::insert(m_player.failures().join(QLatin1Char('\n'))));
    else if (active)
        m_errors->clear();

    m_reveal->setVisible(s == State::AwaitingPrediction);
    m_reveal->setDefault(s == State::AwaitingPrediction);
    m_next->setDefault(s != State::AwaitingPrediction);
    const bool narration = step && step->step.action.isEmpty() && !step->predict;
    const bool last = m_player.stepIndex() + 1 >= m_player.stepCount();
    m_next->setVisible(active);
    if (s == State::AwaitingPrediction)
        m_next->setText(tr("Skip"));
    else if (s == State::Playing)
        m_next->setText(tr("Skip to the end ⏭"));
    else if (s == State::Showing && !narration)
        m_next->setText(tr("Run step ▶"));
    else if (s == State::Finished || s == State::Failed)
        m_next->setText(tr("Restart"));
    else
        m_next->setText(last && s == State::Revealed ? tr("Finish") : tr("Next →"));
    // Time travel: no step runs and no lesson starts while the window shows the past.
    const bool live = !m_session.isFrozen();
    m_start->setEnabled(live && !m_entries.isEmpty());
    m_next->setEnabled(live);
    m_reveal->setEnabled(live);
    const QString pastTip = live ? QString() : m_session.readOnlyError();
    for (QPushButton *b : {m_start, m_next, m_reveal})
        b->setToolTip(pastTip);
    LabOnly::set(m_start, LabOnly::isLive(m_session), live && !m_entries.isEmpty(), LabOnly::Reason::Lessons);
    fitContentWidth();
}

void LessonPanel::scrollDownTo(QWidget *w)
{
    // Vertically only: the column wraps (SoftBreaks), so its left edge is never scrolled away.
    m_scroll->ensureWidgetVisible(w, 0, 0);
    m_scroll->horizontalScrollBar()->setValue(0);
}

void LessonPanel::applyFonts()
{
    m_applyingFonts = true;
    const QFont base = font();
    m_title->setFont(scaled(base, 1.6, true));
    m_progress->setFont(scaled(base, 1.0, false));
    m_stepTitle->setFont(scaled(base, 1.3, true));
    m_text->setFont(scaled(base, 1.2, false));
    m_question->setFont(scaled(base, 1.25, true));
    m_answer->setFont(scaled(base, 1.4, false));
    m_result->setFont(scaled(base, 1.3, true));
    m_explain->setFont(scaled(base, 1.15, false));
    m_reveal->setFont(scaled(base, 1.15, true));
    m_next->setFont(scaled(base, 1.15, true));
    for (QAbstractButton *b : m_choiceGroup->buttons())
        b->setFont(scaled(base, 1.25, true));
    layoutChoices();
    m_applyingFonts = false;
    fitContentWidth();
}

void LessonPanel::fitContentWidth()
{
    // Never narrower than the content's longest unbreakable word (a title in presenter type):
    // the text reflows in the column, it is never cut at its right edge.
    if (QWidget *content = m_scroll->widget())
        m_scroll->setMinimumWidth(content->minimumSizeHint().width() + m_scroll->verticalScrollBar()->sizeHint().width());
}

void LessonPanel::resizeEvent(QResizeEvent *event)
{
    QWidget::resizeEvent(event);
    layoutChoices();
}

void LessonPanel::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::FontChange && !m_applyingFonts)
        applyFonts();
    QWidget::changeEvent(event);
}

} // namespace rlab::ui
