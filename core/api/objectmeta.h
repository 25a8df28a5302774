#pragma once
#include "core/api/fieldopts.h"
#include "core/api/time.h"

#include <QJsonObject>
#include <QList>
#include <QMap>
#include <QString>
#include <QStringList>
#include <optional>

namespace rlab::api {

// metav1.OwnerReference: the link the garbage collector and controllers (ControllerRef) follow.
struct OwnerReference
{
    static constexpr const char *kGoName = "OwnerReference";
    QString apiVersion, kind, name, uid;
    std::optional<bool> controller;
    std::optional<bool> blockOwnerDeletion;
    bool isController() const { return controller.value_or(false); }
    bool operator==(const OwnerReference &) const = default;
};

template<class V> void visitFields(V &v, OwnerReference &o)
{
    v("apiVersion", o.apiVersion, Keep);
    v("kind", o.kind, Keep);
    v("name", o.name, Keep);
    v("uid", o.uid, Keep);
    v("controller", o.controller);
    v("blockOwnerDeletion", o.blockOwnerDeletion);
}

// metav1.ObjectMeta. Fields the lab does not interpret (managedFields, selfLink…) are kept
// verbatim in `extra` so that nothing a user wrote is lost.
struct ObjectMeta
{
    static constexpr const char *kGoName = "ObjectMeta";
    QString name, generateName, namespace_, uid, resourceVersion;
    qint64 generation = 0;
    Time creationTimestamp = 0;
    Time deletionTimestamp = 0;
    std::optional<qint64> deletionGracePeriodSeconds;
    QMap<QString, QString> labels, annotations;
    QList<OwnerReference> ownerReferences;
    QStringList finalizers;
    QJsonObject extra;

    const OwnerReference *controllerRef() const;
    bool operator==(const ObjectMeta &) const = default;
};

template<class V> void visitFields(V &v, ObjectMeta &m)
{
    v("name", m.name);
    v("generateName", m.generateName);
    v("namespace", m.namespace_);
    v("uid", m.uid);
    v("resourceVersion", m.resourceVersion);
    v("generation", m.generation);
    v.time("creationTimestamp", m.creationTimestamp, NullIfZero);
    v.time("deletionTimestamp", m.deletionTimestamp);
    v("deletionGracePeriodSeconds", m.deletionGracePeriodSeconds);
    v("labels", m.labels);
    v("annotations", m.annotations);
    v("ownerReferences", m.ownerReferences);
    v("finalizers", m.finalizers);
    v.extra(m.extra, {"managedFields", "selfLink"});
}

} // namespace rlab::api
