#pragma once
#include <QStringList>
#include <QTextStream>

namespace rlab::cli {

// `rlab validate FILE...`: reads, decodes, defaults and validates every document exactly as
// `apply` would, without a cluster. Prints `file:line:column: <error>` lines and a summary;
// exit 2 if any file has an error, 0 otherwise. --strict turns unknown fields into errors.
int validateCommand(const QStringList &args, QTextStream &out, QTextStream &err);

} // namespace rlab::cli
