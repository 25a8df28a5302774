#include "core/apiserver/namegenerator.h"

#include "core/api/hexdigits.h"

#include <sstream>

namespace rlab::apiserver {

namespace {
constexpr char kAlphanums[] = "bcdfghjklmnpqrstvwxz2456789";
constexpr int kMaxGeneratedNameLength = 63 - 5;   // names.SimpleNameGenerator
} // namespace

NameGenerator::NameGenerator(quint64 seed)
    : m_rng(seed)
{
}

NameGenerator::NameGenerator(const NameGenerator &other)
{
    std::lock_guard lock(other.m_mutex);
    m_rng = other.m_rng;
}

void NameGenerator::reseed(quint64 seed)
{
    std::lock_guard lock(m_mutex);
    m_rng.seed(seed);
}

QByteArray NameGenerator::state() const
{
    std::lock_guard lock(m_mutex);
    std::ostringstream out;
    out << m_rng;
    return QByteArray::fromStdString(out.str());
}

bool NameGenerator::setState(const QByteArray &state)
{
    std::istringstream in(state.toStdString());
    std::mt19937_64 rng;
    in >> rng;
    if (in.fail())
        return false;
    std::lock_guard lock(m_mutex);
    m_rng = rng;
    return true;
}

QString NameGenerator::suffix(int length)
{
    std::lock_guard lock(m_mutex);
    QString s;
    s.reserve(length);
    for (int i = 0; i < length; ++i)
        s.append(QLatin1Char(kAlphanums[m_rng() % (sizeof(kAlphanums) - 1)]));
    return s;
}

QString NameGenerator::uid()
{
    std::lock_guard lock(m_mutex);
    const quint64 a = m_rng();
    const quint64 b = m_rng();
    // xxxxxxxx-xxxx-4xxx-[89ab]xxx-xxxxxxxxxxxx, lower-case hex, written in place: the low
    // digits of each value, zero-padded, two a byte (hexdigits.h; once one QString::arg chain
    // per create).
    QString out(36, Qt::Uninitialized);
    QChar *p = out.data();
    using api::hexdigits::putHex;
    p = putHex(p, a >> 32, 8);
    *p++ = QLatin1Char('-');
    p = putHex(p, (a >> 16) & 0xffff, 4);
    *p++ = QLatin1Char('-');
    *p++ = QLatin1Char('4');
    p = putHex(p, a & 0xfff, 3);
    *p++ = QLatin1Char('-');
    *p++ = QLatin1Char("89ab"[b >> 62]);
    p = putHex(p, (b >> 48) & 0xfff, 3);
    *p++ = QLatin1Char('-');
    putHex(p, b & 0xffffffffffffULL, 12);
    return out;
}

QString NameGenerator::generate(const QString &generateName)
{
    return generateName.left(kMaxGeneratedNameLength) + suffix(5);
}

} // namespace rlab::apiserver
