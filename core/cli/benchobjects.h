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
// Of processCpuS(), the seconds spent in the kernel for the process (getrusage's ru_stime):
// mostly zeroing the pages it touches first. On a virtual machine that cost varies from run to
// run far more than the program's own (0.04-1.0 s for the same 450 MB here): the bench shows it
// apart, and pipeline/floor in user time alone beside the whole.
double processKernelS();
qint64 heapInUse();

} // namespace rlab::cli::benchobjects
