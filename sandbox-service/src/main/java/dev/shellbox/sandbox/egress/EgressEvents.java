package dev.shellbox.sandbox.egress;

import java.time.Instant;
import java.util.ArrayDeque;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;

/** The recent decisions of one sandbox's egress proxy, and the streams that follow them. */
final class EgressEvents {
    private final int kept;
    private final ArrayDeque<EgressEvent> recent = new ArrayDeque<>();
    private final List<Consumer<EgressEvent>> followers = new CopyOnWriteArrayList<>();
    private long seq;

    EgressEvents(int kept) {
        this.kept = kept;
    }

    void record(
            String kind,
            String host,
            String address,
            int port,
            boolean allowed,
            String rule,
            long bytesOut,
            long bytesIn) {
        // followers are told under the lock, so that one that starts following meanwhile gets each event once
        synchronized (this) {
            EgressEvent e =
                    new EgressEvent(++seq, Instant.now(), kind, host, address, port, allowed, rule, bytesOut, bytesIn);
            recent.addLast(e);
            if (recent.size() > kept) {
                recent.removeFirst();
            }
            for (Consumer<EgressEvent> f : followers) {
                f.accept(e);
            }
        }
    }

    /**
     * The kept events after {@code afterSeq}, then every new one to {@code follower} until the returned handle is
     * closed; an event is never given twice or skipped between the two.
     */
    synchronized AutoCloseable follow(long afterSeq, Consumer<EgressEvent> follower) {
        for (EgressEvent e : recent) {
            if (e.seq() > afterSeq) {
                follower.accept(e);
            }
        }
        followers.add(follower);
        return () -> followers.remove(follower);
    }

    synchronized List<EgressEvent> recent() {
        return List.copyOf(recent);
    }
}
