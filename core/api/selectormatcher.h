// SPDX-License-Identifier: Apache-2.0
#pragma once
#include "core/api/labelselector.h"

namespace rlab::api {

// Selector::matches over many label sets in a row, remembering the last answer by the labels'
// shared data: the pods of one ReplicaSet hold one copy of their template's labels (an
// implicitly shared QMap), so a sync over its 1,000 pods matches once, not 1,000 times.
// E.g. SelectorMatcher m(sel); m(a.labels); m(b.labels) with b a copy of a: one match.
// Holds a reference to the last labels (so their data cannot be freed and reused meanwhile) and
// to the selector (which must outlive it). Not thread-safe: a local of one loop.
class SelectorMatcher
{
public:
    explicit SelectorMatcher(const Selector &selector) : m_selector(selector) {}

    bool operator()(const Labels &labels)
    {
        if (m_valid && labels.isSharedWith(m_last))
            return m_result;
        m_result = m_selector.matches(labels);
        m_last = labels;
        m_valid = true;
        return m_result;
    }

private:
    const Selector &m_selector;
    Labels m_last;
    bool m_valid = false, m_result = false;
};

} // namespace rlab::api
