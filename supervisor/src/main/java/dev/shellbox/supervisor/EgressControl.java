package dev.shellbox.supervisor;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A supervisor's egress control connection ({@code EGRESS_LISTEN}): while it is open, the supervisor's egress
 * listeners are open, and what comes to them is handed to the {@link EgressHandler}. Closing it closes the listeners;
 * relays already attached go on. One thread reads the connection and dispatches to the handler's executor; DNS replies
 * are sent whole, one at a time.
 */
public final class EgressControl implements AutoCloseable {
    private static final AtomicInteger HANDLER_THREADS = new AtomicInteger();

    private final Connection connection;
    private final List<Integer> tcpPorts;
    private final List<Integer> dnsPorts;
    private final EgressHandler handler;
    private final Executor executor;
    private final ExecutorService ownExecutor;
    private final CompletableFuture<Void> ended = new CompletableFuture<>();
    private volatile boolean closed;

    EgressControl(
            Connection connection,
            List<Integer> tcpPorts,
            List<Integer> dnsPorts,
            EgressHandler handler,
            Executor executor) {
        this.connection = connection;
        this.tcpPorts = List.copyOf(tcpPorts);
        this.dnsPorts = List.copyOf(dnsPorts);
        this.handler = handler;
        this.ownExecutor = executor == null
                ? Executors.newCachedThreadPool(r -> {
                    Thread t = new Thread(r, "supervisor-egress-handler-" + HANDLER_THREADS.incrementAndGet());
                    t.setDaemon(true);
                    return t;
                })
                : null;
        this.executor = executor == null ? ownExecutor : executor;
        Thread reader = new Thread(this::receive, "supervisor-egress-control");
        reader.setDaemon(true);
        reader.start();
    }

    /** The bound port of each TCP listener, in the order they were asked for. */
    public List<Integer> tcpPorts() {
        return tcpPorts;
    }

    /** The bound port of each DNS listener, in the order they were asked for. */
    public List<Integer> dnsPorts() {
        return dnsPorts;
    }

    /** Every bound port: the TCP listeners', then the DNS listeners', each in the order they were asked for. */
    public List<Integer> ports() {
        List<Integer> all = new ArrayList<>(tcpPorts);
        all.addAll(dnsPorts);
        return List.copyOf(all);
    }

    /** Completes when the control connection ended: closed here, or lost (then exceptionally). */
    public CompletableFuture<Void> ended() {
        return ended;
    }

    /** Closes the control connection, and so the supervisor's egress listeners; attached relays go on. */
    @Override
    public void close() {
        closed = true;
        connection.close();
        if (ownExecutor != null) {
            ownExecutor.shutdown();
        }
    }

    private void receive() {
        try {
            for (Frames.In f; (f = connection.receiveOrEnd()) != null; ) {
                switch (f.type) {
                    case Frames.EGRESS_CONN -> {
                        EgressConnection c =
                                new EgressConnection(f.u64(), EgressListen.Kind.of(f.u8()), f.address(), f.address());
                        dispatch(() -> handler.connection(c));
                    }
                    case Frames.DNS_QUERY -> {
                        DnsQuery q = new DnsQuery(f.u64(), f.u8(), f.address(), f.rest());
                        dispatch(() -> answer(q));
                    }
                    default -> throw f.unexpected("EGRESS_CONN or DNS_QUERY");
                }
            }
            ended.complete(null);
        } catch (IOException | RuntimeException e) {
            if (closed) {
                ended.complete(null);
            } else {
                ended.completeExceptionally(e);
            }
        }
        close();
    }

    private void dispatch(Runnable task) {
        try {
            executor.execute(task);
        } catch (RejectedExecutionException e) {
            // closing: what comes now is dropped, and expires in the supervisor
        }
    }

    private void answer(DnsQuery q) {
        byte[] reply = handler.dnsQuery(q);
        if (reply == null) {
            return;
        }
        try {
            connection.send(new Frames.Out(Frames.DNS_REPLY)
                    .u64(q.id())
                    .rest(reply, 0, reply.length)
                    .bytes());
        } catch (IOException e) {
            // the control connection is gone; the reader sees it too
        }
    }

    /**
     * Ends an egress connection at once (waiting to be attached, or relayed): the program gets a reset, and whatever
     * the relay still buffers for it is dropped. For a connection the host's policy no longer allows.
     */
    public void abort(long id) {
        try {
            connection.send(new Frames.Out(Frames.EGRESS_ABORT).u64(id).bytes());
        } catch (IOException e) {
            // the control connection is gone, and with it the listeners; the relay ends when its streams close
        }
    }
}
