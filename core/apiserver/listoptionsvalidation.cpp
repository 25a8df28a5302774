#include "core/apiserver/listoptionsvalidation.h"

namespace rlab::apiserver {

using api::FieldError;
using api::FieldErrors;

namespace {
const QString kMatch = QStringLiteral("resourceVersionMatch");
const QString kExact = QStringLiteral("Exact");
const QString kNotOlderThan = QStringLiteral("NotOlderThan");

FieldErrors validateWatch(const ListOptions &o, bool watchListEnabled)
{
    FieldErrors errs;
    const QString &match = o.resourceVersionMatch;
    if (o.sendInitialEvents) {
        if (match != kNotOlderThan)
            errs << FieldError::forbidden(kMatch, QStringLiteral("sendInitialEvents requires setting resourceVersionMatch to NotOlderThan"));
        if (!watchListEnabled)
            errs << FieldError::forbidden(QStringLiteral("sendInitialEvents"),
                                          QStringLiteral("sendInitialEvents is forbidden for watch unless the WatchList feature gate is enabled"));
    }
    if (!match.isEmpty()) {
        if (!o.sendInitialEvents)
            errs << FieldError::forbidden(kMatch, QStringLiteral("resourceVersionMatch is forbidden for watch unless sendInitialEvents is provided"));
        if (match != kNotOlderThan)
            errs << FieldError::notSupported(kMatch, match, {kNotOlderThan});
        if (!o.continueToken.isEmpty())
            errs << FieldError::forbidden(kMatch, QStringLiteral("resourceVersionMatch is forbidden when continue is provided"));
    }
    return errs;
}
} // namespace

FieldErrors validateListOptions(const ListOptions &o, bool watch, bool watchListEnabled)
{
    if (watch)
        return validateWatch(o, watchListEnabled);
    FieldErrors errs;
    const QString &match = o.resourceVersionMatch;
    if (!match.isEmpty()) {
        if (o.resourceVersion.isEmpty())
            errs << FieldError::forbidden(kMatch, QStringLiteral("resourceVersionMatch is forbidden unless resourceVersion is provided"));
        if (!o.continueToken.isEmpty())
            errs << FieldError::forbidden(kMatch, QStringLiteral("resourceVersionMatch is forbidden when continue is provided"));
        if (match != kExact && match != kNotOlderThan)
            errs << FieldError::notSupported(kMatch, match, {kExact, kNotOlderThan, QString()});
        if (match == kExact && o.resourceVersion == QLatin1String("0"))
            errs << FieldError::forbidden(kMatch, QStringLiteral("resourceVersionMatch \"exact\" is forbidden for resourceVersion \"0\""));
    }
    if (o.sendInitialEvents)
        errs << FieldError::forbidden(QStringLiteral("sendInitialEvents"), QStringLiteral("sendInitialEvents is forbidden for list"));
    return errs;
}

} // namespace rlab::apiserver
