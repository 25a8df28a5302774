#include "core/cli/rlabcli.h"

#include "core/cli/benchcommand.h"
#include "core/cli/runcommand.h"
#include "core/cli/soakcommand.h"
#include "core/cli/validatecommand.h"

namespace rlab::cli {

namespace {
void usage(QTextStream &s)
{
    s << "usage: rlab COMMAND [ARGS]\n"
         "  validate FILE...            validate manifests exactly as apply would (exit 2 on errors)\n"
         "  bench [store] [--pods N] [--watchers W] [--json]\n"
         "                              measure the API layer and store\n"
         "  bench --size small|medium|large [--rounds N] [--trace-memory MIB] [--retain-revisions N] [--json]\n"
         "                              create, roll and scale x2 Deployments; CPU, wall, RSS per phase\n"
         "                              (the median of N rounds, each a process: small, medium 3; large 1)\n"
         "  bench serve [--students N] [--seconds S] [--json]\n"
         "                              a class of N students (kubectl + a window's watches) on one served lab\n"
         "  run SCENARIO.yaml [--dump FILE] [--trace FILE] [--seed N]\n"
         "                              run a scenario deterministically in virtual time\n"
         "  soak [--hours H] [--seed N] [--threaded] [--latency PRESET] [--trace-memory MIB] [--json]\n"
         "                              chaos in virtual time, the control plane's promises checked\n"
         "  serve [--listen 127.0.0.1:PORT] [--kubeconfig FILE] [--scenario FILE] [--speed X]\n"
         "                              serve the Kubernetes API for the real kubectl\n"
         "        [--users FILE [--kubeconfig-dir DIR]] [--tls-dir DIR]\n"
         "                              ... to a class: a namespace, a token or certificate per student\n"
         "  watch --kubeconfig FILE [--context C] [--namespace N] --record FILE\n"
         "                              record a real cluster's watch events (live mode, headless)\n";
}
} // namespace

int runRlab(const QStringList &args, QTextStream &out, QTextStream &err)
{
    if (args.isEmpty() || args[0] == QLatin1String("--help") || args[0] == QLatin1String("-h") || args[0] == QLatin1String("help")) {
        usage(args.isEmpty() ? err : out);
        return args.isEmpty() ? 2 : 0;
    }
    const QString cmd = args[0];
    const QStringList rest = args.mid(1);
    if (cmd == QLatin1String("validate"))
        return validateCommand(rest, out, err);
    if (cmd == QLatin1String("bench"))
        return benchCommand(rest, out, err);
    if (cmd == QLatin1String("run"))
        return runCommand(rest, out, err);
    if (cmd == QLatin1String("soak"))
        return soakCommand(rest, out, err);
    if (cmd == QLatin1String("serve")) {
        err << "rlab serve: this rlab was built without the HTTP server (rlab_server)\n";
        return 2;
    }
    if (cmd == QLatin1String("watch")) {
        err << "rlab watch: this rlab was built without live mode (rlab_live)\n";
        return 2;
    }
    err << "rlab: unknown command \"" << cmd << "\"\n";
    usage(err);
    return 2;
}

} // namespace rlab::cli
