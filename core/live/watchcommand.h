#pragma once
#include <QStringList>
#include <QTextStream>

namespace rlab::live {

// `rlab watch --kubeconfig FILE [--context C] [--namespace N | -A] --record FILE
//             [--exit-after SECONDS] [--quiet]`: the headless recorder of live mode. Connects
// like kubectl (connectLive), mirrors Deployments, ReplicaSets, Pods, Nodes and Events, writes
// every watch event to the recording (JSON Lines, no credentials), prints one line per event
// and what the shadow controller predicted and whether the cluster did it; Ctrl+C (or
// --exit-after) stops it. Exit 0, 1 when the cluster cannot be reached or the file written,
// 2 on bad usage. Needs a QCoreApplication; runs its event loop on the calling thread.
int watchCommand(const QStringList &args, QTextStream &out, QTextStream &err);

} // namespace rlab::live
