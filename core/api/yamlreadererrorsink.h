#pragma once
#include "core/api/sourcedocument.h"

#include <QString>

// Part of YamlReader (core/api/yamlreader.h), internal to core/api.

namespace rlab::api::yamlread {

// Collects errors for one file, up to a limit.
// Thread rules: one reader, one thread.
class ErrorSink
{
public:
    ErrorSink(QString file, int max)
        : m_file(std::move(file))
        , m_max(max)
    {
    }
    void add(SourcePosition pos, const QString &message)
    {
        if (m_list.size() < m_max) {
            m_list.append(SourceError{m_file, pos.line, pos.column, message});
        } else if (m_list.size() == m_max) {
            m_list.append(SourceError{m_file, pos.line, pos.column,
                                      QStringLiteral("too many errors (more than %1), giving up").arg(m_max)});
        }
    }
    bool full() const { return m_list.size() > m_max; }
    bool isEmpty() const { return m_list.isEmpty(); }
    const SourceErrors &list() const { return m_list; }
    const QString &file() const { return m_file; }

private:
    QString m_file;
    int m_max;
    SourceErrors m_list;
};

} // namespace rlab::api::yamlread
