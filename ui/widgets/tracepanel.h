#pragma once
#include <QWidget>

class QTableView;

namespace rlab::ui {

class TraceEventModel;

// The trace panel: every hop of the control plane as one row (TraceEventModel), following the
// newest row unless the user scrolled up to read. GUI thread only.
class TracePanel : public QWidget
{
    Q_OBJECT
public:
    explicit TracePanel(TraceEventModel *model, QWidget *parent = nullptr);
    QTableView *view() const { return m_view; }

private:
    QTableView *m_view;
};

} // namespace rlab::ui
