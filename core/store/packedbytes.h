#pragma once
#include <QByteArray>
#include <QByteArrayView>

#include <cstring>
#include <memory>

namespace rlab::store {

// A cold version's api::packObject bytes as KeyIndex::Entry keeps them: one pointer to a block
// of a 4-byte length and the bytes (a QByteArray is 24 bytes in place and a 16-byte header on
// its block; with ~1.5 million packed Events at rlab bench --size large the difference is
// ~16 bytes of every Entry and ~12 of every block). Empty: no block. A value: copies copy the
// bytes. E.g. PackedBytes(QByteArray("abc")).view() == "abc", size() == 3.
class PackedBytes
{
public:
    PackedBytes() = default;
    explicit PackedBytes(QByteArrayView bytes)
    {
        if (bytes.isEmpty())
            return;
        const auto n = quint32(bytes.size());
        m_block = std::make_unique_for_overwrite<char[]>(sizeof n + n);
        std::memcpy(m_block.get(), &n, sizeof n);
        std::memcpy(m_block.get() + sizeof n, bytes.data(), n);
    }
    PackedBytes(const PackedBytes &other)
        : PackedBytes(other.view())
    {
    }
    PackedBytes(PackedBytes &&) noexcept = default;
    PackedBytes &operator=(const PackedBytes &other)
    {
        if (this != &other)
            *this = PackedBytes(other.view());
        return *this;
    }
    PackedBytes &operator=(PackedBytes &&) noexcept = default;

    bool isEmpty() const { return !m_block; }
    qsizetype size() const
    {
        quint32 n = 0;
        if (m_block)
            std::memcpy(&n, m_block.get(), sizeof n);
        return qsizetype(n);
    }
    QByteArrayView view() const { return m_block ? QByteArrayView(m_block.get() + sizeof(quint32), size()) : QByteArrayView(); }

private:
    std::unique_ptr<char[]> m_block;
};

} // namespace rlab::store
