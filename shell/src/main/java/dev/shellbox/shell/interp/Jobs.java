package dev.shellbox.shell.interp;

import java.util.ArrayList;
import java.util.List;

/** The background jobs of a shell process, numbered from 1 as {@code %1}. */
final class Jobs {
    private final List<Job> jobs = new ArrayList<>();
    /** The parent's jobs a subshell lists but cannot wait for. */
    private final List<Job> inherited = new ArrayList<>();

    private int nextId = 1;

    /** A copy for a subshell, which lists (but does not own) its parent's jobs. */
    synchronized Jobs snapshot() {
        Jobs c = new Jobs();
        c.inherited.addAll(inherited);
        c.inherited.addAll(jobs);
        c.nextId = nextId;
        return c;
    }

    /** Jobs this process started (the ones {@code wait} waits for). */
    synchronized List<Job> own() {
        return new ArrayList<>(jobs);
    }

    synchronized Job add(Job.Builder b) {
        Job j = b.build(nextId++);
        jobs.add(j);
        return j;
    }

    synchronized List<Job> all() {
        List<Job> all = new ArrayList<>(inherited);
        all.addAll(jobs);
        return all;
    }

    synchronized Job byId(int id) {
        for (Job j : jobs) {
            if (j.id == id) {
                return j;
            }
        }
        return null;
    }

    synchronized Job byPid(long pid) {
        for (Job j : jobs) {
            if (j.pid == pid) {
                return j;
            }
        }
        return null;
    }

    synchronized Job current() {
        return jobs.isEmpty() ? null : jobs.get(jobs.size() - 1);
    }

    synchronized Job previous() {
        return jobs.size() < 2 ? null : jobs.get(jobs.size() - 2);
    }

    synchronized void remove(Job j) {
        jobs.remove(j);
        inherited.remove(j);
        if (jobs.isEmpty()) {
            nextId = 1;
        }
    }

    synchronized int running() {
        int n = 0;
        for (Job j : jobs) {
            if (!j.isDone()) {
                n++;
            }
        }
        return n;
    }
}
