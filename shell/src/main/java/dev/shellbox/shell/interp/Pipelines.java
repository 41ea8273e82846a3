package dev.shellbox.shell.interp;

import dev.shellbox.shell.io.Cancellation;
import dev.shellbox.shell.io.CancelledException;
import dev.shellbox.shell.io.LimitExceededException;
import dev.shellbox.shell.io.LimitNames;
import dev.shellbox.shell.syntax.CommandNode;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;

/** Pipelines, background jobs, process substitution and coprocesses: the concurrent parts of the shell. */
final class Pipelines {
    private Pipelines() {}

    static int run(Interpreter sh, CommandNode.Pipeline p) {
        long start = System.nanoTime();
        int status;
        if (p.negated()) {
            sh.negatedContext++;
        }
        try {
            List<CommandNode> stages = p.stages();
            if (stages.isEmpty()) {
                status = 0;
            } else if (stages.size() == 1) {
                status = sh.exec(stages.get(0));
                sh.st.pipeStatus = List.of(status);
            } else {
                status = runStages(sh, stages);
            }
        } finally {
            if (p.negated()) {
                sh.negatedContext--;
            }
        }
        if (p.timed()) {
            printTimes(sh, System.nanoTime() - start, p.timePosix());
        }
        if (p.negated()) {
            status = status == 0 ? 1 : 0;
        }
        return status;
    }

    private static void printTimes(Interpreter sh, long nanos, boolean posix) {
        double secs = nanos / 1e9;
        String text;
        if (posix) {
            text = String.format("real %.2f%nuser %.2f%nsys %.2f%n", secs, 0.0, 0.0);
        } else {
            dev.shellbox.shell.expand.ShellVariable fmt = sh.variable("TIMEFORMAT");
            if (fmt != null && fmt.scalarValue() != null) {
                text = formatTime(fmt.scalarValue(), secs);
                if (!text.isEmpty()) {
                    text += "\n";
                }
            } else {
                text = String.format(
                        "%nreal\t%dm%.3fs%nuser\t0m0.000s%nsys\t0m0.000s%n", (long) (secs / 60), secs % 60);
            }
        }
        sh.writeErr(text);
    }

