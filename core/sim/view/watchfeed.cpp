#include "core/sim/view/watchfeed.h"

#include "core/store/watcher.h"

namespace rlab::view {

WatchFeed::WatchFeed(std::shared_ptr<store::Watcher> watcher)
    : m_watcher(std::move(watcher))
{
}

WatchFeed::~WatchFeed()
{
    cancel();
}

std::vector<WatchEvent> WatchFeed::take()
{
    return m_watcher ? m_watcher->take() : std::vector<WatchEvent>();
}

qsizetype WatchFeed::pending() const
{
    return m_watcher ? m_watcher->pending() : 0;
}

void WatchFeed::cancel()
{
    if (m_watcher)
        m_watcher->cancel();
}

} // namespace rlab::view
