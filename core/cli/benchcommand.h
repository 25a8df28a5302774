#pragma once
#include <QStringList>
#include <QTextStream>

namespace rlab::cli {

// `rlab bench store [--pods N] [--watchers W] [--json]`: pod creates through the whole API layer
// (defaulting, validation, MVCC store, W watchers drained concurrently); prints creates/s and
// heap bytes per stored pod.
// `rlab bench rollout [--deployments N] [--replicas R] [--nodes M] [--json]`: N Deployments of
// R replicas created and rolled to a new image on the deterministic runner (RolloutBench);
// prints wall and CPU seconds per phase.
// `rlab bench --size small|medium|large [--deployments N --replicas R --nodes M] [--json]`: the
// issue-16 presets (SizeBench): create, roll, scale x2, per-phase figures, peak RSS.
// Figures are measured, never asserted.
int benchCommand(const QStringList &args, QTextStream &out, QTextStream &err);

} // namespace rlab::cli
