#pragma once
#include "core/sim/view/watchevent.h"

#include <QWidget>
#include <vector>

class QLabel;
class QPlainTextEdit;
class QSplitter;
class QTabWidget;
class QTableView;

namespace rlab::view {
class ClusterView;
}

namespace rlab::ui {

class EtcdKeyModel;
class KeyHistoryModel;
class WatchEventModel;

// The etcd panel: the store's current revision as a big counter, every /registry key with its
// create/mod revision and version (recent writes highlighted), the selected key's value as the
// JSON the API server wrote and its revision history (selecting a history row shows that
// version), and the live stream of watch events. Reads values and history straight from the
// cluster view it is given; follows the selected key as it is rewritten. GUI thread only.
class EtcdPanel : public QWidget
{
    Q_OBJECT
public:
    EtcdPanel(EtcdKeyModel *keys, WatchEventModel *watchEvents, QWidget *parent = nullptr);
    ~EtcdPanel() override;

    void setView(const view::ClusterView *view);
    // Call after the models saw `events`: refreshes the selected key's value and history.
    void storeEventsApplied(const std::vector<view::WatchEvent> &events);
    void selectKey(const QByteArray &key);
    QByteArray selectedKey() const { return m_selectedKey; }

    QLabel *revisionLabel() const { return m_revision; }
    QString valueText() const;
    KeyHistoryModel *historyModel() const { return m_history; }
    QSplitter *splitter() const { return m_splitter; }

private:
    void updateRevision(qint64 revision);
    void keySelected();
    void historySelected();
    void showCurrentValue();
    void showValue(const QByteArray &bytes, const QString &caption);
    void reloadHistory();

    EtcdKeyModel *m_keys;
    WatchEventModel *m_watchEvents;
    KeyHistoryModel *m_history;
    const view::ClusterView *m_view = nullptr;
    QLabel *m_revision;
    QLabel *m_keyCount;
    QTableView *m_keyView;
    QTabWidget *m_tabs;
    QLabel *m_valueCaption;
    QPlainTextEdit *m_value;
    QTableView *m_historyView;
    QTableView *m_watchView;
    QSplitter *m_splitter;
    QByteArray m_selectedKey;
};

} // namespace rlab::ui
