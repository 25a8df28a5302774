#pragma once
#include "core/api/deployment.h"

#include <memory>

namespace rlab::cli::benchobjects {

// What every `rlab bench` workload is made of, and how it is measured: the Deployment
// "bench-<i>" (label app, one container "app" nginx:1.25 requesting 10m CPU and 16Mi), the
// process's CPU seconds (on a busy machine wall time says little about the code) and the heap
// in use (malloc's view). Plain functions; any thread.
std::shared_ptr<api::Deployment> deployment(const QString &name, int replicas);
QString nameOf(int i);   // "bench-<i>"
double processCpuS();
qint64 heapInUse();

} // namespace rlab::cli::benchobjects
