#pragma once
#include <QWidget>

class QLabel;
class QToolButton;

namespace rlab::ui {

class ClusterSession;

// The strip across the top of a live session: "Live: context kind-kind, namespace default,
// read-only" (amber; red once writes are enabled; blue for a recording), an "Allow writes"
// switch for a live cluster, and the shadow controller's latest word: what syncDeployment will
// do next, how many of its predictions the cluster matched, and — in red — where the cluster did
// something else. Its owner hides it while the session is a lab. Refreshed once per frame.
// GUI thread only.
class LiveBanner : public QWidget
{
    Q_OBJECT
public:
    explicit LiveBanner(ClusterSession &session, QWidget *parent = nullptr);

    QString headline() const;
    QString shadowLine() const;
    QString mismatchLine() const;
    QToolButton *writesButton() const { return m_writes; }

public slots:
    void refresh();

signals:
    // The user asks to turn writes on or off (the owner confirms and switches the source).
    void writesToggled(bool on);

private:
    static void setLine(QLabel *label, const QString &text);

    ClusterSession &m_session;
    QLabel *m_headline;
    QLabel *m_shadow;
    QLabel *m_mismatch;
    QToolButton *m_writes;
};

} // namespace rlab::ui
