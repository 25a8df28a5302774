// SPDX-License-Identifier: Apache-2.0
#pragma once
// Shared by the tst_kubectl*.cpp suites that run the real kubectl: a threaded Simulation with a
// fast clock (x50) behind an HttpApiServer on a free loopback port, its kubeconfig, and kubectl
// run as a process with an empty HOME (so its discovery cache is cold). Main thread only: the
// cluster's clock and informers tick on it while kubectl runs.
#include "core/server/clusterdriver.h"
#include "core/server/httpapiserver.h"
#include "core/server/kubeconfig.h"
#include "core/sim/simulation.h"

#include <QDir>
#include <QEventLoop>
#include <QFile>
#include <QProcess>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTimer>

#include <memory>

namespace rlab::test {

struct KubectlRun
{
    int exitCode = -1;
    bool finished = false;
    QString out, err;
    QString all() const { return out + err; }
    QString show() const { return QStringLiteral("exit %1\n--- stdout\n%2--- stderr\n%3").arg(exitCode).arg(out, err); }
};

// The nginx Deployment of the lessons; %1 is the image.
inline const char *const kNginx = R"(apiVersion: apps/v1
kind: Deployment
metadata:
  name: nginx
  labels:
    app: nginx
spec:
  replicas: 3
  selector:
    matchLabels:
      app: nginx
  template:
    metadata:
      labels:
        app: nginx
    spec:
      containers:
      - name: nginx
        image: %1
        ports:
        - containerPort: 80
)";

class KubectlHarness
{
public:
    // Finds kubectl on PATH; false when it is not installed.
    bool findKubectl()
    {
        kubectlPath = QStandardPaths::findExecutable(QStringLiteral("kubectl"));
        return !kubectlPath.isEmpty();
    }

    // Starts the simulation, the server and the driver and writes the kubeconfig.
    bool start(QString *error)
    {
        if (!dir.isValid()) {
            *error = QStringLiteral("no temporary directory");
            return false;
        }
        QDir(dir.path()).mkpath(QStringLiteral("home"));
        sim = std::make_unique<Simulation>();
        server = std::make_unique<server::HttpApiServer>(sim->api(), sim->clock());
        if (!server->listen(QHostAddress(QHostAddress::LocalHost), 0, error))
            return false;
        kubeconfig = dir.filePath(QStringLiteral("kubeconfig"));
        if (!server::Kubeconfig::write(kubeconfig, server->url(), {}, error))
            return false;
        driver = std::make_unique<server::ClusterDriver>(*sim);
        driver->setSpeed(50);
        driver->start();
        env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("HOME"), dir.filePath(QStringLiteral("home")));
        env.remove(QStringLiteral("KUBECONFIG"));
        return true;
    }

    void stop()
    {
        if (driver)
            driver->stop();
        if (server) {
            qInfo("served %lld requests, %lld watches, %lld watch events", server->counters().requests.load(),
                  server->counters().watchesOpened.load(), server->counters().watchEvents.load());
            server->close();
        }
        driver.reset();
        server.reset();
        sim.reset();
    }

    KubectlRun kubectl(const QStringList &args, int timeoutMs = 60000)
    {
        KubectlRun r;
        QProcess p;
        p.setProcessEnvironment(env);
        QEventLoop loop;
        QObject::connect(&p, &QProcess::finished, &loop, &QEventLoop::quit);
        QObject::connect(&p, &QProcess::errorOccurred, &loop, &QEventLoop::quit);
        QTimer::singleShot(timeoutMs, &loop, &QEventLoop::quit);
        p.start(kubectlPath, QStringList{QStringLiteral("--kubeconfig"), kubeconfig} + args);
        p.closeWriteChannel();   // kubectl may prompt (e.g. for a username); it reads EOF, as in a script
        loop.exec();   // the cluster's clock and informers tick on this thread meanwhile
        if (p.state() != QProcess::NotRunning) {
            p.kill();
            p.waitForFinished(5000);
        } else {
            r.finished = p.exitStatus() == QProcess::NormalExit;
        }
        r.exitCode = p.exitCode();
        r.out = QString::fromUtf8(p.readAllStandardOutput());
        r.err = QString::fromUtf8(p.readAllStandardError());
        return r;
    }

    QString writeManifest(const QString &name, const QString &text)
    {
        const QString path = dir.filePath(name);
        QFile f(path);
        if (f.open(QIODevice::WriteOnly))
            f.write(text.toUtf8());
        return path;
    }

    QString jsonpath(const QString &target, const QString &expr)
    {
        return kubectl({QStringLiteral("get"), target, QStringLiteral("-o"), QStringLiteral("jsonpath=") + expr}).out;
    }

    // `kubectl rollout status` returns only when the controllers report the rollout complete.
    bool rolledOut(const QString &deployment, QString *output)
    {
        const KubectlRun r = kubectl({QStringLiteral("rollout"), QStringLiteral("status"), QStringLiteral("deployment/") + deployment,
                                      QStringLiteral("--timeout=90s")},
                                     100000);
        *output = r.show();
        return r.finished && r.exitCode == 0
               && r.out.contains(QStringLiteral("deployment \"%1\" successfully rolled out").arg(deployment));
    }

    QString kubectlPath, kubeconfig;
    QTemporaryDir dir;
    QProcessEnvironment env;
    std::unique_ptr<Simulation> sim;
    std::unique_ptr<server::HttpApiServer> server;
    std::unique_ptr<server::ClusterDriver> driver;
};

} // namespace rlab::test
