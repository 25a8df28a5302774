// SPDX-License-Identifier: Apache-2.0
#include "core/api/genericobject.h"
#include "core/client/threadsafestore.h"

#include <QTest>

using namespace rlab;
using rlab::client::ThreadSafeStore;

namespace {

// "ns/name app=web,tier=fe" -> a generic object with those labels.
api::ObjectPtr obj(const QString &spec)
{
    auto o = std::make_shared<api::GenericObject>();
    const QStringList parts = spec.split(u' ', Qt::SkipEmptyParts);
    const QStringList nsName = parts.value(0).split(u'/');
    if (nsName.size() == 2) {
        o->metadata.namespace_ = nsName[0];
        o->metadata.name = nsName[1];
    } else {
        o->metadata.name = nsName[0];
    }
    for (const QString &kv : parts.value(1).split(u',', Qt::SkipEmptyParts))
        o->metadata.labels.insert(kv.section(u'=', 0, 0), kv.section(u'=', 1));
    return o;
}

void put(ThreadSafeStore &s, const QString &spec)
{
    api::ObjectPtr o = obj(spec);
    s.add(o->key(), o);
}

QStringList keys(const QList<api::ObjectPtr> &objects)
{
    QStringList out;
    for (const api::ObjectPtr &o : objects)
        out << o->key();
    return out;
}

QStringList appIndex(const api::Object &o)
{
    const QString app = o.metadata.labels.value(QStringLiteral("app"));
    return app.isEmpty() ? QStringList() : QStringList{app};
}

// Every value of the "team" label, comma separated: "a+b" -> {"a", "b"} (multi-valued index).
QStringList teamIndex(const api::Object &o)
{
    return o.metadata.labels.value(QStringLiteral("team")).split(u'+', Qt::SkipEmptyParts);
}

} // namespace

class TestThreadSafeStore : public QObject
{
    Q_OBJECT

private slots:
    void testAddGetRemove()
    {
        ThreadSafeStore s;
        QCOMPARE(s.size(), 0);
        put(s, QStringLiteral("default/web"));
        put(s, QStringLiteral("kube-system/dns"));
        put(s, QStringLiteral("node-1"));   // cluster-scoped
        QCOMPARE(s.listKeys(), (QStringList{QStringLiteral("default/web"), QStringLiteral("kube-system/dns"), QStringLiteral("node-1")}));
        QCOMPARE(s.get(QStringLiteral("default/web"))->metadata.name, QStringLiteral("web"));
        QVERIFY(!s.get(QStringLiteral("default/nope")));

        const api::ObjectPtr replaced = obj(QStringLiteral("default/web app=v2"));
        const api::ObjectPtr old = s.update(QStringLiteral("default/web"), replaced);
        QVERIFY(old);
        QVERIFY(old->metadata.labels.isEmpty());
        QCOMPARE(s.get(QStringLiteral("default/web")), replaced);
        QCOMPARE(s.size(), 3);

        QCOMPARE(s.remove(QStringLiteral("default/web")), replaced);
        QVERIFY(!s.remove(QStringLiteral("default/web")));
        QCOMPARE(s.size(), 2);
        QCOMPARE(keys(s.list()), (QStringList{QStringLiteral("kube-system/dns"), QStringLiteral("node-1")}));
    }

    void testNamespaceIndex_data()
    {
        QTest::addColumn<QStringList>("objects");
        QTest::addColumn<QString>("ns");
        QTest::addColumn<QStringList>("expected");
        QTest::addColumn<QStringList>("namespaces");

        const QStringList three{QStringLiteral("default/a"), QStringLiteral("default/b"), QStringLiteral("prod/a")};
        QTest::newRow("default has two") << three << QStringLiteral("default")
                                         << QStringList{QStringLiteral("default/a"), QStringLiteral("default/b")}
                                         << QStringList{QStringLiteral("default"), QStringLiteral("prod")};
        QTest::newRow("prod has one") << three << QStringLiteral("prod") << QStringList{QStringLiteral("prod/a")}
                                      << QStringList{QStringLiteral("default"), QStringLiteral("prod")};
        QTest::newRow("unknown namespace is empty") << three << QStringLiteral("dev") << QStringList()
                                                    << QStringList{QStringLiteral("default"), QStringLiteral("prod")};
        QTest::newRow("cluster-scoped objects index under \"\"")
                << QStringList{QStringLiteral("n1"), QStringLiteral("n2"), QStringLiteral("default/a")} << QString()
                << QStringList{QStringLiteral("n1"), QStringLiteral("n2")}
                << QStringList{QString(), QStringLiteral("default")};
    }
    void testNamespaceIndex()
    {
        QFETCH(QStringList, objects);
        QFETCH(QString, ns);
        QFETCH(QStringList, expected);
        QFETCH(QStringList, namespaces);
        ThreadSafeStore s;
        for (const QString &o : objects)
            put(s, o);
        QVERIFY(s.hasIndexer(ThreadSafeStore::namespaceIndex()));
        QCOMPARE(s.indexKeys(ThreadSafeStore::namespaceIndex(), ns), expected);
        QCOMPARE(keys(s.byIndex(ThreadSafeStore::namespaceIndex(), ns)), expected);
        QCOMPARE(s.listIndexFuncValues(ThreadSafeStore::namespaceIndex()), namespaces);
    }

