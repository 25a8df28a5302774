#include "ui/widgets/etcdpanel.h"

#include "core/sim/view/clusterview.h"
#include "ui/models/etcdkeymodel.h"
#include "ui/models/keyhistorymodel.h"
#include "ui/models/watcheventmodel.h"
#include "ui/theme.h"
#include "ui/widgets/tailfollower.h"
#include "ui/widgets/layoutbarrier.h"

#include <QHeaderView>
#include <QHBoxLayout>
#include <QJsonDocument>
#include <QLabel>
#include <QPlainTextEdit>
#include <QSplitter>
#include <QTabWidget>
#include <QTableView>
#include <QVBoxLayout>

namespace rlab::ui {

namespace {

QTableView *makeTable(QAbstractItemModel *model, QWidget *parent, const char *name)
{
    auto *view = new QTableView(parent);
    view->setObjectName(QLatin1String(name));
    view->setModel(model);
    view->setSelectionBehavior(QAbstractItemView::SelectRows);
    view->setSelectionMode(QAbstractItemView::SingleSelection);
    view->setAlternatingRowColors(true);
    view->setShowGrid(false);
    view->setWordWrap(false);
    view->verticalHeader()->setVisible(false);
    view->verticalHeader()->setDefaultSectionSize(view->fontMetrics().height() + 6);
    view->horizontalHeader()->setHighlightSections(false);
    return view;
}

// Each column as wide as its header or `sample`, whichever is wider.
void sizeNumberColumns(QTableView *view, int firstNumberColumn, int lastNumberColumn, const QString &sample)
{
    const QFontMetrics fm = view->fontMetrics();
    for (int c = firstNumberColumn; c <= lastNumberColumn; ++c) {
        const QString title = view->model()->headerData(c, Qt::Horizontal).toString();
        view->horizontalHeader()->resizeSection(c, qMax(fm.horizontalAdvance(title), fm.horizontalAdvance(sample)) + 14);
    }
}

} // namespace

EtcdPanel::EtcdPanel(EtcdKeyModel *keys, WatchEventModel *watchEvents, QWidget *parent)
    : QWidget(parent),
      m_keys(keys),
      m_watchEvents(watchEvents),
      m_history(new KeyHistoryModel(this)),
      m_revision(new QLabel(this)),
      m_keyCount(new QLabel(this)),
      m_keyView(makeTable(keys, this, "etcdKeys")),
      m_tabs(new QTabWidget(this)),
      m_valueCaption(new QLabel(this)),
      m_value(new QPlainTextEdit(this)),
      m_historyView(makeTable(m_history, this, "etcdHistory")),
      m_watchView(makeTable(watchEvents, this, "watchEvents")),
      m_splitter(new QSplitter(Qt::Vertical, this))
{
    m_revision->setObjectName(QStringLiteral("etcdRevision"));
    m_revision->setFont(theme::headlineFont(2.2));
    m_revision->setStyleSheet(QStringLiteral("color: %1").arg(theme::accent().name()));
    m_revision->setToolTip(tr("The store's current revision: every write (PUT or DELETE) bumps it by one.\n"
                              "A Kubernetes object's resourceVersion is the revision of its last write."));
    auto *caption = new QLabel(tr("etcd revision"), this);
    caption->setStyleSheet(QStringLiteral("color: %1").arg(theme::muted().name()));
    m_keyCount->setStyleSheet(QStringLiteral("color: %1").arg(theme::muted().name()));
    auto *captions = new QVBoxLayout;
    captions->setSpacing(0);
    captions->addStretch(1);
    captions->addWidget(caption);
    captions->addWidget(new LayoutBarrier(m_keyCount, this));   // both change every frame
    auto *header = new QHBoxLayout;
    header->addWidget(new LayoutBarrier(m_revision, this));
    header->addSpacing(8);
    header->addLayout(captions);
    header->addStretch(1);

    m_keyView->setTextElideMode(Qt::ElideLeft);
    m_keyView->horizontalHeader()->setSectionResizeMode(EtcdKeyModel::KeyColumn, QHeaderView::Stretch);
    sizeNumberColumns(m_keyView, EtcdKeyModel::CreateRevisionColumn, EtcdKeyModel::VersionColumn, QStringLiteral("9999"));

    m_value->setObjectName(QStringLiteral("etcdValue"));
    m_value->setReadOnly(true);
    m_value->setFont(theme::monospaceFont());
    m_value->setLineWrapMode(QPlainTextEdit::NoWrap);
    m_valueCaption->setWordWrap(true);
    m_valueCaption->setStyleSheet(QStringLiteral("color: %1").arg(theme::muted().name()));
    auto *valuePage = new QWidget(m_tabs);
    auto *valueLayout = new QVBoxLayout(valuePage);
    valueLayout->setContentsMargins(2, 2, 2, 2);
    valueLayout->addWidget(m_valueCaption);
    valueLayout->addWidget(m_value, 1);
    m_tabs->addTab(valuePage, tr("Value"));
    m_historyView->horizontalHeader()->setStretchLastSection(true);
    m_tabs->addTab(m_historyView, tr("History"));

    m_watchView->setTextElideMode(Qt::ElideLeft);
    m_watchView->horizontalHeader()->setSectionResizeMode(WatchEventModel::KeyColumn, QHeaderView::Stretch);
    sizeNumberColumns(m_watchView, WatchEventModel::RevisionColumn, WatchEventModel::TypeColumn, QStringLiteral("DELETE"));
    new TailFollower(m_watchView);
    auto *watchBox = new QWidget(this);
    auto *watchLayout = new QVBoxLayout(watchBox);
    watchLayout->setContentsMargins(0, 0, 0, 0);
    watchLayout->setSpacing(2);
    auto *watchCaption = new QLabel(tr("Watch events (etcdctl watch --prefix /)"), watchBox);
    watchCaption->setStyleSheet(QStringLiteral("color: %1").arg(theme::muted().name()));
    watchLayout->addWidget(watchCaption);
    watchLayout->addWidget(m_watchView, 1);

    m_splitter->addWidget(m_keyView);
    m_splitter->addWidget(m_tabs);
    m_splitter->addWidget(watchBox);
    m_splitter->setStretchFactor(0, 3);
    m_splitter->setStretchFactor(1, 3);
    m_splitter->setStretchFactor(2, 2);
    m_splitter->setChildrenCollapsible(false);

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addLayout(header);
    layout->addWidget(m_splitter, 1);

    connect(keys, &EtcdKeyModel::revisionChanged, this, &EtcdPanel::updateRevision);
    connect(keys, &QAbstractItemModel::rowsInserted, this, [this] { updateRevision(m_keys->revision()); });
    connect(keys, &QAbstractItemModel::rowsRemoved, this, [this] { updateRevision(m_keys->revision()); });
    connect(keys, &QAbstractItemModel::modelReset, this, [this] {
        updateRevision(m_keys->revision());
        selectKey({});
    });
    connect(m_keyView->selectionModel(), &QItemSelectionModel::currentRowChanged, this, &EtcdPanel::keySelected);
    connect(m_historyView->selectionModel(), &QItemSelectionModel::currentRowChanged, this, &EtcdPanel::historySelected);
    updateRevision(keys->revision());
    showCurrentValue();
}

EtcdPanel::~EtcdPanel() = default;

void EtcdPanel::setView(const view::ClusterView *view)
{
    m_view = view;
    reloadHistory();
    showCurrentValue();
}

void EtcdPanel::updateRevision(qint64 revision)
{
    m_revision->setText(QString::number(revision));
    m_keyCount->setText(tr("%n key(s)", nullptr, m_keys->rowCount()));
}

void EtcdPanel::selectKey(const QByteArray &key)
{
    const int row = m_keys->rowOfKey(key);
    if (row >= 0) {
        m_keyView->setCurrentIndex(m_keys->index(row, 0));
        m_keyView->scrollTo(m_keys->index(row, 0));
        return;
    }
    m_keyView->clearSelection();
    m_selectedKey = key;
    reloadHistory();
    showCurrentValue();
}

void EtcdPanel::keySelected()
{
    m_selectedKey = m_keys->keyAt(m_keyView->currentIndex().row());
    reloadHistory();
    showCurrentValue();
}

void EtcdPanel::reloadHistory()
{
    if (!m_view || m_selectedKey.isEmpty()) {
        m_history->clear();
        return;
    }
    m_history->setHistory(m_selectedKey, m_view->history(m_selectedKey));
    m_historyView->scrollToBottom();
}

void EtcdPanel::historySelected()
{
    const int row = m_historyView->currentIndex().row();
    if (row < 0 || row >= m_history->rowCount())
        return;
    const view::WatchEvent &e = m_history->event(row);
    if (e.type == view::WatchEvent::Delete) {
        showValue({}, tr("%1 was deleted at revision %2.").arg(QString::fromUtf8(m_selectedKey)).arg(e.revision.main));
        return;
    }
    showValue(e.kv.bytes(), tr("At revision %1 · version %2 · %3 bytes")
                                .arg(e.kv.modRevision)
                                .arg(e.kv.version)
                                .arg(e.kv.bytes().size()));
    m_tabs->setCurrentIndex(0);
}

void EtcdPanel::showCurrentValue()
{
    if (m_selectedKey.isEmpty() || !m_view) {
        showValue({}, tr("Select a key to see the bytes the API server wrote."));
        return;
    }
    const std::optional<view::KeyValue> now = m_view->value(m_selectedKey);
    if (!now) {
        showValue({}, tr("%1 does not exist (deleted).").arg(QString::fromUtf8(m_selectedKey)));
        return;
    }
    const view::KeyValue &kv = *now;
    const QByteArray bytes = kv.bytes();
    showValue(bytes, tr("Now: mod revision %1 · version %2 · %3 bytes")
                         .arg(kv.modRevision)
                         .arg(kv.version)
                         .arg(bytes.size()));
}

void EtcdPanel::showValue(const QByteArray &bytes, const QString &caption)
{
    m_valueCaption->setText(caption);
    const QJsonDocument doc = QJsonDocument::fromJson(bytes);
    m_value->setPlainText(doc.isNull() ? QString::fromUtf8(bytes) : QString::fromUtf8(doc.toJson(QJsonDocument::Indented)));
}

QString EtcdPanel::valueText() const
{
    return m_value->toPlainText();
}

void EtcdPanel::storeEventsApplied(const std::vector<view::WatchEvent> &events)
{
    if (m_selectedKey.isEmpty())
        return;
    for (const view::WatchEvent &e : events) {
        if (e.kv.key == m_selectedKey) {
            reloadHistory();
            showCurrentValue();
            return;
        }
    }
}

} // namespace rlab::ui
