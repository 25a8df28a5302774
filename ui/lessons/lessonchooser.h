#pragma once
#include <QComboBox>

namespace rlab::ui {

// The lesson chooser: a QComboBox whose current title wraps over as many lines as the box's
// width needs (at spaces and, via SoftBreaks, inside long identifiers) instead of being cut, so
// "A failed rollout and the progress deadline" reads whole in a narrow presenter column. The
// height follows the width (heightForWidth); the popup list is QComboBox's. The dynamic property
// "wrapsText" tells checkers to measure lines(), not one line. GUI thread only.
class LessonChooser : public QComboBox
{
    Q_OBJECT
public:
    explicit LessonChooser(QWidget *parent = nullptr);

    // The current text as drawn at `width`: one string per line.
    QStringList lines(int width) const;
    // The text area's width in a box `width` wide (between the frame and the arrow).
    int textWidth(int width) const;

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;
    bool hasHeightForWidth() const override { return true; }
    int heightForWidth(int width) const override;

protected:
    void paintEvent(QPaintEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;

private:
    int m_lines = 1;
};

} // namespace rlab::ui
