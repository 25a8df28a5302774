#pragma once
#include <QByteArray>
#include <QString>
#include <QTemporaryFile>

#include <vector>

namespace rlab::cli {

// The floor's captured writes on disk (issue #16): BenchFloor appends each change the lab's
// store made (a put or a delete, the key, what stands for the value, if anything) while the
// lab runs, and reads them back in order once the lab is gone, so that the floor's store never
// sits beside the lab's in memory. One record: type byte, key length, value length (4 bytes
// each), key, value; written through a 1 MiB buffer, read with read() in 4 MiB chunks (never
// mapped: mapped pages would count in the bench's peak RSS). E.g. --size medium: 326,133
// records, 22 MB. A temporary file, removed with this object; only this process reads it.
// Thread rules: one thread.
class BenchSpill
{
public:
    struct Record
    {
        bool put = true;
        QByteArray key;
        QByteArray value;   // empty: a delete, or a put whose value nobody receives
    };

    BenchSpill();
    ~BenchSpill();
    BenchSpill(const BenchSpill &) = delete;
    BenchSpill &operator=(const BenchSpill &) = delete;

    bool ok() const { return m_error.isEmpty(); }
    QString errorString() const { return m_error; }   // the first failure: open, write or read

    void append(bool put, const QByteArray &key, const QByteArray &value);
    qint64 appended() const { return m_appended; }

    // Reading, after the last append: the next records in append order, at most `max`; empty
    // at the end (or after a failure).
    std::vector<Record> readNext(qsizetype max);
    // Reading starts again from the first record.
    void rewind();

private:
    void flush();
    void fail(const QString &what);

    QTemporaryFile m_file;
    QByteArray m_out;   // not yet written
    QByteArray m_in;    // read, from m_inPos not yet handed out
    qsizetype m_inPos = 0;
    bool m_reading = false;
    qint64 m_appended = 0;
    QString m_error;
};

} // namespace rlab::cli
