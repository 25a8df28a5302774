// SPDX-License-Identifier: Apache-2.0
#pragma once
#include "core/apiserver/apierror.h"
#include "core/apiserver/apitypes.h"
#include "core/apiserver/resourcetype.h"
#include "core/http/backoff.h"
#include "core/http/credential.h"
#include "core/http/httpexchange.h"
#include "core/http/responseparser.h"

#include <QObject>
#include <QPointer>
#include <QSslSocket>
#include <QTimer>

#include <functional>
#include <memory>

namespace rlab::http {

class HttpWatch;
struct TransportContext;

// One watch over its own socket (never queued behind other requests: Qt 6.4's HTTP/1.1 pool
// has 6 connections per host), kept alive like a Reflector's ListAndWatch would: a stream the
// server ends (timeoutSeconds) is re-opened at once from the last resourceVersion seen (events
// and BOOKMARKs; opaque strings), a network error or a stream silent for watchIdleTimeoutMs
// (the watchdog) after a backoff; 401 re-acquires credentials and retries once; 410 Gone, as
// status or ERROR event, is handed to the consumer as an ERROR event (code 410) and ends the
// watch, so the Reflector relists. `onHead` reports the first attempt's outcome once (status
// 200, or the error response) so RestClient::watch can answer synchronously.
// Thread rules: lives and runs on the network thread only; close() ends it and deletes it later.
class WatchConnection : public QObject
{
    Q_OBJECT
public:
    using HeadCallback = std::function<void(const HttpResponse &response)>;

    WatchConnection(const TransportContext &ctx, apiserver::ResourceType rt, QString collectionPath,
                    apiserver::ListOptions opts, std::shared_ptr<HttpWatch> sink, HeadCallback onHead, QObject *parent);
    ~WatchConnection() override;

    void open();
    void close();

private:
    void connectSocket(const Credential &credential);
    void sendRequest();
    void onReadyRead();
    void onHead();
    void onEvents();
    void onEnded(const QString &transportError);
    void attemptFailed(const HttpResponse &response);
    void endWith(const apiserver::ApiError &error);
    void reconnectLater(qint64 delayMs);
    void dropSocket();
    int timeoutSeconds() const;

    const TransportContext &m_ctx;
    const apiserver::ResourceType m_rt;
    const QString m_path;
    const apiserver::ListOptions m_opts;
    std::shared_ptr<HttpWatch> m_sink;
    HeadCallback m_onHead;
    QString m_rv;                      // where the next (re)connection starts
    Credential m_credential;
    QPointer<QSslSocket> m_socket;
    ResponseParser m_parser;
    QList<QSslError> m_sslErrors;
    QTimer m_watchdog;
    QTimer m_retry;
    Backoff m_backoff;
    bool m_opened = false;             // a 200 was seen on some attempt
    bool m_retried401 = false;
    bool m_closed = false;
    bool m_headHandled = false;
    bool m_streamGotData = false;
};

} // namespace rlab::http
