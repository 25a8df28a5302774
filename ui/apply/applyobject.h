#pragma once
#include "core/api/object.h"
#include "core/apiserver/apierror.h"

#include <optional>

namespace rlab::apiserver {
class ApiServer;
}

namespace rlab::ui {

// What `kubectl apply` of one object did: the stored object (or what would be stored, for a
// dry run), the verb kubectl prints ("created", "configured", "unchanged"), or the error.
struct ApplyOutcome
{
    api::ObjectPtr object;
    QString action;
    std::optional<apiserver::ApiError> error;
    bool ok() const { return !error.has_value(); }
};

// The one place the window writes a manifest object. Stand-in until the lead's kubectlApply()
// (core/apiserver/clientapply.h) lands: create when the object does not exist, otherwise update
// the whole object at the stored resourceVersion (replace semantics, no last-applied merge).
// Swap the body for kubectlApply(...) then; callers do not change. Any thread.
ApplyOutcome applyObject(apiserver::ApiServer &api, api::MutableObjectPtr obj, bool dryRun);

} // namespace rlab::ui
