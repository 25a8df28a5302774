#include "ui/history/templatetext.h"

#include "core/api/jsonencoder.h"
#include "core/api/deploymentutil.h"
#include "ui/yamlemitter.h"

namespace rlab::ui {

QStringList TemplateText::lines(const api::PodTemplateSpec &tmpl)
{
    api::PodTemplateSpec copy = tmpl;
    copy.metadata.labels.remove(deploymentutil::DefaultDeploymentUniqueLabelKey);
    QString yaml = YamlEmitter::toYaml(api::JsonEncoder::encode(copy));
    if (yaml.endsWith(QLatin1Char('\n')))
        yaml.chop(1);
    return yaml.split(QLatin1Char('\n'));
}

QString TemplateText::images(const api::PodTemplateSpec &tmpl)
{
    const auto &containers = tmpl.spec.containers;
    if (containers.size() == 1)
        return containers.first().image;
    QStringList out;
    for (const api::Container &c : containers)
        out << c.name + QLatin1Char('=') + c.image;
    return out.join(QStringLiteral(", "));
}

} // namespace rlab::ui
