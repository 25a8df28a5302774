#pragma once
#include <QStringList>
#include <QTextStream>

namespace rlab::cli {

// The `rlab` command line (design.md §4). run / serve / bench / validate; returns the process
// exit code (0 ok, 1 an expectation failed, 2 invalid input or usage). Output goes to the given
// streams so tests can capture it. Runs on the calling thread.
int runRlab(const QStringList &args, QTextStream &out, QTextStream &err);

} // namespace rlab::cli
