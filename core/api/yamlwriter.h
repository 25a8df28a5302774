#pragma once
#include <QByteArray>
#include <QJsonValue>

namespace rlab::api {

// YAML the way `kubectl get -o yaml` prints it (sigs.k8s.io/yaml on go-yaml v2): block style,
// 2-space indent, sequences under a mapping key not indented (`containers:\n- name: x`),
// keys in go-yaml's order (byte order, except that digit runs compare as numbers and a
// non-letter sorts before a letter), strings quoted only when they would read back as
// something else ("80", "true", "null", "", "1:20", "2001-12-14") or start with an indicator
// ('*', '- x', 'a: b'), multi-line strings as `|` blocks, long lines folded at column 80.
// YamlReader reads the output back to the same QJsonValue; for that, small deliberate
// differences from go-yaml: a "<<" key is quoted (go-yaml would write a merge key), NEL, LS
// and PS are always escaped ("\x85", "\L", "\P"), and an escaped NBSP is "\xA0" (yaml-cpp
// misreads go-yaml's "\N" and "\_"). Pure function; any thread.
QByteArray toYaml(const QJsonValue &value);

} // namespace rlab::api
