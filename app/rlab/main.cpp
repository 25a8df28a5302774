// rlab: the headless command line (run / serve / watch / bench / validate). Logic lives in the libraries.
#include "core/base/allocatorpages.h"
#include "core/cli/rlabcli.h"
#ifdef RLAB_HAVE_SERVER
#include "core/server/servebench.h"
#include "core/server/servecommand.h"
#endif
#ifdef RLAB_HAVE_LIVE
#include "core/live/watchcommand.h"
#endif

#include <QCoreApplication>

int main(int argc, char **argv)
{
    // 2 MiB pages where this machine does not charge more for them at their first touch, and
    // freed pages stay a second before mimalloc gives them back: see core/base/allocatorpages.h.
    rlab::preferLargeAllocatorPages();
    rlab::setAllocatorPurgeDelay(1000);
    QCoreApplication app(argc, argv);
    QCoreApplication::setApplicationName(QStringLiteral("rlab"));
    QTextStream out(stdout);
    QTextStream err(stderr);
    const QStringList args = app.arguments().mid(1);
#ifdef RLAB_HAVE_SERVER
    if (!args.isEmpty() && args.first() == QLatin1String("serve"))
        return rlab::server::serveCommand(args.mid(1), out, err);
    // The classroom load figure: clients against a served lab, so it lives with the server.
    if (args.size() >= 2 && args[0] == QLatin1String("bench") && args[1] == QLatin1String("serve"))
        return rlab::server::serveBenchCommand(args.mid(2), out, err);
#endif
#ifdef RLAB_HAVE_LIVE
    if (!args.isEmpty() && args.first() == QLatin1String("watch"))
        return rlab::live::watchCommand(args.mid(1), out, err);
#endif
    return rlab::cli::runRlab(args, out, err);
}
