#include "ui/widgets/manifesteditor.h"

#include "ui/lessons/softbreaks.h"

#include "ui/theme.h"
#include "ui/widgets/codeeditor.h"

#include <QFile>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QLabel>
#include <QListWidget>
#include <QPushButton>
#include <QVBoxLayout>

namespace rlab::ui {

namespace {
constexpr int kLineRole = Qt::UserRole + 1;
constexpr int kColumnRole = Qt::UserRole + 2;
} // namespace

ManifestEditor::ManifestEditor(QWidget *parent)
    : QWidget(parent),
      m_editor(new CodeEditor(this)),
      m_title(new QLabel(this)),
      m_apply(new QPushButton(tr("Apply"), this)),
      m_sample(new QPushButton(tr("Sample"), this)),
      m_messages(new QListWidget(this))
{
    m_editor->setObjectName(QStringLiteral("manifestText"));
    m_apply->setObjectName(QStringLiteral("applyButton"));
    m_messages->setObjectName(QStringLiteral("applyMessages"));
    m_apply->setDefault(true);
    m_apply->setToolTip(tr("kubectl apply -f %1 (Ctrl+Return)").arg(sampleName()));
    m_apply->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_Return));
    m_sample->setToolTip(tr("Replace the text with the sample nginx Deployment"));
    m_title->setTextFormat(Qt::PlainText);
    m_title->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);   // never widens the dock
    m_title->setWordWrap(true);   // a long file name folds at its '-' and '.' (SoftBreaks) instead of being cut
    m_title->setStyleSheet(QStringLiteral("color: %1").arg(theme::muted().name()));
    m_messages->setWordWrap(true);
    m_messages->setResizeMode(QListView::Adjust);
    m_messages->setVerticalScrollMode(QAbstractItemView::ScrollPerPixel);
    m_messages->setFont(theme::monospaceFont());
    m_messages->setVisible(false);

    auto *top = new QHBoxLayout;
    top->addWidget(m_title, 1);
    top->addWidget(m_sample);
    top->addWidget(m_apply);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addLayout(top);
    layout->addWidget(m_editor, 1);
    layout->addWidget(m_messages);

    connect(m_apply, &QPushButton::clicked, this, &ManifestEditor::applyRequested);
    connect(m_sample, &QPushButton::clicked, this, &ManifestEditor::loadSample);
    connect(m_messages, &QListWidget::itemActivated, this, &ManifestEditor::messageActivated);
    connect(m_messages, &QListWidget::itemClicked, this, &ManifestEditor::messageActivated);
    connect(m_editor, &CodeEditor::filesDropped, this, &ManifestEditor::filesDropped);
    connect(m_editor, &QPlainTextEdit::textChanged, this, [this] {
        if (!m_editor->errorLines().isEmpty())
            m_editor->setErrorLines({});
    });
    loadSample();
}

QString ManifestEditor::sampleManifest()
{
    QFile f(QStringLiteral(":/manifests/nginx-deployment.yaml"));
    return f.open(QIODevice::ReadOnly) ? QString::fromUtf8(f.readAll()) : QString();
}

void ManifestEditor::loadSample()
{
    setText(sampleManifest());
    setSourceName(sampleName());
    clearMessages();
}

QString ManifestEditor::text() const
{
    return m_editor->toPlainText();
}

void ManifestEditor::setText(const QString &text)
{
    m_editor->setPlainText(text);
}

void ManifestEditor::setSourceName(const QString &name)
{
    m_sourceName = name;
    m_title->setText(SoftBreaks::insert(QFileInfo(name).fileName()));
    m_title->setToolTip(name);
}

void ManifestEditor::clearMessages()
{
    m_messages->clear();
    m_messages->setVisible(false);
    m_editor->setErrorLines({});
    m_hasErrors = false;
}

void ManifestEditor::showReport(const ApplyReport &report)
{
    clearMessages();
    QList<int> errorLines;
    for (const ApplyProblem &p : report.problems) {
        auto *item = new QListWidgetItem(p.toString(), m_messages);
        item->setForeground(theme::deleted());
        item->setToolTip(p.toString());
        if (p.file == m_sourceName && p.line > 0) {
            item->setData(kLineRole, p.line);
            item->setData(kColumnRole, p.column);
            errorLines.append(p.line);
            for (int line : p.relatedLines)
                errorLines.append(line);
        }
    }
    if (!report.ok()) {
        auto *note = new QListWidgetItem(tr("Nothing was applied: the store is still at revision %1.").arg(report.revisionAfter),
                                         m_messages);
        note->setForeground(theme::muted());
    }
    for (const QString &line : report.results) {
        auto *item = new QListWidgetItem(line, m_messages);
        item->setForeground(theme::created());
    }
    if (report.ok() && !report.results.isEmpty()) {
        auto *note = new QListWidgetItem(tr("Store revision %1 → %2.").arg(report.revisionBefore).arg(report.revisionAfter),
                                         m_messages);
        note->setForeground(theme::muted());
    }
    m_hasErrors = !report.ok();
    m_messages->setVisible(m_messages->count() > 0);
    // Errors are long and wrap: give them about seven lines. Results are one line each.
    const int line = m_messages->fontMetrics().lineSpacing();
    const int lines = m_hasErrors ? 7 : qMin(int(m_messages->count()), 6);
    m_messages->setFixedHeight(lines * line + 2 * m_messages->frameWidth() + 6);
    m_editor->setErrorLines(errorLines);
}

QStringList ManifestEditor::messages() const
{
    QStringList out;
    for (int i = 0; i < m_messages->count(); ++i)
        out.append(m_messages->item(i)->text());
    return out;
}

void ManifestEditor::messageActivated(QListWidgetItem *item)
{
    const int line = item->data(kLineRole).toInt();
    if (line > 0)
        m_editor->goToLine(line, item->data(kColumnRole).toInt());
}

} // namespace rlab::ui
