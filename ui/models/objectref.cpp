#include "ui/models/objectref.h"

namespace rlab::ui {

QString ObjectRef::toString() const
{
    const QString where = namespace_.isEmpty() ? name : namespace_ + QLatin1Char('/') + name;
    return kind + QLatin1Char(' ') + where;
}

} // namespace rlab::ui
