// SPDX-License-Identifier: Apache-2.0
#pragma once
#include <QString>

#include <optional>

namespace rlab::controller {

// A container image name split the way containerd (distribution/reference) normalises it:
// "nginx:1.25" → registry docker.io, repository library/nginx, tag 1.25. A plain value.
struct ImageReference
{
    QString registry;     // "docker.io", "registry.k8s.io", "localhost:5000"
    QString repository;   // "library/nginx"
    QString tag;          // "1.25"; "latest" when the name has neither tag nor digest
    QString digest;       // "sha256:…" or ""

    static ImageReference parse(const QString &image);
    QString name() const { return registry + QLatin1Char('/') + repository; }
    // "docker.io/library/nginx:1.25" (or "…@sha256:…"): what containerd reports as the image.
    QString normalized() const;
    QString host() const;   // registry without a port
};

// THE documented rule for images that cannot be pulled (the lab has no registry; the README
// lists these rules). An image fails to pull when
//   1. its registry host ends in ".invalid" (a reserved TLD)       → DNS error (code = Unknown)
//   2. its repository name contains "doesnotexist" or "does-not-exist" (any case)
//                                                                  → pull access denied (Unknown)
//   3. its tag contains "doesnotexist" or "does-not-exist", or is "broken" → not found (NotFound)
// and every other image pulls. Messages are containerd's, e.g. for "nginx:doesnotexist":
//   rpc error: code = NotFound desc = failed to pull and unpack image
//   "docker.io/library/nginx:doesnotexist": failed to resolve reference
//   "docker.io/library/nginx:doesnotexist": docker.io/library/nginx:doesnotexist: not found
// Image IDs and sizes are derived from the name (sha256), so runs are reproducible.
// Static, pure functions: any thread (imageID and statusImage keep what they worked out, under a
// mutex).
class ImageRules
{
public:
    // The gRPC error of a pull of `image`, or nullopt when it pulls.
    static std::optional<QString> pullError(const QString &image);
    // "docker.io/library/nginx@sha256:<64 hex>", stable for the image name.
    static QString imageID(const QString &image);
    // "docker.io/library/nginx:1.25" for "nginx:1.25": the image a container status shows (the
    // normalized reference), one string shared by every container of that image.
    static QString statusImage(const QString &image);
    // The unpacked size the Pulled event reports, stable for the image name (20–200 MB).
    static qint64 sizeBytes(const QString &image);
    // "containerd://<64 hex>" for one container instance (pod uid, container, restart count).
    static QString containerID(const QString &podUid, const QString &container, int restartCount);

private:
    // Without the cache: imageID, pullError, sizeBytes.
    static QString imageIDOf(const QString &image);
    static std::optional<QString> pullErrorOf(const QString &image);
    static qint64 sizeBytesOf(const QString &image);
};

} // namespace rlab::controller
