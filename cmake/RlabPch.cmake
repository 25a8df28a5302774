# Precompiled headers (RLAB_PCH, default ON). Nearly every file of ours preprocesses to ~135,000
# lines of Qt and standard headers and spends 2/3 of its compile time parsing them: measured with
# g++ 12 -g1 on this tree, api/validationpod.cpp 3.3 s -> 1.5 s, store/watcher.cpp 2.2 s -> 0.6 s,
# tests/core/tst_kubelet.cpp 4.7 s -> 2.9 s. One PCH per group of targets whose PCH headers see
# the same macros, built once by the group's first target and reused by the others (REUSE_FROM):
#   core     - the core floors (Qt Core and the standard library)
#   widgets  - rlab_ui
#   coretest - tests on Qt Core alone
#   nettest  - tests that link Qt Network (the HTTP server, client, live mode)
#   uitest   - tests of the window
# (qtest.h looks at QT_NETWORK_LIB, QT_WIDGETS_LIB and QT_GUI_LIB: each test group needs its own.)
# Only system headers go in: a change to our own headers rebuilds what includes them, as before.
option(RLAB_PCH "Precompile the Qt and standard headers every file includes" ON)

set(RLAB_PCH_HEADERS_core
  <algorithm> <atomic> <chrono> <deque> <functional> <map> <memory> <mutex> <optional> <vector>
  <QByteArray> <QDateTime> <QHash> <QJsonArray> <QJsonDocument> <QJsonObject> <QJsonValue> <QList>
  <QMap> <QObject> <QSet> <QString> <QStringList> <QVariant>)
set(RLAB_PCH_HEADERS_widgets ${RLAB_PCH_HEADERS_core}
  <QAction> <QComboBox> <QHBoxLayout> <QLabel> <QPainter> <QPushButton> <QTableView> <QVBoxLayout>
  <QWidget>)
set(RLAB_PCH_HEADERS_coretest ${RLAB_PCH_HEADERS_core} <QSignalSpy> <QTest>)
set(RLAB_PCH_HEADERS_nettest ${RLAB_PCH_HEADERS_coretest})
set(RLAB_PCH_HEADERS_uitest ${RLAB_PCH_HEADERS_widgets} <QSignalSpy> <QTest>)

# rlab_pch(<target> <group>): give <target> its group's precompiled headers.
function(rlab_pch target group)
  if(NOT RLAB_PCH)
    return()
  endif()
  get_property(donor GLOBAL PROPERTY RLAB_PCH_DONOR_${group})
  if(donor)
    target_precompile_headers(${target} REUSE_FROM ${donor})
  else()
    target_precompile_headers(${target} PRIVATE ${RLAB_PCH_HEADERS_${group}})
    set_property(GLOBAL PROPERTY RLAB_PCH_DONOR_${group} ${target})
  endif()
endfunction()
