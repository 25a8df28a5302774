#pragma once
#include "core/api/object.h"
#include "core/api/podspec.h"

namespace rlab::api {

// Server-side defaulting as kube-apiserver applies it to a decoded apps/v1 or core/v1 object
// (pkg/apis/apps/v1/defaults.go, pkg/apis/core/v1/defaults.go and the generated
// SetObjectDefaults_* that recurse into pod templates), plus the Pod registry's status facts
// (phase Pending, qosClass). Only empty fields are filled, so defaulting twice changes nothing.
// Runs before validation. Any thread; touches only its argument.
void setDefaults(Object &obj);

// The pod-template part alone (SetDefaults_PodSpec, _Container, _Probe, ports, env fieldRefs).
void setDefaults(PodTemplateSpec &tmpl);

// SetDefaults_Container's rule: "Always" when the image has tag latest or no tag and no digest,
// else "IfNotPresent" (also for references the docker parser rejects).
QString defaultImagePullPolicy(const QString &image);

// qos.ComputePodQOS over containers + initContainers (cpu and memory only):
// "BestEffort", "Burstable" or "Guaranteed".
QString computePodQOS(const PodSpec &spec);

} // namespace rlab::api
