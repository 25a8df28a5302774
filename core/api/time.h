#pragma once
#include <QString>
#include <QtGlobal>

namespace rlab::api {

// metav1.Time as milliseconds since the Unix epoch on the virtual clock; 0 means unset.
// On the wire it is RFC 3339 with second precision ("2026-01-01T00:00:05Z"), like upstream.
using Time = qint64;

QString formatTime(Time t);                 // "" for 0
bool parseTime(const QString &text, Time *out);

} // namespace rlab::api
