package dev.shellbox.sandbox.provider.local;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.net.Inet4Address;
import java.net.InetAddress;
import java.net.NetworkInterface;
import java.net.SocketException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * The network of a sandbox whose programs may use one: a network namespace every program of the sandbox joins (a
 * server one exec starts answers the next). An open network is connected to the outside by user-mode networking
 * (slirp4netns); the host stays out of reach: slirp4netns does not map the host's loopback, and routes inside the
 * namespace, which programs cannot change, make the host's own addresses and the blocked networks of the settings
 * unreachable. A proxied network has no way out at all: loopback, the DNS address and a range of local addresses that
 * the platform's DNS stub hands out, on which the sandbox's supervisor listens and relays every connection to the
 * platform's egress proxy.
 *
 * <p>A holder process, owned by the programs' host user, keeps the user and network namespaces alive; the sandbox's
 * container enters both with nsenter before bubblewrap starts it. Like the container, the holder and slirp4netns run
 * in sessions of their own and outlive the service: their pids are kept in the sandbox's directory, so that a
 * restarted service finds the network of a container that kept running, and ends it with the container.
 */
final class SandboxNetwork {
    /**
     * slirp4netns's fixed addresses: the namespace is 10.0.2.100, the gateway .2 and the DNS forwarder .3. A proxied
     * network has the same DNS address, on its loopback, so every container has the same resolv.conf.
     */
    static final String DNS_SERVER = "10.0.2.3";

    /** The addresses the DNS stub of a proxied network answers with: local, so the supervisor accepts them. */
    static final String STUB_ADDRESSES = "198.18.0.0/15";

    private static final String INTERFACE = "tap0";
    private static final long READY_SECONDS = 10;

    private final LocalSettings settings;
    /** Whether the namespace has no way out but the egress proxy (else slirp4netns connects it). */
    private final boolean proxied;
    /** Where slirp4netns tells what went wrong, if anything does. */
    private final Path log;

    /** Where the holder's and slirp4netns's pids are kept; null for a trial network that nothing comes back to. */
    private final Path pids;

    private ProcessHandle holder;
    private ProcessHandle slirp;

    SandboxNetwork(LocalSettings settings, boolean proxied, Path log, Path pids) {
        this.settings = settings;
        this.proxied = proxied;
        this.log = log;
        this.pids = pids;
    }

    /** Whether the namespace is up, made by this run of the service or an earlier one: a container in it has its network. */
    synchronized boolean isUp() {
        if (holder == null && pids != null && Files.exists(pids)) {
            try {
                String[] recorded = Files.readString(pids).trim().split(" ");
                holder = running(Long.parseLong(recorded[0]), "sleep").orElse(null);
                slirp = proxied
                        ? null
                        : running(Long.parseLong(recorded[1]), "slirp4netns").orElse(null);
            } catch (IOException | RuntimeException e) {
                holder = null;
                slirp = null;
            }
        }
        return holder != null && holder.isAlive() && (proxied || slirp != null && slirp.isAlive());
    }

    /** The process {@code pid} when it runs {@code command} (and is not another one that got its pid). */
    private static Optional<ProcessHandle> running(long pid, String command) {
        return ProcessHandle.of(pid)
                .filter(h ->
                        h.info().command().map(c -> c.endsWith("/" + command)).orElse(false));
    }

    /** What runs a program inside this network: nsenter's arguments up to its {@code --}, starting it if needed. */
    synchronized List<String> enter() throws IOException {
        if (!isUp()) {
            stop();
            start();
        }
        return enterArguments(holder.pid());
    }

    /** Ends the namespace and everything connected to it; the next {@link #enter} starts a new one. */
    synchronized void stop() {
        isUp();
        for (ProcessHandle p : new ProcessHandle[] {slirp, holder}) {
            if (p != null) {
                p.destroyForcibly();
            }
        }
        slirp = null;
        holder = null;
        if (pids != null) {
            try {
                Files.deleteIfExists(pids);
            } catch (IOException e) {
                // a stale record names processes that are gone: isUp checks what they run
            }
        }
    }

