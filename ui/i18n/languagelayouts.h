#pragma once
#include <QByteArray>
#include <QHash>
#include <QObject>
#include <QSize>

class QMainWindow;

namespace rlab::ui {

// The dock layout of a live language switch's round trip: Korean's longer words or taller
// glyphs may push a dock or the status bar a few pixels, and the state saved in Korean then
// carries them back into English. LanguageLayouts remembers the layout each language was left
// with; switching back to it with nothing moved since the last switch (same state, same window
// size) gives that layout back exactly, any other time the current one. Example: en (lesson dock
// 332×517) → ko (332×512: a taller status bar) → en: 332×517 again. A child of its window
// (of()). GUI thread only.
class LanguageLayouts : public QObject
{
    Q_OBJECT
public:
    static LanguageLayouts *of(QMainWindow *window);

    // Before leaving `from` for `to`, with the window's state now: the state to restore once the
    // new texts are in.
    QByteArray leave(const QString &from, const QString &to, const QByteArray &stateNow, QSize size);
    // After the switch, with the window's state then.
    void arrived(const QByteArray &stateAfter, QSize size);

private:
    explicit LanguageLayouts(QMainWindow *window);

    struct Left
    {
        QByteArray state;
        QSize size;
    };
    QHash<QString, Left> m_left;   // by language
    QByteArray m_after;            // the state right after the last switch
    QSize m_afterSize;
};

} // namespace rlab::ui
