package dev.shellbox.shell.interp.builtins;

import dev.shellbox.shell.io.CancelledException;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** {@code wait jobs kill fg bg disown}. */
final class JobBuiltins {
    private JobBuiltins() {}

    static void register(Map<String, Builtin> m) {
        m.put("wait", JobBuiltins::waitBuiltin);
        m.put("jobs", JobBuiltins::jobs);
        m.put("kill", JobBuiltins::kill);
        m.put("fg", (sh, argv) -> noJobControl(sh, "fg"));
        m.put("bg", (sh, argv) -> noJobControl(sh, "bg"));
        m.put("disown", JobBuiltins::disown);
    }

    private static int noJobControl(BuiltinContext sh, String name) {
        sh.error(name, "no job control");
        return 1;
    }

    /** Resolves {@code %n}, {@code %%}, {@code %+}, {@code %-}, {@code %string} or a pid to a job; null if none. */
    static BackgroundJob find(BuiltinContext sh, String spec) {
        if (spec.startsWith("%")) {
            String s = spec.substring(1);
            if (s.isEmpty() || s.equals("%") || s.equals("+")) {
                return sh.currentJob();
            }
            if (s.equals("-")) {
                return sh.previousJob();
            }
            if (s.chars().allMatch(Character::isDigit)) {
                return sh.jobById(Integer.parseInt(s));
            }
            for (BackgroundJob j : sh.jobs()) {
                if (s.startsWith("?")
                        ? j.command().contains(s.substring(1))
                        : j.command().startsWith(s)) {
                    return j;
                }
            }
            return null;
        }
        try {
            return sh.jobByPid(Long.parseLong(spec.strip()));
        } catch (NumberFormatException e) {
            return null;
        }
    }

