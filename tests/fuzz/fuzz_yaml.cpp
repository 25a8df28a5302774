// SPDX-License-Identifier: Apache-2.0
// Fuzz target: a manifest file as `kubectl apply -f`, `rlab validate` and the window's drops
// read it (YamlReader, then kubectl's loadManifest: lists expanded, kinds mapped, objects decoded
// strictly and validated). Invariants: every source error names the file and a line >= 1;
// a manifest without errors has objects, and each object's JSON decodes again.
#include "core/api/codec.h"
#include "core/api/yamlreader.h"
#include "core/kubectl/manifest.h"
#include "tests/fuzz/fuzzinput.h"

using namespace rlab;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QByteArray text = fuzz::bytes(data, size);
    const QString file = QStringLiteral("fuzz.yaml");
    const api::ReadResult read = api::YamlReader::read(text, file);
    for (const api::SourceError &e : read.errors)
        RLAB_FUZZ_CHECK(e.file == file && e.line >= 1 && !e.message.isEmpty());
    for (const bool strict : {false, true}) {
        const kubectl::Manifest m = kubectl::loadManifest(text, file, strict);
        if (!m.errors.isEmpty())
            continue;
        RLAB_FUZZ_CHECK(!m.objects.isEmpty());
        for (const kubectl::ManifestObject &o : m.objects) {
            RLAB_FUZZ_CHECK(o.object);
            const api::DecodeResult again = api::decodeObject(o.object->toJson());
            RLAB_FUZZ_CHECK(again.error.isEmpty());
        }
    }
    return 0;
}
