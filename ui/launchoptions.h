#pragma once
#include <QSize>
#include <QString>
#include <QStringList>

namespace rlab::ui {

// The command line of `reconcile-lab`:
//   reconcile-lab [FILE...]                         open the window and apply FILEs (a saved
//                                                   lab, *.rlab, replaces the cluster first)
//   reconcile-lab --screenshot OUT.png [--after SECONDS] [--size WxH] [FILE...]
//                                                   render the window after SECONDS of virtual
//                                                   time (default 0) at WxH (default 1280x720),
//                                                   save OUT.png and exit
//   --language en|ko   the window's language (default: saved preference, else system locale)
//   --latency PRESET   what each hop costs: classroom (default), realistic or instant
//   --presenter        start in presenter mode (large fonts, high contrast, fewer panels)
//   --lesson FILE      open a lesson (resources/lessons/*.yaml) in the Lesson dock
//   --dock NAME        raise that dock's tab (e.g. workqueue, lesson, charts, history)
//   --kubeconfig FILE [--context C] [--namespace N]
//                      live mode: show that real cluster instead of a lab (read-only until
//                      writes are allowed for the context)
//   --replay FILE      open a live-mode recording (rlab watch --record) in the lab
// A plain value; parse() never exits the process.
struct LaunchOptions
{
    QStringList files;
    QString screenshot;
    double afterSeconds = 0.0;
    QSize size{1280, 720};
    QString language;   // "" = preferred
    QString lesson;
    QString latency = QStringLiteral("classroom");   // the window's default (design.md §3)
    QStringList docks;
    bool presenter = false;
    QStringList kubeconfigs;   // live mode (issue #15)
    QString context, namespace_;
    QString replay;
    QString error;      // set when the command line is invalid
    bool help = false;

    static LaunchOptions parse(const QStringList &arguments);   // arguments[0] is the program
    bool isLive() const { return !kubeconfigs.isEmpty() || !context.isEmpty(); }
    static QString usage();
};

} // namespace rlab::ui
