#pragma once
#include <QString>
#include <optional>

namespace rlab {

// Go's time.ParseDuration for scenario files: "300ms", "1.5s", "2m", "1h30m"; milliseconds.
// nullopt for what Go refuses, overflow included (more than int64 nanoseconds, ~292 years).
std::optional<qint64> parseDuration(const QString &text);

} // namespace rlab
