package dev.shellbox.shell.interp;

import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code ulimit [-SHa] [-bcdefiklmnpqrstuvxPRT] [limit]}: resource limits of the shell process. The file size limit
 * ({@code -f}) is enforced on files the shell writes (exceeding it kills the process with SIGXFSZ) and the open files
 * limit ({@code -n}) on redirections; the others are recorded and reported.
 */
final class UlimitBuiltin implements Builtin {
    static final long UNLIMITED = Long.MAX_VALUE;

    /** A resource: its flag, description, unit (in bytes per unit, for -f/-c/... ) and default limits. */
    record Resource(char flag, String description, String unit, long blockSize, long soft, long hard) {}

    static final Map<Character, Resource> RESOURCES = new LinkedHashMap<>();

    static {
        add('t', "cpu time", "seconds", 1, UNLIMITED, UNLIMITED);
        add('f', "file size", "blocks", 1024, UNLIMITED, UNLIMITED);
        add('d', "data seg size", "kbytes", 1024, UNLIMITED, UNLIMITED);
        add('s', "stack size", "kbytes", 1024, 8192L, UNLIMITED);
        add('c', "core file size", "blocks", 1024, 0, UNLIMITED);
        add('m', "max memory size", "kbytes", 1024, UNLIMITED, UNLIMITED);
        add('l', "max locked memory", "kbytes", 1024, 8192L, 8192L);
        add('n', "open files", null, 1, 1024, 1048576);
        add('u', "max user processes", null, 1, 95452, 95452);
        add('v', "virtual memory", "kbytes", 1024, UNLIMITED, UNLIMITED);
        add('x', "file locks", null, 1, UNLIMITED, UNLIMITED);
        add('i', "pending signals", null, 1, 95452, 95452);
        add('q', "POSIX message queues", "bytes", 1, 819200, 819200);
        add('e', "scheduling priority", null, 1, 0, 0);
        add('r', "real-time priority", null, 1, 0, 0);
        add('p', "pipe size", "512 bytes", 512, 8, 8);
        add('R', "real-time non-blocking time", "microseconds", 1, UNLIMITED, UNLIMITED);
    }

    private static void add(char flag, String description, String unit, long blockSize, long soft, long hard) {
        RESOURCES.put(flag, new Resource(flag, description, unit, blockSize, soft, hard));
    }

    /** The current {soft, hard} limits of a process, in the resource's units (blocks, kbytes, counts). */
    static long[] limits(ShellState st, char flag) {
        long[] l = st.limits.get(flag);
        if (l == null) {
            Resource r = RESOURCES.get(flag);
            l = new long[] {r.soft(), r.hard()};
            st.limits.put(flag, l);
        }
        return l;
    }

    @Override
    public int run(Interpreter sh, List<String> argv) throws IOException {
        boolean soft = false;
        boolean hard = false;
        boolean all = false;
        List<Character> flags = new ArrayList<>();
        int i = 1;
        for (; i < argv.size(); i++) {
            String a = argv.get(i);
            if (a.equals("--")) {
                i++;
                break;
            }
            if (!a.startsWith("-") || a.length() == 1) {
                break;
            }
            if (Character.isDigit(a.charAt(1))) {
                sh.builtinError("ulimit", a + ": invalid number");
                return 1;
            }
            for (int k = 1; k < a.length(); k++) {
                char c = a.charAt(k);
                if (c == 'S') {
                    soft = true;
                } else if (c == 'H') {
                    hard = true;
                } else if (c == 'a') {
                    all = true;
                } else if (RESOURCES.containsKey(c)) {
                    flags.add(c);
                } else {
                    sh.builtinError("ulimit", "-" + c + ": invalid option");
                    sh.writeErr("ulimit: usage: ulimit [-SHabcdefiklmnpqrstuvxPRT] [limit]\n");
                    return 2;
                }
            }
        }
        String value = i < argv.size() ? argv.get(i) : null;
        if (all) {
            StringBuilder sb = new StringBuilder();
            for (Resource r : RESOURCES.values()) {
                String unit = r.unit() == null ? "" : "(" + r.unit() + ", ";
                String label = r.description() + " " + (r.unit() == null ? "" : "(" + r.unit() + ", ") + "-" + r.flag()
                        + (r.unit() == null ? "" : ")");
                if (r.unit() == null) {
                    label = r.description() + " (-" + r.flag() + ")";
                } else {
                    label = r.description() + " " + unit + "-" + r.flag() + ")";
                }
                sb.append(String.format("%-32s%s%n", label, show(r, limits(sh.st, r.flag())[hard ? 1 : 0])));
            }
            sh.writeOut(sb.toString());
            return 0;
        }
        if (flags.isEmpty()) {
            flags.add('f');
        }
        if (value == null) {
            StringBuilder sb = new StringBuilder();
            for (char f : flags) {
                Resource r = RESOURCES.get(f);
                long v = limits(sh.st, f)[hard && !soft ? 1 : 0];
                if (flags.size() > 1) {
                    sb.append(String.format("%-32s", r.description() + " (-" + f + ")"));
                }
                sb.append(show(r, v)).append('\n');
            }
            sh.writeOut(sb.toString());
            return 0;
        }
        for (char f : flags) {
            Resource r = RESOURCES.get(f);
            long[] cur = limits(sh.st, f);
            long bytes;
            if (value.equals("unlimited")) {
                bytes = UNLIMITED;
            } else if (value.equals("hard")) {
                bytes = cur[1];
            } else if (value.equals("soft")) {
                bytes = cur[0];
            } else {
                long n;
                try {
                    n = Long.parseLong(value);
                } catch (NumberFormatException e) {
                    try {
                        n = sh.expander.evaluateArithmetic(value);
                    } catch (RuntimeException e2) {
                        sh.builtinError("ulimit", value + ": invalid number");
                        return 1;
                    }
                    if (!value.chars().allMatch(Character::isDigit)) {
                        sh.builtinError("ulimit", value + ": invalid number");
                        return 1;
                    }
                }
                if (n < 0) {
                    sh.builtinError("ulimit", value + ": invalid number");
                    return 1;
                }
                // a size that overflows 64 bits in bytes is infinity for the kernel
                bytes = Long.compareUnsigned(n, Long.divideUnsigned(-1L, r.blockSize())) > 0 ? UNLIMITED : n;
            }
            boolean setSoft = soft || !hard;
            boolean setHard = hard || !soft;
            if (setHard && bytes > cur[1]) {
                sh.builtinError("ulimit", r.description() + ": cannot modify limit: Operation not permitted");
                return 1;
            }
            if (setSoft && !setHard && bytes > cur[1]) {
                sh.builtinError("ulimit", r.description() + ": cannot modify limit: Invalid argument");
                return 1;
            }
            if (setHard) {
                cur[1] = bytes;
                if (cur[0] > bytes) {
                    cur[0] = bytes;
                }
            }
            if (setSoft) {
                cur[0] = bytes;
            }
        }
        return 0;
    }

    private static String show(Resource r, long v) {
        return v == UNLIMITED ? "unlimited" : Long.toString(v);
    }

    /** The file size limit in bytes, or UNLIMITED. */
    static long fileSizeLimit(ShellState st) {
        long blocks = limits(st, 'f')[0];
        if (blocks == UNLIMITED || blocks > UNLIMITED / 1024) {
            return UNLIMITED;
        }
        return blocks * 1024;
    }
}
