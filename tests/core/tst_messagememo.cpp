// SPDX-License-Identifier: Apache-2.0
// MessageMemo (core/controller/kubelet/messagememo.h): a message is made once per subject string
// (by address), handed out as the same string after, and made again once four other subjects
// have taken its slot; an equal subject elsewhere in memory gets an equal message of its own.
#include "core/controller/kubelet/messagememo.h"

#include <QTest>

using namespace rlab::controller;

class TestMessageMemo : public QObject
{
    Q_OBJECT
private slots:
    void madeOncePerSubject()
    {
        MessageMemo memo;
        int made = 0;
        const auto started = [&](const QString &name) {
            return memo.get(name, [&] {
                ++made;
                return QStringLiteral("Started container ") + name;
            });
        };
        const QString nginx = QStringLiteral("nginx");
        const QString first = started(nginx);
        const QString again = started(nginx);
        QCOMPARE(first, QStringLiteral("Started container nginx"));
        QCOMPARE(made, 1);
        QCOMPARE(static_cast<const void *>(again.constData()), static_cast<const void *>(first.constData()));   // one string

        const QString copyElsewhere = QString::fromLatin1("nginx");   // equal, other characters
        QCOMPARE(started(copyElsewhere), first);
        QCOMPARE(made, 2);

        // Four other subjects later, nginx's slot is gone: made again, still right.
        const QStringList others = {QStringLiteral("a"), QStringLiteral("b"), QStringLiteral("c"), QStringLiteral("d")};
        for (const QString &o : others)
            QCOMPARE(started(o), QStringLiteral("Started container ") + o);
        QCOMPARE(made, 6);
        QCOMPARE(started(nginx), QStringLiteral("Started container nginx"));
        QCOMPARE(made, 7);
    }
};

QTEST_GUILESS_MAIN(TestMessageMemo)
#include "tst_messagememo.moc"
