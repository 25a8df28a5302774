// SPDX-License-Identifier: Apache-2.0
#pragma once
#include "core/client/interface.h"
#include "core/http/clientcounters.h"
#include "core/http/connectoptions.h"
#include "core/http/restconfig.h"

#include <QNetworkProxy>
#include <QSslConfiguration>

#include <atomic>
#include <memory>
#include <optional>

namespace rlab::http {

class NetworkThread;
class BackoffGate;
class ResourceVersions;

// client::Interface over a Kubernetes API server's REST API (client-go's clientset + rest
// client): JSON over HTTPS, one QNetworkAccessManager on a network QThread for requests, every
// watch on its own socket there (HttpWatch), errors as the server's Status (code, reason,
// message verbatim). A list without a limit is paged (limit/continue, the ListPager); list and
// watch back off after errors (800 ms doubling to 30 s) so a Reflector cannot hammer a server
// that is down. Thread rules: every verb from any thread but the network thread; callers block
// until the answer (or requestTimeoutMs); the network thread itself never blocks.
// resourceVersions are opaque strings on the wire: lists and watch events report them as local
// numbers (ResourceVersions), and a number passed back in ListOptions.resourceVersion is sent as
// the server's original string.
class RestClient : public client::Interface
{
public:
    // Use http::connect(); this constructor trusts that `tls` and `proxy` match the config.
    RestClient(RestConfig config, ConnectOptions options, const QSslConfiguration &tls, const QNetworkProxy &proxy);
    ~RestClient() override;   // closes every watch, stops the network thread

    Result<ObjectPtr> create(const ResourceType &rt, const QString &ns, MutableObjectPtr obj,
                             const WriteOptions &opts = {}) override;
    Result<ObjectPtr> create(MutableObjectPtr obj, const WriteOptions &opts = {}) override;
    Result<ObjectPtr> get(const ResourceType &rt, const QString &ns, const QString &name) const override;
    Result<apiserver::ObjectList> list(const ResourceType &rt, const QString &ns,
                                       const ListOptions &opts = {}) const override;
    Result<std::shared_ptr<apiserver::WatchInterface>> watch(const ResourceType &rt, const QString &ns,
                                                             const ListOptions &opts = {},
                                                             std::function<void()> notify = {}) override;
    Result<ObjectPtr> update(const ResourceType &rt, const QString &ns, MutableObjectPtr obj,
                             const WriteOptions &opts = {}) override;
    Result<ObjectPtr> update(MutableObjectPtr obj, const WriteOptions &opts = {}) override;
    Result<ObjectPtr> updateStatus(MutableObjectPtr obj) override;
    Result<ObjectPtr> patch(const ResourceType &rt, const QString &ns, const QString &name, PatchType type,
                            const QByteArray &body, const WriteOptions &opts = {}) override;
    // The object after the call; null (and ok) when the server answers a Status (Success).
    Result<ObjectPtr> remove(const ResourceType &rt, const QString &ns, const QString &name,
                             const DeleteOptions &opts = {}) override;
    Result<QJsonObject> getScale(const ResourceType &rt, const QString &ns, const QString &name) const override;
    Result<QJsonObject> updateScale(const ResourceType &rt, const QString &ns, const QString &name,
                                    const QJsonObject &scale, const WriteOptions &opts = {}) override;
    Result<QJsonObject> patchScale(const ResourceType &rt, const QString &ns, const QString &name, PatchType type,
                                   const QByteArray &body, const WriteOptions &opts = {}) override;
    // POST pods/binding (the server answers a Status), then GET of the bound pod.
    Result<ObjectPtr> bind(const QString &ns, const QString &podName, const QString &nodeName) override;
    Clock &clock() override;
    TraceLog *trace() const override;

    // Extras for live mode.
    const RestConfig &config() const { return m_config; }
    const ConnectOptions &options() const { return m_options; }
    const ClientCounters &counters() const { return *m_counters; }
    // GET of any path (e.g. "/version"): the JSON body, or the server's Status as ApiError.
    Result<QJsonObject> getJson(const QString &path) const;

private:
    // One exchange: the JSON body of a 2xx answer, else the ApiError (Status, or 503 with why).
    Result<QJsonObject> call(const QByteArray &method, const QString &pathAndQuery, const QByteArray &body = {},
                             const QByteArray &contentType = {}) const;
    Result<ObjectPtr> objectCall(const QByteArray &method, const QString &pathAndQuery, const ResourceType &rt,
                                 const QByteArray &body = {}, const QByteArray &contentType = {}) const;
    Result<apiserver::ObjectList> listPage(const ResourceType &rt, const QString &ns, const ListOptions &opts) const;
    Result<apiserver::ObjectList> listAll(const ResourceType &rt, const QString &ns, const ListOptions &opts) const;
    // opts with resourceVersion as the server's string; nullopt when it is a synthetic number
    // no longer remembered.
    std::optional<ListOptions> toServer(const ListOptions &opts) const;
    static QString gateKey(const char *verb, const ResourceType &rt, const QString &ns, const ListOptions &opts);

    RestConfig m_config;
    ConnectOptions m_options;
    std::unique_ptr<ClientCounters> m_counters;
    std::unique_ptr<Clock> m_ownClock;
    Clock *m_clock = nullptr;
    std::unique_ptr<BackoffGate> m_backoff;
    std::unique_ptr<ResourceVersions> m_resourceVersions;   // before m_net, which refers to it
    std::unique_ptr<NetworkThread> m_net;
    std::atomic<quint64> m_nextWatchId{1};
};

} // namespace rlab::http