    /** Waits for a job, returning early (128+sig) when a trapped signal arrives. */
    private static int await(BuiltinContext sh, BackgroundJob job) {
        while (true) {
            int sig = sh.pendingTrappedSignal();
            if (sig != 0) {
                return 128 + sig;
            }
            sh.checkCancelled();
            try {
                Integer status = job.awaitStatus(20);
                if (status != null) {
                    return status;
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new CancelledException("interrupted");
            }
        }
    }

    private static int waitBuiltin(BuiltinContext sh, List<String> argv) {
        boolean any = false;
        String pidVar = null;
        BuiltinOptions o = new BuiltinOptions(argv, "fnp:", "wait [-fn] [-p var] [id ...]");
        for (int c = o.next(); c != BuiltinOptions.END; c = o.next()) {
            switch (c) {
                case 'n' -> any = true;
                case 'f' -> {}
                case 'p' -> pidVar = o.argument();
                default -> {
                    return o.fail(sh);
                }
            }
        }
        List<String> ids = o.operands();
        if (any) {
            List<BackgroundJob> candidates = new ArrayList<>();
            if (ids.isEmpty()) {
                candidates.addAll(sh.jobs());
            } else {
                for (String id : ids) {
                    BackgroundJob j = find(sh, id);
                    if (j != null) {
                        candidates.add(j);
                    }
                }
            }
            if (candidates.isEmpty()) {
                if (!ids.isEmpty()) {
                    for (String id : ids) {
                        sh.error(
                                "wait",
                                id.startsWith("%")
                                        ? id + ": no such job"
                                        : "pid " + id + " is not a child of this shell");
                    }
                }
                return 127;
            }
            for (String id : ids) {
                if (find(sh, id) == null) {
                    sh.error(
                            "wait",
                            id.chars().allMatch(Character::isDigit)
                                    ? "pid " + id + " is not a child of this shell"
                                    : "`" + id + "': not a pid or valid job spec");
                }
            }
            while (true) {
                for (BackgroundJob j : candidates) {
                    if (j.isDone()) {
                        int status = await(sh, j);
                        sh.removeJob(j);
                        if (pidVar != null) {
                            sh.assign(pidVar, Long.toString(j.pid()));
                        }
                        return status;
                    }
                }
                int sig = sh.pendingTrappedSignal();
                if (sig != 0) {
                    return 128 + sig;
                }
                sh.sleep(5);
            }
        }
        if (ids.isEmpty()) {
            int status = 0;
            for (BackgroundJob j : sh.ownJobs()) {
                status = await(sh, j);
                if (status > 128 && !j.isDone()) {
                    return status;
                }
                sh.removeJob(j);
            }
            return 0;
        }
        int status = 0;
        for (String id : ids) {
            BackgroundJob j = find(sh, id);
            if (j == null) {
                if (id.startsWith("%")) {
                    sh.error("wait", id + ": no such job");
                } else if (!id.chars().allMatch(Character::isDigit)) {
                    sh.error("wait", "`" + id + "': not a pid or valid job spec");
                    status = 1;
                    continue;
                } else {
                    sh.error("wait", "pid " + id + " is not a child of this shell");
                }
                status = 127;
                continue;
            }
            status = await(sh, j);
            if (j.isDone()) {
                sh.removeJob(j);
                reportSignalDeath(sh, j, status);
            }
            if (pidVar != null) {
                sh.assign(pidVar, Long.toString(j.pid()));
            }
        }
        return status;
    }

    /** bash reports a waited-for job killed by a signal: {@code line N: PID Hangup  command}. */
    private static void reportSignalDeath(BuiltinContext sh, BackgroundJob j, int status) {
        int sig = status - 128;
        if (status > 128 && sig != 2 && sig != 13 && Signals.name(sig) != null) {
            sh.errorLine(String.format("%d %-24s%s", j.pid(), Signals.description(sig), j.command()));
        }
    }

    private static int jobs(BuiltinContext sh, List<String> argv) throws IOException {
        boolean pidsOnly = false;
        boolean longForm = false;
        boolean running = false;
        boolean stopped = false;
        BuiltinOptions o = new BuiltinOptions(argv, "lpnrs", "jobs [-lnprs] [jobspec ...] or jobs -x command [args]");
        for (int c = o.next(); c != BuiltinOptions.END; c = o.next()) {
            switch (c) {
                case 'p' -> pidsOnly = true;
                case 'l' -> longForm = true;
                case 'r' -> running = true;
                case 's' -> stopped = true;
                case 'n' -> {}
                default -> {
                    return o.fail(sh);
                }
            }
        }
        List<String> specs = o.operands();
        List<BackgroundJob> list = new ArrayList<>();
        if (specs.isEmpty()) {
            list.addAll(sh.jobs());
        } else {
            for (String s : specs) {
                BackgroundJob j = find(sh, s);
                if (j == null) {
                    sh.error("jobs", s + ": no such job");
                    return 1;
                }
                list.add(j);
            }
        }
        BackgroundJob current = sh.currentJob();
        BackgroundJob previous = sh.previousJob();
        StringBuilder sb = new StringBuilder();
        for (BackgroundJob j : list) {
            boolean done = j.isDone();
            if ((running && done) || stopped) {
                continue;
            }
            if (pidsOnly) {
                sb.append(j.pid()).append('\n');
                continue;
            }
            char mark = j == current ? '+' : j == previous ? '-' : ' ';
            String state;
            if (!done) {
                state = "Running";
            } else {
                int st = j.statusNow();
                state = st == 0 ? "Done" : st > 128 ? Signals.description(st - 128) : "Exit " + st;
            }
            String cmd = done ? j.command() : j.command() + " &";
            sb.append('[').append(j.id()).append(']').append(mark).append("  ");
            if (longForm) {
                sb.append(j.pid()).append(' ');
            }
            sb.append(String.format("%-24s", state)).append(cmd).append('\n');
            if (done) {
                sh.removeJob(j);
            }
        }
        sh.writeOut(sb.toString());
        return 0;
    }

    private static int kill(BuiltinContext sh, List<String> argv) throws IOException {
        int sig = 15;
        int i = 1;
        if (i < argv.size()) {
            String a = argv.get(i);
            if (a.equals("-l") || a.equals("-L")) {
                return listSignals(sh, argv.subList(i + 1, argv.size()));
            }
            if (a.equals("-s") || a.equals("-n")) {
                if (i + 1 >= argv.size()) {
                    sh.error("kill", a + ": option requires an argument");
                    return 2;
                }
                sig = Signals.number(argv.get(i + 1));
                if (sig < 0) {
                    sh.error("kill", argv.get(i + 1) + ": invalid signal specification");
                    return 1;
                }
                i += 2;
            } else if (a.equals("--")) {
                i++;
            } else if (a.startsWith("-") && a.length() > 1) {
                sig = Signals.number(a.substring(1));
                if (sig < 0) {
                    sh.error("kill", a.substring(1) + ": invalid signal specification");
                    return 1;
                }
                i++;
            }
        }
        if (i >= argv.size()) {
            sh.writeErr(
                    "kill: usage: kill [-s sigspec | -n signum | -sigspec] pid | jobspec ... or kill -l [sigspec]\n");
            return 2;
        }
        int status = 0;
        for (; i < argv.size(); i++) {
            String target = argv.get(i);
            if (!deliver(sh, target, sig)) {
                status = 1;
            }
        }
        return status;
    }

    /** Sends {@code sig} to a pid or job spec; false (message printed) when there is no such process. */
    static boolean deliver(BuiltinContext sh, String target, int sig) {
        if (target.startsWith("%")) {
            BackgroundJob job = find(sh, target);
            if (job == null) {
                sh.error("kill", target + ": no such job");
                return false;
            }
            sh.signal(job, sig);
            return true;
        }
        long pid;
        try {
            pid = Long.parseLong(target.strip());
        } catch (NumberFormatException e) {
            sh.error("kill", target + ": arguments must be process or job IDs");
            return false;
        }
        BackgroundJob job = sh.jobByPid(pid);
        if (job != null) {
            sh.signal(job, sig);
            return true;
        }
        if (!sh.signalProcess(pid, sig)) {
            sh.error("kill", "(" + target + ") - No such process");
            return false;
        }
        return true;
    }

    private static int listSignals(BuiltinContext sh, List<String> args) throws IOException {
        StringBuilder sb = new StringBuilder();
        if (args.isEmpty()) {
            for (int n = 1; n < Signals.count(); n++) {
                sb.append(String.format("%2d) SIG%s", n, Signals.name(n)));
                sb.append(n % 5 == 0 || n == Signals.count() - 1 ? "\n" : "\t");
            }
            sh.writeOut(sb.toString());
            return 0;
        }
        int status = 0;
        for (String a : args) {
            if (a.chars().allMatch(Character::isDigit) && !a.isEmpty()) {
                int n = Integer.parseInt(a);
                if (n > 128) {
                    n -= 128;
                }
                String name = n == 0 ? "EXIT" : Signals.name(n);
                if (name == null) {
                    sh.error("kill", a + ": invalid signal specification");
                    status = 1;
                } else {
                    sb.append(name).append('\n');
                }
            } else {
                int n = Signals.number(a);
                if (n < 0) {
                    sh.error("kill", a + ": invalid signal specification");
                    status = 1;
                } else {
                    sb.append(n).append('\n');
                }
            }
        }
        sh.writeOut(sb.toString());
        return status;
    }

    private static int disown(BuiltinContext sh, List<String> argv) {
        boolean all = false;
        boolean keep = false;
        BuiltinOptions o = new BuiltinOptions(argv, "ahr", "disown [-h] [-ar] [jobspec ... | pid ...]");
        for (int c = o.next(); c != BuiltinOptions.END; c = o.next()) {
            switch (c) {
                case 'a', 'r' -> all = true;
                // -h: the job stays; without SIGHUP there is nothing else to mark
                case 'h' -> keep = true;
                default -> {
                    return o.fail(sh);
                }
            }
        }
        List<String> specs = o.operands();
        if (specs.isEmpty() && all) {
            if (!keep) {
                for (BackgroundJob j : sh.jobs()) {
                    sh.removeJob(j);
                }
            }
            return 0;
        }
        if (specs.isEmpty()) {
            BackgroundJob j = sh.currentJob();
            if (j == null) {
                sh.error("disown", "current: no such job");
                return 1;
            }
            if (!keep) {
                sh.removeJob(j);
            }
            return 0;
        }
        int status = 0;
        for (String a : specs) {
            BackgroundJob j = find(sh, a);
            if (j == null) {
                sh.error("disown", a + ": no such job");
                status = 1;
            } else if (!keep) {
                sh.removeJob(j);
            }
        }
        return status;
    }
}
