#include "ui/controls/combofill.h"

#include <QComboBox>
#include <QSignalBlocker>

namespace rlab::ui {

void refillCombo(QComboBox *box, const QList<QPair<QString, QVariant>> &items)
{
    const QVariant current = box->currentData();
    const QSignalBlocker block(box);
    box->clear();
    for (const auto &[text, data] : items)
        box->addItem(text, data);
    const int at = box->findData(current);
    box->setCurrentIndex(at >= 0 ? at : (box->count() > 0 ? 0 : -1));
}

} // namespace rlab::ui
