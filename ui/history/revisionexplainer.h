#pragma once
#include "core/api/deployment.h"
#include "core/kubectl/rollout.h"

#include <QString>

namespace rlab::ui {

// Why a change of a Deployment did or did not create a revision, in one paragraph. Only a
// change of spec.template does (the controller hashes the template, finds no ReplicaSet with
// it and creates one with revision max + 1); scale, pause, resume and label changes do not.
// A template equal to an older ReplicaSet's (kubectl rollout undo) reuses that ReplicaSet,
// which gets the next number, so its old number leaves the list: revisions 1,2,3 + undo to 1
// → 2,3,4. `history` is the list before the change. Pure; any thread.
struct RevisionExplainer
{
    static QString explain(const api::Deployment *before, const api::Deployment &after,
                           const QList<kubectl::rollout::HistoryEntry> &history);
    // The standing rules, shown under the list.
    static QString rules();
};

} // namespace rlab::ui
