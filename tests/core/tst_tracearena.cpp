// TraceArena: first-in first-out byte storage in blocks — offsets form one stream, a string
// that does not fit starts a new block (bigger than a block if it must), the front blocks are
// freed once everything they hold is older than what is still wanted.
#include "core/base/tracearena.h"

#include <QByteArray>
#include <QTest>

#include <cstring>

using namespace rlab;

class TestTraceArena : public QObject
{
    Q_OBJECT

private slots:
    void offsetsAndBlocks()
    {
        TraceArena a(8);
        QCOMPARE(a.put("abcdef", 6), 0);
        QCOMPARE(a.put("ghij", 4), 6);   // does not fit in the 2 bytes left: a new block
        QCOMPARE(a.blockCount(), std::size_t(2));
        QCOMPARE(QByteArray(a.at(0), 6), QByteArray("abcdef"));
        QCOMPARE(QByteArray(a.at(6), 4), QByteArray("ghij"));
        QCOMPARE(QByteArray(a.at(2), 3), QByteArray("cde"));
        QCOMPARE(a.put("", 0), 10);
        QCOMPARE(a.put("klmnopqrstuv", 12), 10);   // longer than a block: a block of its own size
        QCOMPARE(QByteArray(a.at(10), 12), QByteArray("klmnopqrstuv"));
        QCOMPARE(a.blockBytesHeld(), std::size_t(8 + 8 + 12));
    }

    void releaseFreesOnlyWhatIsOlder()
    {
        TraceArena a(8);
        a.put("abcdef", 6);   // block [0, 6)
        a.put("ghij", 4);     // block [6, 10)
        a.put("kl", 2);       // same block
        a.releaseBefore(5);   // the first block still holds byte 5
        QCOMPARE(a.blockCount(), std::size_t(2));
        a.releaseBefore(6);
        QCOMPARE(a.blockCount(), std::size_t(1));
        QCOMPARE(QByteArray(a.at(6), 6), QByteArray("ghijkl"));
        a.releaseBefore(1000);   // the block being written stays
        QCOMPARE(a.blockCount(), std::size_t(1));
        QCOMPARE(a.put("mn", 2), 12);
        QCOMPARE(QByteArray(a.at(12), 2), QByteArray("mn"));
        a.clear();
        QCOMPARE(a.blockCount(), std::size_t(0));
        QCOMPARE(a.put("op", 2), 14);   // the stream goes on
        QCOMPARE(QByteArray(a.at(14), 2), QByteArray("op"));
    }

    // A released block of the usual size is the next block's memory: a full log appends into
    // blocks it already has (held: the blocks in use and the one spare, never more).
    void releasedBlockIsReused()
    {
        TraceArena a(8);
        a.put("abcdef", 6);   // block [0, 6)
        a.put("ghij", 4);     // block [6, 10)
        a.releaseBefore(6);   // the first block becomes the spare
        QCOMPARE(a.blockCount(), std::size_t(1));
        QCOMPARE(a.blockBytesHeld(), std::size_t(8 + 8));
        QCOMPARE(a.put("klmnopq", 7), 10);    // does not fit: a new block, the spare's memory
        QCOMPARE(a.blockCount(), std::size_t(2));
        QCOMPARE(a.blockBytesHeld(), std::size_t(8 + 8));
        QCOMPARE(QByteArray(a.at(6), 4), QByteArray("ghij"));
        QCOMPARE(QByteArray(a.at(10), 7), QByteArray("klmnopq"));
        a.releaseBefore(17);   // [6, 10) goes to the spare; the block being written stays
        QCOMPARE(a.put("rstuvwxy", 8), 17);   // a third block: the first one's memory again
        QCOMPARE(a.blockBytesHeld(), std::size_t(8 + 8));
        QCOMPARE(QByteArray(a.at(17), 8), QByteArray("rstuvwxy"));
        a.put("0123456789ab", 12);   // longer than a block: its own block, not the spare
        QCOMPARE(a.blockBytesHeld(), std::size_t(8 + 12 + 8));
        a.releaseBefore(29);   // the 8-byte blocks go (one kept spare); the one being written stays
        QCOMPARE(QByteArray(a.at(25), 12), QByteArray("0123456789ab"));
        a.clear();
        QCOMPARE(a.blockBytesHeld(), std::size_t(0));
    }

    // Reading in order with a cursor gives what a search gives, across blocks (an empty block
    // shares its start with the next: the newer one holds the bytes), and a cursor past the
    // offset asked for falls back to the search.
    void inOrderReadsMatchSearch()
    {
        TraceArena a(8);
        a.put("", 0);                 // an empty first block at 0
        const auto big = a.put("0123456789", 10);   // a block of its own, also at 0
        const auto x = a.put("abc", 3);
        const auto y = a.put("defgh", 5);   // a new block
        const auto z = a.put("ij", 2);
        std::size_t block = 0;
        for (const std::int64_t o : {big, big + 4, x, y, y + 1, z}) {
            // The same place (compared as addresses: QCOMPARE would read two char pointers as
            // C strings, past the bytes, which hold no terminator).
            QCOMPARE(static_cast<const void *>(a.at(o, &block)), static_cast<const void *>(a.at(o)));
        }
        QCOMPARE(QByteArray(a.at(big, &block), 10), QByteArray("0123456789"));   // behind: searched
        QCOMPARE(QByteArray(a.at(z, &block), 2), QByteArray("ij"));
        std::size_t past = 99;
        QCOMPARE(QByteArray(a.at(x, &past), 3), QByteArray("abc"));
    }

    // Room asked for and not all used: unuse() gives the tail back, the next bytes follow on.
    void unusedTailIsGivenBack()
    {
        TraceArena a(16);
        std::int64_t at = -1;
        char *p = a.grow(10, &at);
        QCOMPARE(at, 0);
        std::memcpy(p, "abcd", 4);
        a.unuse(6);
        QCOMPARE(a.put("efgh", 4), 4);
        QCOMPARE(QByteArray(a.at(0), 8), QByteArray("abcdefgh"));
        QCOMPARE(a.put("0123456789", 10), 8);   // 8 left in the block: a new one, the stream goes on
        QCOMPARE(a.blockCount(), std::size_t(2));
        QCOMPARE(QByteArray(a.at(8), 10), QByteArray("0123456789"));
    }
};

QTEST_GUILESS_MAIN(TestTraceArena)
#include "tst_tracearena.moc"
