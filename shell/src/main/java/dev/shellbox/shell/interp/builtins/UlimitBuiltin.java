package dev.shellbox.shell.interp.builtins;

import dev.shellbox.shell.interp.builtins.ResourceLimits.Resource;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * {@code ulimit [-SHabcdefiklmnpqrstuvxPRT] [limit]}: resource limits of the shell process. The file size limit
 * ({@code -f}) is enforced on files the shell writes (exceeding it kills the process with SIGXFSZ) and the open files
 * limit ({@code -n}) on redirections; the others are recorded and reported. As in bash, each resource flag takes the
 * next word as its new value unless that word is an option ({@code ulimit -n 64 -f} sets one and prints the other),
 * and an operand is the value of the last flag.
 */
final class UlimitBuiltin implements Builtin {
    private static final long UNLIMITED = ResourceLimits.UNLIMITED;
    private static final Map<Character, Resource> RESOURCES = ResourceLimits.resources();
    private static final String SPEC;

    static {
        StringBuilder spec = new StringBuilder("SHa");
        for (char flag : RESOURCES.keySet()) {
            spec.append(flag).append(';');
        }
        SPEC = spec.toString();
    }

    @Override
    public int run(BuiltinContext sh, List<String> argv) throws IOException {
        boolean soft = false;
        boolean hard = false;
        boolean all = false;
        List<Character> flags = new ArrayList<>();
        List<String> values = new ArrayList<>();
        BuiltinOptions o = new BuiltinOptions(argv, SPEC, "ulimit [-SHabcdefiklmnpqrstuvxPRT] [limit]");
        for (int c = o.next(); c != BuiltinOptions.END; c = o.next()) {
            switch (c) {
                case 'S' -> soft = true;
                case 'H' -> hard = true;
                case 'a' -> all = true;
                case BuiltinOptions.INVALID -> {
                    return o.fail(sh);
                }
                default -> {
                    flags.add((char) c);
                    values.add(o.argument());
                }
            }
        }
        List<String> operands = o.operands();
        if (all) {
            StringBuilder sb = new StringBuilder();
            for (Resource r : RESOURCES.values()) {
                String label = r.unit() == null
                        ? r.description() + " (-" + r.flag() + ")"
                        : r.description() + " (" + r.unit() + ", -" + r.flag() + ")";
                sb.append(String.format("%-32s%s%n", label, show(sh.limit(r.flag())[hard ? 1 : 0])));
            }
            sh.writeOut(sb.toString());
            return 0;
        }
        if (flags.isEmpty()) {
            flags.add('f');
            values.add(null);
        }
        if (!operands.isEmpty() && values.get(values.size() - 1) == null) {
            values.set(values.size() - 1, operands.get(0));
        }
        for (int k = 0; k < flags.size(); k++) {
            char f = flags.get(k);
            String value = values.get(k);
            if (value == null) {
                Resource r = RESOURCES.get(f);
                long v = sh.limit(f)[hard && !soft ? 1 : 0];
                String label = flags.size() > 1 ? String.format("%-32s", r.description() + " (-" + f + ")") : "";
                sh.writeOut(label + show(v) + "\n");
            } else if (!set(sh, f, value, soft, hard)) {
                return 1;
            }
        }
        return 0;
    }

    /** Sets one limit; false, with the message printed, when the value is invalid or not allowed. */
    private static boolean set(BuiltinContext sh, char f, String value, boolean soft, boolean hard) {
        Resource r = RESOURCES.get(f);
        long[] cur = sh.limit(f);
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
                    n = sh.arithmetic(value);
                } catch (RuntimeException e2) {
                    sh.error("ulimit", value + ": invalid number");
                    return false;
                }
                if (!value.chars().allMatch(Character::isDigit)) {
                    sh.error("ulimit", value + ": invalid number");
                    return false;
                }
            }
            if (n < 0) {
                sh.error("ulimit", value + ": invalid number");
                return false;
            }
            // a size that overflows 64 bits in bytes is infinity for the kernel
            bytes = Long.compareUnsigned(n, Long.divideUnsigned(-1L, r.blockSize())) > 0 ? UNLIMITED : n;
        }
        boolean setSoft = soft || !hard;
        boolean setHard = hard || !soft;
        if (setHard && bytes > cur[1]) {
            sh.error("ulimit", r.description() + ": cannot modify limit: Operation not permitted");
            return false;
        }
        if (setSoft && !setHard && bytes > cur[1]) {
            sh.error("ulimit", r.description() + ": cannot modify limit: Invalid argument");
            return false;
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
        sh.setLimit(f, cur[0], cur[1]);
        return true;
    }

    private static String show(long v) {
        return v == UNLIMITED ? "unlimited" : Long.toString(v);
    }
}
