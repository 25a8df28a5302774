// SPDX-License-Identifier: Apache-2.0
// TEMPORARY: verbs answer "not implemented yet" until the transport lands (same API).
#include "core/http/restclient.h"

#include "core/http/systemclock.h"

namespace rlab::http {

class NetworkThread { };
class BackoffGate { };
struct RestClient::Call { };

namespace {
apiserver::ApiError notYet()
{
    return apiserver::ApiError::internal(QStringLiteral("the HTTP client is not implemented yet"));
}
} // namespace

RestClient::RestClient(RestConfig config, ConnectOptions options)
    : m_config(std::move(config)), m_options(options), m_counters(std::make_unique<ClientCounters>())
{
    if (m_options.clock) {
        m_clock = m_options.clock;
    } else {
        m_ownClock = std::make_unique<SystemClock>();
        m_clock = m_ownClock.get();
    }
}

RestClient::~RestClient() = default;

using R = client::Interface;
R::Result<api::ObjectPtr> RestClient::create(const ResourceType &, const QString &, MutableObjectPtr, const WriteOptions &) { return Result<ObjectPtr>::failure(notYet()); }
R::Result<api::ObjectPtr> RestClient::create(MutableObjectPtr, const WriteOptions &) { return Result<ObjectPtr>::failure(notYet()); }
R::Result<api::ObjectPtr> RestClient::get(const ResourceType &, const QString &, const QString &) const { return Result<ObjectPtr>::failure(notYet()); }
R::Result<apiserver::ObjectList> RestClient::list(const ResourceType &, const QString &, const ListOptions &) const { return Result<apiserver::ObjectList>::failure(notYet()); }
R::Result<std::shared_ptr<apiserver::WatchInterface>> RestClient::watch(const ResourceType &, const QString &, const ListOptions &, std::function<void()>) { return Result<std::shared_ptr<apiserver::WatchInterface>>::failure(notYet()); }
R::Result<api::ObjectPtr> RestClient::update(const ResourceType &, const QString &, MutableObjectPtr, const WriteOptions &) { return Result<ObjectPtr>::failure(notYet()); }
R::Result<api::ObjectPtr> RestClient::update(MutableObjectPtr, const WriteOptions &) { return Result<ObjectPtr>::failure(notYet()); }
R::Result<api::ObjectPtr> RestClient::updateStatus(MutableObjectPtr) { return Result<ObjectPtr>::failure(notYet()); }
R::Result<api::ObjectPtr> RestClient::patch(const ResourceType &, const QString &, const QString &, PatchType, const QByteArray &, const WriteOptions &) { return Result<ObjectPtr>::failure(notYet()); }
R::Result<api::ObjectPtr> RestClient::remove(const ResourceType &, const QString &, const QString &, const DeleteOptions &) { return Result<ObjectPtr>::failure(notYet()); }
R::Result<QJsonObject> RestClient::getScale(const ResourceType &, const QString &, const QString &) const { return Result<QJsonObject>::failure(notYet()); }
R::Result<QJsonObject> RestClient::updateScale(const ResourceType &, const QString &, const QString &, const QJsonObject &, const WriteOptions &) { return Result<QJsonObject>::failure(notYet()); }
R::Result<QJsonObject> RestClient::patchScale(const ResourceType &, const QString &, const QString &, PatchType, const QByteArray &, const WriteOptions &) { return Result<QJsonObject>::failure(notYet()); }
R::Result<api::ObjectPtr> RestClient::bind(const QString &, const QString &, const QString &) { return Result<ObjectPtr>::failure(notYet()); }
R::Result<QJsonObject> RestClient::getJson(const QString &) const { return Result<QJsonObject>::failure(notYet()); }
Clock &RestClient::clock() { return *m_clock; }
TraceLog *RestClient::trace() const { return m_options.trace; }

} // namespace rlab::http
