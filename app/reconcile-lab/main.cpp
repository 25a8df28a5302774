#include "ui/launcher.h"

#include <QApplication>

int main(int argc, char *argv[])
{
    QApplication app(argc, argv);
    return rlab::ui::runReconcileLab(app);
}
