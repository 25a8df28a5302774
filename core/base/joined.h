// SPDX-License-Identifier: Apache-2.0
#pragma once
#include <QString>
#include <QStringView>

namespace rlab {

// The pieces (QString, QStringView, u"literal") appended into one QString of one allocation:
// for the trace texts built on every request, write and queue operation, where a chain of
// QString::arg() calls costs an allocation and a scan of the pattern per argument.
// joined(u"worker ", QString::number(2), u" got ", key) == "worker 2 got default/web".
template<class... Pieces> QString joined(const Pieces &...pieces)
{
    QString out;
    out.reserve((QStringView(pieces).size() + ...));
    (out.append(QStringView(pieces)), ...);
    return out;
}

} // namespace rlab
