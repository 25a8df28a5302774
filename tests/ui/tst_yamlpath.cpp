#include "ui/timetravel/yamlpath.h"

#include <QTest>

using namespace rlab::ui;

// yamlPathAtLine on the shapes YamlEmitter writes (kubectl get -o yaml style).
class TestYamlPath : public QObject
{
    Q_OBJECT
private slots:
    void path_data()
    {
        const QString deployment = QStringLiteral(
            "apiVersion: apps/v1\n"                                   // 0
            "kind: Deployment\n"                                      // 1
            "metadata:\n"                                             // 2
            "  annotations:\n"                                        // 3
            "    deployment.kubernetes.io/revision: \"2\"\n"          // 4
            "  name: web\n"                                           // 5
            "spec:\n"                                                 // 6
            "  replicas: 5\n"                                         // 7
            "  template:\n"                                           // 8
            "    spec:\n"                                             // 9
            "      containers:\n"                                     // 10
            "      - name: web\n"                                     // 11
            "        image: nginx:1.26\n"                             // 12
            "        ports:\n"                                        // 13
            "        - containerPort: 80\n"                           // 14
            "      - name: sidecar\n"                                 // 15
            "        image: busybox\n"                                // 16
            "      dnsPolicy: ClusterFirst\n"                         // 17
            "status:\n"                                               // 18
            "  conditions:\n"                                         // 19
            "    - type: Available\n"                                 // 20
            "      status: \"True\"\n"                                // 21
            "    - type: Progressing\n"                               // 22
            "  readyReplicas: 5\n"                                    // 23
            "\n");                                                    // 24
        QTest::addColumn<QString>("yaml");
        QTest::addColumn<int>("line");
        QTest::addColumn<QString>("path");
        QTest::newRow("top-level scalar") << deployment << 1 << "kind";
        QTest::newRow("mapping key") << deployment << 2 << "metadata";
        QTest::newRow("annotation with dots and slash") << deployment << 4
                                                        << "metadata.annotations[deployment.kubernetes.io/revision]";
        QTest::newRow("sibling after a nested map") << deployment << 5 << "metadata.name";
        QTest::newRow("spec.replicas") << deployment << 7 << "spec.replicas";
        QTest::newRow("first list item key") << deployment << 11 << "spec.template.spec.containers[0].name";
        QTest::newRow("second key of the item") << deployment << 12 << "spec.template.spec.containers[0].image";
        QTest::newRow("nested list") << deployment << 14 << "spec.template.spec.containers[0].ports[0].containerPort";
        QTest::newRow("second item") << deployment << 16 << "spec.template.spec.containers[1].image";
        QTest::newRow("key after the list ends") << deployment << 17 << "spec.template.spec.dnsPolicy";
        QTest::newRow("indented list style") << deployment << 21 << "status.conditions[0].status";
        QTest::newRow("indented list, second item") << deployment << 22 << "status.conditions[1].type";
        QTest::newRow("after an indented list") << deployment << 23 << "status.readyReplicas";
        QTest::newRow("blank line") << deployment << 24 << "";
        QTest::newRow("past the end") << deployment << 99 << "";
        QTest::newRow("negative") << deployment << -1 << "";
        QTest::newRow("scalar list item") << QStringLiteral("finalizers:\n- a\n- b\n") << 2 << "finalizers[1]";
        QTest::newRow("quoted key") << QStringLiteral("labels:\n  \"app.kubernetes.io/name\": web\n") << 1
                                    << "labels[app.kubernetes.io/name]";
    }
    void path()
    {
        QFETCH(QString, yaml);
        QFETCH(int, line);
        QFETCH(QString, path);
        QCOMPARE(yamlPathAtLine(yaml, line), path);
    }
};

QTEST_GUILESS_MAIN(TestYamlPath)
#include "tst_yamlpath.moc"
