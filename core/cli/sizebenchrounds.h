#pragma once
#include "core/cli/sizebench.h"

namespace rlab::cli {

// `rlab bench --size` with SizeBenchOptions::rounds > 1: the whole bench (runSizeBench: the lab,
// then its floor) runs once per round in a child process (fork), which hands its figures back
// as toJson's JSON over a pipe and exits; a process of its own pays its own first touches of
// memory, as a lone run does. The result is the median round by pipeline/floor (the upper one of
// an even count), `rounds` lists every round in the order run. E.g. medium on the VM of session
// 49: rounds 8.6, 11.2, 8.1 give round 1's figures, 8.6. complete only when every round was.
// The children's progress comes back over the pipe to `progress`, phases named "2/3 roll".
// One round: runSizeBench in this process. A round that fails (its child crashed or said
// nothing readable) fails the whole: *error says which and why, and the result is empty.
// Thread rules: call with no other thread running (fork copies only the caller).
SizeBenchResult runSizeBenchRounds(const SizeBenchOptions &options, const SizeBenchProgress &progress, QString *error);

// The index of the median of `ratios` (the upper one of an even count); 0 for none.
// E.g. {8.6, 11.2, 8.1} -> 0; {9, 7, 8, 10} -> 3.
int medianIndex(const QList<double> &ratios);

} // namespace rlab::cli
