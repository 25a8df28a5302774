#pragma once
#include <QString>

namespace rlab::view {

// What a served lab looks like from the window: where it listens, where its kubeconfig is, and
// how much it has served (copied from the server's counters when asked). A value.
struct EndpointStatus
{
    bool serving = false;
    QString url;              // "http://127.0.0.1:38211"; empty when not serving
    quint16 port = 0;
    QString kubeconfigPath;   // written by start()
    QString error;            // why start() failed
    qint64 requests = 0;
    qint64 watchesOpened = 0;
    qint64 openWatches = 0;
    qint64 watchEvents = 0;
};

} // namespace rlab::view
