package dev.shellbox.supervisor;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * What a program is started with.
 *
 * @param argv the program and its arguments; {@code argv[0]} without a slash is looked up in {@code env}'s PATH
 * @param cwd its working directory
 * @param env exactly its environment
 * @param limits resource limits set before it starts
 * @param terminal a pseudo-terminal of that size for its stdin, stdout and stderr; null for pipes
 * @param stdin whether it reads what the client sends (else {@code /dev/null})
 * @param stdout where its stdout goes
 * @param stderr where its stderr goes ({@link Output#MERGED}: its stdout)
 * @param outputWindow bytes of each streamed output the supervisor may send before the client reads them
 */
public record ProgramStart(
        List<String> argv,
        String cwd,
        Map<String, String> env,
        List<Limit> limits,
        TerminalSize terminal,
        boolean stdin,
        Output stdout,
        Output stderr,
        int outputWindow) {

    public static final int DEFAULT_WINDOW = 1024 * 1024;

    public ProgramStart {
        if (argv.isEmpty()) {
            throw new IllegalArgumentException("a program needs argv[0]");
        }
        Objects.requireNonNull(cwd);
        argv = List.copyOf(argv);
        env = Map.copyOf(env);
        limits = List.copyOf(limits);
    }

    /** A program fed and read over its channel, as a stage of a pipeline is. */
    public static ProgramStart piped(List<String> argv, String cwd, Map<String, String> env, List<Limit> limits) {
        return new ProgramStart(argv, cwd, env, limits, null, true, Output.STREAM, Output.STREAM, DEFAULT_WINDOW);
    }

    /** Where an output goes. */
    public enum Output {
        /** Discarded. */
        NULL(0),
        /** Over the program's channel, flow-controlled; to its log once the channel is gone. */
        STREAM(1),
        /** To its log only. */
        LOG(2),
        /** The same as stdout (2>&1); stderr only. */
        MERGED(3);

        final int code;

        Output(int code) {
            this.code = code;
        }
    }

    /**
     * One resource limit.
     *
     * @param resource Linux's {@code RLIMIT_*} number
     * @param soft the soft limit ({@link #UNLIMITED} for none)
     * @param hard the hard limit
     */
    public record Limit(int resource, long soft, long hard) {
        public static final long UNLIMITED = -1L;
        public static final int CPU = 0;
        public static final int FSIZE = 1;
        public static final int CORE = 4;
        public static final int NPROC = 6;
        public static final int NOFILE = 7;
        public static final int AS = 9;

        public static Limit of(int resource, long value) {
            return new Limit(resource, value, value);
        }
    }

    /** Rows and columns of a terminal. */
    public record TerminalSize(int rows, int columns) {}

    byte[] frame() {
        Frames.Out f = new Frames.Out(Frames.START)
                .u32(terminal != null ? 1 : 0)
                .str(cwd)
                .strs(argv);
        List<String> pairs = new ArrayList<>(env.size());
        env.forEach((k, v) -> pairs.add(k + "=" + v));
        f.strs(pairs).u32(limits.size());
        for (Limit l : limits) {
            f.u8(l.resource()).u64(l.soft()).u64(l.hard());
        }
        f.u8(stdin ? 1 : 0).u8(stdout.code).u8(stderr.code);
        f.u16(terminal == null ? 0 : terminal.rows()).u16(terminal == null ? 0 : terminal.columns());
        return f.u32(outputWindow).bytes();
    }
}
