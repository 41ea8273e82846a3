package dev.shellbox.vfs;

import static dev.shellbox.vfs.Volumes.files;
import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.equalTo;

import dev.shellbox.platform.testing.PostgresTestResource;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.TreeMap;
import java.util.zip.GZIPInputStream;
import java.util.zip.GZIPOutputStream;
import org.apache.commons.compress.archivers.tar.TarArchiveEntry;
import org.apache.commons.compress.archivers.tar.TarArchiveInputStream;
import org.apache.commons.compress.archivers.tar.TarArchiveOutputStream;
import org.junit.jupiter.api.Test;

@QuarkusTest
@QuarkusTestResource(PostgresTestResource.class)
@QuarkusTestResource(UsagePlanStub.class)
class ArchiveTest {
    static final byte[] BIG = Volumes.random(61, 5 * 1024 * 1024 + 3);

    /** A tar (gzipped when asked) with a directory, files (one large), a symlink and whatever {@code extra} adds. */
    static byte[] archive(boolean gzip, String extraName) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (var out = gzip ? new GZIPOutputStream(bytes) : bytes;
                TarArchiveOutputStream tar = new TarArchiveOutputStream(out)) {
            tar.setLongFileMode(TarArchiveOutputStream.LONGFILE_POSIX);
            TarArchiveEntry dir = new TarArchiveEntry("./src/");
            dir.setMode(040750);
            tar.putArchiveEntry(dir);
            tar.closeArchiveEntry();
            file(tar, "./src/main.py", "print('hi')\n".getBytes(StandardCharsets.UTF_8), 0100755);
            file(tar, "./data/big.bin", BIG, 0100644);
            TarArchiveEntry link = new TarArchiveEntry("./latest", TarArchiveEntry.LF_SYMLINK);
            link.setLinkName("src/main.py");
            tar.putArchiveEntry(link);
            tar.closeArchiveEntry();
            if (extraName != null) {
                file(tar, extraName, "x".getBytes(StandardCharsets.UTF_8), 0100644);
            }
        }
        return bytes.toByteArray();
    }

    static void file(TarArchiveOutputStream tar, String name, byte[] content, int mode) throws IOException {
        TarArchiveEntry e = new TarArchiveEntry(name);
        e.setSize(content.length);
        e.setMode(mode);
        tar.putArchiveEntry(e);
        tar.write(content);
        tar.closeArchiveEntry();
    }

    @Test
    void extractsATarGzIntoADirectory() throws IOException {
        String v = Volumes.create();
        given().queryParam("path", "/workspace/proj")
                .contentType("application/gzip")
                .body(archive(true, null))
                .post(files(v) + "/upload")
                .then()
                .statusCode(200)
                .body("files", equalTo(2))
                .body("directories", equalTo(1))
                .body("symlinks", equalTo(1));
        assertThat(Volumes.readString(v, "/workspace/proj/src/main.py")).isEqualTo("print('hi')\n");
        assertThat(Volumes.readString(v, "/workspace/proj/latest")).isEqualTo("print('hi')\n");
        assertThat(Volumes.sha256(Volumes.read(v, "/workspace/proj/data/big.bin")))
                .isEqualTo(Volumes.sha256(BIG));
        given().queryParam("path", "/workspace/proj/src/main.py")
                .get(files(v) + "/info")
                .then()
                .body("mode", equalTo(0755));
        given().queryParam("path", "/workspace/proj/src")
                .get(files(v) + "/info")
                .then()
                .body("mode", equalTo(0750));
    }

    @Test
    void extractsAPlainTar() throws IOException {
        String v = Volumes.create();
        given().queryParam("path", "/workspace")
                .contentType("application/x-tar")
                .body(archive(false, null))
                .post(files(v) + "/upload")
                .then()
                .statusCode(200);
        assertThat(Volumes.readString(v, "/workspace/src/main.py")).isEqualTo("print('hi')\n");
    }

    @Test
    void refusesAMemberThatWouldLandOutsideTheDirectoryAndExtractsNothing() throws IOException {
        String v = Volumes.create();
        given().queryParam("path", "/workspace/proj")
                .body(archive(true, "../../etc/evil"))
                .post(files(v) + "/upload")
                .then()
                .statusCode(400)
                .body("errno", equalTo("EINVAL"));
        given().queryParam("path", "/workspace/proj/src/main.py")
                .get(files(v))
                .then()
                .statusCode(404);
        given().queryParam("path", "/etc/evil").get(files(v)).then().statusCode(404);
    }

    @Test
    void rejectsABodyThatIsNotATar() {
        String v = Volumes.create();
        given().queryParam("path", "/workspace")
                .body(new byte[] {0x1f, (byte) 0x8b, 1, 2, 3})
                .post(files(v) + "/upload")
                .then()
                .statusCode(400)
                .body("errno", equalTo("EINVAL"));
    }

    @Test
    void downloadsADirectoryAsTarGzThatUploadsBackTheSame() throws IOException {
        String v = Volumes.create();
        given().queryParam("path", "/workspace/proj")
                .body(archive(true, null))
                .post(files(v) + "/upload")
                .then()
                .statusCode(200);
        byte[] download = given().queryParam("path", "/workspace/proj")
                .get(files(v) + "/download")
                .then()
                .statusCode(200)
                .contentType("application/gzip")
                .extract()
                .asByteArray();
        Map<String, String> members = new TreeMap<>();
        try (TarArchiveInputStream tar =
                new TarArchiveInputStream(new GZIPInputStream(new ByteArrayInputStream(download)))) {
            TarArchiveEntry e;
            while ((e = tar.getNextEntry()) != null) {
                String what = e.isDirectory()
                        ? "dir"
                        : e.isSymbolicLink() ? "-> " + e.getLinkName() : Volumes.sha256(tar.readAllBytes());
                members.put(e.getName(), what);
            }
        }
        assertThat(members)
                .containsEntry("src/", "dir")
                .containsEntry("data/big.bin", Volumes.sha256(BIG))
                .containsEntry("latest", "-> src/main.py")
                .containsEntry("src/main.py", Volumes.sha256("print('hi')\n".getBytes(StandardCharsets.UTF_8)));

        String copy = Volumes.create();
        given().queryParam("path", "/workspace/again")
                .body(download)
                .post(files(copy) + "/upload")
                .then()
                .statusCode(200);
        assertThat(Volumes.sha256(Volumes.read(copy, "/workspace/again/data/big.bin")))
                .isEqualTo(Volumes.sha256(BIG));
    }
}
