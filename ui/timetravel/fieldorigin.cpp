#include "ui/timetravel/fieldorigin.h"

#include "core/sim/fieldpath.h"

#include <QJsonArray>
#include <QJsonObject>

namespace rlab::ui {

QStringList FieldOrigin::splitPath(const QString &path)
{
    return splitFieldPath(path);   // the same path syntax as scenarios' expect
}

QJsonValue FieldOrigin::valueAt(const QJsonObject &obj, const QString &path)
{
    QJsonValue v = obj;
    for (const QString &part : splitPath(path)) {
        bool isIndex = false;
        const int index = part.toInt(&isIndex);
        if (v.isArray() && isIndex) {
            const QJsonArray a = v.toArray();
            if (index < 0 || index >= a.size())
                return QJsonValue(QJsonValue::Undefined);
            v = a.at(index);
        } else if (v.isObject() && v.toObject().contains(part)) {
            v = v.toObject().value(part);
        } else {
            return QJsonValue(QJsonValue::Undefined);
        }
    }
    return v;
}

FieldOrigin FieldOrigin::find(const std::vector<view::WatchEvent> &history, const QString &path)
{
    FieldOrigin out;
    if (history.empty() || history.back().type != view::WatchEvent::Put || !history.back().kv.value)
        return out;
    out.found = true;
    out.value = valueAt(history.back().kv.value->toJson(), path);
    std::size_t i = history.size() - 1;
    while (i > 0) {
        const view::WatchEvent &prev = history[i - 1];
        if (prev.type != view::WatchEvent::Put || !prev.kv.value || valueAt(prev.kv.value->toJson(), path) != out.value)
            break;
        --i;
    }
    out.revision = history[i].revision.main;
    // The first retained version of a key that was created earlier: compaction cut the run.
    out.atOrBefore = i == 0 && !history.front().isCreate();
    return out;
}

} // namespace rlab::ui
