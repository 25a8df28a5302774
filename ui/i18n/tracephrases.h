#pragma once
#include <vector>

namespace rlab::ui {

// The English templates TraceWording knows (tracephrases.cpp), each marked with
// QT_TRANSLATE_NOOP("rlab::ui::TraceWording", …) so that lupdate files them for translation.
// A constant table; any thread.
const std::vector<const char *> &tracePhrases();

} // namespace rlab::ui
