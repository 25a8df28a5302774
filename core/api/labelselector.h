#pragma once
#include "core/api/fieldopts.h"

#include <QList>
#include <QMap>
#include <QString>
#include <QStringList>
#include <optional>

namespace rlab::api {

using Labels = QMap<QString, QString>;

// metav1.LabelSelectorRequirement: {key, operator: In|NotIn|Exists|DoesNotExist, values}.
struct LabelSelectorRequirement
{
    static constexpr const char *kGoName = "LabelSelectorRequirement";
    QString key;
    QString operator_;
    QStringList values;
    bool operator==(const LabelSelectorRequirement &) const = default;
};

template<class V> void visitFields(V &v, LabelSelectorRequirement &r)
{
    v("key", r.key, Keep);
    v("operator", r.operator_, Keep);
    v("values", r.values);
}

// metav1.LabelSelector (matchLabels AND matchExpressions). An empty selector matches everything
// (metav1.LabelSelectorAsSelector); a null one (std::nullopt at the use site) matches nothing.
struct LabelSelector
{
    static constexpr const char *kGoName = "LabelSelector";
    Labels matchLabels;
    QList<LabelSelectorRequirement> matchExpressions;
    bool isEmpty() const { return matchLabels.isEmpty() && matchExpressions.isEmpty(); }
    bool operator==(const LabelSelector &) const = default;
};

template<class V> void visitFields(V &v, LabelSelector &s)
{
    v("matchLabels", s.matchLabels);
    v("matchExpressions", s.matchExpressions);
}

// A parsed label selector as kubectl's -l and the API's ?labelSelector= take it
// (k8s.io/apimachinery/pkg/labels): "app=web,tier!=db,env in (a,b),!canary,version".
// Requirements are ANDed. Operators: =, ==, !=, in, notin, exists (bare key), !key, and gt/lt
// are not accepted in label selectors (only in node selector terms).
class Selector
{
public:
    enum class Op { Equals, NotEquals, In, NotIn, Exists, DoesNotExist };
    struct Requirement
    {
        QString key;
        Op op;
        QStringList values;   // sorted, like upstream
        bool operator==(const Requirement &) const = default;
    };

    Selector() = default;   // empty: matches everything
    static Selector nothing();   // matches nothing (labels.Nothing())

    // Parses the string form; on error returns nullopt and an upstream-worded message in *error
    // (e.g. "unable to parse requirement: found 'in', expected: ',' or 'end of string'").
    static std::optional<Selector> parse(const QString &text, QString *error = nullptr);
    // metav1.LabelSelectorAsSelector; invalid operators/values give nullopt + *error.
    static std::optional<Selector> fromLabelSelector(const LabelSelector &s, QString *error = nullptr);

    bool matches(const Labels &labels) const;
    bool isEmpty() const { return !m_nothing && m_requirements.isEmpty(); }
    QString toString() const;   // canonical string form, requirements sorted by key
    const QList<Requirement> &requirements() const { return m_requirements; }
    // The same requirements in the same order (equal selectors may still differ in order).
    bool operator==(const Selector &) const = default;

private:
    QList<Requirement> m_requirements;
    bool m_nothing = false;
};

} // namespace rlab::api
