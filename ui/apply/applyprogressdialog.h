#pragma once
#include <QProgressDialog>

namespace rlab::ui {

class BackgroundApply;

// The window's progress for a BackgroundApply: "Checking 11,370 objects (dry run)… 40 %", a
// Cancel button that stops the batch before its first write ("nothing was applied"), disabled
// once writing has begun (a batch is all or nothing). Window-modal; closes itself on finished().
class ApplyProgressDialog : public QProgressDialog
{
    Q_OBJECT
public:
    ApplyProgressDialog(BackgroundApply &job, QWidget *parent = nullptr);

private:
    void showProgress(int percent, int phase, qsizetype done, qsizetype total);
};

} // namespace rlab::ui
