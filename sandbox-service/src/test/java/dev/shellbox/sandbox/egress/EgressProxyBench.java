package dev.shellbox.sandbox.egress;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;

/**
 * What the egress proxy costs, side by side in one run: request latency and a 100 MB download as curl inside a
 * sandbox measures them, through the explicit proxy, captured transparently, and in an open (slirp4netns) sandbox,
 * against the same curl on the host straight to the fake internet. Not a test: run it with
 * {@code -Dit.test=EgressProxyBench -Degress-bench=true}; it prints the numbers and checks only that the transfers
 * succeed.
 */
@EnabledIfSystemProperty(named = "egress-bench", matches = "true")
class EgressProxyBench {
    static final int REQUESTS = 200;
    static final long DOWNLOAD = 100_000_000L;

    static EgressWorld world;

    @BeforeAll
    static void start() {
        world = EgressWorld.start("egress-bench-workspaces");
    }

    @AfterAll
    static void stop() {
        if (world != null) {
            world.close();
        }
    }

    @Test
    void latencyAndThroughputThroughTheProxyAgainstTheDirectPaths() throws Exception {
        String proxied = world.sandbox(EgressIT.POLICY);
        String open = world.sandbox("true");
        String ip = world.allowed.ipv4();
        Map<String, String[]> paths = new java.util.LinkedHashMap<>();
        paths.put("explicit proxy", new String[] {proxied, "/usr/bin/curl -s", "http://allowed.test"});
        paths.put("transparent", new String[] {proxied, "/usr/bin/curl -s --noproxy '*'", "http://allowed.test"});
        paths.put("built-in curl, proxied policy", new String[] {proxied, "curl -s", "http://allowed.test"});
        paths.put("open network (slirp4netns)", new String[] {open, "/usr/bin/curl -s", "http://" + ip});
        for (Map.Entry<String, String[]> p : paths.entrySet()) {
            String[] v = p.getValue();
            String latency = world.exec(
                            v[0],
                            "for i in $(seq " + REQUESTS + "); do " + v[1] + " -o /dev/null -w '%{time_total}\\n' "
                                    + v[2] + "/echo; done")
                    .extract()
                    .path("stdout");
            String download = world.exec(
                            v[0],
                            v[1] + " -o /dev/null -w '%{size_download} %{time_total}' " + v[2] + "/bytes?n=" + DOWNLOAD)
                    .extract()
                    .path("stdout");
            report(p.getKey(), latency, download);
        }
        report(
                "host, no sandbox",
                hostLatency(ip),
                run(List.of(
                        "curl",
                        "-s",
                        "-o",
                        "/dev/null",
                        "-w",
                        "%{size_download} %{time_total}",
                        "http://" + ip + "/bytes?n=" + DOWNLOAD)));
    }

    private static String hostLatency(String ip) throws Exception {
        StringBuilder all = new StringBuilder();
        for (int i = 0; i < REQUESTS; i++) {
            all.append(
                    run(List.of("curl", "-s", "-o", "/dev/null", "-w", "%{time_total}\\n", "http://" + ip + "/echo")));
        }
        return all.toString();
    }

    private static String run(List<String> argv) throws Exception {
        Process p = new ProcessBuilder(argv).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes());
        p.waitFor();
        return out;
    }

    private static void report(String path, String latency, String download) {
        double[] ms = Arrays.stream(latency.trim().split("\\s+"))
                .mapToDouble(s -> Double.parseDouble(s) * 1000)
                .sorted()
                .toArray();
        assertThat(ms).hasSize(REQUESTS);
        String[] d = download.trim().split(" ");
        assertThat(Long.parseLong(d[0])).isEqualTo(DOWNLOAD);
        double seconds = Double.parseDouble(d[1]);
        System.out.printf(
                "EGRESS-BENCH %-28s request p50 %.2f ms, p99 %.2f ms; 100 MB in %.2f s (%.0f MB/s)%n",
                path, ms[ms.length / 2], ms[(int) (ms.length * 0.99)], seconds, DOWNLOAD / 1e6 / seconds);
    }
}
