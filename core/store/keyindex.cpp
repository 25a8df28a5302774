#include "core/store/keyindex.h"

namespace rlab::store {

std::optional<KeyIndex> KeyIndex::restored(const QByteArray &key, std::vector<Generation> generations, QString *error)
{
    if (key.isEmpty()) {
        if (error)
            *error = QStringLiteral("empty key");
        return std::nullopt;
    }
    std::optional<KeyGenerations> gens = KeyGenerations::restored(std::move(generations), error);
    if (!gens)
        return std::nullopt;
    return KeyIndex(key, std::move(*gens));
}

} // namespace rlab::store
