package dev.shellbox.sandbox.egress;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;

import dev.shellbox.platform.testing.ServiceProcess;
import dev.shellbox.platform.testing.TestInternet;
import io.restassured.http.ContentType;
import io.restassured.response.ValidatableResponse;
import io.restassured.specification.RequestSpecification;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Assumptions;

/**
 * What the egress tests run against: a fake internet in network namespaces of the test's own ({@link TestInternet})
 * and the packaged vfs-service and sandbox-service, whose egress proxy resolves names with the fake internet's DNS.
 * Sandboxes are local (bubblewrap), their programs real (curl, python3).
 */
final class EgressWorld implements AutoCloseable {
    static final String USER = "egress-user";
    /** A key for the test's secrets only (32 bytes, base64). */
    static final String TEST_MASTER_KEY = "ZWdyZXNzLXRlc3RzLW9ubHktMzItYnl0ZXMta2V5ISE=";

    final TestInternet internet;
    final TestInternet.Host allowed;
    final TestInternet.Host denied;
    private final ServiceProcess vfs;
    private final ServiceProcess sandboxes;

    private EgressWorld(TestInternet internet, ServiceProcess vfs, ServiceProcess sandboxes) {
        this.internet = internet;
        this.allowed = internet.host("allowed.test");
        this.denied = internet.host("denied.test");
        this.vfs = vfs;
        this.sandboxes = sandboxes;
    }

    static EgressWorld start(String stateDirectory) {
        TestInternet.assumeAvailable();
        Assumptions.assumeTrue(Files.isExecutable(Path.of("/usr/bin/bwrap")), "bubblewrap is not installed");
        TestInternet internet = TestInternet.start();
        ServiceProcess vfs = null;
        try {
            vfs = new ServiceProcess("vfs-service", "SHELLBOX_VFS_PORT", Map.of()).startFresh();
            InetSocketAddress dns = internet.dnsServer();
            ServiceProcess sandboxes = new ServiceProcess(
                            "sandbox-service",
                            "SHELLBOX_SANDBOX_PORT",
                            Map.of(
                                    "SHELLBOX_VFS_URL",
                                    vfs.url(),
                                    "SHELLBOX_USAGE_URL",
                                    "http://127.0.0.1:1",
                                    "SHELLBOX_DEFAULT_PROVIDER",
                                    "local",
                                    "SHELLBOX_KEEP_CONTAINERS_ON_STOP",
                                    "false",
                                    "SHELLBOX_SANDBOX_EGRESS_RESOLVERS",
                                    dns.getAddress().getHostAddress() + ":" + dns.getPort(),
                                    "SHELLBOX_SANDBOX_EGRESS_UPSTREAM_CA_FILE",
                                    internet.caCertificatePem().toString(),
                                    "SHELLBOX_SECRETS_MASTER_KEY",
                                    TEST_MASTER_KEY,
                                    "SHELLBOX_SANDBOX_LOCAL_STATE_DIRECTORY",
                                    Path.of("target", stateDirectory)
                                            .toAbsolutePath()
                                            .toString()))
                    .startFresh();
            return new EgressWorld(internet, vfs, sandboxes);
        } catch (RuntimeException | Error e) {
            if (vfs != null) {
                vfs.stop();
            }
            internet.close();
            throw e;
        }
    }

    String baseUrl() {
        return sandboxes.url();
    }

    RequestSpecification as() {
        return given().baseUri(sandboxes.url()).header("X-Shellbox-User", USER).contentType(ContentType.JSON);
    }

    /** A new sandbox with this network (JSON) and the test CA at /workspace/ca.pem. */
    String sandbox(String network) throws Exception {
        String id = as().body("{\"network\":" + network + "}")
                .post("/v1/sandboxes")
                .then()
                .statusCode(201)
                .extract()
                .path("id");
        String pem = Files.readString(internet.caCertificatePem());
        as().body(Map.of("command", "cat > /workspace/ca.pem <<'EOF'\n" + pem + "EOF\n"))
                .post("/v1/sandboxes/" + id + "/exec")
                .then()
                .statusCode(200)
                .body("exitCode", equalTo(0));
        return id;
    }

    ValidatableResponse exec(String id, String command) {
        return as().body(Map.of("command", command, "timeoutMs", 60000))
                .post("/v1/sandboxes/" + id + "/exec")
                .then()
                .statusCode(200);
    }

    @Override
    public void close() {
        sandboxes.stop();
        vfs.stop();
        internet.close();
    }
}
