#pragma once
#include "core/live/liveevent.h"
#include "core/live/recordingheader.h"

#include <QFile>
#include <QString>

namespace rlab::live {

// Writes a live-mode recording as JSON Lines: the header, then one line per watch event,
// {"t":1234,"type":"MODIFIED","resource":"replicasets","object":{…}} with the object exactly as
// received. Nothing else reaches the file (no kubeconfig, token or key is ever given to it).
// Each line is flushed, so a recorder stopped by Ctrl-C leaves a readable file.
// Thread rules: one thread at a time.
class RecordingWriter
{
public:
    // False (with `error`, the file left closed) if `path` cannot be written.
    bool open(const QString &path, const RecordingHeader &header, QString *error);
    void write(const LiveEvent &event);
    void close();
    bool isOpen() const { return m_file.isOpen(); }
    qint64 events() const { return m_events; }
    QString path() const { return m_file.fileName(); }

    static QByteArray line(const LiveEvent &event);

private:
    QFile m_file;
    qint64 m_events = 0;
};

} // namespace rlab::live
