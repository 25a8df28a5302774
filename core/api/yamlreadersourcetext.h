#pragma once
#include "core/api/sourcedocument.h"

#include <QByteArray>

#include <algorithm>
#include <vector>

// Part of YamlReader (core/api/yamlreader.h), internal to core/api.
// Thread rules: a plain value, one reader at a time.

namespace rlab::api::yamlread {

// The text being read: BOM removed, lone CRs turned into LFs (yaml-cpp would glue the lines),
// and a byte offset -> (line, column) index. Columns count characters, not bytes.
class SourceText
{
public:
    explicit SourceText(QByteArray bytes)
        : m_bytes(std::move(bytes))
    {
        if (m_bytes.startsWith("\xEF\xBB\xBF"))
            m_bytes.remove(0, 3);
        char *d = m_bytes.data();
        const qsizetype n = m_bytes.size();
        for (qsizetype i = 0; i < n; ++i) {
            if (d[i] == '\r' && (i + 1 >= n || d[i + 1] != '\n'))
                d[i] = '\n';
        }
        m_lineStarts.push_back(0);
        m_contBefore.reserve(size_t(n / kBlock + 2));
        qint32 cont = 0;
        for (qsizetype i = 0; i < n; ++i) {
            if (i % kBlock == 0)
                m_contBefore.push_back(cont);
            const auto c = static_cast<unsigned char>(d[i]);
            if ((c & 0xC0) == 0x80)
                ++cont;
            if (c == '\n')
                m_lineStarts.push_back(i + 1);
        }
        m_contBefore.push_back(cont);
    }

    const QByteArray &bytes() const { return m_bytes; }
    qsizetype size() const { return m_bytes.size(); }
    char at(qsizetype i) const { return (i >= 0 && i < m_bytes.size()) ? m_bytes.at(i) : '\0'; }

    SourcePosition position(qsizetype offset) const
    {
        offset = std::clamp<qsizetype>(offset, 0, m_bytes.size());
        const auto it = std::upper_bound(m_lineStarts.begin(), m_lineStarts.end(), offset);
        const qsizetype line = qsizetype(it - m_lineStarts.begin());   // 1-based
        const qsizetype start = m_lineStarts[size_t(line - 1)];
        return SourcePosition{int(line), int(offset - start - (continuationBefore(offset) - continuationBefore(start)) + 1)};
    }
    qsizetype lineStart(int line) const
    {
        return (line >= 1 && size_t(line) <= m_lineStarts.size()) ? m_lineStarts[size_t(line - 1)] : -1;
    }
    QByteArray lineText(int line) const
    {
        const qsizetype s = lineStart(line);
        if (s < 0)
            return {};
        qsizetype e = m_bytes.indexOf('\n', s);
        if (e < 0)
            e = m_bytes.size();
        if (e > s && m_bytes.at(e - 1) == '\r')
            --e;
        return m_bytes.mid(s, e - s);
    }

private:
    static constexpr qsizetype kBlock = 64;
    qint32 continuationBefore(qsizetype offset) const
    {
        const qsizetype block = offset / kBlock;
        qint32 c = m_contBefore[size_t(block)];
        for (qsizetype i = block * kBlock; i < offset; ++i) {
            if ((static_cast<unsigned char>(m_bytes.at(i)) & 0xC0) == 0x80)
                ++c;
        }
        return c;
    }

    QByteArray m_bytes;
    std::vector<qsizetype> m_lineStarts;
    std::vector<qint32> m_contBefore;   // continuation bytes before each 64-byte block
};

} // namespace rlab::api::yamlread
