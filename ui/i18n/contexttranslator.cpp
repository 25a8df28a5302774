#include "ui/i18n/contexttranslator.h"

#include <cstring>

namespace rlab::ui {

QString ContextTranslator::translate(const char *context, const char *sourceText, const char *disambiguation, int n) const
{
    QString text = QTranslator::translate(context, sourceText, disambiguation, n);
    if (!text.isNull() || !context)
        return text;
    const char *colon = nullptr;
    for (const char *p = std::strstr(context, "::"); p; p = std::strstr(p + 2, "::"))
        colon = p;
    if (!colon)
        return text;
    return QTranslator::translate(colon + 2, sourceText, disambiguation, n);
}

} // namespace rlab::ui
