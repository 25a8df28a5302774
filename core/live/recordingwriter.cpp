#include "core/live/recordingwriter.h"

#include <QJsonDocument>

namespace rlab::live {

bool RecordingWriter::open(const QString &path, const RecordingHeader &header, QString *error)
{
    close();
    m_file.setFileName(path);
    if (!m_file.open(QIODevice::WriteOnly | QIODevice::Truncate)) {
        *error = QStringLiteral("cannot write %1: %2").arg(path, m_file.errorString());
        return false;
    }
    m_file.write(QJsonDocument(header.toJson()).toJson(QJsonDocument::Compact) + '\n');
    m_file.flush();
    m_events = 0;
    return true;
}

QByteArray RecordingWriter::line(const LiveEvent &event)
{
    const QJsonObject o{{QStringLiteral("t"), event.t},
                        {QStringLiteral("type"), LiveEvent::typeName(event.type)},
                        {QStringLiteral("resource"), event.resource},
                        {QStringLiteral("object"), event.object ? event.object->toJson() : QJsonObject{}}};
    return QJsonDocument(o).toJson(QJsonDocument::Compact) + '\n';
}

void RecordingWriter::write(const LiveEvent &event)
{
    if (!m_file.isOpen() || !event.object)
        return;
    m_file.write(line(event));
    m_file.flush();
    ++m_events;
}

void RecordingWriter::close()
{
    if (m_file.isOpen())
        m_file.close();
}

} // namespace rlab::live
