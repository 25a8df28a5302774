#pragma once
#include <QString>
#include <QStringList>

namespace rlab {

// The parts of a field path as scenarios' `expect` and the window's field origins write them:
// dots separate keys, brackets hold a list index or a key with dots or slashes.
// "metadata.annotations[deployment.kubernetes.io/revision]" -> {metadata, annotations,
// deployment.kubernetes.io/revision}; "spec.containers[0].image" -> {spec, containers, 0, image}.
// A plain function; any thread.
QStringList splitFieldPath(const QString &path);

} // namespace rlab
