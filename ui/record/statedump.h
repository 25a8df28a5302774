#pragma once
#include <QJsonObject>

namespace rlab::client {
class Interface;
}

namespace rlab::ui {

// Every object in the store as a Kubernetes List, items sorted by kind, namespace, name, each as
// `kubectl get -o json` shows it, status included: exactly what `rlab run --dump FILE.json`
// writes (ScenarioRunner::dump), so a GUI session and a headless run compare byte for byte.
// Plain function; any thread (the API server is thread-safe).
struct StateDump
{
    static QJsonObject objects(client::Interface &api);
    static QByteArray json(const QJsonObject &list);   // indented, as --dump x.json writes it
};

} // namespace rlab::ui
