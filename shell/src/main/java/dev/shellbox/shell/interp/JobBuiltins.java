package dev.shellbox.shell.interp;

import dev.shellbox.shell.interp.builtins.Signals;
import dev.shellbox.shell.io.CancelledException;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

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

    private static int noJobControl(Interpreter sh, String name) {
        sh.builtinError(name, "no job control");
        return 1;
    }

    /** Resolves {@code %n}, {@code %%}, {@code %+}, {@code %-}, {@code %string} or a pid to a job; null if none. */
    static Job find(Interpreter sh, String spec) {
        Jobs jobs = sh.st.jobs;
        if (spec.startsWith("%")) {
            String s = spec.substring(1);
            if (s.isEmpty() || s.equals("%") || s.equals("+")) {
                return jobs.current();
            }
            if (s.equals("-")) {
                return jobs.previous();
            }
            if (s.chars().allMatch(Character::isDigit)) {
                return jobs.byId(Integer.parseInt(s));
            }
            for (Job j : jobs.all()) {
                if (s.startsWith("?") ? j.command.contains(s.substring(1)) : j.command.startsWith(s)) {
                    return j;
                }
            }
            return null;
        }
        try {
            return jobs.byPid(Long.parseLong(spec.strip()));
        } catch (NumberFormatException e) {
            return null;
        }
    }

    /** Waits for a job, returning early (128+sig) when a trapped signal arrives. */
    private static int await(Interpreter sh, Job job) {
        while (true) {
            if (!sh.pendingSignals.isEmpty()) {
                Integer sig = sh.pendingSignals.peek();
                String code = sh.st.traps.get(Signals.name(sig));
                if (code != null && !code.isEmpty()) {
                    return 128 + sig;
                }
            }
            sh.checkCancelled();
            try {
                return job.status.get(20, TimeUnit.MILLISECONDS);
            } catch (TimeoutException e) {
                continue;
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new CancelledException("interrupted");
            } catch (java.util.concurrent.ExecutionException e) {
                return 1;
            }
        }
    }

    private static int waitBuiltin(Interpreter sh, List<String> argv) {
        boolean any = false;
        String pidVar = null;
        int i = 1;
        for (; i < argv.size(); i++) {
            String a = argv.get(i);
            if (a.equals("--")) {
                i++;
                break;
            }
            if (a.equals("-n")) {
                any = true;
            } else if (a.equals("-f")) {
                continue;
            } else if (a.equals("-p") && i + 1 < argv.size()) {
                pidVar = argv.get(++i);
            } else if (a.startsWith("-")
                    && a.length() > 1
                    && !a.substring(1).chars().allMatch(Character::isDigit)) {
                sh.builtinError("wait", a + ": invalid option");
                sh.writeErr("wait: usage: wait [-fn] [-p var] [id ...]\n");
                return 2;
            } else {
                break;
            }
        }
        List<String> ids = argv.subList(i, argv.size());
        if (any) {
            List<Job> candidates = new ArrayList<>();
            if (ids.isEmpty()) {
                candidates.addAll(sh.st.jobs.all());
            } else {
                for (String id : ids) {
                    Job j = find(sh, id);
                    if (j != null) {
                        candidates.add(j);
                    }
                }
            }
            if (candidates.isEmpty()) {
                if (!ids.isEmpty()) {
                    for (String id : ids) {
                        sh.builtinError(
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
                    sh.builtinError(
                            "wait",
                            id.chars().allMatch(Character::isDigit)
                                    ? "pid " + id + " is not a child of this shell"
                                    : "`" + id + "': not a pid or valid job spec");
                }
            }
            while (true) {
                for (Job j : candidates) {
                    if (j.isDone()) {
                        int status = await(sh, j);
                        sh.st.jobs.remove(j);
                        if (pidVar != null) {
                            Vars.assign(sh, pidVar, Long.toString(j.pid));
                        }
                        return status;
                    }
                }
                if (!sh.pendingSignals.isEmpty()) {
                    Integer sig = sh.pendingSignals.peek();
                    String code = sh.st.traps.get(Signals.name(sig));
                    if (code != null && !code.isEmpty()) {
                        return 128 + sig;
                    }
                }
                sh.cancellation.sleep(5);
            }
        }
        if (ids.isEmpty()) {
            int status = 0;
            for (Job j : sh.st.jobs.own()) {
                status = await(sh, j);
                if (status > 128 && !j.isDone()) {
                    return status;
                }
                sh.st.jobs.remove(j);
            }
            return 0;
        }
        int status = 0;
        for (String id : ids) {
            Job j = find(sh, id);
            if (j == null) {
                if (id.startsWith("%")) {
                    sh.builtinError("wait", id + ": no such job");
                } else if (!id.chars().allMatch(Character::isDigit)) {
                    sh.builtinError("wait", "`" + id + "': not a pid or valid job spec");
                    status = 1;
                    continue;
                } else {
                    sh.builtinError("wait", "pid " + id + " is not a child of this shell");
                }
                status = 127;
                continue;
            }
            status = await(sh, j);
            if (j.isDone()) {
                sh.st.jobs.remove(j);
                reportSignalDeath(sh, j, status);
            }
            if (pidVar != null) {
                Vars.assign(sh, pidVar, Long.toString(j.pid));
            }
        }
        return status;
    }

    /** bash reports a waited-for job killed by a signal: {@code line N: PID Hangup  command}. */
    private static void reportSignalDeath(Interpreter sh, Job j, int status) {
        int sig = status - 128;
        if (status > 128 && sig != 2 && sig != 13 && Signals.name(sig) != null) {
            sh.errorLine(String.format("%d %-24s%s", j.pid, Signals.description(sig), j.command));
        }
    }

    private static int jobs(Interpreter sh, List<String> argv) throws IOException {
        boolean pidsOnly = false;
        boolean longForm = false;
        boolean running = false;
        boolean stopped = false;
        List<String> specs = new ArrayList<>();
        for (int i = 1; i < argv.size(); i++) {
            String a = argv.get(i);
            if (a.startsWith("-") && a.length() > 1) {
                for (int k = 1; k < a.length(); k++) {
                    switch (a.charAt(k)) {
                        case 'p' -> pidsOnly = true;
                        case 'l' -> longForm = true;
                        case 'r' -> running = true;
                        case 's' -> stopped = true;
                        case 'n' -> {}
                        default -> {
                            sh.builtinError("jobs", "-" + a.charAt(k) + ": invalid option");
                            sh.writeErr("jobs: usage: jobs [-lnprs] [jobspec ...] or jobs -x command [args]\n");
                            return 2;
                        }
                    }
                }
            } else {
                specs.add(a);
            }
        }
        List<Job> list = new ArrayList<>();
        if (specs.isEmpty()) {
            list.addAll(sh.st.jobs.all());
        } else {
            for (String s : specs) {
                Job j = find(sh, s);
                if (j == null) {
                    sh.builtinError("jobs", s + ": no such job");
                    return 1;
                }
                list.add(j);
            }
        }
        Job current = sh.st.jobs.current();
        Job previous = sh.st.jobs.previous();
        StringBuilder sb = new StringBuilder();
        for (Job j : list) {
            boolean done = j.isDone();
            if ((running && done) || stopped) {
                continue;
            }
            if (pidsOnly) {
                sb.append(j.pid).append('\n');
                continue;
            }
            char mark = j == current ? '+' : j == previous ? '-' : ' ';
            String state;
            if (!done) {
                state = "Running";
            } else {
                int st = j.status.getNow(0);
                state = st == 0 ? "Done" : st > 128 ? Signals.description(st - 128) : "Exit " + st;
            }
            String cmd = done ? j.command : j.command + " &";
            sb.append('[').append(j.id).append(']').append(mark).append("  ");
            if (longForm) {
                sb.append(j.pid).append(' ');
            }
            sb.append(String.format("%-24s", state)).append(cmd).append('\n');
            if (done) {
                sh.st.jobs.remove(j);
            }
        }
        sh.writeOut(sb.toString());
        return 0;
    }

    private static int kill(Interpreter sh, List<String> argv) throws IOException {
        int sig = 15;
        int i = 1;
        if (i < argv.size()) {
            String a = argv.get(i);
            if (a.equals("-l") || a.equals("-L")) {
                return listSignals(sh, argv.subList(i + 1, argv.size()));
            }
            if (a.equals("-s") || a.equals("-n")) {
                if (i + 1 >= argv.size()) {
                    sh.builtinError("kill", a + ": option requires an argument");
                    return 2;
                }
                sig = Signals.number(argv.get(i + 1));
                if (sig < 0) {
                    sh.builtinError("kill", argv.get(i + 1) + ": invalid signal specification");
                    return 1;
                }
                i += 2;
            } else if (a.equals("--")) {
                i++;
            } else if (a.startsWith("-") && a.length() > 1) {
                sig = Signals.number(a.substring(1));
                if (sig < 0) {
                    sh.builtinError("kill", a.substring(1) + ": invalid signal specification");
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
    static boolean deliver(Interpreter sh, String target, int sig) {
        Interpreter process = null;
        Job job = null;
        if (target.startsWith("%")) {
            job = find(sh, target);
            if (job == null) {
                sh.builtinError("kill", target + ": no such job");
                return false;
            }
        } else {
            long pid;
            try {
                pid = Long.parseLong(target.strip());
            } catch (NumberFormatException e) {
                sh.builtinError("kill", target + ": arguments must be process or job IDs");
                return false;
            }
            job = sh.st.jobs.byPid(pid);
            if (job == null) {
                process = sh.session.process(pid);
                if (process == null && (pid == sh.st.pid || pid == sh.st.rootPid)) {
                    process = sh;
                }
                if (process == null) {
                    sh.builtinError("kill", "(" + target + ") - No such process");
                    return false;
                }
            }
        }
        if (job != null) {
            if (job.isDone()) {
                return true;
            }
            process = job.process;
            if (process == null) {
                if (sig != 0) {
                    job.cancellation.cancel("killed");
                }
                return true;
            }
        }
        if (sig == 0) {
            return true;
        }
        process.receive(sig, sh);
        return true;
    }

    private static int listSignals(Interpreter sh, List<String> args) throws IOException {
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
                    sh.builtinError("kill", a + ": invalid signal specification");
                    status = 1;
                } else {
                    sb.append(name).append('\n');
                }
            } else {
                int n = Signals.number(a);
                if (n < 0) {
                    sh.builtinError("kill", a + ": invalid signal specification");
                    status = 1;
                } else {
                    sb.append(n).append('\n');
                }
            }
        }
        sh.writeOut(sb.toString());
        return status;
    }

    private static int disown(Interpreter sh, List<String> argv) {
        if (argv.size() == 1) {
            Job j = sh.st.jobs.current();
            if (j == null) {
                sh.builtinError("disown", "current: no such job");
                return 1;
            }
            sh.st.jobs.remove(j);
            return 0;
        }
        int status = 0;
        for (int i = 1; i < argv.size(); i++) {
            String a = argv.get(i);
            if (a.equals("-a") || a.equals("-r")) {
                for (Job j : sh.st.jobs.all()) {
                    sh.st.jobs.remove(j);
                }
                continue;
            }
            if (a.equals("-h")) {
                continue;
            }
            Job j = find(sh, a);
            if (j == null) {
                sh.builtinError("disown", a + ": no such job");
                status = 1;
            } else {
                sh.st.jobs.remove(j);
            }
        }
        return status;
    }
}
