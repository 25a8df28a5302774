// The Objects panel fits its columns to the viewport's width at each resize (fitColumns). That
// must settle: it once read the hidden Namespace column's width as 0, showed it again with no
// room counted, the columns stuck out, a horizontal bar came and took height, the vertical bar
// width, the Namespace column hid, and round again — an endless relayout that held
// `reconcile-lab --screenshot` inside one processEvents() (found by tst_openscenario hanging,
// issue #17; the old code: 120 viewport resizes when first shown). Swept over sizes from a few
// rows to all of them, each resize must settle in a few viewport resizes.
#include "core/api/pod.h"
#include "tests/testutil/fixtures.h"
#include "ui/models/objecttreemodel.h"
#include "ui/widgets/objectspanel.h"

#include <QApplication>
#include <QHeaderView>
#include <QTest>
#include <QTreeView>

using namespace rlab;
using namespace rlab::ui;

namespace {
// Counts the viewport's resizes; past kEndless it breaks the loop itself (the horizontal bar
// off) so that a failing run ends instead of hanging.
class ResizeCounter : public QObject
{
public:
    static constexpr int kEndless = 200;
    explicit ResizeCounter(QTreeView *view) : m_view(view) { view->viewport()->installEventFilter(this); }
    int count = 0;
    int most = 0;
    bool eventFilter(QObject *, QEvent *e) override
    {
        if (e->type() == QEvent::Resize && ++count > kEndless && !m_broke) {
            m_broke = true;
            m_view->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
        }
        return false;
    }
    void next()
    {
        most = std::max(most, count);
        count = 0;
    }

private:
    QTreeView *m_view;
    bool m_broke = false;
};
} // namespace

class TestObjectsPanel : public QObject
{
    Q_OBJECT
private slots:
    void fittingColumnsSettlesAtEverySize()
    {
        ObjectTreeModel model;
        std::vector<view::KeyValue> kvs;
        for (int i = 0; i < 24; ++i) {
            view::KeyValue kv;
            const QString name = QStringLiteral("nginx-7c5b4f9d8-p%1").arg(i, 3, 10, QLatin1Char('0'));
            kv.key = "/registry/pods/default/" + name.toUtf8();
            kv.createRevision = kv.modRevision = i + 1;
            kv.version = 1;
            kv.value = test::makePod(name, QStringLiteral("node-1"));
            kvs.push_back(kv);
        }
        model.reset(kvs);
        ObjectsPanel panel(&model);
        QTreeView *view = panel.view();
        ResizeCounter counter(view);
        panel.resize(300, 300);
        panel.show();
        QVERIFY(QTest::qWaitForWindowExposed(&panel));
        QApplication::processEvents();
        QVERIFY2(counter.count <= 8, qPrintable(QStringLiteral("%1 viewport resizes when shown").arg(counter.count)));
        // Heights from a few rows to all of them, so that somewhere the rows just fill the view.
        for (int h = 160; h <= 760; h += 7) {
            for (int w = 140; w <= 520; w += 19) {
                counter.next();
                panel.resize(w, h);
                QApplication::processEvents();
                QApplication::processEvents();
                QVERIFY2(counter.count <= 8, qPrintable(QStringLiteral("%1 viewport resizes at %2 x %3").arg(counter.count).arg(w).arg(h)));
            }
        }
        counter.next();
        qInfo("at most %d viewport resizes per panel resize", counter.most);
    }
};

QTEST_MAIN(TestObjectsPanel)
#include "tst_objectspanel.moc"
