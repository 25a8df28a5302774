#pragma once
#include "ui/apply/manifestsource.h"

#include <QList>
#include <QString>
#include <QVariantMap>

namespace rlab::ui {

// Builds scenario steps (design.md §5) as the QVariantMap one step of `spec.steps` is, for
// ClusterSession::recordStep(): {"scale": {"deployment": "nginx", "replicas": 5}}. Every step is
// self-contained: an apply carries its manifest inline (one object, or a `kind: List` of the
// documents of every source), never a file name. Plain functions; any thread.
struct StepForms
{
    // The documents of `sources` (YAML or JSON, lists flattened as kubectl does) as one
    // {"apply": {"object": ...}} step; an empty map when nothing could be read.
    static QVariantMap apply(const QList<ManifestSource> &sources);
    static QVariantMap scale(const QString &deployment, int replicas, const QString &ns = {});
    static QVariantMap setImage(const QString &deployment, const QString &container, const QString &image,
                                const QString &ns = {});
    static QVariantMap rolloutUndo(const QString &deployment, qint64 toRevision = 0, const QString &ns = {});
    // verb: "pause", "resume" or "restart".
    static QVariantMap rollout(const QString &verb, const QString &deployment, const QString &ns = {});
    static QVariantMap deleteObject(const QString &kind, const QString &name, const QString &ns = {});
    // verb: "failNode" or "recoverNode".
    static QVariantMap node(const QString &verb, const QString &node);
    // The step's action ("scale") and its arguments.
    static QString action(const QVariantMap &step);
};

} // namespace rlab::ui
