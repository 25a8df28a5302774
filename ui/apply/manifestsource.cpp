#include "ui/apply/manifestsource.h"

#include "core/api/yamlreader.h"

#include <QFile>
#include <QFileInfo>

namespace rlab::ui {

ManifestSource ManifestSource::fromFile(const QString &path)
{
    ManifestSource src;
    src.name = path;
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) {
        src.readError = f.errorString();
        return src;
    }
    if (f.size() > api::kMaxManifestBytes) {
        src.readError = QStringLiteral("Request entity too large: limit is %1").arg(api::kMaxManifestBytes);
        return src;
    }
    src.text = f.readAll();
    return src;
}

bool ManifestSource::isManifestFileName(const QString &path)
{
    const QString suffix = QFileInfo(path).suffix().toLower();
    return suffix == QLatin1String("yaml") || suffix == QLatin1String("yml") || suffix == QLatin1String("json");
}

} // namespace rlab::ui
