#pragma once
#include "core/base/traceevent.h"
#include "core/sim/view/watchevent.h"

#include <QJsonValue>
#include <QString>
#include <optional>
#include <vector>

namespace rlab::ui {

// Where a field of an object got its current value: given ClusterView::history(key) (oldest first)
// and a JSON field path ("status.readyReplicas", "spec.template.spec.containers[0].image",
// "metadata.annotations[deployment.kubernetes.io/revision]"), the revision where the field took
// the value it has in the newest version: the earliest revision of the latest run of equal
// values. Example, replicas by revision: 7:3, 9:3, 12:5, 15:5 (and 15 is the newest) -> 12;
// 7:3, 9:3 -> 7 (set when created). A field absent now has the origin where it went away.
// atOrBefore: the run reaches back past the retained history (compaction), so the value was
// set at `revision` or earlier. Plain values and functions; any thread.
struct FieldOrigin
{
    bool found = false;        // false: no history, or the key is deleted now
    qint64 revision = 0;
    bool atOrBefore = false;
    QJsonValue value{QJsonValue::Undefined};   // the current value (Undefined when absent)
    std::optional<TraceEvent> event;   // the etcd write at that revision, when indexed

    static FieldOrigin find(const std::vector<view::WatchEvent> &history, const QString &path);
    // The value at `path` in obj (Undefined when absent).
    static QJsonValue valueAt(const QJsonObject &obj, const QString &path);
    // "a.b[0].c[x.y/z]" -> {a, b, 0, c, x.y/z}
    static QStringList splitPath(const QString &path);
};

} // namespace rlab::ui
