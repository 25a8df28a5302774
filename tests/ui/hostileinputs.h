#pragma once
// Shared by tst_responsiveness and tst_responsiveness_lab (issue #17: the window stays
// responsive whatever it is given): the hostile inputs, the GUI-thread watchdog and the report.
#include "ui/clustersession.h"
#include "ui/mainwindow.h"
#include "core/sim/scenario.h"
#include "core/sim/view/clusterview.h"

#include <QByteArray>
#include <QCoreApplication>
#include <QDeadlineTimer>
#include <QEventLoop>
#include <QElapsedTimer>
#include <QFile>
#include <QObject>
#include <QString>
#include <QStringList>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>

#include <functional>
#include <optional>
#include <time.h>

namespace rlab::ui::hostile {
// The allocator as the window ships it: tests/CMakeLists.txt links mimalloc into
// tst_responsiveness* as into reconcile-lab, with its default 4 KiB pages, as reconcile-lab's
// main leaves them. With large OS pages (MIMALLOC_LARGE_OS_PAGES=1) the GUI
// thread zeroes each new 2 MiB page at its first touch: 68 % of the perf samples in the frames
// over 16 ms while 10,000 steps played were that zeroing; rows (c) and (d), 12 runs each way:
// over 16 ms in 3 runs with large pages (20, 26, 48 ms), in 1 with 4 KiB pages (17 ms).

inline bool full()
{
    return qEnvironmentVariable("RLAB_HOSTILE") == QLatin1String("full");
}

// The GUI thread's longest stretch without running its event loop: a 1 ms precise timer notes
// how late each of its ticks is; stop() also counts the stretch up to now (work done directly
// by the caller between start() and stop() counts as one block). longestCpu(): the most CPU
// time the GUI thread spent between two ticks (CLOCK_THREAD_CPUTIME_ID) — the code's own cost,
// which a loaded, shared machine does not inflate as it does the wall-clock figure.
// RLAB_WATCHDOG_MONO=1 prints each new longest stretch with the CLOCK_MONOTONIC time it ended,
// to find it in `perf record -k CLOCK_MONOTONIC` (perf report --time START,END);
// RLAB_WATCHDOG_STRETCH_MS=N prints every stretch of at least N ms that way (to profile them all),
// RLAB_WATCHDOG_CPU_MS=N every stretch in which the GUI thread used at least N ms of CPU.
class Watchdog : public QObject
{
public:
    Watchdog()
    {
        m_timer.setInterval(1);
        m_timer.setTimerType(Qt::PreciseTimer);
        QObject::connect(&m_timer, &QTimer::timeout, this, [this] { tick(); });
    }
    void start()
    {
        m_clock.start();
        m_last = 0;
        m_longest = 0;
        m_longestAt = 0;
        m_lastCpuNs = cpuNs();
        m_longestCpuNs = 0;
        m_timer.start();
    }
    qint64 stop()
    {
        tick();
        m_timer.stop();
        return m_longest;
    }
    qint64 longest() const { return m_longest; }
    qint64 longestCpu() const { return m_longestCpuNs / 1'000'000; }
    // When the longest stretch ended, in ms since start().
    qint64 longestEndedAt() const { return m_longestAt; }

private:
    void tick()
    {
        const qint64 now = m_clock.elapsed();
        if (m_stretchMs > 0 && now - m_last >= m_stretchMs)
            qInfo("WATCHDOG stretch %lld ms ending at monotonic %.3f s", now - m_last, double(m_clock.msecsSinceReference() + now) / 1000.0);
        if (now - m_last > m_longest) {
            m_longest = now - m_last;
            m_longestAt = now;
            if (qEnvironmentVariableIsSet("RLAB_WATCHDOG_MONO"))
                qInfo("WATCHDOG longest %lld ms ending at monotonic %.3f s", m_longest, double(m_clock.msecsSinceReference() + now) / 1000.0);
        }
        const qint64 lastTick = m_last;
        m_last = now;
        const qint64 cpu = cpuNs();
        if (m_cpuStretchMs > 0 && cpu - m_lastCpuNs >= qint64(m_cpuStretchMs) * 1'000'000)
            qInfo("WATCHDOG cpu: stretch %lld ms (GUI-thread CPU %lld ms) ending at monotonic %.3f s", now - lastTick,
                  (cpu - m_lastCpuNs) / 1'000'000, double(m_clock.msecsSinceReference() + now) / 1000.0);
        m_longestCpuNs = qMax(m_longestCpuNs, cpu - m_lastCpuNs);
        m_lastCpuNs = cpu;
    }
    static qint64 cpuNs()
    {
        timespec ts{};
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
        return qint64(ts.tv_sec) * 1'000'000'000 + ts.tv_nsec;
    }
    QTimer m_timer;
    QElapsedTimer m_clock;
    qint64 m_last = 0;
    qint64 m_longest = 0;
    qint64 m_longestAt = 0;
    qint64 m_lastCpuNs = 0;
    qint64 m_longestCpuNs = 0;
    const int m_stretchMs = qEnvironmentVariableIntValue("RLAB_WATCHDOG_STRETCH_MS");
    const int m_cpuStretchMs = qEnvironmentVariableIntValue("RLAB_WATCHDOG_CPU_MS");
};

// Runs the GUI thread's event loop as the application's exec() does (asleep in poll until a
// timer or an event is due) until `done` holds, looking every 2 ms; false after `timeoutMs`.
// A measured stretch waits with this, not QTRY_* (QTest::qWait): qWait runs the events that are
// due, then sleeps 10 ms (QTest::qSleep) with the event loop stopped, and the watchdog counted
// each such sleep, up to 10 ms, into the next stretch — the test's stall, not the window's
// (issue #17: rows (c) and (d) read 19-20 ms where the frames' own work was 9-13 ms).
inline bool runEventLoopUntil(const std::function<bool()> &done, int timeoutMs)
{
    if (done())
        return true;
    QEventLoop loop;
    QDeadlineTimer deadline(timeoutMs);
    QTimer check;
    check.setInterval(2);
    QObject::connect(&check, &QTimer::timeout, &loop, [&] {
        if (done() || deadline.hasExpired())
            loop.quit();
    });
    check.start();
    loop.exec();
    return done();
}

inline MainWindow::Options windowOptions()
{
    MainWindow::Options o;
    o.persistLayout = false;
    o.startFrames = false;
    return o;
}

// Shows the window and lets its first show and paint pass (~15-20 ms of every window's start,
// before any file is given): the watchdogs measure what the hostile input costs, from a window
// on screen. False if it never got exposed.
inline bool showWindow(MainWindow &window)
{
    window.show();
    if (!QTest::qWaitForWindowExposed(&window))
        return false;
    for (int i = 0; i < 3; ++i)
        QCoreApplication::processEvents();
    return true;
}

inline QByteArray deployment(const QString &name, int replicas)
{
    return QStringLiteral("apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: %1\n  labels: {app: %1, tier: hostile}\n"
                          "spec:\n  replicas: %2\n  selector:\n    matchLabels: {app: %1}\n  template:\n    metadata:\n"
                          "      labels: {app: %1}\n    spec:\n      containers:\n      - name: app\n        image: nginx:1.25\n")
        .arg(name)
        .arg(replicas)
        .toUtf8();
}

// (b): N Deployments in one file, 276 bytes each (11,370 → 2.99 MiB, just under the 3 MiB limit).
inline QByteArray manyDeployments(int n)
{
    QByteArray out;
    for (int i = 0; i < n; ++i) {
        if (i > 0)
            out += "---\n";
        const QString name = QStringLiteral("hostile-%1").arg(i, 5, 10, QLatin1Char('0'));
        out += QStringLiteral("apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: %1\nspec:\n  replicas: 1\n"
                              "  selector:\n    matchLabels: {app: %1}\n  template:\n    metadata:\n      labels: {app: %1}\n"
                              "    spec:\n      containers:\n      - name: app\n        image: nginx:1.25\n")
                   .arg(name)
                   .toUtf8();
    }
    return out;
}

// (c): a Deployment, then `steps` steps alternating scale and runUntilIdle.
inline QByteArray manySteps(int steps)
{
    QByteArray out = "apiVersion: rlab.dev/v1alpha1\nkind: Scenario\nmetadata: {name: many-steps}\nspec:\n  seed: 1\n"
                     "  latency: instant\n  nodes: 3\n  steps:\n  - apply:\n";
    for (const QByteArray &line : deployment(QStringLiteral("web"), 2).split('\n')) {
        if (!line.isEmpty())
            out += "      " + line + "\n";
    }
    for (int i = 0; i < steps / 2; ++i)
        out += QStringLiteral("  - scale: {deployment: web, replicas: %1}\n  - runUntilIdle: {timeout: 600s}\n").arg(1 + i % 5).toUtf8();
    return out;
}

// manySteps(steps) written to a scenario file in `dir` and loaded; nullopt with *error if not.
inline std::optional<Scenario> loadManySteps(const QTemporaryDir &dir, int steps, QString *error)
{
    const QString path = dir.filePath(QStringLiteral("steps.yaml"));
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly) || f.write(manySteps(steps)) < 0) {
        *error = path + QStringLiteral(": not written");
        return std::nullopt;
    }
    f.close();
    QStringList errors;
    std::optional<Scenario> scenario = Scenario::load(path, &errors);
    *error = errors.join(QLatin1Char('\n'));
    return scenario;
}

inline qint64 revision(ClusterSession &s)
{
    return s.view().revision();
}

// blockedMs: wall clock (Watchdog::longest); cpuMs: the GUI thread's CPU in that measure's
// longest stretch between ticks (Watchdog::longestCpu), -1 when not measured.
inline void report(const char *input, const char *how, qint64 blockedMs, const QString &extra = {}, qint64 cpuMs = -1)
{
    qInfo("HOSTILE %-34s %-44s longest GUI block %7lld ms (GUI-thread CPU %lld ms)  %s", input, how, blockedMs, cpuMs,
          qPrintable(extra));
}

} // namespace rlab::ui::hostile