    void testCustomIndexFollowsUpdatesAndDeletes()
    {
        ThreadSafeStore s;
        QVERIFY(s.addIndexer(QStringLiteral("byApp"), appIndex));
        QVERIFY(!s.addIndexer(QStringLiteral("byApp"), appIndex));   // name taken
        QVERIFY(!s.addIndexer(QStringLiteral("namespace"), appIndex));
        put(s, QStringLiteral("default/web-1 app=web"));
        put(s, QStringLiteral("default/web-2 app=web"));
        put(s, QStringLiteral("default/db-1 app=db"));
        put(s, QStringLiteral("default/plain"));   // no value: not in the index
        QCOMPARE(s.indexKeys(QStringLiteral("byApp"), QStringLiteral("web")),
                 (QStringList{QStringLiteral("default/web-1"), QStringLiteral("default/web-2")}));
        QCOMPARE(s.listIndexFuncValues(QStringLiteral("byApp")), (QStringList{QStringLiteral("db"), QStringLiteral("web")}));

        // Relabel web-2 -> db: it moves buckets.
        put(s, QStringLiteral("default/web-2 app=db"));
        QCOMPARE(s.indexKeys(QStringLiteral("byApp"), QStringLiteral("web")), QStringList{QStringLiteral("default/web-1")});
        QCOMPARE(s.indexKeys(QStringLiteral("byApp"), QStringLiteral("db")),
                 (QStringList{QStringLiteral("default/db-1"), QStringLiteral("default/web-2")}));

        // Deleting the last "web" empties and drops the bucket.
        s.remove(QStringLiteral("default/web-1"));
        QCOMPARE(s.indexKeys(QStringLiteral("byApp"), QStringLiteral("web")), QStringList());
        QCOMPARE(s.listIndexFuncValues(QStringLiteral("byApp")), QStringList{QStringLiteral("db")});

        // index(): everything sharing a value with a probe object.
        QCOMPARE(keys(s.index(QStringLiteral("byApp"), *obj(QStringLiteral("x/probe app=db")))),
                 (QStringList{QStringLiteral("default/db-1"), QStringLiteral("default/web-2")}));
        // Unknown index: nothing.
        QVERIFY(!s.hasIndexer(QStringLiteral("nope")));
        QVERIFY(s.byIndex(QStringLiteral("nope"), QStringLiteral("db")).isEmpty());
        QVERIFY(s.indexKeys(QStringLiteral("nope"), QStringLiteral("db")).isEmpty());
    }

