// SPDX-License-Identifier: Apache-2.0
#pragma once
#include <QList>
#include <QString>

#include <functional>

namespace rlab::controller {

// controller.SlowStartInitialBatchSize: the first batch of creates has one call.
constexpr int SlowStartInitialBatchSize = 1;

// How the calls of one batch run. Upstream starts a goroutine per call. Sequential (the
// default, and what the deterministic runner uses) makes them one after another on the
// calling worker; Parallel starts a std::thread per extra call and joins them before the
// batch is judged (Sequential marks a batch's calls client::ConcurrentRequests, so a latency
// model charges them as issued together). The ApiServer serialises writes either way, so both give the same pods,
// call count and result; only the order of the creates inside a batch differs.
enum class BatchExecution { Sequential, Parallel };

struct SlowStartBatchResult
{
    int successes = 0;
    QString error;            // the first error (in call order), "" if none
    QList<int> batchSizes;    // the batches that ran, e.g. {1, 2, 4, 3}
    int calls = 0;
};

// slowStartBatch (replica_set.go): calls fn `count` times in batches of 1, 2, 4, … (each
// min(2 × previous, remaining)); a batch with any failure runs to its end and then stops the
// whole thing. fn returns "" on success or an error text. Worked example, count 10, fn fails
// from its 6th call on: batches 1, 2, 4 run (7 calls), 5 succeed, the 4th batch never starts:
// {successes 5, error "…", batchSizes {1, 2, 4}}. Thread rules: the caller's thread (plus the
// batch threads in Parallel mode, so fn must then be thread-safe).
SlowStartBatchResult slowStartBatch(int count, int initialBatchSize, const std::function<QString()> &fn,
                                    BatchExecution execution = BatchExecution::Sequential);

} // namespace rlab::controller
