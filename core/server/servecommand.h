#pragma once
#include <QStringList>
#include <QTextStream>

namespace rlab::server {

// `rlab serve [--listen 127.0.0.1:PORT] [--kubeconfig FILE] [--scenario FILE] [--speed X]
//             [--allow-remote] [--exit-after SECONDS]`: runs a live simulated cluster (3 nodes, or
// the scenario's state after its steps) with controllers on worker threads and virtual time at
// real time × speed, serves its Kubernetes API for kubectl (PORT 0 picks a free port), writes a
// kubeconfig and prints the address and the `export KUBECONFIG=…` line. A non-loopback address
// needs --allow-remote and then requires a generated bearer token (written into the kubeconfig).
// Runs until SIGINT/SIGTERM (or --exit-after). Exit 0, 1 if the server cannot start, 2 on usage
// errors. Needs a QCoreApplication; runs its event loop on the calling thread.
int serveCommand(const QStringList &args, QTextStream &out, QTextStream &err);

} // namespace rlab::server
