// SPDX-License-Identifier: Apache-2.0
#pragma once
#include <QByteArray>
#include <QString>

#include <cstddef>
#include <cstdint>

// The libFuzzer entry point every tests/fuzz/fuzz_<name>.cpp defines. Built two ways (see
// tests/CMakeLists.txt): with -DRLAB_FUZZ=ON under clang as a libFuzzer binary (scripts/fuzz.sh),
// and always as tst_fuzz_<name>, which replays tests/fuzz/<name>/corpus and crashes through it.
// A target must not crash, hang, leak or trip a sanitizer on any input; it checks invariants
// with RLAB_FUZZ_CHECK (abort), so a broken promise is a crash the fuzzer keeps.
extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define RLAB_FUZZ_CHECK(cond)                                                                                     \
    do {                                                                                                          \
        if (!(cond))                                                                                              \
            qFatal("fuzz invariant failed: %s (%s:%d)", #cond, __FILE__, __LINE__);                               \
    } while (false)

namespace rlab::fuzz {
inline QByteArray bytes(const uint8_t *data, size_t size)
{
    return QByteArray(reinterpret_cast<const char *>(data), qsizetype(size));
}
// Splits "first\nrest" at the first newline (rest empty when none): two inputs from one.
inline std::pair<QByteArray, QByteArray> splitOnce(const QByteArray &in)
{
    const qsizetype nl = in.indexOf('\n');
    return nl < 0 ? std::pair{in, QByteArray()} : std::pair{in.left(nl), in.mid(nl + 1)};
}
} // namespace rlab::fuzz
