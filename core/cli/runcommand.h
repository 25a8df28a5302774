#pragma once
#include <QStringList>
#include <QTextStream>

namespace rlab::cli {

// `rlab run SCENARIO.yaml [--dump FILE] [--trace FILE] [--seed N] [--quiet]`: runs a scenario
// deterministically in virtual time. Exit 0, 1 if an expect step failed, 2 on invalid input.
// --dump writes every object as a List (JSON if FILE ends in .json, else YAML); --trace the
// trace as JSON lines. Same scenario + seed ⇒ byte-identical files.
int runCommand(const QStringList &args, QTextStream &out, QTextStream &err);

} // namespace rlab::cli
