// SPDX-License-Identifier: Apache-2.0
// The API server's Events in the store: written once, read seldom (no controller watches
// them), kept packed as etcd keeps bytes (KvStore::packNow), and read back as written.
#include "core/api/codec.h"
#include "core/api/event.h"
#include "core/api/pod.h"
#include "core/apiserver/apiserver.h"
#include "core/store/kvstore.h"
#include "tests/testutil/fixtures.h"

#include <QJsonObject>
#include <QTest>

using namespace rlab;
using namespace rlab::api;
using namespace rlab::apiserver;
using rlab::test::ApiFixture;

class TestApiServerEvents : public QObject
{
    Q_OBJECT

private slots:
    // An Event is stored packed from the API server's next write on, once nothing but the store
    // holds it (KvStore::packNow): its writer has let go, no watcher has it queued. Reads see it
    // as written.
    void eventsArePackedAtTheNextWrite()
    {
        ApiFixture f;
        const auto event = [](const QString &name) {
            return api::decodeObject(QJsonObject{
                       {QStringLiteral("apiVersion"), QStringLiteral("v1")},
                       {QStringLiteral("kind"), QStringLiteral("Event")},
                       {QStringLiteral("metadata"), QJsonObject{{QStringLiteral("name"), name}}},
                       {QStringLiteral("involvedObject"), QJsonObject{{QStringLiteral("kind"), QStringLiteral("Pod")}, {QStringLiteral("name"), QStringLiteral("p")}}},
                       {QStringLiteral("reason"), QStringLiteral("Started")},
                       {QStringLiteral("message"), QStringLiteral("Started container app")}})
                .object->clone();
        };
        const auto first = f.api.create(event(QStringLiteral("e1")));
        QVERIFY(first.ok());
        const QByteArray written = first.value->toJsonBytes();
        QVERIFY(f.api.create(event(QStringLiteral("e2"))).ok());   // e1's writer (this test) holds it
        QCOMPARE(f.store.stats().valuesPacked, 0);
        QVERIFY(f.api.create(test::makePod(QStringLiteral("p"))).ok());   // e2: nothing holds it
        QCOMPARE(f.store.stats().valuesPacked, 1);
        const auto e2 = f.api.get(f.rt(Kind::Event), QStringLiteral("default"), QStringLiteral("e2"));
        QVERIFY(e2.ok());
        QCOMPARE(e2.value->metadata.name, QStringLiteral("e2"));
        QCOMPARE(objectCast<Event>(e2.value)->message, QStringLiteral("Started container app"));
        // A watcher of Events holds each until it takes it: not packed meanwhile.
        auto w = f.api.watch(f.rt(Kind::Event), QStringLiteral("default"), {});
        QVERIFY(w.ok());
        QVERIFY(f.api.create(event(QStringLiteral("e3"))).ok());
        QVERIFY(f.api.create(test::makePod(QStringLiteral("q"))).ok());
        QCOMPARE(f.store.stats().valuesPacked, 1);
        QCOMPARE(f.api.get(f.rt(Kind::Event), QStringLiteral("default"), QStringLiteral("e1")).value->toJsonBytes(), written);
    }
};

QTEST_GUILESS_MAIN(TestApiServerEvents)
#include "tst_apiserverevents.moc"
