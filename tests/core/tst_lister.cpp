// SPDX-License-Identifier: Apache-2.0
// Lister<T>::list(ns, selector) with and without the label index: the same objects in the same
// (key) order for every selector form, and the index read only when a requirement names one
// key=value every match must carry.
#include "core/api/labelselector.h"
#include "core/api/pod.h"
#include "core/client/lister.h"
#include "core/client/threadsafestore.h"

#include <QTest>

using namespace rlab;
using client::Lister;
using client::ThreadSafeStore;

namespace {

QStringList names(const QList<std::shared_ptr<const api::Pod>> &pods)
{
    QStringList out;
    for (const auto &p : pods)
        out << p->metadata.namespace_ + u'/' + p->metadata.name;
    return out;
}

// 300 pods over 2 namespaces, labels drawn from small sets (some pods without one of them).
void fill(ThreadSafeStore &s)
{
    quint32 seed = 7;
    const auto next = [&seed](quint32 n) {
        seed = seed * 1103515245u + 12345u;
        return (seed >> 8) % n;
    };
    for (int i = 0; i < 300; ++i) {
        auto p = std::make_shared<api::Pod>();
        p->metadata.namespace_ = next(3) == 0 ? QStringLiteral("other") : QStringLiteral("default");
        p->metadata.name = QStringLiteral("pod-%1").arg(next(100000));
        p->metadata.labels.insert(QStringLiteral("app"), QStringLiteral("app%1").arg(next(4)));
        if (next(4) != 0)
            p->metadata.labels.insert(QStringLiteral("pod-template-hash"), QStringLiteral("h%1").arg(next(10)));
        if (next(2) == 0)
            p->metadata.labels.insert(QStringLiteral("tier"), next(2) == 0 ? QStringLiteral("fe") : QStringLiteral("be"));
        s.add(p->key(), p);
    }
}

} // namespace

class TestLister : public QObject
{
    Q_OBJECT

private slots:
    void sameResultWithTheLabelIndex_data()
    {
        QTest::addColumn<QString>("selector");
        QTest::newRow("one label") << QStringLiteral("app=app1");
        QTest::newRow("a ReplicaSet's") << QStringLiteral("app=app2,pod-template-hash=h3");
        QTest::newRow("double equals") << QStringLiteral("pod-template-hash==h5");
        QTest::newRow("in, one value") << QStringLiteral("tier in (fe),app=app0");
        QTest::newRow("in, two values (scan)") << QStringLiteral("pod-template-hash in (h1,h2)");
        QTest::newRow("with != and exists") << QStringLiteral("app=app3,tier!=fe,pod-template-hash");
        QTest::newRow("notin only (scan)") << QStringLiteral("app notin (app1)");
        QTest::newRow("no such value") << QStringLiteral("app=nope");
        QTest::newRow("empty: everything") << QString();
    }
    void sameResultWithTheLabelIndex()
    {
        QFETCH(QString, selector);
        QString error;
        const std::optional<api::Selector> sel = api::Selector::parse(selector, &error);
        QVERIFY2(sel, qPrintable(error));
        ThreadSafeStore plain, indexed;
        fill(plain);
        fill(indexed);
        QVERIFY(indexed.addLabelIndexer());
        const Lister<api::Pod> a(&plain), b(&indexed);
        for (const QString &ns : {QStringLiteral("default"), QStringLiteral("other"), QStringLiteral("none")}) {
            const QStringList want = names(a.list(ns, *sel));
            QCOMPARE(names(b.list(ns, *sel)), want);
            // Checked by hand too: every pod of ns that the selector matches, in key order.
            QStringList byHand;
            for (const auto &o : plain.byIndex(ThreadSafeStore::namespaceIndex(), ns))
                if (sel->matches(o->metadata.labels))
                    byHand << o->metadata.namespace_ + u'/' + o->metadata.name;
            QCOMPARE(want, byHand);
        }
        QCOMPARE(names(b.list(QString(), *sel)), names(a.list(QString(), *sel)));
    }

    // getByKey(key) is get(ns, name) for the cache's own key: every pod of both namespaces,
    // nothing for a key the cache lacks or for a bare name of a namespaced kind, and a
    // cluster-scoped object (no namespace) by its name alone.
    void getByKeyIsGetByNamespaceAndName()
    {
        ThreadSafeStore s;
        fill(s);
        const Lister<api::Pod> pods(&s);
        const QList<std::shared_ptr<const api::Pod>> all = pods.list();
        QVERIFY(all.size() > 100);
        for (const auto &p : all) {
            const auto byKey = pods.getByKey(p->metadata.namespace_ + u'/' + p->metadata.name);
            QVERIFY(byKey);
            QCOMPARE(byKey.get(), pods.get(p->metadata.namespace_, p->metadata.name).get());
            QCOMPARE(byKey.get(), p.get());
        }
        QVERIFY(!pods.getByKey(QStringLiteral("default/no-such-pod")));
        QVERIFY(!pods.getByKey(all.first()->metadata.name));
        QVERIFY(!Lister<api::Pod>().getByKey(all.first()->key()));
        auto node = std::make_shared<api::Pod>();   // a pod without namespace stands in for a cluster-scoped object
        node->metadata.name = QStringLiteral("node-1");
        s.add(node->key(), node);
        QCOMPARE(pods.getByKey(QStringLiteral("node-1")).get(), node.get());
        QCOMPARE(pods.get(QStringLiteral("node-1")).get(), node.get());
    }

    // Selector::nothing() matches nothing, index or not.
    void nothingMatchesNothing()
    {
        ThreadSafeStore s;
        fill(s);
        s.addLabelIndexer();
        QVERIFY(Lister<api::Pod>(&s).list(QStringLiteral("default"), api::Selector::nothing()).isEmpty());
    }
};

QTEST_GUILESS_MAIN(TestLister)
#include "tst_lister.moc"
