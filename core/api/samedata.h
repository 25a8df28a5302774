// SPDX-License-Identifier: Apache-2.0
#pragma once
#include <QString>

namespace rlab {

// Whether a and b are the very same characters in memory (one shared string, or two views of
// it): equal without reading them. The caches that remember strings "by where their characters
// are" ask this; each keeps a copy of the strings it remembers, so those characters can be
// neither freed nor reused for another string while remembered. False does not mean unequal.
inline bool sameData(const QString &a, const QString &b)
{
    return a.constData() == b.constData() && a.size() == b.size();
}

} // namespace rlab
