// rlab: the headless command line (run / serve / bench / validate). Logic lives in rlab_core.
#include "core/cli/rlabcli.h"

#include <QCoreApplication>

#include <cstdio>

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    QCoreApplication::setApplicationName(QStringLiteral("rlab"));
    QTextStream out(stdout);
    QTextStream err(stderr);
    return rlab::cli::runRlab(app.arguments().mid(1), out, err);
}
