#pragma once
#include <QStringList>
#include <QTextStream>

namespace rlab::server {

// `rlab bench serve [--students N] [--seconds S] [--think-ms T] [--warmup W] [--speed X]
// [--trace-memory MIB] [--json]`: the classroom load figure. Starts `rlab serve --users` (this executable, a child
// process, so its memory is the server's alone) with N students (tokens), then runs N
// BenchStudents (a kubectl-like client plus a window's four informers each, over HTTPS) on a
// few client threads; after W seconds of warm-up it measures for S seconds and prints
// requests/s, latency percentiles (p50/p90/p99/max), watch events received, the server's RSS
// and CPU time, and two runs of the real kubectl (if on PATH) as student-01 meanwhile:
// allowed in its namespace, Forbidden in student-02's. Figures are printed, never asserted.
// Exit 0, 1 if the server cannot start or no request succeeded, 2 on usage errors.
// Needs a QCoreApplication; runs its event loop on the calling thread.
int serveBenchCommand(const QStringList &args, QTextStream &out, QTextStream &err);

} // namespace rlab::server
