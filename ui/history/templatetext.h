#pragma once
#include "core/api/podspec.h"

#include <QStringList>

namespace rlab::ui {

// A pod template as the YAML lines the history diff compares: `kubectl get -o yaml` layout
// (YamlEmitter) without the pod-template-hash label, which differs between every two
// ReplicaSets and is not part of what the user changed. Pure; any thread.
struct TemplateText
{
    static QStringList lines(const api::PodTemplateSpec &tmpl);
    // The containers' images, "nginx:1.25" or "app=nginx:1.25, sidecar=busybox" for several.
    static QString images(const api::PodTemplateSpec &tmpl);
};

} // namespace rlab::ui
