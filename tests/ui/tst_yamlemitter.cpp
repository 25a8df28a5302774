#include "ui/yamlemitter.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QtTest>

using namespace rlab::ui;

// JSON -> YAML as `kubectl get -o yaml` prints it.
class TestYamlEmitter : public QObject
{
    Q_OBJECT

private slots:
    void testScalars_data()
    {
        QTest::addColumn<QString>("in");
        QTest::addColumn<QString>("out");
        QTest::newRow("plain") << "nginx" << "nginx";
        QTest::newRow("image with colon") << "nginx:1.25" << "nginx:1.25";
        QTest::newRow("empty") << "" << "\"\"";
        QTest::newRow("bool word") << "true" << "\"true\"";
        QTest::newRow("yes") << "yes" << "\"yes\"";
        QTest::newRow("null word") << "null" << "\"null\"";
        QTest::newRow("integer") << "3" << "\"3\"";
        QTest::newRow("float") << "1.25" << "\"1.25\"";
        QTest::newRow("timestamp") << "2026-01-01T00:00:00Z" << "\"2026-01-01T00:00:00Z\"";
        QTest::newRow("colon space") << "a: b" << "\"a: b\"";
        QTest::newRow("comment") << "a #b" << "\"a #b\"";
        QTest::newRow("leading star") << "*alias" << "\"*alias\"";
        QTest::newRow("json") << "{\"a\":1}" << "\"{\\\"a\\\":1}\"";
        QTest::newRow("newline") << "a\nb" << "\"a\\nb\"";
        QTest::newRow("dash word") << "-x" << "-x";
        QTest::newRow("lone dash") << "-" << "\"-\"";
        QTest::newRow("label key") << "app.kubernetes.io/name" << "app.kubernetes.io/name";
    }

    void testScalars()
    {
        QFETCH(QString, in);
        QFETCH(QString, out);
        QCOMPARE(YamlEmitter::scalar(in), out);
    }

    void testDocument()
    {
        const QJsonObject obj = QJsonDocument::fromJson(R"({
            "apiVersion": "apps/v1", "kind": "Deployment",
            "metadata": {"name": "nginx", "labels": {"app": "nginx"}, "annotations": {}},
            "spec": {"replicas": 3, "paused": false, "template": {"spec": {"containers": [
                {"name": "nginx", "image": "nginx:1.25", "ports": [{"containerPort": 80}], "args": ["-g", "daemon off;"]}
            ]}}, "empty": []}
        })").object();
        const QString expected = QStringLiteral(
            "apiVersion: apps/v1\n"
            "kind: Deployment\n"
            "metadata:\n"
            "  annotations: {}\n"
            "  labels:\n"
            "    app: nginx\n"
            "  name: nginx\n"
            "spec:\n"
            "  empty: []\n"
            "  paused: false\n"
            "  replicas: 3\n"
            "  template:\n"
            "    spec:\n"
            "      containers:\n"
            "      - args:\n"
            "        - -g\n"
            "        - daemon off;\n"
            "        image: nginx:1.25\n"
            "        name: nginx\n"
            "        ports:\n"
            "        - containerPort: 80\n");
        QCOMPARE(YamlEmitter::toYaml(obj), expected);
    }

    void testNestedSequences()
    {
        const QJsonArray a{QJsonArray{1, 2}, QJsonObject{{"a", 1.5}}, QJsonValue()};
        QCOMPARE(YamlEmitter::toYaml(a), QStringLiteral("- - 1\n  - 2\n- a: 1.5\n- null\n"));
    }
};

QTEST_MAIN(TestYamlEmitter)
#include "tst_yamlemitter.moc"
