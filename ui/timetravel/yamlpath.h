#pragma once
#include <QString>

namespace rlab::ui {

// The JSON field path of one line of block-style YAML as YamlEmitter / `kubectl get -o yaml`
// write it (two-space indent, list items "- " at their key's indent or deeper), in the form
// FieldOrigin reads: keys joined by ".", list indexes as "[n]", keys with "." or "/" as "[key]".
// Example, line 4 (0-based) of
//   spec:
//     template:
//       spec:
//         containers:
//         - name: web
//           image: nginx:1.25      <- line 5: spec.template.spec.containers[0].image
// is spec.template.spec.containers[0].name. Empty for a blank line or past the end.
// A plain function; any thread.
QString yamlPathAtLine(const QString &yaml, int line);

} // namespace rlab::ui
