package dev.shellbox.supervisor;

import java.io.IOException;
import java.io.InputStream;
import java.net.SocketAddress;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Executor;

/**
 * The client of one sandbox's supervisor (docs/supervisor-protocol.md). Each program gets a connection of its own
 * (its channel); every other request opens a short one, so that a signal never waits behind a program's output.
 */
public final class Supervisor {
    private final SocketAddress address;
    private final byte[] secret;

    /**
     * @param address a unix socket ({@link java.net.UnixDomainSocketAddress}) or a TCP address
     * @param secret the sandbox's supervisor secret
     */
    public Supervisor(SocketAddress address, byte[] secret) {
        this.address = address;
        this.secret = secret.clone();
    }

    /** The supervisor executable built with this client (static, for this build's Linux architecture). */
    public static InputStream executable() {
        return Supervisor.class.getResourceAsStream("shellbox-supervisor");
    }

    /** Greets the supervisor: fails when none answers there or it refuses the secret. */
    public Hello hello() throws IOException {
        Hello[] greeting = new Hello[1];
        Connection.open(address, secret, greeting).close();
        return greeting[0];
    }

    /** Starts a program; its channel stays open until it ended and its output was read, or {@link Program#close}. */
    public Program start(ProgramStart start) throws IOException {
        Connection c = Connection.open(address, secret, null);
        try {
            c.send(start.frame());
            Frames.In answer = c.receive();
            if (answer.type != Frames.STARTED) {
                throw answer.unexpected("STARTED");
            }
            long id = answer.u64();
            int pid = answer.i32();
            int stdinWindow = (int) answer.u32();
            return new Program(id, pid, stdinWindow, start.outputWindow(), c);
        } catch (IOException | RuntimeException e) {
            c.close();
            throw e;
        }
    }

    /**
     * Sends {@code signal} to a program: with {@code wholeProgram}, to every process of its session (for SIGKILL,
     * until none is left; also after its own process ended, while its session has processes), else to its own process
     * alone. Fails with errno ESRCH (3) when there is none of those left to signal.
     */
    public void signal(long program, int signal, boolean wholeProgram) throws IOException {
        expectOk(new Frames.Out(Frames.SIGNAL)
                .u64(program)
                .u32(signal)
                .u8(wholeProgram ? 0 : 1)
                .bytes());
    }

    /** Resizes a program's terminal; the program gets SIGWINCH. */
    public void resize(long program, ProgramStart.TerminalSize size) throws IOException {
        expectOk(new Frames.Out(Frames.RESIZE)
                .u64(program)
                .u16(size.rows())
                .u16(size.columns())
                .bytes());
    }

    /** Waits for a program to end (at once when it has). */
    public Exit waitFor(long program) throws IOException {
        try (Connection c = Connection.open(address, secret, null)) {
            c.send(new Frames.Out(Frames.WAIT).u64(program).bytes());
            Frames.In f = c.receive();
            if (f.type != Frames.EXITED) {
                throw f.unexpected("EXITED");
            }
            f.u64();
            return new Exit(f.i32(), f.i32(), f.u64());
        }
    }

    /** Every program of this supervisor, running or ended, in the order they started. */
    public List<ProgramStatus> list() throws IOException {
        try (Connection c = Connection.open(address, secret, null)) {
            c.send(new Frames.Out(Frames.LIST).bytes());
            List<ProgramStatus> programs = new ArrayList<>();
            for (Frames.In f = c.receive(); f.type != Frames.END; f = c.receive()) {
                if (f.type != Frames.PROGRAM) {
                    throw f.unexpected("PROGRAM");
                }
                long id = f.u64();
                int pid = f.i32();
                boolean running = f.u8() == 1;
                int status = f.i32();
                int signal = f.i32();
                long started = f.u64();
                long ended = f.u64();
                long stdoutBytes = f.u64();
                long stderrBytes = f.u64();
                long dropped = f.u64();
                List<String> argv = f.strs();
                Exit exit = running ? null : new Exit(status, signal, ended);
                programs.add(new ProgramStatus(id, pid, exit, started, stdoutBytes, stderrBytes, dropped, argv));
            }
            return programs;
        }
    }

    /** Up to {@code max} bytes of a program's log ({@code stream} 1: stdout, 2: stderr) from {@code offset}. */
    public LogChunk readLog(long program, int stream, long offset, int max) throws IOException {
        try (Connection c = Connection.open(address, secret, null)) {
            c.send(new Frames.Out(Frames.READ_LOG)
                    .u64(program)
                    .u8(stream)
                    .u64(offset)
                    .u32(max)
                    .bytes());
            Frames.In f = c.receive();
            if (f.type != Frames.LOG_DATA) {
                throw f.unexpected("LOG_DATA");
            }
            int s = f.u8();
            long at = f.u64();
            boolean ended = f.u8() == 1;
            return new LogChunk(s, at, f.rest(), ended);
        }
    }

    /**
     * Opens the egress listeners of {@code spec} in the sandbox's network namespace and becomes their control
     * connection: what comes to them goes to {@code handler}, on a cached pool of daemon threads. Fails when a listener
     * cannot be bound (the message names it), or another control connection is open.
     */
    public EgressControl egress(EgressListen spec, EgressHandler handler) throws IOException {
        return egress(spec, handler, null);
    }

    /** As {@link #egress(EgressListen, EgressHandler)}, with the handler's calls run on {@code executor}. */
    public EgressControl egress(EgressListen spec, EgressHandler handler, Executor executor) throws IOException {
        Connection c = Connection.open(address, secret, null);
        try {
            c.send(spec.frame());
            Frames.In answer = c.receive();
            if (answer.type != Frames.EGRESS_LISTENING) {
                throw answer.unexpected("EGRESS_LISTENING");
            }
            List<Integer> tcpPorts = ports(answer);
            List<Integer> dnsPorts = ports(answer);
            return new EgressControl(c, tcpPorts, dnsPorts, handler, executor);
        } catch (IOException | RuntimeException e) {
            c.close();
            throw e;
        }
    }

    private static List<Integer> ports(Frames.In f) {
        int n = (int) f.u32();
        List<Integer> ports = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            ports.add(f.u16());
        }
        return ports;
    }

    /**
     * Attaches to a program's egress connection ({@link EgressHandler#connection}): from now on bytes flow between the
     * program and the returned stream. Fails with errno ENOENT (2) when no connection of that id waits (unknown,
     * expired, or attached already).
     */
    public EgressStream attachEgress(long id) throws IOException {
        Connection c = Connection.open(address, secret, null);
        try {
            c.send(new Frames.Out(Frames.EGRESS_ATTACH).u64(id).bytes());
            Frames.In answer = c.receive();
            if (answer.type != Frames.OK) {
                throw answer.unexpected("OK");
            }
            return new EgressStream(c);
        } catch (IOException | RuntimeException e) {
            c.close();
            throw e;
        }
    }

    /** Ends every program (SIGTERM, SIGKILL after {@code grace}) and then the supervisor. */
    public void shutdown(Duration grace) throws IOException {
        expectOk(new Frames.Out(Frames.SHUTDOWN).u32(grace.toMillis()).bytes());
    }

    private void expectOk(byte[] request) throws IOException {
        try (Connection c = Connection.open(address, secret, null)) {
            c.send(request);
            Frames.In f = c.receive();
            if (f.type != Frames.OK) {
                throw f.unexpected("OK");
            }
        }
    }
}
