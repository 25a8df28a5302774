#pragma once
#include <QList>
#include <QPair>
#include <QString>
#include <QVariant>

class QComboBox;

namespace rlab::ui {

// Refills a chooser with (text, data) items without emitting, keeping the current item by its
// data (else the first): what every chooser of the Controls does when the store changes.
void refillCombo(QComboBox *box, const QList<QPair<QString, QVariant>> &items);

} // namespace rlab::ui
