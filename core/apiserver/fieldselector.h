#pragma once
#include "core/api/object.h"

#include <QList>
#include <QString>
#include <optional>

namespace rlab::apiserver {

// A field selector (?fieldSelector=spec.nodeName=n1,status.phase!=Running): ANDed terms of
// =, == or != on the fields the API server indexes for that resource (metadata.name and
// metadata.namespace everywhere; spec.nodeName, status.phase… for pods; involvedObject.* for
// events). Unknown fields are refused like upstream: `field label not supported: spec.foo`.
class FieldSelector
{
public:
    struct Term
    {
        QString field, value;
        bool equals = true;
    };

    static std::optional<FieldSelector> parse(const QString &text, const QString &resource, QString *error);
    bool matches(const api::Object &obj) const;
    bool isEmpty() const { return m_terms.isEmpty(); }
    // The value of a selectable field on this object, or nullopt if the field is not selectable.
    static std::optional<QString> fieldValue(const api::Object &obj, const QString &field);
    const QList<Term> &terms() const { return m_terms; }

private:
    QList<Term> m_terms;
};

} // namespace rlab::apiserver
