#include "core/base/lightmutex.h"

namespace rlab {

void LightMutex::lockContended(int seen)
{
    // Mark it waited for (2) and sleep while it stays held; whoever finds it free (0) when
    // swapping in 2 owns it.
    if (seen != 2)
        seen = m_state.exchange(2, std::memory_order_acquire);
    while (seen != 0) {
        m_state.wait(2, std::memory_order_relaxed);
        seen = m_state.exchange(2, std::memory_order_acquire);
    }
}

} // namespace rlab
