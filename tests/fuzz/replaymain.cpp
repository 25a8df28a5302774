// SPDX-License-Identifier: Apache-2.0
// Replays fuzz inputs through a target's LLVMFuzzerTestOneInput: every regular file under the
// directories (or the files) given, sorted, one call each. CI runs it on tests/fuzz/<name>/ (the
// corpus and every crash input ever found) as the ctest tst_fuzz_<name>; a crash fails the test.
#include "tests/fuzz/fuzzinput.h"

#include <QCoreApplication>
#include <QDirIterator>
#include <QFile>
#include <QFileInfo>

#include <cstdio>

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    QStringList files;
    for (int i = 1; i < argc; ++i) {
        const QString arg = QString::fromLocal8Bit(argv[i]);
        if (QFileInfo(arg).isDir()) {
            QDirIterator it(arg, QDir::Files, QDirIterator::Subdirectories);
            while (it.hasNext())
                files << it.next();
        } else {
            files << arg;
        }
    }
    files.sort();
    if (files.isEmpty()) {
        std::fprintf(stderr, "no inputs under the given paths\n");
        return 1;
    }
    for (const QString &f : files) {
        QFile file(f);
        if (!file.open(QIODevice::ReadOnly)) {
            std::fprintf(stderr, "cannot read %s\n", qPrintable(f));
            return 1;
        }
        const QByteArray data = file.readAll();
        LLVMFuzzerTestOneInput(reinterpret_cast<const uint8_t *>(data.constData()), size_t(data.size()));
    }
    std::printf("replayed %lld inputs: no crash\n", static_cast<long long>(files.size()));
    return 0;
}
