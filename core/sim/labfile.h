#pragma once
#include "core/sim/simulation.h"
#include "core/store/storeimage.h"

#include <QByteArray>
#include <QString>
#include <optional>

namespace rlab {

// A saved lab (File → Save lab…, the window's autosave, `rlab serve --state FILE`): the store
// with all its retained history, the virtual clock, the API server's name generator and the
// lab's settings, as one JSON document {"kind":"ReconcileLab","apiVersion":"rlab/v1",...}.
// Loading gives a SimulationConfig whose cluster restores that store instead of bootstrapping
// a new one: every controller then starts against it as after a control-plane restart (the
// informers list, the queues fill, the kubelets pick their pods up), at the saved revision and
// time. Example: a lab saved at revision 118, 12:04 of virtual time, restores to revision 118
// at 12:04, and the next write is at 119 with the names the lab would have drawn next.
// save() writes atomically (QSaveFile: a temporary file renamed over the target). A file that
// is not a saved lab, or a damaged one, gives one clear error naming the file and the field;
// nothing is created then. Stateless; any thread, but encode() reads a Simulation that must not
// be running threaded on another thread.
class LabFile
{
public:
    static constexpr int kFormatVersion = 1;

    // What a save needs, taken from a Simulation at once (values: the store image shares the
    // stored objects); encoding it, the slow part, may then run on any thread.
    struct Capture
    {
        SimulationConfig config;
        qint64 nowMs = 0;
        QByteArray nameGenerator;
        store::StoreImage store;
    };
    static Capture capture(Simulation &sim);
    static QByteArray encode(const Capture &capture);
    static bool write(const Capture &capture, const QString &path, QString *error = nullptr);

    static QByteArray encode(Simulation &sim) { return encode(capture(sim)); }
    static bool save(Simulation &sim, const QString &path, QString *error = nullptr) { return write(capture(sim), path, error); }
    // `source` names the bytes in errors ("lab.rlab: store.keys[3]: ...").
    static std::optional<SimulationConfig> decode(const QByteArray &bytes, const QString &source, QString *error = nullptr);
    static std::optional<SimulationConfig> load(const QString &path, QString *error = nullptr);
};

} // namespace rlab
