#pragma once
#include <QString>

namespace rlab::apiserver {

// Who is calling the API server on this thread ("deployment-controller" worker 2, "kubectl
// apply", "reconcile-lab") so that the trace can name the client of each request, like the
// API server's audit log names the user agent. RAII; nests; thread-local, so no locking.
class CallerScope
{
public:
    CallerScope(QString userAgent, int worker = -1);
    ~CallerScope();
    CallerScope(const CallerScope &) = delete;
    CallerScope &operator=(const CallerScope &) = delete;

    static QString userAgent();   // "" when no scope is active
    static int worker();

private:
    QString m_prevAgent;
    int m_prevWorker;
};

} // namespace rlab::apiserver
