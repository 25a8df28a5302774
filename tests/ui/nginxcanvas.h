#pragma once
// The nginx sample on a cluster canvas, as the canvas tests drive it (tst_canvas,
// tst_canvasmotion): kubectl-like writes through the session, virtual time advanced explicitly,
// one frame() = store events + frameDone.
#include "ui/apply/applyproblem.h"
#include "ui/apply/manifestsource.h"
#include "ui/clustersession.h"
#include "ui/scene/clustercanvas.h"

#include <QtTest>

namespace rlab::test::nginxcanvas {

inline QString manifest()
{
    return QStringLiteral(RLAB_TEST_DATA "/../../resources/manifests/nginx-deployment.yaml");
}

inline void applyNginx(ui::ClusterSession &session)
{
    const ui::ApplyReport report = session.apply({ui::ManifestSource::fromFile(manifest())});
    QVERIFY2(report.ok(), qPrintable(report.results.join(QLatin1Char('\n'))));
}

// ms of virtual time, then frames until the panels have taken every write: a frame hands on
// at most its intake budget of wall time (ClusterSession::kDefaultIntakeBudgetMs), and in a
// Debug build on a busy machine one frame left some of 80 pod deletions for the next.
inline void run(ui::ClusterSession &session, qint64 ms)
{
    session.advance(ms);
    session.frame();
    for (int i = 0; i < 10'000 && session.intakeBacklog() > 0; ++i)
        session.frame();
}

// The nginx sample applied and run for 30 virtual seconds: three pods Ready.
inline void runNginx(ui::ClusterSession &session)
{
    applyNginx(session);
    run(session, 30'000);
}

// The canvas shown at 1280×720 with the nginx sample applied and run for 30 virtual seconds.
inline bool showWithNginxRunning(ui::ClusterSession &session, ui::ClusterCanvas &canvas)
{
    canvas.resize(1280, 720);
    canvas.show();
    if (!QTest::qWaitForWindowExposed(&canvas))
        return false;
    const ui::ApplyReport report = session.apply({ui::ManifestSource::fromFile(manifest())});
    if (!report.ok())
        return false;
    run(session, 30'000);
    return true;
}

} // namespace rlab::test::nginxcanvas
