// SPDX-License-Identifier: Apache-2.0
#pragma once
#include "core/apiserver/apitypes.h"
#include "core/apiserver/resourcetype.h"
#include "core/http/httpexchange.h"
#include "core/http/transportcontext.h"
#include "core/http/watchconnection.h"

#include <QHash>
#include <QObject>
#include <QPointer>

#include <memory>

class QNetworkAccessManager;
class QNetworkReply;

namespace rlab::http {

class HttpWatch;
class ReplyWaiter;
struct Credential;

// The network thread's half of a RestClient: one QNetworkAccessManager for requests (connection
// reuse, HTTP/2 where the server offers it, the proxy), and the WatchConnections, each on its own
// socket. A request gets its credentials, goes out, and on 401 with a refreshable credential
// (exec plugin, token file) is sent once more with fresh ones; the answer goes to the caller's
// ReplyWaiter. Thread rules: lives on the network thread; every method runs there (RestClient
// posts to it); nothing here blocks.
class Transport : public QObject
{
    Q_OBJECT
public:
    explicit Transport(TransportContext ctx);
    ~Transport() override;

    void init();       // on the network thread, before anything else
    void shutdown();   // closes every watch and request (their waiters get an error)

    void send(const HttpRequest &request, const std::shared_ptr<ReplyWaiter> &waiter);
    void openWatch(quint64 id, const apiserver::ResourceType &rt, const QString &collectionPath,
                   const apiserver::ListOptions &opts, const std::shared_ptr<HttpWatch> &sink,
                   WatchConnection::HeadCallback onHead);
    void closeWatch(quint64 id);

private:
    void sendWith(const HttpRequest &request, const std::shared_ptr<ReplyWaiter> &waiter, const Credential &credential,
                  bool retried);

    TransportContext m_ctx;
    QNetworkAccessManager *m_nam = nullptr;
    QHash<quint64, QPointer<WatchConnection>> m_watches;
    QHash<QNetworkReply *, std::shared_ptr<ReplyWaiter>> m_inFlight;
    bool m_shutdown = false;
};

} // namespace rlab::http
