package dev.shellbox.shell.interp.builtins;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The resource limits of a shell process as {@code ulimit} shows them: each resource's flag, description, unit and
 * default soft and hard limits. The interpreter enforces two of them: the file size limit on the files the shell
 * writes and the open files limit on redirections.
 */
public final class ResourceLimits {
    public static final long UNLIMITED = Long.MAX_VALUE;

    /** A resource: its flag, description, unit (in bytes per unit, for -f/-c/... ) and default limits. */
    public record Resource(char flag, String description, String unit, long blockSize, long soft, long hard) {}

    private static final Map<Character, Resource> RESOURCES = new LinkedHashMap<>();

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

    private ResourceLimits() {}

    private static void add(char flag, String description, String unit, long blockSize, long soft, long hard) {
        RESOURCES.put(flag, new Resource(flag, description, unit, blockSize, soft, hard));
    }

    /** The resources by flag, in {@code ulimit -a}'s order. */
    static Map<Character, Resource> resources() {
        return Collections.unmodifiableMap(RESOURCES);
    }

    /**
     * The current {soft, hard} limits of a process, in the resource's units (blocks, kbytes, counts): the process's
     * own array in {@code limits}, which starts as the defaults.
     */
    public static long[] current(Map<Character, long[]> limits, char flag) {
        long[] l = limits.get(flag);
        if (l == null) {
            Resource r = RESOURCES.get(flag);
            l = new long[] {r.soft(), r.hard()};
            limits.put(flag, l);
        }
        return l;
    }

    /** The file size limit in bytes, or UNLIMITED. */
    public static long fileSizeLimit(Map<Character, long[]> limits) {
        long blocks = current(limits, 'f')[0];
        if (blocks == UNLIMITED || blocks > UNLIMITED / 1024) {
            return UNLIMITED;
        }
        return blocks * 1024;
    }
}
