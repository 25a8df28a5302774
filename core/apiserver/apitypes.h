#pragma once
#include "core/api/object.h"

#include <QList>
#include <QString>
#include <optional>

namespace rlab::apiserver {

// Options of the API verbs, named after metav1.CreateOptions / UpdateOptions / DeleteOptions /
// ListOptions / PatchOptions. Plain values.
struct WriteOptions
{
    bool dryRun = false;
    bool strict = false;        // fieldValidation=Strict (decoding happens before; kept for patch)
    QString fieldManager;
    QString subresource;        // "" | "status"
};

struct DeleteOptions
{
    std::optional<qint64> gracePeriodSeconds;
    QString propagationPolicy;  // "" (kind default) | Background | Foreground | Orphan
    QString preconditionUid;
    QString preconditionResourceVersion;
    bool dryRun = false;
};

struct ListOptions
{
    QString labelSelector;
    QString fieldSelector;
    QString resourceVersion;        // "" most recent, "0" any, "N" not older than N
    QString resourceVersionMatch;   // "" | NotOlderThan | Exact
    qint64 limit = 0;
    QString continueToken;
    bool allowWatchBookmarks = false;
    std::optional<bool> sendInitialEvents;   // watch only, and only with the WatchList gate
    std::optional<qint64> timeoutSeconds;    // watch: how long the server keeps the stream open
};

enum class PatchType { Merge, Json, Strategic, Apply };

struct ObjectList
{
    QList<api::ObjectPtr> items;
    qint64 resourceVersion = 0;
    QString continueToken;
    qint64 remainingItemCount = -1;
};

} // namespace rlab::apiserver
