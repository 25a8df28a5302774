// SPDX-License-Identifier: Apache-2.0
#pragma once
// Shared by the tst_http* suites: a lab served as `rlab serve` serves it — HTTPS with a fresh
// self-signed identity and a bearer token — in front of a Cluster with no controllers (nothing
// moves unless the test writes) or a threaded Simulation driven at ×50 (or at a given speed);
// and kubeconfigs for it (as written by `rlab serve`, or with a proxy, another token, an exec
// plugin). Main thread only.
#include "core/http/connect.h"
#include "core/server/clusterdriver.h"
#include "core/server/httpapiserver.h"
#include "core/server/kubeconfig.h"
#include "core/server/tlsidentity.h"
#include "core/sim/cluster.h"
#include "core/sim/simulation.h"

#include <QFile>
#include <QTemporaryDir>

#include <memory>

namespace rlab::test {

class HttpLab
{
public:
    // simulation: a threaded Simulation with every controller, driven at `speed` × real time.
    bool start(bool simulation, QString *error, double speed = 50)
    {
        const std::optional<server::TlsIdentity> id =
                server::TlsIdentity::createSelfSigned({QStringLiteral("127.0.0.1")}, {QStringLiteral("localhost")}, error);
        if (!id)
            return false;
        caPem = id->certificatePem;
        token = server::Kubeconfig::generateToken();
        if (simulation) {
            sim = std::make_unique<Simulation>();
            server = std::make_unique<server::HttpApiServer>(sim->api(), sim->clock());
        } else {
            cluster = std::make_unique<Cluster>();
            server = std::make_unique<server::HttpApiServer>(cluster->api(), cluster->clock());
        }
        server->setBearerToken(token);
        server->setTlsConfiguration(id->configuration);
        if (!server->listen(QHostAddress(QHostAddress::LocalHost), 0, error))
            return false;
        if (sim) {
            driver = std::make_unique<server::ClusterDriver>(*sim);
            driver->setSpeed(speed);
            driver->start();
        }
        kubeconfig = writeFile(QStringLiteral("kubeconfig"), server::Kubeconfig::render(server->url(), token, caPem));
        return true;
    }

    void stop()
    {
        if (driver)
            driver->stop();
        if (server)
            server->close();
        driver.reset();
        server.reset();
        sim.reset();
        cluster.reset();
    }

    apiserver::ApiServer &api() { return sim ? sim->api() : cluster->api(); }
    client::Interface &inProcess() { return sim ? sim->client() : cluster->client(); }
    QString url() const { return server->url(); }

    QString writeFile(const QString &name, const QByteArray &text)
    {
        const QString path = dir.filePath(name);
        QFile f(path);
        if (f.open(QIODevice::WriteOnly | QIODevice::Truncate))
            f.write(text);
        return path;
    }

    // A kubeconfig for this lab with `server` (default: the lab's URL), an extra cluster
    // `clusterExtra` block (indented for `cluster:`), and `user` as the user block.
    QString kubeconfigWith(const QString &name, const QString &server, const QByteArray &clusterExtra, const QByteArray &user)
    {
        QByteArray y = "apiVersion: v1\nkind: Config\ncurrent-context: lab\nclusters:\n- name: lab\n  cluster:\n    server: "
                       + (server.isEmpty() ? url() : server).toUtf8() + "\n";
        if (!caPem.isEmpty())
            y += "    certificate-authority-data: " + caPem.toBase64() + "\n";
        y += clusterExtra;
        y += "contexts:\n- name: lab\n  context:\n    cluster: lab\n    user: me\n    namespace: default\nusers:\n- name: me\n  user:\n" + user;
        return writeFile(name, y);
    }

    std::unique_ptr<http::RestClient> connect(const QString &kubeconfigPath, QString *error, http::ConnectOptions options = {})
    {
        http::KubeconfigSelection sel;
        sel.files = {kubeconfigPath};
        return http::connect(sel, error, options);
    }

    QTemporaryDir dir;
    QString kubeconfig;
    QByteArray token, caPem;
    std::unique_ptr<Cluster> cluster;
    std::unique_ptr<Simulation> sim;
    std::unique_ptr<server::HttpApiServer> server;
    std::unique_ptr<server::ClusterDriver> driver;
};

} // namespace rlab::test
