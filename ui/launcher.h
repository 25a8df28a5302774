#pragma once
#include "core/sim/view/apiendpoint.h"

class QApplication;

namespace rlab::ui {

// Everything `reconcile-lab` does after constructing its QApplication: application name and
// theme, the command line (LaunchOptions), the main window, the files to apply, and the
// --screenshot mode that renders the window offscreen and exits. Returns the exit code:
// 0, 1 when the screenshot could not be written or a given file was refused, 2 on bad usage.
// `serveEndpoints` is what the Serve dock serves the API with (the app passes core/server's).
int runReconcileLab(QApplication &app, view::ApiEndpointFactory serveEndpoints = {});

} // namespace rlab::ui
