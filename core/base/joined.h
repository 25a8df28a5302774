// SPDX-License-Identifier: Apache-2.0
#pragma once
#include <QString>
#include <QStringView>

#include <array>
#include <cstring>

namespace rlab {

// The pieces (QString, QStringView, u"literal") appended into one QString of one allocation:
// for the trace texts built on every request, write and queue operation, where a chain of
// QString::arg() calls costs an allocation and a scan of the pattern per argument.
// joined(u"worker ", QString::number(2), u" got ", key) == "worker 2 got default/web".
// The characters are copied into the string made at its final size (appending piece by piece
// was an out-of-line call with a capacity check each: ~60 instructions a piece).
template<class... Pieces> QString joined(const Pieces &...pieces)
{
    const std::array<QStringView, sizeof...(Pieces)> views{QStringView(pieces)...};
    qsizetype size = 0;
    for (const QStringView v : views)
        size += v.size();
    QString out(size, Qt::Uninitialized);
    QChar *at = out.data();
    for (const QStringView v : views) {
        if (!v.isEmpty())
            std::memcpy(static_cast<void *>(at), v.data(), std::size_t(v.size()) * sizeof(QChar));
        at += v.size();
    }
    return out;
}

} // namespace rlab
