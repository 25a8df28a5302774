#pragma once

namespace rlab::api {

// How a field is written to JSON; see JsonEncoder. Read side ignores these.
// Default: like Go's `omitempty` for scalars, lists and maps; nested structs always written.
enum FieldOpt : unsigned {
    Default = 0,
    Keep = 1,        // write zero / false / "" too (Go field without omitempty)
    Omit = 2,        // nested struct: omit when it encodes to {}
    NullIfZero = 4,  // Time: write null when unset (metadata.creationTimestamp in templates)
};

} // namespace rlab::api
