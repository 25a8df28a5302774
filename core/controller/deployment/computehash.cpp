// SPDX-License-Identifier: Apache-2.0
#include "core/controller/deployment/computehash.h"

#include "core/api/jsonencoder.h"

#include <QJsonDocument>

namespace rlab::controller {

namespace {
constexpr quint32 kFnvOffset = 2166136261u;
constexpr quint32 kFnvPrime = 16777619u;

quint32 fnv1a(quint32 hash, const char *data, qsizetype size)
{
    for (qsizetype i = 0; i < size; ++i) {
        hash ^= quint8(data[i]);
        hash *= kFnvPrime;
    }
    return hash;
}
} // namespace

QString SafeEncodeString(const QString &s)
{
    static const char alphanums[] = "bcdfghjklmnpqrstvwxz2456789";
    QString out;
    out.reserve(s.size());
    for (const QChar c : s)
        out.append(QLatin1Char(alphanums[c.unicode() % 27]));
    return out;
}

QString ComputeHash(const api::PodTemplateSpec &tmpl, std::optional<int> collisionCount)
{
    // QJsonObject keeps its keys sorted, so the compact JSON is canonical.
    const QByteArray canonical = QJsonDocument(api::JsonEncoder::encode(tmpl)).toJson(QJsonDocument::Compact);
    quint32 hash = fnv1a(kFnvOffset, canonical.constData(), canonical.size());
    if (collisionCount) {
        const quint32 c = quint32(*collisionCount);
        const char bytes[8] = {char(c & 0xff), char((c >> 8) & 0xff), char((c >> 16) & 0xff), char((c >> 24) & 0xff), 0, 0, 0, 0};
        hash = fnv1a(hash, bytes, 8);
    }
    return SafeEncodeString(QString::number(hash));
}

} // namespace rlab::controller
