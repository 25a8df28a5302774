#pragma once
#include <QString>

namespace rlab::ui {

// The core's sentences (trace text, controller explanations, the Arithmetic panel's formulas) in
// the window's language, at display time only: the core writes English, traces and `rlab run`
// stay English, and the views pass each sentence through display(). Every template of
// tracePhrases() found in a sentence ("worker 0 got default/nginx after 0 ms in the queue") is
// replaced by its translation with the same arguments; what no template covers stays as written
// (names, keys, upstream's identifiers). English: the text unchanged. GUI thread only (a cache per
// language).
class TraceWording
{
public:
    // `english` in Language::current(); the same string in English.
    static QString display(const QString &english);
    // `english` through the installed translators, whatever the current language (uncached).
    static QString translate(const QString &english);
    // display() plus, when it changed the text, the original after a blank line (tooltips).
    static QString withOriginal(const QString &english);

    static constexpr const char *kContext = "rlab::ui::TraceWording";
};

} // namespace rlab::ui
