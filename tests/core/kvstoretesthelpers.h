// SPDX-License-Identifier: Apache-2.0
#pragma once
// Shared by tst_kvstore*.cpp and tst_watch.cpp: key-values as one readable line, a tiny script
// runner and the standard history of two pods and a Deployment. Header-only; single-threaded.
#include "core/store/kvstore.h"
#include "tests/testutil/testobject.h"

#include <QStringList>
#include <QTest>

#include <vector>

namespace rlab::test::kv {

// The "v" of a TestObject value; -1 for none.
inline qint64 valueOf(const store::KeyValue &kv)
{
    return kv.value ? kv.value->toJson().value(QStringLiteral("v")).toInteger() : -1;
}

// "/a c2 m3 v2 =7": key, createRevision, modRevision, version, value.
inline QString dump(const store::KeyValue &kv)
{
    return QStringLiteral("%1 c%2 m%3 v%4 =%5")
        .arg(QString::fromUtf8(kv.key))
        .arg(kv.createRevision)
        .arg(kv.modRevision)
        .arg(kv.version)
        .arg(valueOf(kv));
}

inline QStringList dump(const std::vector<store::KeyValue> &kvs)
{
    QStringList out;
    for (const store::KeyValue &kv : kvs)
        out << dump(kv);
    return out;
}

// Runs a tiny script against the store: "put KEY V", "del KEY", "delp PREFIX", "compact N".
inline void run(store::KvStore &store, const QStringList &script)
{
    for (const QString &line : script) {
        const QStringList w = line.split(u' ');
        const QByteArray key = w.value(1).toUtf8();
        if (w[0] == QLatin1String("put"))
            store.put(key, obj(w[2].toLongLong()));
        else if (w[0] == QLatin1String("del"))
            store.deleteRange(store::KeyRange::single(key));
        else if (w[0] == QLatin1String("delp"))
            store.deleteRange(store::KeyRange::prefix(key));
        else if (w[0] == QLatin1String("compact"))
            QCOMPARE(store.compact(w[1].toLongLong()), store::StoreError::None);
        else
            QFAIL(qPrintable(QStringLiteral("bad script line: ") + line));
    }
}

inline const QByteArray kPods = "/registry/pods/";
inline const QByteArray kPodA = "/registry/pods/default/a";
inline const QByteArray kPodB = "/registry/pods/default/b";
inline const QByteArray kWeb = "/registry/deployments/default/web";

// r2 put a=1, r3 put b=2, r4 put a=3, r5 del b, r6 put web=4, r7 put b=5 (recreated),
// r8 deleteRange(prefix pods): a at {8,0}, b at {8,1}.
inline void buildHistory(store::KvStore &store)
{
    store.put(kPodA, obj(1));
    store.put(kPodB, obj(2));
    store.put(kPodA, obj(3));
    store.deleteRange(store::KeyRange::single(kPodB));
    store.put(kWeb, obj(4));
    store.put(kPodB, obj(5));
    store.deleteRange(store::KeyRange::prefix(kPods));
}

} // namespace rlab::test::kv
