// SPDX-License-Identifier: Apache-2.0
#include "core/controller/slowstartbatch.h"

#include "core/apiserver/callerscope.h"
#include "core/client/concurrentrequests.h"

#include <algorithm>
#include <thread>
#include <vector>

namespace rlab::controller {

namespace {
// Runs fn `n` times, returns the error text of every call in call order.
std::vector<QString> runBatch(int n, const std::function<QString()> &fn, BatchExecution execution)
{
    std::vector<QString> errors(static_cast<size_t>(n));
    if (execution == BatchExecution::Sequential || n == 1) {
        client::ConcurrentRequests together;   // upstream's goroutines issue them at once
        for (int i = 0; i < n; ++i)
            errors[size_t(i)] = fn();
        return errors;
    }
    // The API trace names the caller per thread: carry the worker's identity into the batch.
    const QString agent = apiserver::CallerScope::userAgent();
    const int worker = apiserver::CallerScope::worker();
    std::vector<std::thread> threads;
    threads.reserve(size_t(n - 1));
    for (int i = 1; i < n; ++i)
        threads.emplace_back([&errors, &fn, agent, worker, i] {
            apiserver::CallerScope scope(agent, worker);
            errors[size_t(i)] = fn();
        });
    errors[0] = fn();
    for (std::thread &t : threads)
        t.join();
    return errors;
}
} // namespace

SlowStartBatchResult slowStartBatch(int count, int initialBatchSize, const std::function<QString()> &fn,
                                    BatchExecution execution)
{
    SlowStartBatchResult result;
    int remaining = count;
    for (int batchSize = std::min(remaining, initialBatchSize); batchSize > 0;
         batchSize = std::min(2 * batchSize, remaining)) {
        result.batchSizes.append(batchSize);
        result.calls += batchSize;
        const std::vector<QString> errors = runBatch(batchSize, fn, execution);
        int failures = 0;
        for (const QString &e : errors) {
            if (e.isEmpty())
                continue;
            if (failures++ == 0)
                result.error = e;
        }
        result.successes += batchSize - failures;
        if (failures > 0)
            return result;
        remaining -= batchSize;
    }
    return result;
}

} // namespace rlab::controller
