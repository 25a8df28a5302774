#pragma once
#include <QStringList>
#include <QTextStream>

namespace rlab::cli {

// `rlab soak [--hours H | --minutes M] [--seed N] [--threaded] [--deployments N] [--nodes N]
// [--latency PRESET] [--json]`: a ChaosSoak — faults and commands every 20 s of virtual time,
// the control plane's promises checked every 10 s, then convergence. Prints the actions, checks,
// watch events, violations, memory and CPU; exit 0 when every promise held and every Deployment
// converged, 1 otherwise, 2 on bad flags.
int soakCommand(const QStringList &args, QTextStream &out, QTextStream &err);

} // namespace rlab::cli