    // The label index: one "ns/key=value" bucket per label, following relabels (a status-like
    // update that keeps the labels keeps the buckets), moves between namespaces and deletes.
    void testLabelIndexFollowsLabels()
    {
        ThreadSafeStore s;
        put(s, QStringLiteral("default/web-1 app=web,hash=a"));   // indexed when the index is added
        QVERIFY(s.addLabelIndexer());
        QVERIFY(!s.addLabelIndexer());
        const QString idx = ThreadSafeStore::labelIndex();
        put(s, QStringLiteral("default/web-2 app=web,hash=b"));
        put(s, QStringLiteral("other/web-3 app=web,hash=a"));
        QCOMPARE(ThreadSafeStore::labelIndexValue(QStringLiteral("default"), QStringLiteral("app"), QStringLiteral("web")),
                 QStringLiteral("default/app=web"));
        QCOMPARE(s.indexKeys(idx, QStringLiteral("default/app=web")),
                 (QStringList{QStringLiteral("default/web-1"), QStringLiteral("default/web-2")}));
        QCOMPARE(s.indexCount(idx, QStringLiteral("default/hash=a")), 1);
        QCOMPARE(s.indexCount(idx, QStringLiteral("other/hash=a")), 1);
        QCOMPARE(s.indexCount(idx, QStringLiteral("default/hash=zzz")), 0);
        QCOMPARE(s.indexCount(QStringLiteral("nope"), QStringLiteral("default/hash=a")), 0);

        // Same labels (a status update): buckets unchanged. Relabelled: it moves.
        put(s, QStringLiteral("default/web-1 app=web,hash=a"));
        QCOMPARE(s.indexCount(idx, QStringLiteral("default/hash=a")), 1);
        put(s, QStringLiteral("default/web-1 app=web,hash=b"));
        QCOMPARE(s.indexCount(idx, QStringLiteral("default/hash=a")), 0);
        QCOMPARE(s.indexKeys(idx, QStringLiteral("default/hash=b")),
                 (QStringList{QStringLiteral("default/web-1"), QStringLiteral("default/web-2")}));
        // A label dropped leaves its bucket.
        put(s, QStringLiteral("default/web-2 hash=b"));
        QCOMPARE(s.indexKeys(idx, QStringLiteral("default/app=web")), QStringList{QStringLiteral("default/web-1")});
        s.remove(QStringLiteral("default/web-1"));
        QCOMPARE(s.indexCount(idx, QStringLiteral("default/app=web")), 0);
        QCOMPARE(s.listIndexFuncValues(idx),
                 (QStringList{QStringLiteral("default/hash=b"), QStringLiteral("other/app=web"), QStringLiteral("other/hash=a")}));
    }

    // An index that reads only the owner references (IndexReads::OwnerReferences): an update
    // that keeps them (shared, as a status update's are, or equal) keeps the buckets without
    // calling the function; another controller, none (an orphan) or a delete moves the key.
    void testOwnerReferencesIndexFollowsOwners()
    {
        ThreadSafeStore s;
        int calls = 0;
        QVERIFY(s.addIndexer(
            QStringLiteral("controller"),
            [&calls](const api::Object &o) {
                ++calls;
                const api::OwnerReference *ref = o.metadata.controllerRef();
                return ref ? QStringList{ref->uid} : QStringList{QStringLiteral("orphan/") + o.metadata.namespace_};
            },
            ThreadSafeStore::IndexReads::OwnerReferences));
        const auto owned = [](const QString &spec, const QString &uid) {
            auto o = std::static_pointer_cast<api::GenericObject>(std::const_pointer_cast<api::Object>(obj(spec)));
            if (!uid.isEmpty())
                o->metadata.ownerReferences = {api::OwnerReference{QStringLiteral("apps/v1"), QStringLiteral("ReplicaSet"),
                                                                   QStringLiteral("web-1"), uid, true, true}};
            return o;
        };
        const auto first = owned(QStringLiteral("default/web-1-a app=web"), QStringLiteral("rs-1"));
        s.add(first->key(), first);
        QCOMPARE(s.indexKeys(QStringLiteral("controller"), QStringLiteral("rs-1")), QStringList{QStringLiteral("default/web-1-a")});
        // A status update: a copy sharing the owner references.
        const int before = calls;
        auto status = std::make_shared<api::GenericObject>(*first);
        status->metadata.resourceVersion = QStringLiteral("2");
        s.add(status->key(), status);
        QCOMPARE(calls, before);
        QCOMPARE(s.indexCount(QStringLiteral("controller"), QStringLiteral("rs-1")), 1);
        // Equal but not shared owners: compared, still no call.
        s.add(first->key(), owned(QStringLiteral("default/web-1-a app=web"), QStringLiteral("rs-1")));
        QCOMPARE(calls, before);
        // Another controller, then none (an orphan), then a delete.
        s.add(first->key(), owned(QStringLiteral("default/web-1-a app=web"), QStringLiteral("rs-2")));
        QCOMPARE(s.indexCount(QStringLiteral("controller"), QStringLiteral("rs-1")), 0);
        QCOMPARE(s.indexCount(QStringLiteral("controller"), QStringLiteral("rs-2")), 1);
        s.add(first->key(), owned(QStringLiteral("default/web-1-a app=db"), QString()));
        QCOMPARE(s.indexKeys(QStringLiteral("controller"), QStringLiteral("orphan/default")), QStringList{QStringLiteral("default/web-1-a")});
        QCOMPARE(s.indexCount(QStringLiteral("controller"), QStringLiteral("rs-2")), 0);
        s.remove(first->key());
        QCOMPARE(s.listIndexFuncValues(QStringLiteral("controller")), QStringList());
    }

