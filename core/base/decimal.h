// SPDX-License-Identifier: Apache-2.0
#pragma once
#include <QString>

namespace rlab {

// v in decimal digits, as QString::number(v) writes it, in one allocation of its size: for the
// resourceVersion the API server gives every object it stores (QString::number goes through a
// conversion buffer, ~270 instructions a call).
// decimal(50197) == "50197", decimal(0) == "0", decimal(-42) == "-42".
inline QString decimal(qint64 v)
{
    char16_t digits[20];
    int at = 20;
    // Negative values are counted down as negatives: the most negative qint64 has no positive.
    const bool negative = v < 0;
    do {
        const qint64 q = v / 10;
        const int d = int(v - q * 10);
        digits[--at] = char16_t(u'0' + (negative ? -d : d));
        v = q;
    } while (v != 0);
    QString out(20 - at + (negative ? 1 : 0), Qt::Uninitialized);
    QChar *p = out.data();
    if (negative)
        *p++ = u'-';
    for (int i = at; i < 20; ++i)
        *p++ = QChar(digits[i]);
    return out;
}

} // namespace rlab
