// SPDX-License-Identifier: Apache-2.0
#include "core/base/tracerecord.h"

namespace rlab::tracerecord {

const char *readHeader(const char *src, Header *h, qint64 baseT, qint64 baseRev)
{
    const char *p = src;
    quint64 v = 0;
    h->flags = quint8(*p++);
    p = getName(p, &h->component);
    p = getName(p, &h->type);
    h->worker = -1;
    if (h->flags & HasWorker) {
        p = varint::get(p, &v);
        h->worker = int(varint::unzigzag(v));
    }
    p = varint::get(p, &v);
    h->t = qint64(quint64(baseT) + quint64(varint::unzigzag(v)));
    p = varint::get(p, &v);
    h->rev = qint64(quint64(baseRev) + quint64(varint::unzigzag(v)));
    h->textFn = h->detailFn = 0;
    h->args[0] = h->args[1] = h->args[2] = 0;
    if (h->flags & Lazy) {
        h->textFn = quint8(*p++);
        h->detailFn = quint8(*p++);
        const quint8 set = quint8(*p++);
        for (int i = 0; i < 3; ++i) {
            if (set & (1 << i)) {
                p = varint::get(p, &v);
                h->args[i] = varint::unzigzag(v);
            }
        }
    }
    h->detail = 0;
    if (h->flags & HasDetail) {
        p = varint::get(p, &v);
        h->detail = quint32(v);
    }
    h->keyLen = h->textLen = 0;
    if (h->flags & HasKey) {
        p = varint::get(p, &v);
        h->keyLen = quint32(v);
    }
    if (h->flags & HasText) {
        p = varint::get(p, &v);
        h->textLen = quint32(v);
    }
    return p;
}

} // namespace rlab::tracerecord
