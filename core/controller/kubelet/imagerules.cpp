// SPDX-License-Identifier: Apache-2.0
#include "core/controller/kubelet/imagerules.h"
#include "core/base/joined.h"
#include "core/base/lightmutex.h"

#include <QCryptographicHash>
#include <QHash>

#include <mutex>

namespace rlab::controller {

namespace {
bool hasMarker(const QString &s)
{
    return s.contains(QLatin1String("doesnotexist"), Qt::CaseInsensitive)
        || s.contains(QLatin1String("does-not-exist"), Qt::CaseInsensitive);
}

QByteArray sha256(const QString &text)
{
    return QCryptographicHash::hash(text.toUtf8(), QCryptographicHash::Sha256);
}
} // namespace

ImageReference ImageReference::parse(const QString &image)
{
    ImageReference ref;
    QString rest = image.trimmed();
    const qsizetype at = rest.indexOf(QLatin1Char('@'));
    if (at >= 0) {
        ref.digest = rest.mid(at + 1);
        rest = rest.left(at);
    }
    // A first path component with '.' or ':' (or "localhost") is a registry host.
    const qsizetype slash = rest.indexOf(QLatin1Char('/'));
    const QString first = slash >= 0 ? rest.left(slash) : QString();
    if (slash >= 0 && (first.contains(QLatin1Char('.')) || first.contains(QLatin1Char(':')) || first == QLatin1String("localhost"))) {
        ref.registry = first == QLatin1String("index.docker.io") ? QStringLiteral("docker.io") : first;
        rest = rest.mid(slash + 1);
    } else {
        ref.registry = QStringLiteral("docker.io");
    }
    const qsizetype lastSlash = rest.lastIndexOf(QLatin1Char('/'));
    const qsizetype colon = rest.indexOf(QLatin1Char(':'), lastSlash + 1);
    if (colon >= 0) {
        ref.tag = rest.mid(colon + 1);
        rest = rest.left(colon);
    }
    if (ref.registry == QLatin1String("docker.io") && !rest.contains(QLatin1Char('/')))
        rest.prepend(QLatin1String("library/"));
    ref.repository = rest;
    if (ref.tag.isEmpty() && ref.digest.isEmpty())
        ref.tag = QStringLiteral("latest");
    return ref;
}

QString ImageReference::normalized() const
{
    QString s = name();
    if (!tag.isEmpty())
        s += QLatin1Char(':') + tag;
    if (!digest.isEmpty())
        s += QLatin1Char('@') + digest;
    return s;
}

QString ImageReference::host() const
{
    return registry.section(QLatin1Char(':'), 0, 0);
}

namespace {
// A lab runs a handful of images for thousands of containers: what is worked out per image is
// worked out once and shared, in a bounded cache per kind of value. Any thread (kubelets run
// on the controller workers); `make` runs outside the lock.
template <class Make>
auto perImage(const QString &image, Make make) -> decltype(make(image))
{
    using Value = decltype(make(image));
    static LightMutex mutex;   // one per Make: per kind of value
    static QHash<QString, Value> values;
    {
        std::lock_guard lock(mutex);
        if (const auto it = values.constFind(image); it != values.cend())
            return *it;
    }
    Value value = make(image);
    std::lock_guard lock(mutex);
    if (values.size() >= 1024)
        values.clear();
    return *values.insert(image, std::move(value));
}
} // namespace

std::optional<QString> ImageRules::pullError(const QString &image)
{
    // Asked before every pull (of every pod's every container).
    return perImage(image, [](const QString &i) { return pullErrorOf(i); });
}

std::optional<QString> ImageRules::pullErrorOf(const QString &image)
{
    const ImageReference ref = ImageReference::parse(image);
    const QString r = ref.normalized();
    // Made only for an image that fails (this runs for every container started).
    const auto prefix = [&r] {
        return joined(u"failed to pull and unpack image \"", r, u"\": failed to resolve reference \"", r, u"\": ");
    };
    if (ref.host().endsWith(QLatin1String(".invalid")) || ref.host() == QLatin1String("invalid")) {
        const QString manifest = ref.digest.isEmpty() ? ref.tag : ref.digest;
        return QStringLiteral("rpc error: code = Unknown desc = %1failed to do request: Head \"https://%2/v2/%3/manifests/%4\": "
                              "dial tcp: lookup %5: no such host")
            .arg(prefix(), ref.registry, ref.repository, manifest, ref.host());
    }
    if (hasMarker(ref.repository))
        return QStringLiteral("rpc error: code = Unknown desc = %1pull access denied, repository does not exist or may require "
                              "authorization: server message: insufficient_scope: authorization failed")
            .arg(prefix());
    if (hasMarker(ref.tag) || ref.tag == QLatin1String("broken"))
        return QStringLiteral("rpc error: code = NotFound desc = %1%2: not found").arg(prefix(), r);
    return std::nullopt;
}


QString ImageRules::imageID(const QString &image)
{
    // Each ID is a SHA-256.
    return perImage(image, [](const QString &i) { return imageIDOf(i); });
}

QString ImageRules::statusImage(const QString &image)
{
    // Each container status held its own copy: 26 MB at rlab bench --size large.
    return perImage(image, [](const QString &i) { return ImageReference::parse(i).normalized(); });
}

QString ImageRules::imageIDOf(const QString &image)
{
    const ImageReference ref = ImageReference::parse(image);
    if (ref.digest.startsWith(QLatin1String("sha256:")))
        return ref.name() + QLatin1Char('@') + ref.digest;
    return ref.name() + QStringLiteral("@sha256:") + QString::fromLatin1(sha256(ref.normalized()).toHex());
}

qint64 ImageRules::sizeBytes(const QString &image)
{
    // A SHA-256 for every Pulled event otherwise.
    return perImage(image, [](const QString &i) { return sizeBytesOf(i); });
}

qint64 ImageRules::sizeBytesOf(const QString &image)
{
    const QByteArray h = sha256(QStringLiteral("size:") + ImageReference::parse(image).normalized());
    quint64 v = 0;
    for (int i = 0; i < 8; ++i)
        v = (v << 8) | quint8(h[i]);
    return 20'000'000 + qint64(v % 180'000'000ULL);
}

QString ImageRules::containerID(const QString &podUid, const QString &container, int restartCount)
{
    // 64 hex digits like containerd's (random) IDs, made from the instance so that runs are
    // reproducible: four FNV-1a lanes over "<uid>/<container>/<restarts>", each finished with
    // splitmix64's mixer. Not a digest of anything (a SHA-256 was ~8,000 instructions for every
    // container started). E.g. ("u1", "nginx", 0) always gives the same "containerd://…".
    quint64 lanes[4] = {0xcbf29ce484222325ULL, 0x84222325cbf29ce4ULL, 0x9e3779b97f4a7c15ULL, 0xc2b2ae3d27d4eb4fULL};
    const auto feed = [&lanes](QStringView s) {
        for (const QChar c : s)
            for (quint64 &h : lanes)
                h = (h ^ c.unicode()) * 0x100000001b3ULL;
    };
    feed(podUid);
    feed(u"/");
    feed(container);
    feed(u"/");
    feed(QString::number(restartCount));
    static constexpr char kHex[] = "0123456789abcdef";
    QString id = QStringLiteral("containerd://");
    const qsizetype prefix = id.size();
    id.resize(prefix + 64);
    QChar *out = id.data() + prefix;
    for (quint64 h : lanes) {
        h = (h ^ (h >> 30)) * 0xbf58476d1ce4e5b9ULL;
        h = (h ^ (h >> 27)) * 0x94d049bb133111ebULL;
        h ^= h >> 31;
        for (int i = 15; i >= 0; --i, h >>= 4)
            out[i] = QLatin1Char(kHex[h & 0xf]);
        out += 16;
    }
    return id;
}

} // namespace rlab::controller
