// SPDX-License-Identifier: Apache-2.0
#include "core/base/clock.h"

#include <utility>

namespace rlab {

Clock::~Clock() = default;

TimerId Clock::scheduleAfter(qint64 delayMs, std::function<void()> fn)
{
    return schedule(now() + delayMs, std::move(fn));
}

} // namespace rlab
