#include "core/cli/benchspill.h"

#include <QDir>

#include <cstring>

namespace rlab::cli {

namespace {
constexpr qsizetype kWriteBuffer = 1 << 20;
constexpr qint64 kReadChunk = 4 << 20;
constexpr qsizetype kHeader = 1 + 4 + 4;

void putU32(QByteArray &out, quint32 v)
{
    char b[4];
    std::memcpy(b, &v, 4);
    out.append(b, 4);
}

quint32 getU32(const char *p)
{
    quint32 v;
    std::memcpy(&v, p, 4);
    return v;
}
} // namespace

BenchSpill::BenchSpill()
    : m_file(QDir::tempPath() + QStringLiteral("/rlab-bench-floor-XXXXXX"))
{
    if (!m_file.open())
        fail(QStringLiteral("cannot create the floor's spill file in %1: %2").arg(QDir::tempPath(), m_file.errorString()));
    m_out.reserve(kWriteBuffer + 4096);
}

BenchSpill::~BenchSpill() = default;

void BenchSpill::fail(const QString &what)
{
    if (m_error.isEmpty())
        m_error = what;
}

void BenchSpill::append(bool put, const QByteArray &key, const QByteArray &value)
{
    if (!ok() || m_reading)
        return;
    m_out.append(put ? '\1' : '\0');
    putU32(m_out, quint32(key.size()));
    putU32(m_out, quint32(value.size()));
    m_out.append(key);
    m_out.append(value);
    ++m_appended;
    if (m_out.size() >= kWriteBuffer)
        flush();
}

void BenchSpill::flush()
{
    if (!m_out.isEmpty() && ok() && m_file.write(m_out) != m_out.size())
        fail(QStringLiteral("cannot write the floor's spill file %1: %2").arg(m_file.fileName(), m_file.errorString()));
    m_out.clear();
}

void BenchSpill::rewind()
{
    m_in = QByteArray();
    m_inPos = 0;
    if (m_reading && ok() && !m_file.seek(0))
        fail(QStringLiteral("cannot read the floor's spill file %1: %2").arg(m_file.fileName(), m_file.errorString()));
}

std::vector<BenchSpill::Record> BenchSpill::readNext(qsizetype max)
{
    std::vector<Record> records;
    if (!m_reading) {
        flush();
        m_out = QByteArray();   // its buffer is not needed any more
        m_reading = true;
        if (ok() && !m_file.seek(0))
            fail(QStringLiteral("cannot read the floor's spill file %1: %2").arg(m_file.fileName(), m_file.errorString()));
    }
    while (ok() && qsizetype(records.size()) < max) {
        const qsizetype left = m_in.size() - m_inPos;
        const qsizetype need = left >= kHeader ? kHeader + qsizetype(getU32(m_in.constData() + m_inPos + 1))
                                                   + qsizetype(getU32(m_in.constData() + m_inPos + 5))
                                               : kHeader;
        if (left < need) {
            if (m_file.atEnd()) {
                if (left > 0)
                    fail(QStringLiteral("the floor's spill file %1 ends inside a record").arg(m_file.fileName()));
                break;
            }
            m_in.remove(0, m_inPos);
            m_inPos = 0;
            const QByteArray more = m_file.read(std::max<qint64>(kReadChunk, need - left));
            if (more.isEmpty()) {
                fail(QStringLiteral("cannot read the floor's spill file %1: %2").arg(m_file.fileName(), m_file.errorString()));
                break;
            }
            m_in.append(more);
            continue;
        }
        const char *p = m_in.constData() + m_inPos;
        const qsizetype keySize = qsizetype(getU32(p + 1));
        Record r;
        r.put = p[0] != '\0';
        r.key = QByteArray(p + kHeader, keySize);
        r.value = QByteArray(p + kHeader + keySize, need - kHeader - keySize);
        records.push_back(std::move(r));
        m_inPos += need;
    }
    return records;
}

} // namespace rlab::cli
