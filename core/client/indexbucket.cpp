// SPDX-License-Identifier: Apache-2.0
#include "core/client/indexbucket.h"

#include "core/base/utf16less.h"

#include <algorithm>

namespace rlab::client {

namespace {
bool keyBefore(const StoreItem *item, const QString &key)
{
    return utf16Less(item->first, key);
}
} // namespace

std::pair<std::size_t, std::size_t> IndexBucket::locate(const QString &key) const
{
    // The first run whose last key is not below `key`, or the last run (the key goes at its end).
    const auto last = std::partition_point(m_lastKeys.begin(), m_lastKeys.end() - 1, [&](const QString &k) { return utf16Less(k, key); });
    const std::size_t r = std::size_t(last - m_lastKeys.begin());
    const Run &run = m_runs[r];
    const auto at = std::lower_bound(run.begin(), run.end(), key, keyBefore);
    return {r, std::size_t(at - run.begin())};
}

void IndexBucket::insert(const StoreItem *item)
{
    if (m_runs.empty()) {
        m_runs.emplace_back(1, item);
        m_lastKeys.push_back(item->first);
        m_size = 1;
        return;
    }
    auto [r, at] = locate(item->first);
    if (at < m_runs[r].size() && m_runs[r][at]->first == item->first)
        return;
    if (m_runs[r].size() == kMaxRun) {   // split: the upper half becomes the next run
        Run upper(m_runs[r].begin() + kMaxRun / 2, m_runs[r].end());
        m_runs[r].resize(kMaxRun / 2);
        m_runs[r].shrink_to_fit();
        m_runs.insert(m_runs.begin() + std::ptrdiff_t(r) + 1, std::move(upper));
        m_lastKeys.insert(m_lastKeys.begin() + std::ptrdiff_t(r), m_runs[r].back()->first);
        if (at > kMaxRun / 2) {
            ++r;
            at -= kMaxRun / 2;
        }
    }
    m_runs[r].insert(m_runs[r].begin() + std::ptrdiff_t(at), item);
    if (at + 1 == m_runs[r].size())
        m_lastKeys[r] = item->first;
    ++m_size;
}

bool IndexBucket::erase(const QString &key)
{
    if (m_runs.empty())
        return false;
    const auto [r, at] = locate(key);
    Run &run = m_runs[r];
    if (at >= run.size() || run[at]->first != key)
        return false;
    run.erase(run.begin() + std::ptrdiff_t(at));
    --m_size;
    if (run.empty()) {
        m_runs.erase(m_runs.begin() + std::ptrdiff_t(r));
        m_lastKeys.erase(m_lastKeys.begin() + std::ptrdiff_t(r));
        return true;
    }
    if (at == run.size())
        m_lastKeys[r] = run.back()->first;
    // A run that fits in half a run with a neighbour merges into it (deletions leave no trail of
    // small runs).
    for (const std::size_t left : {r, r - 1}) {
        if (left + 1 >= m_runs.size() || left >= m_runs.size())   // r - 1 wraps when r is 0
            continue;
        if (m_runs[left].size() + m_runs[left + 1].size() <= kMaxRun / 2) {
            Run &into = m_runs[left];
            const Run &next = m_runs[left + 1];
            into.insert(into.end(), next.begin(), next.end());
            m_runs.erase(m_runs.begin() + std::ptrdiff_t(left) + 1);
            m_lastKeys.erase(m_lastKeys.begin() + std::ptrdiff_t(left));   // left's last is next's
            break;
        }
    }
    return true;
}

} // namespace rlab::client
