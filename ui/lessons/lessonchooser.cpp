#include "ui/lessons/lessonchooser.h"

#include "ui/lessons/softbreaks.h"

#include <QStyleOptionComboBox>
#include <QStylePainter>
#include <QTextLayout>

namespace rlab::ui {

LessonChooser::LessonChooser(QWidget *parent)
    : QComboBox(parent)
{
    setProperty("wrapsText", true);
    QSizePolicy policy = sizePolicy();
    policy.setHorizontalPolicy(QSizePolicy::Preferred);
    policy.setHeightForWidth(true);
    setSizePolicy(policy);
    connect(this, &QComboBox::currentIndexChanged, this, [this] {
        updateGeometry();
        update();
    });
}

int LessonChooser::textWidth(int width) const
{
    QStyleOptionComboBox opt;
    initStyleOption(&opt);
    opt.rect = QRect(0, 0, width, QComboBox::sizeHint().height());
    return style()->subControlRect(QStyle::CC_ComboBox, &opt, QStyle::SC_ComboBoxEditField, this).width() - 4;
}

QStringList LessonChooser::lines(int width) const
{
    const QString text = SoftBreaks::insert(currentText());
    QTextLayout layout(text, font());
    QTextOption option;
    option.setWrapMode(QTextOption::WrapAtWordBoundaryOrAnywhere);
    layout.setTextOption(option);
    layout.beginLayout();
    QStringList out;
    for (QTextLine line = layout.createLine(); line.isValid(); line = layout.createLine()) {
        line.setLineWidth(qMax(1, textWidth(width)));
        out << SoftBreaks::strip(text.mid(line.textStart(), line.textLength())).trimmed();
    }
    layout.endLayout();
    return out;
}

int LessonChooser::heightForWidth(int width) const
{
    const int extra = qMax(0, int(lines(width).size()) - 1) * fontMetrics().lineSpacing();
    return QComboBox::sizeHint().height() + extra;
}

QSize LessonChooser::sizeHint() const
{
    return {QComboBox::sizeHint().width(), heightForWidth(width() > 0 ? width() : QComboBox::sizeHint().width())};
}

QSize LessonChooser::minimumSizeHint() const
{
    // Narrow is fine: the title wraps. At least its longest word (SoftBreaks breaks identifiers).
    return {qMin(QComboBox::minimumSizeHint().width(), 160), heightForWidth(width() > 0 ? width() : 160)};
}

void LessonChooser::resizeEvent(QResizeEvent *event)
{
    QComboBox::resizeEvent(event);
    const int n = int(lines(width()).size());
    if (n != m_lines) {
        m_lines = n;
        updateGeometry();
    }
}

void LessonChooser::paintEvent(QPaintEvent *)
{
    QStylePainter painter(this);
    QStyleOptionComboBox opt;
    initStyleOption(&opt);
    const QString text = opt.currentText;
    opt.currentText.clear();   // the frame and the arrow as usual; the text below, wrapped
    painter.drawComplexControl(QStyle::CC_ComboBox, opt);
    const QRect field = style()->subControlRect(QStyle::CC_ComboBox, &opt, QStyle::SC_ComboBoxEditField, this).adjusted(2, 0, -2, 0);
    painter.setPen(palette().color(isEnabled() ? QPalette::Active : QPalette::Disabled, QPalette::ButtonText));
    painter.drawText(field, Qt::AlignVCenter | Qt::AlignLeft, lines(width()).join(QLatin1Char('\n')));
}

} // namespace rlab::ui
