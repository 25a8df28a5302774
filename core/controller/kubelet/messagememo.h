// SPDX-License-Identifier: Apache-2.0
#pragma once
#include "core/api/samedata.h"

#include <QString>

#include <array>
#include <cstddef>

namespace rlab::controller {

// The last few messages made from a subject (a container's name or image), by where the
// subject's characters are: the pods of one template share those strings, so a kubelet that
// writes "Started container nginx" for each of them makes the text once and hands the Events
// one string (which their recorder then recognises by address, without hashing it). A slot
// holds its subject, so its characters are neither freed nor reused meanwhile.
// E.g. memo.get(c.name, [&] { return joined(u"Started container ", c.name); }).
// Not thread-safe: a PodWorker's, under its mutex.
class MessageMemo
{
public:
    template<class Make> const QString &get(const QString &subject, Make make)
    {
        for (Slot &s : m_slots)
            if (!s.subject.isNull() && sameData(s.subject, subject))
                return s.message;
        Slot &s = m_slots[m_next];
        m_next = (m_next + 1) % m_slots.size();
        s = Slot{subject, make()};
        return s.message;
    }

private:
    struct Slot
    {
        QString subject, message;
    };
    std::array<Slot, 4> m_slots;
    std::size_t m_next = 0;
};

} // namespace rlab::controller
