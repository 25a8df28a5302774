#pragma once
#include <QStringList>
#include <QTextStream>

namespace rlab::cli {

// `rlab bench store [--pods N] [--watchers W] [--json]`: pod creates through the whole API layer
// (defaulting, validation, MVCC store, W watchers drained concurrently); prints creates/s and
// heap bytes per stored pod. Figures are measured, never asserted.
int benchCommand(const QStringList &args, QTextStream &out, QTextStream &err);

} // namespace rlab::cli
