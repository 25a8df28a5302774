#include "ui/widgets/workqueuelane.h"

#include "core/client/workqueuesnapshot.h"
#include "ui/models/workqueuemodel.h"
#include "ui/theme.h"
#include "ui/widgets/workqueuelanelayout.h"

#include <QPainter>
#include <functional>
#include <QPainterPath>

namespace rlab::ui {

namespace {
const QColor kText(0x1f, 0x29, 0x37);
const QColor kQueueFill(0xdb, 0xea, 0xfe);
const QColor kWorkFill(0xdc, 0xfc, 0xe7);
const QColor kDirty(0xea, 0x58, 0x0c);
const QColor kWaitFill(0xfe, 0xf3, 0xc7);
const QColor kWaitBorder(0xd9, 0x77, 0x06);
const QColor kFrame(0xd1, 0xd5, 0xdb);

// One rounded key chip: key in the monospace font, then an optional small tag, then optional
// pills (e.g. "×3" on accent, "dirty — will requeue on done()" on orange).
struct Chip
{
    QString key;
    QString tag;
    QColor fill, border;
    QList<std::pair<QString, QColor>> pills;
    double opacity = 1.0;
    bool dashed = false;
};
} // namespace

struct WorkQueueLane::Metrics
{
    QFont keyFont, smallFont, labelFont, headFont;
    int line = 0, chipH = 0, pad = 0, gap = 0, labelW = 0, header = 0, small = 0;

    int width(const Chip &c) const
    {
        int w = QFontMetrics(keyFont).horizontalAdvance(c.key) + 2 * pad;
        if (!c.tag.isEmpty())
            w += QFontMetrics(smallFont).horizontalAdvance(c.tag) + gap;
        for (const auto &pill : c.pills)
            w += QFontMetrics(smallFont).horizontalAdvance(pill.first) + pad + gap;
        return w;
    }

