#include "core/base/allocatorpages.h"
#include "core/server/labapiendpoint.h"
#include "ui/launcher.h"

#include <QApplication>

int main(int argc, char *argv[])
{
    rlab::preferLargeAllocatorPages();
    QApplication app(argc, argv);
    // The window does not link the HTTP server: its "Serve the API" dock gets it from here.
    return rlab::ui::runReconcileLab(app, rlab::server::LabApiEndpoint::factory());
}
