#pragma once
#include <QString>
#include <QStringList>

namespace rlab::api {

// What decoding JSON into a typed object found. Unknown fields are warnings (kubectl prints
// `Warning: unknown field "spec.foo"`) unless `strict`, when they become errors; a value of the
// wrong type is always an error, worded like Go's encoding/json.
struct DecodeContext
{
    bool strict = false;
    QStringList warnings;   // `unknown field "spec.foo"`
    QStringList errors;     // `json: cannot unmarshal string into Go struct field ...`
    bool ok() const { return errors.isEmpty(); }
};

} // namespace rlab::api
