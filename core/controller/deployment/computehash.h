// SPDX-License-Identifier: Apache-2.0
#pragma once
#include "core/api/podspec.h"

#include <QString>

#include <optional>

namespace rlab::controller {

// controller.ComputeHash: the pod-template-hash of a Deployment's template, the suffix of its
// ReplicaSet's name ("web-7c5b4f9d8"). 32-bit FNV-1a over a canonical serialisation of the
// PodTemplateSpec (its JSON with sorted keys), then — when collisionCount is set — 8 more bytes:
// the count as little-endian uint32 and 4 zero bytes (a bumped collisionCount gives a new name).
// The sum is printed in decimal and every digit mapped through apimachinery's SafeEncodeString
// alphabet "bcdfghjklmnpqrstvwxz2456789" (index = character code mod 27, so 0-9 become
// 4 5 6 7 8 9 b c d f); e.g. the sum 3405691582 gives "7849bf59d6".
// Deviation: upstream hashes a go-spew dump of the Go struct, so the exact strings differ from
// a real cluster's; determinism, template and collision sensitivity, alphabet and length
// (1-10 characters) are the same. Pure function: any thread.
QString ComputeHash(const api::PodTemplateSpec &tmpl, std::optional<int> collisionCount);

// The SafeEncodeString step alone.
QString SafeEncodeString(const QString &s);

} // namespace rlab::controller
