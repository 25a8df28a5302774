// SPDX-License-Identifier: Apache-2.0
#pragma once
#include <QString>

#include <optional>

namespace rlab::controller {

// Go's time.Duration text, which the kubelet's messages and the lab's annotations use.
// Pure functions: any thread.
//   formatGoDuration(0) == "0s", (500) == "500ms", (2000) == "2s", (2500) == "2.5s",
//   (90'000) == "1m30s", (300'000) == "5m0s", (3'600'000) == "1h0m0s"
//   parseGoDuration("5s") == 5000, ("1m30s") == 90'000, ("250ms") == 250, ("1.5s") == 1500,
//   ("") / ("5") / ("-1s") / ("5x") == nullopt  (a bare number has no unit, as in Go)
QString formatGoDuration(qint64 ms);
std::optional<qint64> parseGoDuration(const QString &text);

} // namespace rlab::controller
