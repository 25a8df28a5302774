#include "core/base/allocatorpages.h"
#include "core/server/labapiendpoint.h"
#include "ui/launcher.h"

#include <QApplication>

int main(int argc, char *argv[])
{
    // The window keeps mimalloc's 4 KiB pages (see core/base/allocatorpages.h): a 2 MiB page
    // first touched on the GUI thread is zeroed there at once, 2-5 ms on a VM, and such faults
    // were most of the frames over 16 ms while 10,000 scenario steps played (issue #17;
    // tests/ui/hostileinputs.h has the figures). Freed pages stay a second before they go back
    // (the simulation's churn faulted them in again moments later: allocatorpages.h).
    rlab::setAllocatorPurgeDelay(1000);
    QApplication app(argc, argv);
    // The window does not link the HTTP server: its "Serve the API" dock gets it from here.
    return rlab::ui::runReconcileLab(app, rlab::server::LabApiEndpoint::factory());
}
