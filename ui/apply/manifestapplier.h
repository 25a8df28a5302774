#pragma once
#include "ui/apply/applyproblem.h"
#include "ui/apply/manifestsource.h"

#include <QList>

#include <functional>

namespace rlab::client {
class Interface;
}

namespace rlab::ui {

// `kubectl apply -f A -f B …` for the window, all or nothing: every source is read (YAML or
// JSON, multi-document, Lists flattened), every document decoded strictly (kubectl's default
// --validate=strict) and checked by a server-side dry run of kubectlApply(); only when all of
// that passed is each object applied with kubectlApply(), in order. Otherwise the report lists every problem with file:line:column and nothing is written.
// Dry runs appear in the trace as requests of "reconcile-lab --dry-run=server". Widget-free;
// call from one thread at a time per client (the GUI thread in the app).
class ManifestApplier
{
public:
    static ApplyReport apply(client::Interface &api, const QList<ManifestSource> &sources);

    // The same, reporting progress: `progress(done, total, phase)` after each object of each
    // phase (decode, dry run, write: total = 3 × objects) returns false to cancel. A cancel is
    // honoured until the first write (decode and dry run are most of the work); a cancelled batch
    // changes nothing and its report says so (cancelled()). Once writing has begun, the batch
    // finishes (all or nothing), and the callback's answer is ignored.
    enum class Phase { Decode, DryRun, Write };
    using Progress = std::function<bool(qsizetype done, qsizetype total, Phase phase)>;
    static ApplyReport apply(client::Interface &api, const QList<ManifestSource> &sources, const Progress &progress);
    static QString cancelledMessage();
    static bool cancelled(const ApplyReport &report);

    // The user agent the trace names for the window's requests.
    static QString userAgent();
};

} // namespace rlab::ui
