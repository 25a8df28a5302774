// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QtGlobal>

#include <functional>

namespace rlab {

// Identifies one timer on a Clock. 0 is never a valid id.
using TimerId = quint64;

// Clock is the one injected source of time (design §3): virtual milliseconds since the Unix
// epoch, plus one-shot timers. Delays (addAfter, backoff, kubelet stages) are timers on it.
// Thread rules: every method may be called from any thread; implementations say on which
// thread timer callbacks run (ManualClock: the thread that advances it).
class Clock
{
public:
    virtual ~Clock();

    // Current virtual time in milliseconds since the epoch.
    virtual qint64 now() const = 0;

    // Runs fn once when the clock reaches atMs. A time already in the past fires at the next
    // opportunity. Returns the id to cancel() it with.
    virtual TimerId schedule(qint64 atMs, std::function<void()> fn) = 0;

    // Removes a pending timer. Returns false if it already fired, is firing, or never existed.
    virtual bool cancel(TimerId id) = 0;

    // schedule(now() + delayMs, fn).
    TimerId scheduleAfter(qint64 delayMs, std::function<void()> fn);
};

} // namespace rlab
