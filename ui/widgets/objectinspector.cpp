#include "ui/widgets/objectinspector.h"

#include "ui/widgets/layoutbarrier.h"

#include "ui/models/objectsummary.h"
#include "ui/theme.h"
#include "ui/timetravel/yamlpath.h"
#include "ui/yamlemitter.h"

#include <QMouseEvent>
#include <QLabel>
#include <QMenu>
#include <QPlainTextEdit>
#include <QScrollBar>
#include <QVBoxLayout>

#include <utility>

namespace rlab::ui {

ObjectInspector::ObjectInspector(QWidget *parent)
    : QWidget(parent),
      m_title(new QLabel(this)),
      m_subtitle(new QLabel(this)),
      m_explanation(new QLabel(this)), m_scheduling(new QLabel(this)),
      m_yaml(new QPlainTextEdit(this))
{
    m_title->setFont(theme::headlineFont(1.15));
    m_title->setTextFormat(Qt::RichText);
    m_subtitle->setTextFormat(Qt::PlainText);
    m_subtitle->setStyleSheet(QStringLiteral("color: %1").arg(theme::muted().name()));
    m_subtitle->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_explanation->setTextFormat(Qt::PlainText);
    m_explanation->setWordWrap(true);
    m_scheduling->setObjectName(QStringLiteral("inspectorScheduling"));
    m_scheduling->setTextFormat(Qt::PlainText);
    m_scheduling->setWordWrap(true);
    m_scheduling->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_scheduling->setVisible(false);
    m_yaml->setObjectName(QStringLiteral("inspectorYaml"));
    m_yaml->setReadOnly(true);
    m_yaml->setFont(theme::monospaceFont());
    m_yaml->setLineWrapMode(QPlainTextEdit::NoWrap);
    m_yaml->setToolTip(tr("Double-click a field (or right-click it) to find the etcd revision that set its value"));
    m_yaml->setContextMenuPolicy(Qt::CustomContextMenu);
    m_yaml->viewport()->installEventFilter(this);
    connect(m_yaml, &QWidget::customContextMenuRequested, this, [this](const QPoint &pos) {
        const QString path = fieldPathAt(m_yaml->cursorForPosition(pos).blockNumber());
        QMenu *menu = m_yaml->createStandardContextMenu(pos);
        menu->addSeparator();
        QAction *origin = menu->addAction(path.isEmpty() ? tr("Where did this value come from?")
                                                         : tr("Where did %1 get its value?").arg(path));
        origin->setEnabled(!path.isEmpty() && !m_key.isEmpty());
        connect(origin, &QAction::triggered, this, [this, path] { emit fieldOriginRequested(m_key, path); });
        menu->exec(m_yaml->viewport()->mapToGlobal(pos));
        delete menu;
    });
    m_dueFallback.setSingleShot(true);
    m_dueFallback.setInterval(kDueFallbackMs);
    connect(&m_dueFallback, &QTimer::timeout, this, &ObjectInspector::frameStarted);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    m_titleBarrier = new LayoutBarrier(m_title, this);   // a new resourceVersion every rewrite
    layout->addWidget(m_titleBarrier);
    layout->addWidget(m_subtitle);
    layout->addWidget(m_explanation);
    layout->addWidget(m_scheduling);
    layout->addWidget(m_yaml, 1);
    clear();
}

QString ObjectInspector::fieldPathAt(int line) const
{
    return yamlPathAtLine(m_yaml->toPlainText(), line);
}

bool ObjectInspector::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == m_yaml->viewport() && event->type() == QEvent::MouseButtonDblClick && !m_key.isEmpty()) {
        const auto *mouse = static_cast<QMouseEvent *>(event);
        const QString path = fieldPathAt(m_yaml->cursorForPosition(mouse->position().toPoint()).blockNumber());
        if (!path.isEmpty()) {
            emit fieldOriginRequested(m_key, path);
            return true;
        }
    }
    return QWidget::eventFilter(watched, event);
}

void ObjectInspector::clear()
{
    m_pending.reset();
    m_dueFallback.stop();
    m_object.reset();
    m_key.clear();
    m_title->setText(tr("No object selected"));
    m_title->setToolTip({});
    m_subtitle->setText(tr("Select an object in the Objects panel."));
    m_subtitle->setVisible(true);
    m_explanation->clear();
    m_explanation->setVisible(false);
    setScheduling(QString());
    m_yaml->clear();
}

void ObjectInspector::setScheduling(const QString &text)
{
    m_scheduling->setText(text);
    m_scheduling->setVisible(!text.isEmpty());
}

QString ObjectInspector::schedulingText() const
{
    return m_scheduling->text();
}

void ObjectInspector::setObject(const api::ObjectPtr &object, const QByteArray &etcdKey)
{
    if (!object) {
        clear();
        return;
    }
    if (etcdKey == m_key && m_object) {
        if (object == (m_pending ? m_pending : m_object))
            return;   // another table's rows moved, not this object (ObjectsPanel on rowsRemoved)
        if (m_framesRun && m_framesRun()) {
            m_pending = object;
            if (!m_dueFallback.isActive())
                m_dueFallback.start();
            return;
        }
    }
    show(object, etcdKey);
}

void ObjectInspector::frameStarted()
{
    if (!m_pending)
        return;
    const api::ObjectPtr object = std::exchange(m_pending, nullptr);
    show(object, m_key);
}

void ObjectInspector::show(const api::ObjectPtr &object, const QByteArray &etcdKey)
{
    m_pending.reset();
    m_dueFallback.stop();
    ++m_renders;
    const bool same = m_key == etcdKey;
    if (!same)
        setScheduling(QString());
    const int scroll = m_yaml->verticalScrollBar()->value();
    m_object = object;
    m_key = etcdKey;
    const QString ns = object->metadata.namespace_;
    const QString name = QStringLiteral("%1 %2").arg(object->kindName, ns.isEmpty() ? object->metadata.name : ns + QLatin1Char('/') + object->metadata.name);
    m_title->setText(QStringLiteral("%1 <span style=\"font-weight: normal; color: %2;\">· resourceVersion %3</span>")
                         .arg(name.toHtmlEscaped(), theme::muted().name(), object->metadata.resourceVersion.toHtmlEscaped()));
    m_title->setToolTip(QString::fromUtf8(etcdKey));
    if (!same)
        m_titleBarrier->refit();   // another object's title: fitted, narrower too
    m_subtitle->setVisible(false);
    m_explanation->setText(ObjectSummary::explanation(*object));
    m_explanation->setVisible(true);
    m_yaml->setPlainText(YamlEmitter::toYaml(object->toJson()));
    if (same)
        m_yaml->verticalScrollBar()->setValue(scroll);
}

QString ObjectInspector::yamlText() const
{
    return m_yaml->toPlainText();
}

} // namespace rlab::ui
