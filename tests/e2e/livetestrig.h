// SPDX-License-Identifier: Apache-2.0
#pragma once
// Shared by the tst_live*.cpp suites: a "real cluster" (a second, complete Simulation on the
// deterministic runner) and a live mirror of it, as live mode builds one: LiveMirror's
// informers over the source's client::Interface, the mirror Simulation with no controllers.
#include "core/api/deployment.h"
#include "core/api/replicaset.h"
#include "core/live/livemirror.h"
#include "core/sim/simulation.h"
#include "tests/testutil/fixtures.h"

#include <memory>

namespace rlab::test {

struct LiveRig
{
    explicit LiveRig(SimulationConfig sourceConfig = {})
        : source(std::make_unique<Simulation>(sourceConfig))
    {
        mirror = std::make_unique<Simulation>(live::LiveMirror::mirrorConfig(source->clock().now()));
        live = std::make_unique<live::LiveMirror>(source->client(), *mirror);
    }

    // The source runs until idle, then the mirror takes what its informers received.
    std::vector<live::LiveEvent> settle(qint64 maxMs = 600'000)
    {
        source->runUntilIdle(maxMs);
        return live->pump();
    }

    QList<std::shared_ptr<const api::ReplicaSet>> replicaSets(Simulation &sim) const
    {
        QList<std::shared_ptr<const api::ReplicaSet>> out;
        for (const api::ObjectPtr &o :
             sim.client().list(apiserver::resources::byKind(api::Kind::ReplicaSet), QStringLiteral("default")).value.items)
            out << api::objectCast<api::ReplicaSet>(o);
        return out;
    }

    std::unique_ptr<Simulation> source;
    std::unique_ptr<Simulation> mirror;
    std::unique_ptr<live::LiveMirror> live;
};

} // namespace rlab::test