    private void start() throws IOException {
        boolean started = false;
        try {
            List<String> holderArgv = new ArrayList<>(List.of(settings.setsid()));
            holderArgv.addAll(asProgramUser(List.of(
                    settings.network().unshare(),
                    "--user",
                    "--net",
                    // root of the namespace: it may add routes, and bubblewrap drops that for programs
                    "--map-root-user",
                    "--",
                    "/bin/sh",
                    "-c",
                    "echo entered; exec sleep infinity")));
            Process startedHolder = new ProcessBuilder(holderArgv)
                    .redirectErrorStream(true)
                    .redirectInput(new File("/dev/null"))
                    .start();
            holder = startedHolder.toHandle();
            // slirp4netns must attach to the new namespace, not to the host's before unshare made it
            awaitLine(startedHolder, "entered", "the sandbox's network namespace was not created");
            if (proxied) {
                configureProxied();
                if (pids != null) {
                    Files.writeString(pids, holder.pid() + " 0\n");
                }
                started = true;
                return;
            }
            // slirp4netns chats on its standard output: the ready signal gets a descriptor of its own (3, the pipe)
            Process startedSlirp = new ProcessBuilder(
                            settings.setsid(),
                            "/bin/sh",
                            "-c",
                            "exec \"$0\" \"$@\" 3>&1 >/dev/null",
                            settings.network().slirp4netns(),
                            "--configure",
                            "--mtu=65520",
                            "--disable-host-loopback",
                            "--enable-sandbox",
                            "--enable-seccomp",
                            "--ready-fd=3",
                            Long.toString(holder.pid()),
                            INTERFACE)
                    .redirectError(ProcessBuilder.Redirect.appendTo(log.toFile()))
                    .redirectInput(new File("/dev/null"))
                    .start();
            slirp = startedSlirp.toHandle();
            awaitLine(startedSlirp, "1", "slirp4netns could not connect the sandbox's network");
            blockRoutes();
            if (pids != null) {
                Files.writeString(pids, holder.pid() + " " + slirp.pid() + "\n");
            }
            started = true;
        } finally {
            if (!started) {
                stop();
            }
        }
    }

    /** Waits (a bounded time) for {@code process} to print {@code expected} first on its standard output. */
    private static void awaitLine(Process process, String expected, String failure) throws IOException {
        InputStream out = process.getInputStream();
        CompletableFuture<String> first = CompletableFuture.supplyAsync(() -> {
            StringBuilder line = new StringBuilder();
            try {
                // slirp4netns's "1" has no newline after it: stop as soon as the expected text is there
                while (!line.toString().equals(expected) && line.length() < 200) {
                    int c = out.read();
                    if (c < 0 || c == '\n') {
                        break;
                    }
                    line.append((char) c);
                }
            } catch (IOException e) {
                // reported as a mismatch below
            }
            return line.toString();
        });
        try {
            String line = first.get(READY_SECONDS, TimeUnit.SECONDS);
            if (!line.equals(expected)) {
                throw new IOException(failure
                        + (process.isAlive() ? "" : " (exit status " + process.exitValue() + ")")
                        + (line.isEmpty() ? "" : ": " + line));
            }
        } catch (TimeoutException e) {
            throw new IOException(failure + " within " + READY_SECONDS + " s");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while setting up the sandbox's network");
        } catch (ExecutionException e) {
            throw new IOException(failure + ": " + e.getCause());
        }
    }

    /**
     * A proxied namespace: loopback up with the DNS address and the stub's range as local addresses (a program that
     * connects to one reaches the supervisor's listener, which tells the proxy where it meant to go), and ports below
     * 1024 open to the supervisor, which has no privileges. Nothing else is routed.
     */
    private void configureProxied() throws IOException {
        String batch = "link set lo up\n"
                + "address add " + DNS_SERVER + "/32 dev lo\n"
                + "route add local " + STUB_ADDRESSES + " dev lo\n";
        List<String> argv = new ArrayList<>(enterArguments(holder.pid()));
        argv.addAll(List.of(settings.network().ip(), "-batch", "-"));
        HostCommand.run(asProgramUser(argv), batch, "could not set up the sandbox's proxied network");
        List<String> sysctl = new ArrayList<>(enterArguments(holder.pid()));
        sysctl.addAll(List.of("/bin/sh", "-c", "echo 0 > /proc/sys/net/ipv4/ip_unprivileged_port_start"));
        HostCommand.run(asProgramUser(sysctl), "", "could not open low ports to the sandbox's supervisor");
    }

    /** Makes the host's addresses and the blocked networks unreachable inside the namespace, in one {@code ip}. */
    private void blockRoutes() throws IOException {
        StringBuilder batch = new StringBuilder();
        for (String network : blockedNetworks()) {
            batch.append("route add unreachable ").append(network).append('\n');
        }
        List<String> argv = new ArrayList<>(enterArguments(holder.pid()));
        argv.addAll(List.of(settings.network().ip(), "-batch", "-"));
        HostCommand.run(asProgramUser(argv), batch.toString(), "could not restrict the sandbox's network");
    }

    /** The configured blocked networks and every IPv4 address of this host except loopback, which is not mapped. */
    List<String> blockedNetworks() throws SocketException {
        Set<String> networks = new LinkedHashSet<>(settings.network().blockedNetworks());
        for (NetworkInterface nic : Collections.list(NetworkInterface.getNetworkInterfaces())) {
            for (InetAddress address : Collections.list(nic.getInetAddresses())) {
                if (address instanceof Inet4Address && !address.isLoopbackAddress()) {
                    networks.add(address.getHostAddress() + "/32");
                }
            }
        }
        return List.copyOf(networks);
    }

    private List<String> enterArguments(long pid) {
        return List.of(
                settings.network().nsenter(),
                "--user=/proc/" + pid + "/ns/user",
                "--net=/proc/" + pid + "/ns/net",
                "--preserve-credentials",
                "--");
    }

    private List<String> asProgramUser(List<String> argv) {
        return settings.asHostUser(argv);
    }
}
