#pragma once
#include <QString>

#include <optional>

namespace rlab::api {

// The name the event recorders give an Event: "<involved object's name>.<suffix in lower-case
// hex, no leading zero>" (upstream: fmt.Sprintf("%v.%x", ref.Name, t.UnixNano())), and back.
// E.g. eventName("web-1", 0x18867251edfa001c) = "web-1.18867251edfa001c";
// eventNameSuffix("web-1.18867251edfa001c", "web-1") = 0x18867251edfa001c; none for a name
// not made that way ("web-1.0abc", "web-1.ABC", another prefix, 17 digits). Any thread.
QString eventName(const QString &involvedName, quint64 suffix);
std::optional<quint64> eventNameSuffix(const QString &name, const QString &involvedName);

} // namespace rlab::api