    void testMultiValuedIndex()
    {
        ThreadSafeStore s;
        QVERIFY(s.addIndexer(QStringLiteral("team"), teamIndex));
        put(s, QStringLiteral("default/a team=red+blue"));
        put(s, QStringLiteral("default/b team=blue"));
        put(s, QStringLiteral("default/c team=green+red"));
        QCOMPARE(s.indexKeys(QStringLiteral("team"), QStringLiteral("red")),
                 (QStringList{QStringLiteral("default/a"), QStringLiteral("default/c")}));
        QCOMPARE(s.indexKeys(QStringLiteral("team"), QStringLiteral("blue")),
                 (QStringList{QStringLiteral("default/a"), QStringLiteral("default/b")}));
        // Objects sharing any team with a (red or blue): a, b, c, each once, key order.
        QCOMPARE(keys(s.index(QStringLiteral("team"), *s.get(QStringLiteral("default/a")))),
                 (QStringList{QStringLiteral("default/a"), QStringLiteral("default/b"), QStringLiteral("default/c")}));
        put(s, QStringLiteral("default/a team=green"));
        QCOMPARE(s.indexKeys(QStringLiteral("team"), QStringLiteral("red")), QStringList{QStringLiteral("default/c")});
        QCOMPARE(s.indexKeys(QStringLiteral("team"), QStringLiteral("green")),
                 (QStringList{QStringLiteral("default/a"), QStringLiteral("default/c")}));
    }

    void testIndexerAddedLaterIndexesExistingItems()
    {
        ThreadSafeStore s;
        put(s, QStringLiteral("default/web-1 app=web"));
        put(s, QStringLiteral("prod/web-2 app=web"));
        QVERIFY(s.addIndexer(QStringLiteral("byApp"), appIndex));
        QCOMPARE(s.indexKeys(QStringLiteral("byApp"), QStringLiteral("web")),
                 (QStringList{QStringLiteral("default/web-1"), QStringLiteral("prod/web-2")}));
        QCOMPARE(s.indexerNames(), (QStringList{QStringLiteral("byApp"), QStringLiteral("namespace")}));
    }

    void testReplaceRebuildsIndexes()
    {
        ThreadSafeStore s;
        QVERIFY(s.addIndexer(QStringLiteral("byApp"), appIndex));
        put(s, QStringLiteral("default/old app=web"));
        std::map<QString, api::ObjectPtr> items;
        for (const QString &spec : {QStringLiteral("prod/x app=db"), QStringLiteral("prod/y app=web")}) {
            api::ObjectPtr o = obj(spec);
            items.emplace(o->key(), o);
        }
        s.replace(std::move(items));
        QCOMPARE(s.listKeys(), (QStringList{QStringLiteral("prod/x"), QStringLiteral("prod/y")}));
        QCOMPARE(s.indexKeys(QStringLiteral("byApp"), QStringLiteral("web")), QStringList{QStringLiteral("prod/y")});
        QCOMPARE(s.listIndexFuncValues(ThreadSafeStore::namespaceIndex()), QStringList{QStringLiteral("prod")});
        // Lookups by key follow the new content (get/add/remove go through a hash of the keys).
        QVERIFY(!s.get(QStringLiteral("default/old")));
        QVERIFY(!s.remove(QStringLiteral("default/old")));
        QCOMPARE(s.get(QStringLiteral("prod/x"))->metadata.name, QStringLiteral("x"));
        put(s, QStringLiteral("prod/x app=web"));
        QCOMPARE(s.size(), 2);
        QCOMPARE(s.indexKeys(QStringLiteral("byApp"), QStringLiteral("web")), (QStringList{QStringLiteral("prod/x"), QStringLiteral("prod/y")}));
        QVERIFY(s.remove(QStringLiteral("prod/y")));
        QCOMPARE(s.listKeys(), QStringList{QStringLiteral("prod/x")});
    }

    void testMetaNamespaceKey()
    {
        QCOMPARE(ThreadSafeStore::metaNamespaceKey(QStringLiteral("default"), QStringLiteral("web")), QStringLiteral("default/web"));
        QCOMPARE(ThreadSafeStore::metaNamespaceKey(QString(), QStringLiteral("node-1")), QStringLiteral("node-1"));
    }
};

QTEST_GUILESS_MAIN(TestThreadSafeStore)
#include "tst_threadsafestore.moc"
