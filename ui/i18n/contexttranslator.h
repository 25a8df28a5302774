#pragma once
#include <QTranslator>

namespace rlab::ui {

// A QTranslator that also finds messages filed under the bare class name. tr() in
// rlab::ui::ServePanel asks for context "rlab::ui::ServePanel", but Qt 6.4's lupdate (its own
// C++ parser) does not understand `namespace rlab::ui {` and files those strings under
// "ServePanel". So: the full context first, then the part after the last "::", e.g.
// ("rlab::ui::ServePanel", "Copy") → no entry → ("ServePanel", "Copy") → "복사".
// Thread rules: as QTranslator (read-only after load(); translate() from any thread).
class ContextTranslator : public QTranslator
{
    Q_OBJECT
public:
    using QTranslator::QTranslator;

    QString translate(const char *context, const char *sourceText, const char *disambiguation = nullptr,
                      int n = -1) const override;
};

} // namespace rlab::ui
