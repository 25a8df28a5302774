#pragma once
#include "core/sim/view/watchevent.h"

#include <memory>
#include <vector>

namespace rlab::store {
class Watcher;
}

namespace rlab::view {

// A watch on the keys under one prefix, from one revision on, as the window consumes it: every
// change in revision order, none missed or seen twice, taken in batches (once per frame).
// Dropping the feed (or cancel()) ends the watch. Thread rules: take() and cancel() from any
// thread; the feed must not outlive the cluster it watches.
class WatchFeed
{
public:
    explicit WatchFeed(std::shared_ptr<store::Watcher> watcher);
    ~WatchFeed();
    WatchFeed(const WatchFeed &) = delete;
    WatchFeed &operator=(const WatchFeed &) = delete;

    // Every pending event, oldest first; empty when there is none. Never blocks.
    std::vector<WatchEvent> take();
    // How many events take() would return now.
    qsizetype pending() const;
    // Stops delivery and drops what is pending. Idempotent.
    void cancel();

private:
    std::shared_ptr<store::Watcher> m_watcher;
};

} // namespace rlab::view
