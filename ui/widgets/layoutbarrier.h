#pragma once
#include <QSize>
#include <QWidget>

namespace rlab::ui {

// Holds one widget and fills itself with it, without a layout, so that a change of the child's
// size hint stops here. A QLabel lays the window out again at every setText (its updateGeometry
// reaches the main window's layout through every dock: ~900 relayouts of all docks while 10,000
// scenario steps played, each 1-5 ms and some repainting the whole window; issue #17). Around
// it the layout sees the child's hints as they were at the last change that grew them: a wider
// or taller text grows the barrier (one relayout), a narrower one does not shrink it (refit()
// does, and a font or style change of the child). It shows and hides with its child.
// Thread rules: GUI thread only, as any widget.
class LayoutBarrier : public QWidget
{
    Q_OBJECT
public:
    // Takes `child` (reparented into the barrier); `parent` is where the barrier goes.
    explicit LayoutBarrier(QWidget *child, QWidget *parent = nullptr);

    QWidget *child() const { return m_child; }
    // The hints last taken, or the child's own when wider (a layout that asks anyway for its
    // own reasons gets them as they are now).
    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;
    // Takes the child's hints now if they grew; true (and one relayout) when they did. For a
    // caller that must not wait for the posted request (a screenshot right after a frame).
    bool sync();
    // Takes the child's hints now, narrower ones too.
    void refit();
    // How many times the hints changed (for tests: each is a relayout around the barrier).
    int hintChanges() const { return m_hintChanges; }

protected:
    bool event(QEvent *event) override;
    bool eventFilter(QObject *watched, QEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;

private:
    void take(bool growOnly);

    QWidget *m_child;
    QSize m_hint;
    QSize m_minHint;
    int m_hintChanges = 0;
    bool m_refitPending = false;   // a font or style change: the next request fits narrower too
};

} // namespace rlab::ui
