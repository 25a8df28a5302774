#pragma once
#include <QStringView>

namespace rlab::api::namematch {

// The regular languages of apimachinery's name formats (pkg/util/validation), matched by hand:
// the same answers as a full match of the anchored pattern, without a regex engine or an
// allocation. namevalidation.cpp builds upstream's messages on top; these only say yes or no.
// Pure functions of their argument: any thread.
//   dns1123Label      [a-z0-9]([-a-z0-9]*[a-z0-9])?
//   dns1123Subdomain  dns1123Label(\.dns1123Label)*
//   labelKeyName      ([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]     (qualified name part)
//   labelValue        (labelKeyName)?
bool dns1123Label(QStringView value);
bool dns1123Subdomain(QStringView value);
bool labelKeyName(QStringView value);
bool labelValue(QStringView value);
// The length of value in UTF-8 bytes, exactly as QString::toUtf8().size() counts it; without
// building the bytes when value is ASCII.
qsizetype utf8Length(QStringView value);

} // namespace rlab::api::namematch
