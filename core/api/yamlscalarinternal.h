#pragma once
#include <QtGlobal>

#include <optional>
#include <string_view>

// The Go parsing that YamlScalar (yamlscalar.cpp) resolves scalars with, implemented in
// yamlscalargo.cpp: strconv.ParseUint / ParseInt / ParseFloat and go-yaml's float and
// timestamp patterns. Internal to core/api; pure functions: any thread.

namespace rlab::api::yamlscalar {

// The result of Go's strconv.ParseUint / ParseInt: value, or syntax / range error.
enum class IntErr { None, Syntax, Range };

inline char lower(char c) { return (c >= 'A' && c <= 'Z') ? char(c - 'A' + 'a') : c; }
inline bool isDigit(char c) { return c >= '0' && c <= '9'; }

// strconv.ParseUint(s, base, 64); base 0 understands 0x / 0o / 0b / leading-0 octal.
IntErr goParseUint(std::string_view s, int base, quint64 *out);
// strconv.ParseInt(s, base, 64).
IntErr goParseInt(std::string_view s, int base, qint64 *out);
// `^[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?$` (go-yaml's yamlStyleFloat).
bool matchesYamlStyleFloat(std::string_view s);
// strconv.ParseFloat for text already known to be a plain decimal float (sign, digits, point,
// exponent). Overflow is an error, as in Go; underflow gives (signed) zero.
std::optional<double> goParseDecimalFloat(std::string_view s);
// go-yaml's parseTimestamp: the layouts "2006-1-2T15:4:5.999999999Z07:00" (also with 't'),
// "2006-1-2 15:4:5.999999999" and "2006-1-2", parsed with Go's time.Parse rules.
bool isGoYamlTimestamp(std::string_view s);

} // namespace rlab::api::yamlscalar
