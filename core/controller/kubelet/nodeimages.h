// SPDX-License-Identifier: Apache-2.0
#pragma once
#include <QHash>
#include <QString>

namespace rlab::controller {

// The images on one node and its image puller. Pulls are serialised, like the kubelet's
// default serializeImagePulls: true, and a pod asking for an image another pod is pulling
// waits for that pull instead of starting its own. Example, pullDelay 2 s, all asked at t=0:
//   pod a: nginx:1.25 → pull 0–2 s      ("in 2s (2s including waiting)")
//   pod b: nginx:1.25 → joins a's pull, ready at 2 s ("in 0s (2s including waiting)")
//   pod c: redis:7    → queued, pull 2–4 s ("in 2s (4s including waiting)")
//   pod d at t=5 s: nginx:1.25 is present → no pull ("already present on machine")
// A failed pull leaves nothing behind. Times are virtual ms. Not thread-safe: its owner
// (PodWorker) serialises calls.
class NodeImages
{
public:
    struct Pull
    {
        qint64 startedAt = 0;   // when the puller began this image (>= the request)
        qint64 doneAt = 0;
    };

    // The image is on the node at `atMs` (a pull of it finished at or before atMs).
    bool isPresent(const QString &image, qint64 atMs) const;
    // Queues a pull requested at atMs; `fails`: it will fail, so nobody can join it.
    Pull requestPull(const QString &image, qint64 atMs, qint64 pullDelayMs, bool fails);
    // The image is on the node from atMs on (adopted from a running pod's status).
    void markPresent(const QString &image, qint64 atMs);
    // Freezes the node for `deltaMs` (node failure): queued pulls finish that much later.
    void shift(qint64 deltaMs, qint64 fromMs);

private:
    QHash<QString, Pull> m_pulls;   // normalised image → its successful pull
    qint64 m_pullerFreeAt = 0;
};

} // namespace rlab::controller
