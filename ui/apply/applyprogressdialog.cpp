#include "ui/apply/applyprogressdialog.h"

#include "ui/apply/backgroundapply.h"

#include <QLocale>
#include <QPushButton>

namespace rlab::ui {

ApplyProgressDialog::ApplyProgressDialog(BackgroundApply &job, QWidget *parent)
    : QProgressDialog(parent)
{
    setObjectName(QStringLiteral("applyProgressDialog"));
    setWindowTitle(tr("Applying manifests"));
    setLabelText(tr("Reading the manifests…"));
    setRange(0, 100);
    setValue(0);
    setMinimumDuration(0);
    setAutoClose(false);
    setAutoReset(false);
    setWindowModality(Qt::WindowModal);
    auto *cancel = new QPushButton(tr("Cancel"), this);
    cancel->setObjectName(QStringLiteral("applyCancelButton"));
    setCancelButton(cancel);
    // QProgressDialog would hide itself on Cancel; the batch decides when it is over.
    disconnect(this, &QProgressDialog::canceled, this, &QProgressDialog::cancel);
    connect(this, &QProgressDialog::canceled, this, [this, &job, cancel] {
        job.cancel();
        cancel->setEnabled(false);
        setLabelText(job.isWriting() ? tr("Writing has begun: the batch finishes (all or nothing)…") : tr("Cancelling…"));
    });
    connect(&job, &BackgroundApply::progress, this, &ApplyProgressDialog::showProgress);
    connect(&job, &BackgroundApply::finished, this, [this] {
        setValue(maximum());
        close();
        deleteLater();
    });
}

void ApplyProgressDialog::showProgress(int percent, int phase, qsizetype done, qsizetype total)
{
    const QLocale locale;
    const qsizetype objects = total / 3;
    const qsizetype inPhase = qBound<qsizetype>(0, done - phase * objects, objects);
    QString text;
    switch (phase) {
    case 0:
        text = tr("Decoding %1 of %2 objects…").arg(locale.toString(inPhase), locale.toString(objects));
        break;
    case 1:
        text = tr("Checking %1 of %2 objects (server-side dry run)…").arg(locale.toString(inPhase), locale.toString(objects));
        break;
    default:
        text = tr("Writing %1 of %2 objects (no longer cancellable: all or nothing)…").arg(locale.toString(inPhase), locale.toString(objects));
        if (QPushButton *b = findChild<QPushButton *>(QStringLiteral("applyCancelButton")))
            b->setEnabled(false);
        break;
    }
    setLabelText(text);
    setValue(percent);
}

} // namespace rlab::ui