    private static String formatTime(String fmt, double secs) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < fmt.length(); i++) {
            char c = fmt.charAt(i);
            if (c != '%' || i + 1 >= fmt.length()) {
                sb.append(c);
                continue;
            }
            int j = i + 1;
            int precision = 3;
            if (Character.isDigit(fmt.charAt(j))) {
                precision = fmt.charAt(j) - '0';
                j++;
            }
            boolean longForm = j < fmt.length() && fmt.charAt(j) == 'l';
            if (longForm) {
                j++;
            }
            if (j >= fmt.length()) {
                sb.append(fmt, i, j);
                break;
            }
            char k = fmt.charAt(j);
            double v = k == 'R' ? secs : 0.0;
            switch (k) {
                case 'R', 'U', 'S' -> {
                    if (longForm) {
                        sb.append((long) (v / 60))
                                .append('m')
                                .append(String.format("%." + precision + "f", v % 60))
                                .append('s');
                    } else {
                        sb.append(String.format("%." + precision + "f", v));
                    }
                }
                case 'P' -> sb.append(String.format("%." + precision + "f", 0.0));
                case '%' -> sb.append('%');
                default -> sb.append(fmt, i, j + 1);
            }
            i = j;
        }
        return sb.toString();
    }

    private static int runStages(Interpreter sh, List<CommandNode> stages) {
        int n = stages.size();
        Pipe[] pipes = new Pipe[n - 1];
        for (int i = 0; i < n - 1; i++) {
            pipes[i] = new Pipe(sh.cancellation);
        }
        List<CompletableFuture<Integer>> futures = new ArrayList<>(n - 1);
        for (int i = 0; i < n - 1; i++) {
            Interpreter child = sh.subshell();
            if (i > 0) {
                child.st.fds.set(0, new FdEntry(pipes[i - 1].reader, null, "pipe:[" + (i - 1) + "]", true));
            }
            child.st.fds.set(1, new FdEntry(null, pipes[i].writer, "pipe:[" + i + "]", true));
            CommandNode stage = stages.get(i);
            try {
                futures.add(sh.submit(() -> {
                    try {
                        return child.runAsProcess(stage);
                    } finally {
                        child.st.fds.release();
                    }
                }));
            } catch (RuntimeException e) {
                child.st.fds.release();
                throw e;
            }
        }
        int last;
        boolean lastpipe = sh.st.options.shopt("lastpipe") && !sh.st.options.monitor;
        FdEntry input = new FdEntry(pipes[n - 2].reader, null, "pipe:[" + (n - 2) + "]", true);
        if (lastpipe) {
            FdTable saved = sh.st.fds;
            FdTable table = saved.copy();
            table.set(0, input);
            sh.st.fds = table;
            try {
                last = sh.exec(stages.get(n - 1));
            } finally {
                sh.st.fds = saved;
                table.release();
            }
        } else {
            Interpreter child = sh.subshell();
            child.st.fds.set(0, input);
            try {
                last = child.runAsProcess(stages.get(n - 1));
            } finally {
                child.st.fds.release();
            }
        }
        List<Integer> statuses = new ArrayList<>(n);
        RuntimeException failure = null;
        for (CompletableFuture<Integer> f : futures) {
            try {
                statuses.add(f.get());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new CancelledException("interrupted");
            } catch (ExecutionException e) {
                statuses.add(1);
                if (e.getCause() instanceof RuntimeException re && failure == null) {
                    failure = re;
                }
            }
        }
        if (failure != null) {
            throw failure;
        }
        statuses.add(last);
        sh.st.pipeStatus = List.copyOf(statuses);
        sh.cancellation.check();
        if (sh.st.options.pipefail) {
            for (int i = statuses.size() - 1; i >= 0; i--) {
                if (statuses.get(i) != 0) {
                    return statuses.get(i);
                }
            }
            return 0;
        }
        return last;
    }

    static int background(Interpreter sh, CommandNode.Background b) {
        if (sh.st.jobs.running() >= sh.session.limits.maxBackgroundJobs()) {
            throw sh.scope.limitExceeded(
                    LimitNames.MAX_BACKGROUND_JOBS,
                    "more than " + sh.session.limits.maxBackgroundJobs() + " background jobs");
        }
        sh.checkCancelled();
        Cancellation jobCancellation = sh.cancellation.child();
        Interpreter child = new Interpreter(sh.session, sh.st.copyForSubshell(), jobCancellation);
        child.scope = sh.scope;
        child.depth = sh.depth + 1;
        child.outlivingPrograms = ConcurrentHashMap.newKeySet();
        CountDownLatch settled = new CountDownLatch(1);
        child.jobSettled = settled;
        long pid = sh.session.newPid();
        child.st.pid = pid;
        if (!sh.st.options.monitor) {
            child.st.fds.set(0, new FdEntry(new Pipe.Empty(), null, "/dev/null", true));
        }
        Job.Builder jb = new Job.Builder();
        jb.pid = pid;
        jb.command = Printer.commandText(b.command());
        jb.cancellation = jobCancellation;
        jb.status = new CompletableFuture<>();
        Runnable run = () -> {
            int status = 1;
            try {
                status = child.runAsProcess(b.command());
            } catch (CancelledException e) {
                status = child.killedStatus();
            } catch (LimitExceededException e) {
                status = ExecutionLimits.STATUS;
            } catch (RuntimeException e) {
                status = 1;
            } finally {
                child.st.fds.release();
                sh.session.removeProcess(pid);
                // the status first: an execution that waited for this job sees it ended
                jb.status.complete(status);
                settled.countDown();
            }
        };
        sh.session.addProcess(pid, child);
        try {
            sh.scope.start(run);
        } catch (RuntimeException e) {
            sh.session.removeProcess(pid);
            child.st.fds.release();
            throw e;
        }
        Job job = sh.st.jobs.add(jb);
        job.process = child;
        if (sh.session.escalator != Escalator.NONE) {
            sh.scope.unsettledJobs.add(settled);
        }
        sh.st.lastBackgroundPid = Long.toString(pid);
        return 0;
    }

    static String processSubstitution(Interpreter sh, CommandNode body, boolean output) {
        Pipe pipe = new Pipe(sh.cancellation);
        Interpreter child = sh.subshell();
        int fd = sh.st.fds.freeDownFrom(63);
        if (output) {
            child.st.fds.set(0, new FdEntry(pipe.reader, null, "pipe:[procsub]", true));
            sh.st.fds.set(fd, new FdEntry(null, pipe.writer, "pipe:[procsub]", true));
        } else {
            child.st.fds.set(1, new FdEntry(null, pipe.writer, "pipe:[procsub]", true));
            sh.st.fds.set(fd, new FdEntry(pipe.reader, null, "pipe:[procsub]", true));
        }
        sh.procSubFds.add(new Object[] {sh.st.fds, fd});
        try {
            sh.submit(() -> {
                try {
                    return child.runAsProcess(body);
                } finally {
                    child.st.fds.release();
                }
            });
        } catch (RuntimeException e) {
            child.st.fds.release();
            throw e;
        }
        return "/dev/fd/" + fd;
    }

    static int coproc(Interpreter sh, CommandNode.Coproc c) {
        Pipe toCoproc = new Pipe(sh.cancellation);
        Pipe fromCoproc = new Pipe(sh.cancellation);
        Interpreter child = sh.subshell();
        child.st.fds.set(0, new FdEntry(toCoproc.reader, null, "pipe:[coproc]", true));
        child.st.fds.set(1, new FdEntry(null, fromCoproc.writer, "pipe:[coproc]", true));
        int readFd = sh.st.fds.freeDownFrom(63);
        sh.st.fds.set(readFd, new FdEntry(fromCoproc.reader, null, "pipe:[coproc]", true));
        int writeFd = sh.st.fds.freeDownFrom(readFd - 1);
        sh.st.fds.set(writeFd, new FdEntry(null, toCoproc.writer, "pipe:[coproc]", true));
        long pid = child.st.pid;
        Job.Builder jb = new Job.Builder();
        jb.pid = pid;
        jb.command = "coproc " + c.name();
        jb.cancellation = sh.cancellation;
        try {
            jb.status = sh.submit(() -> {
                try {
                    return child.runAsProcess(c.command());
                } finally {
                    child.st.fds.release();
                }
            });
        } catch (RuntimeException e) {
            child.st.fds.release();
            throw e;
        }
        sh.st.jobs.add(jb);
        Vars.assignArray(
                sh,
                c.name(),
                List.of(
                        new String[] {null, Integer.toString(readFd), null},
                        new String[] {null, Integer.toString(writeFd), null}),
                false,
                null,
                false);
        Vars.assign(sh, c.name() + "_PID", Long.toString(pid));
        sh.st.lastBackgroundPid = Long.toString(pid);
        return 0;
    }
}
