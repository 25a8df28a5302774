#pragma once
#include <QSize>
#include <QString>
#include <QStringList>

namespace rlab::ui {

// The command line of `reconcile-lab`:
//   reconcile-lab [FILE...]                         open the window and apply FILEs
//   reconcile-lab --screenshot OUT.png [--after SECONDS] [--size WxH] [FILE...]
//                                                   render the window after SECONDS of virtual
//                                                   time (default 0) at WxH (default 1280x720),
//                                                   save OUT.png and exit
// A plain value; parse() never exits the process.
struct LaunchOptions
{
    QStringList files;
    QString screenshot;
    double afterSeconds = 0.0;
    QSize size{1280, 720};
    QString error;      // set when the command line is invalid
    bool help = false;

    static LaunchOptions parse(const QStringList &arguments);   // arguments[0] is the program
    static QString usage();
};

} // namespace rlab::ui