    int draw(QPainter &p, int x, int y, const Chip &c) const
    {
        const int w = width(c);
        p.save();
        p.setOpacity(c.opacity);
        QPen pen(c.border, 2);
        if (c.dashed)
            pen.setStyle(Qt::DashLine);
        p.setPen(pen);
        p.setBrush(c.fill);
        p.drawRoundedRect(QRectF(x + 1, y + 1, w - 2, chipH - 2), 7, 7);
        int tx = x + pad;
        p.setPen(kText);
        p.setFont(keyFont);
        const int keyW = QFontMetrics(keyFont).horizontalAdvance(c.key);
        p.drawText(QRect(tx, y, keyW + 2, chipH), Qt::AlignVCenter | Qt::AlignLeft, c.key);
        tx += keyW + gap;
        p.setFont(smallFont);
        const QFontMetrics sfm(smallFont);
        if (!c.tag.isEmpty()) {
            p.setPen(theme::muted());
            p.drawText(QRect(tx, y, sfm.horizontalAdvance(c.tag) + 2, chipH), Qt::AlignVCenter | Qt::AlignLeft, c.tag);
            tx += sfm.horizontalAdvance(c.tag) + gap;
        }
        for (const auto &pill : c.pills) {
            const int pw = sfm.horizontalAdvance(pill.first) + pad;
            const QRect r(tx, y + (chipH - small) / 2, pw, small);
            p.setPen(Qt::NoPen);
            p.setBrush(pill.second);
            p.drawRoundedRect(r, small / 2.0, small / 2.0);
            p.setPen(Qt::white);
            p.drawText(r, Qt::AlignCenter, pill.first);
            tx += pw + gap;
        }
        p.restore();
        return w;
    }
};

WorkQueueLane::WorkQueueLane(WorkQueueModel *model, const QString &controller, QWidget *parent)
    : QWidget(parent), m_model(model), m_controller(controller)
{
    setObjectName(QStringLiteral("workQueueLane-") + controller);
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
    m_lanes = workerLanes();
}

WorkQueueLane::Metrics WorkQueueLane::metrics() const
{
    Metrics m;
    m.keyFont = theme::monospaceFont();
    m.keyFont.setBold(true);
    m.smallFont = font();
    m.smallFont.setPointSizeF(qMax(font().pointSizeF(), double(theme::kBasePointSize)) * 0.85);
    m.smallFont.setBold(true);
    m.labelFont = font();
    m.labelFont.setBold(true);
    m.headFont = theme::headlineFont(1.3);
    m.line = QFontMetrics(font()).height();
    m.chipH = QFontMetrics(m.keyFont).height() + 12;
    m.pad = kPad;
    m.gap = 8;
    m.small = QFontMetrics(m.smallFont).height() + 4;
    const QFontMetrics lfm(m.labelFont);
    m.labelW = qMax(lfm.horizontalAdvance(tr("waiting")), lfm.horizontalAdvance(tr("worker 00"))) + 16;
    m.header = QFontMetrics(m.headFont).height() + 10;
    return m;
}

int WorkQueueLane::workerLanes() const
{
    const int row = m_model->controllerRow(m_controller);
    return row < 0 ? 1 : qMax(1, m_model->rowCount(m_model->sectionIndex(row, WorkQueueModel::WorkersSection)));
}

void WorkQueueLane::refresh()
{
    const int lanes = workerLanes();
    const bool changed = lanes != m_lanes;
    m_lanes = lanes;
    if (relayout() || changed)
        updateGeometry();
    update();
}

bool WorkQueueLane::relayout()
{
    const int w = width();
    const int header = headerLines(w), footer = qMax(1, int(footerLines(w).size()));
    const int needed = qMax(WorkQueueModel::kMaxNotes, noteLineCount(w));
    const int notes = w == m_notesWidth ? qMax(m_noteLines, needed) : needed;
    m_notesWidth = w;
    if (header == m_headerLines && footer == m_footerLines && notes == m_noteLines)
        return false;
    m_headerLines = header;
    m_footerLines = footer;
    m_noteLines = notes;
    return true;
}

QFont WorkQueueLane::footerFont() const
{
    return metrics().smallFont;
}

QFont WorkQueueLane::noteFont() const
{
    return metrics().labelFont;
}

QStringList WorkQueueLane::footerLines(int width) const
{
    const int row = m_model->controllerRow(m_controller);
    if (row < 0)
        return {};
    const WorkQueueView &view = m_model->queue(row);
    const QString how = view.threaded ? (view.workers == 1 ? tr("1 worker thread") : tr("%1 worker threads").arg(view.workers))
                                      : tr("deterministic runner: worker 0 only");
    const QString sep = QStringLiteral(" · ");
    const QStringList parts = m_model->index(row, WorkQueueModel::TimeColumn).data().toString().split(sep) << how;
    const QFontMetrics fm(footerFont());
    QList<int> widths;
    for (const QString &p : parts)
        widths << fm.horizontalAdvance(p);
    QStringList out;
    qsizetype i = 0;
    const auto advance = [&fm](const QString &s) { return fm.horizontalAdvance(s); };
    for (int n : WorkQueueLaneLayout::wrap(widths, fm.horizontalAdvance(sep), footerRoom(width))) {
        // A part wider than the lane on its own ("deterministic runner: worker 0 only") wraps at its spaces.
        out += WorkQueueLaneLayout::wrapWords(parts.mid(i, n).join(sep), footerRoom(width), advance);
        i += n;
    }
    return out;
}

QList<QStringList> WorkQueueLane::noteLines(int width) const
{
    const int row = m_model->controllerRow(m_controller);
    if (row < 0)
        return {};
    const QFontMetrics fm(noteFont());
    const auto advance = [&fm](const QString &s) { return fm.horizontalAdvance(s); };
    QList<QStringList> out;
    for (const WorkQueueModel::Note &n : m_model->notes(row))
        out << WorkQueueLaneLayout::wrapWords(n.text(), noteRoom(width), advance);
    return out;
}

int WorkQueueLane::noteLineCount(int width) const
{
    int lines = 0;
    for (const QStringList &note : noteLines(width))
        lines += int(note.size());
    return lines;
}

int WorkQueueLane::headerLines(int width) const
{
    return 1 + int(counterLines(width).size());
}

QStringList WorkQueueLane::counterLines(int width) const
{
    const int row = m_model->controllerRow(m_controller);
    if (row < 0)
        return {};
    const Metrics m = metrics();
    const QString counters = m_model->index(row, WorkQueueModel::InfoColumn).data().toString();
    const QFontMetrics fm = fontMetrics();
    const int available = width - 2 * m.pad;
    if (WorkQueueLaneLayout::headerLines(QFontMetrics(m.headFont).horizontalAdvance(m_controller), fm.horizontalAdvance(counters),
                                         available) == 1)
        return {};
    const QString sep = QStringLiteral(" · ");
    const QStringList parts = counters.split(sep);
    QList<int> widths;
    for (const QString &p : parts)
        widths << fm.horizontalAdvance(p);
    QStringList out;
    qsizetype i = 0;
    for (int n : WorkQueueLaneLayout::wrap(widths, fm.horizontalAdvance(sep), available)) {
        out << parts.mid(i, n).join(sep);
        i += n;
    }
    return out;
}

int WorkQueueLane::heightForWidth(int width) const
{
    const Metrics m = metrics();
    const int notes = width == m_notesWidth ? m_noteLines : qMax(WorkQueueModel::kMaxNotes, noteLineCount(width));
    return m.pad + m.header + (headerLines(width) - 1) * (m.line + 6) + (2 + m_lanes) * (m.chipH + 6)
           + qMax(1, int(footerLines(width).size())) * (m.line + 4) + 4 + notes * (m.line + 4) + m.pad;
}

int WorkQueueLane::contentHeight(int width) const
{
    return heightForWidth(width);
}

void WorkQueueLane::resizeEvent(QResizeEvent *event)
{
    QWidget::resizeEvent(event);
    if (relayout())
        updateGeometry();
}

QSize WorkQueueLane::sizeHint() const
{
    const Metrics m = metrics();
    const int rows = 2 + m_lanes;   // queue, workers, waiting
    const int h = m.pad + m.header + (m_headerLines - 1) * (m.line + 6) + rows * (m.chipH + 6) + m_footerLines * (m.line + 4) + 4
                  + qMax(WorkQueueModel::kMaxNotes, m_noteLines) * (m.line + 4) + m.pad;
    return {m.labelW + 520, h};
}

QSize WorkQueueLane::minimumSizeHint() const
{
    return {260, sizeHint().height()};
}

void WorkQueueLane::paintEvent(QPaintEvent *)
{
    QPainter p(this);
    p.setRenderHint(QPainter::Antialiasing);
    p.setRenderHint(QPainter::TextAntialiasing);
    const Metrics m = metrics();
    p.setPen(QPen(kFrame, 1));
    p.setBrush(Qt::white);
    p.drawRoundedRect(QRectF(rect()).adjusted(0.5, 0.5, -0.5, -0.5), 8, 8);
    const int row = m_model->controllerRow(m_controller);
    const int left = m.pad, right = width() - m.pad;
    int y = m.pad / 2;
    p.setFont(m.headFont);
    p.setPen(kText);
    p.drawText(QRect(left, y, right - left, m.header), Qt::AlignVCenter | Qt::AlignLeft, m_controller);
    if (row < 0) {
        p.setFont(font());
        p.setPen(theme::muted());
        p.drawText(QRect(left, y + m.header, right - left, m.chipH), Qt::AlignVCenter, tr("not running"));
        return;
    }
    const int headW = QFontMetrics(m.headFont).horizontalAdvance(m_controller);
    p.setFont(font());
    p.setPen(theme::muted());
    const QString counters = m_model->index(row, WorkQueueModel::InfoColumn).data().toString();
    const QStringList lines = counterLines(width());
    if (lines.isEmpty()) {
        p.drawText(QRect(left + headW + 16, y, right - left - headW - 16, m.header), Qt::AlignVCenter | Qt::AlignRight, counters);
        y += m.header;
    } else {   // narrow (a projector's font): the counters under the name, wrapped, whole
        y += m.header;
        for (const QString &line : lines) {
            p.drawText(QRect(left, y - 4, right - left, m.line + 6), Qt::AlignVCenter | Qt::AlignLeft, line);
            y += m.line + 6;
        }
    }

    const int x0 = left + m.labelW;
    auto label = [&](const QString &text, int atY) {
        p.setFont(m.labelFont);
        p.setPen(theme::muted());
        p.drawText(QRect(left, atY, m.labelW, m.chipH), Qt::AlignVCenter | Qt::AlignLeft, text);
    };
    auto emptyText = [&](const QString &text, int atX, int atY) {
        QFont f = font();
        f.setItalic(true);
        p.setFont(f);
        p.setPen(theme::muted());
        // Too long for a narrow lane: its first part ("empty"), whole, rather than a cut line.
        const QString shown = QFontMetrics(f).horizontalAdvance(text) <= right - atX ? text : text.section(QStringLiteral(" — "), 0, 0);
        p.drawText(QRect(atX, atY, right - atX, m.chipH), Qt::AlignVCenter | Qt::AlignLeft, shown);
    };
    // A chip wider than the lane (a projector's font) sheds its pills, then its tag: the key
    // itself is what must be read whole.
    auto fitted = [&](Chip c) {
        if (m.width(c) > right - x0)
            c.pills.clear();
        if (m.width(c) > right - x0)
            c.tag.clear();
        return c;
    };
    // A row of chips, front first, with "+N more" when they do not fit. Only the chips that can
    // be seen are made: a FIFO of 5,000 keys costs a handful of data() calls.
    // `listed` of the `total` keys are rows of the model (WorkQueueModel::kMaxListed at most).
    auto chipRow = [&](int listed, int total, const std::function<Chip(int)> &make, int atY, const QString &empty) {
        if (total == 0) {
            emptyText(empty, x0, atY);
            return;
        }
        QList<Chip> chips;
        QList<int> widths;
        int used = 0;
        for (int i = 0; i < listed && used <= right - x0; ++i) {
            chips << fitted(make(i));
            widths << m.width(chips.back());
            used += widths.back() + m.gap;
        }
        if (chips.size() < total)
            widths << right - x0;   // the rest cannot fit: keeps room for "+N more"
        const QString moreText = tr("+%1 more").arg(total);
        const int moreW = QFontMetrics(m.labelFont).horizontalAdvance(moreText) + 8;
        const int fit = qMin(int(chips.size()), WorkQueueLaneLayout::fitCount(widths, right - x0, m.gap, moreW));
        int x = x0;
        for (int i = 0; i < fit; ++i)
            x += m.draw(p, x, atY, chips[i]) + m.gap;
        if (fit < total) {
            p.setFont(m.labelFont);
            p.setPen(theme::muted());
            p.drawText(QRect(x, atY, right - x, m.chipH), Qt::AlignVCenter | Qt::AlignLeft, tr("+%1 more").arg(total - fit));
        }
    };

    // The FIFO.
    const QModelIndex queued = m_model->sectionIndex(row, WorkQueueModel::QueuedSection);
    auto queuedChip = [&](int i) {
        const QModelIndex item = m_model->index(i, 0, queued);
        Chip c{item.data(WorkQueueModel::KeyRole).toString(), {}, kQueueFill, theme::accent(), {}, 1.0, false};
        const auto via = QueuedVia(item.data(WorkQueueModel::ViaRole).toInt());
        if (via == QueuedVia::AddAfter)
            c.tag = tr("after delay");
        else if (via == QueuedVia::Done)
            c.tag = tr("requeued by done()");
        const int dedups = item.data(WorkQueueModel::DedupsRole).toInt();
        if (dedups > 0)
            c.pills.append({QStringLiteral("×%1").arg(dedups + 1), theme::accent()});
        return c;
    };
    label(tr("queue"), y);
    const WorkQueueMetrics &counts = m_model->queue(row).snapshot.metrics;
    chipRow(m_model->rowCount(queued), qMax(counts.depth, m_model->rowCount(queued)), queuedChip, y, tr("empty — get() would block"));
    y += m.chipH + 6;

    // The workers.
    const QModelIndex workers = m_model->sectionIndex(row, WorkQueueModel::WorkersSection);
    for (int i = 0; i < m_model->rowCount(workers); ++i) {
        const QModelIndex lane = m_model->index(i, 0, workers);
        const int worker = lane.data(WorkQueueModel::WorkerRole).toInt();
        label(worker < 0 ? tr("worker ?") : tr("worker %1").arg(worker), y);
        const QString key = lane.data(WorkQueueModel::KeyRole).toString();
        if (!key.isEmpty()) {
            Chip c{key, WorkQueueLaneLayout::duration(lane.data(WorkQueueModel::TimeMsRole).toLongLong()), kWorkFill,
                   theme::created(), {}, 1.0, false};
            if (lane.data(WorkQueueModel::ReAddedRole).toBool()) {
                const int dedups = lane.data(WorkQueueModel::DedupsRole).toInt();
                c.pills.append({dedups > 0 ? tr("dirty ×%1 — will requeue on done()").arg(dedups + 1)
                                           : tr("dirty — will requeue on done()"), kDirty});
            }
            m.draw(p, x0, y, fitted(c));
        } else {
            const QString last = lane.data(WorkQueueModel::LastKeyRole).toString();
            if (!last.isEmpty()) {
                const double op = WorkQueueLaneLayout::fade(lane.data(WorkQueueModel::LastAgeRole).toLongLong(),
                                                            WorkQueueModel::kLastKeyMs);
                m.draw(p, x0, y, fitted(Chip{last, tr("done"), Qt::white, theme::created(), {}, qMax(0.15, op), true}));
            } else {
                emptyText(tr("idle"), x0, y);
            }
        }
        y += m.chipH + 6;
    }

    // Waiting: addAfter and rate-limited backoff.
    const QModelIndex waiting = m_model->sectionIndex(row, WorkQueueModel::WaitingSection);
    auto waitingChip = [&](int i) {
        const QModelIndex item = m_model->index(i, 0, waiting);
        Chip c{item.data(WorkQueueModel::KeyRole).toString(),
               tr("in %1").arg(WorkQueueLaneLayout::countdown(item.data(WorkQueueModel::TimeMsRole).toLongLong())),
               kWaitFill, kWaitBorder, {}, 1.0, false};
        const int requeues = item.data(WorkQueueModel::RequeuesRole).toInt();
        if (requeues > 0)
            c.pills.append({tr("requeues %1").arg(requeues), kWaitBorder});
        return c;
    };
    label(tr("waiting"), y);
    chipRow(m_model->rowCount(waiting), qMax(counts.waiting, m_model->rowCount(waiting)), waitingChip, y, tr("none"));
    y += m.chipH + 6;

    // Counters, then the notes of the last moments: wrapped, never cut.
    p.setFont(m.smallFont);
    p.setPen(theme::muted());
    for (const QString &line : footerLines(width())) {
        p.drawText(QRect(left, y, right - left, m.line + 4), Qt::AlignVCenter | Qt::AlignLeft, line);
        y += m.line + 4;
    }
    y += 4;
    const qint64 now = m_model->nowMs();
    const std::vector<WorkQueueModel::Note> notes = m_model->notes(row);
    const QList<QStringList> noted = noteLines(width());
    for (std::size_t i = 0; i < notes.size() && qsizetype(i) < noted.size(); ++i) {
        const WorkQueueModel::Note &n = notes[i];
        p.save();
        p.setOpacity(WorkQueueLaneLayout::fade(now - n.atMs, WorkQueueModel::kNoteMs));
        const QColor c = n.kind == WorkQueueModel::Note::Dedup ? theme::accent() : kDirty;
        p.setPen(Qt::NoPen);
        p.setBrush(c);
        p.drawEllipse(QPointF(left + 6, y + (m.line + 4) / 2.0), 5, 5);
        p.setFont(m.labelFont);
        p.setPen(c.darker(130));
        for (const QString &line : noted[qsizetype(i)]) {
            p.drawText(QRect(left + kNoteIndent, y, right - left - kNoteIndent, m.line + 4), Qt::AlignVCenter | Qt::AlignLeft, line);
            y += m.line + 4;
        }
        p.restore();
    }
}

} // namespace rlab::ui
