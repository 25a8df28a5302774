#pragma once
#include <QHash>
#include <QRegularExpression>
#include <QString>
#include <QStringList>
#include <vector>

namespace rlab::ui {

// Every message of the window's translations (context, English source, Korean text), read from
// the embedded Qt Linguist files :/translations/reconcile-lab_ko.ts (and _en.ts: English plural
// forms, "%n keys"), used to turn a text shown in one language back into its message and then
// into the installed language: "Revision 42" (from
// "en") or "리비전 42" (from "ko") is the message "Revision %1" of rlab::ui::MainWindow with
// argument 42, shown now as QCoreApplication::translate(...) with 42; an argument that is itself a
// message is converted too ("지연 시간: 교실" for "Latency: Classroom"). A text must be one whole
// message (with %1… and %n as arguments), or end with one that starts with a space (the
// " · paused" a label appends to its figures); others are left alone.
// When several messages match, the one with the most text of its own, then the one of the
// context of the widget's class or of one of its parents.
// Loaded once; GUI thread only.
class TranslationCatalog
{
public:
    static const TranslationCatalog &instance();

    // `text`, shown in language `from`, in the language installed now; `text` when no message
    // matches. `contexts` are class names to prefer ("rlab::ui::TimeControls"), nearest first.
    QString convert(const QString &text, const QString &from, const QStringList &contexts = {}) const;
    int size() const { return int(m_messages.size()); }

private:
    TranslationCatalog();
    struct Message
    {
        QByteArray context, source;
        QString korean;
        bool numerus = false;
    };
    struct Template
    {
        int message = 0;
        QRegularExpression pattern;   // the shown form, %1… and %n as captures
        QList<int> args;              // capture i+1 is argument args[i] (0 = %n)
        int literal = 0;              // characters outside the arguments
    };
    struct Language
    {
        QHash<QString, QList<int>> exact;   // shown text without arguments -> messages
        std::vector<std::pair<QString, int>> suffixes;   // exact messages that start with a space
        std::vector<Template> templates;
    };
    void readEnglishPlurals();
    void index(Language &language, const QString &shown, int message);
    // `text` as one whole message without arguments, else `text`.
    QString convertExact(const QString &text, const Language &language, const QStringList &contexts) const;
    QString render(const Message &m, const QStringList &args, int n) const;
    // The candidate of the nearest context, -1 if none is in `contexts`.
    int pick(const QList<int> &candidates, const QStringList &contexts) const;

    std::vector<Message> m_messages;
    Language m_english, m_korean;
};

} // namespace rlab::ui
