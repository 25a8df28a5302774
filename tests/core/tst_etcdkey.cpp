// SPDX-License-Identifier: Apache-2.0
// ResourceType::etcdKey: the key kube-apiserver's registry stores an object under,
// "<prefix>/<namespace>/<name>" for namespaced kinds and "<prefix>/<name>" otherwise, as UTF-8.
// ASCII pieces (every DNS name) take the narrowing path; anything else is encoded as UTF-8 by
// the fallback, with the same result a plain concatenation and toUtf8() give.
#include "core/apiserver/resourcetype.h"

#include <QTest>

using namespace rlab::apiserver;
using rlab::api::Kind;

class TestEtcdKey : public QObject
{
    Q_OBJECT
private slots:
    void keys_data()
    {
        QTest::addColumn<int>("kind");
        QTest::addColumn<QString>("ns");
        QTest::addColumn<QString>("name");
        QTest::addColumn<QByteArray>("key");
        QTest::newRow("pod") << int(Kind::Pod) << QStringLiteral("default") << QStringLiteral("web-7c5b4f9d8-x2x9z")
                             << QByteArrayLiteral("/registry/pods/default/web-7c5b4f9d8-x2x9z");
        QTest::newRow("short names") << int(Kind::Pod) << QStringLiteral("a") << QStringLiteral("b")
                                     << QByteArrayLiteral("/registry/pods/a/b");
        QTest::newRow("no namespace given: the prefix") << int(Kind::Pod) << QString() << QStringLiteral("web")
                                                        << QByteArrayLiteral("/registry/pods/web");
        QTest::newRow("empty name: the namespace's prefix") << int(Kind::Pod) << QStringLiteral("default") << QString()
                                                            << QByteArrayLiteral("/registry/pods/default/");
        QTest::newRow("cluster-scoped: no namespace") << int(Kind::Node) << QStringLiteral("default") << QStringLiteral("node-1")
                                                      << QByteArrayLiteral("/registry/minions/node-1");
        QTest::newRow("deployment") << int(Kind::Deployment) << QStringLiteral("kube-system") << QStringLiteral("coredns")
                                    << QByteArrayLiteral("/registry/deployments/kube-system/coredns");
        QTest::newRow("non-ASCII name: UTF-8") << int(Kind::Pod) << QStringLiteral("default") << QStringLiteral("caf\u00e9-\u2603")
                                               << QByteArray("/registry/pods/default/caf\xc3\xa9-\xe2\x98\x83");
        QTest::newRow("non-ASCII namespace") << int(Kind::Pod) << QStringLiteral("\u00fcber") << QStringLiteral("web")
                                             << QByteArray("/registry/pods/\xc3\xbc" "ber/web");
    }
    void keys()
    {
        QFETCH(int, kind);
        QFETCH(QString, ns);
        QFETCH(QString, name);
        QFETCH(QByteArray, key);
        QCOMPARE(resources::byKind(Kind(kind)).etcdKey(ns, name), key);
    }
};

QTEST_GUILESS_MAIN(TestEtcdKey)
#include "tst_etcdkey.moc"
