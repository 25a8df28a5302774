// SPDX-License-Identifier: Apache-2.0
#pragma once
#include "core/http/restconfig.h"

#include <QNetworkProxy>
#include <QProcessEnvironment>

#include <optional>

namespace rlab::http {

// Which proxy a RestConfig's requests and watches go through, as client-go decides: the
// cluster's proxy-url (http:// via CONNECT, socks5://; Qt cannot speak TLS to an https://
// proxy), else Go's ProxyFromEnvironment — HTTPS_PROXY (https servers) or HTTP_PROXY, lower
// case too, unless NO_PROXY names the host ("*", a host, ".domain"/"domain" suffixes, an IP; a
// port may follow) — and never for localhost or a loopback IP. Stateless.
class ProxySettings
{
public:
    static std::optional<QNetworkProxy> proxyFor(const RestConfig &config, const QProcessEnvironment &env, QString *error);
};

} // namespace rlab::http
