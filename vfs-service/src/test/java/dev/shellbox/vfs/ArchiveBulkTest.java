package dev.shellbox.vfs;

import static dev.shellbox.vfs.Volumes.files;
import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.equalTo;

import dev.shellbox.platform.testing.PostgresTestResource;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.TreeMap;
import java.util.UUID;
import java.util.zip.GZIPInputStream;
import java.util.zip.GZIPOutputStream;
import org.apache.commons.compress.archivers.tar.TarArchiveEntry;
import org.apache.commons.compress.archivers.tar.TarArchiveInputStream;
import org.apache.commons.compress.archivers.tar.TarArchiveOutputStream;
import org.junit.jupiter.api.Test;

/** Uploads of archives with thousands of entries: every entry lands exactly, or none does. */
@QuarkusTest
@QuarkusTestResource(PostgresTestResource.class)
@QuarkusTestResource(UsagePlanStub.class)
class ArchiveBulkTest {
    private static final long MTIME = 1_700_000_000_000L;

    /** What a tar member looks like: type ('d', 'f', 'l'), permission bits, mtime (ms) and bytes (files). */
    record Member(char type, int mode, long mtime, String content) {}

    static String content(int d, int f) {
        return ("d" + d + "/f" + f + ";").repeat(1 + (d * 7 + f) % 90);
    }

    @Test
    void extractsThousandsOfFilesInNestedDirectoriesExactly() throws IOException {
        String v = Volumes.create();
        Volumes.put(v, "/workspace/proj/d03/f007.txt", "old").then().statusCode(200);
        Volumes.put(v, "/workspace/proj/d03/s1/f001.txt", "old too").then().statusCode(200);
        Volumes.put(v, "/workspace/proj/d04/keep.txt", "kept").then().statusCode(200);
        JsonPath before = info(v);

        Map<String, Member> expected = new TreeMap<>();
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        int files = 0;
        int directories = 0;
        try (GZIPOutputStream gzip = new GZIPOutputStream(bytes);
                TarArchiveOutputStream tar = new TarArchiveOutputStream(gzip)) {
            tar.setLongFileMode(TarArchiveOutputStream.LONGFILE_POSIX);
            for (int d = 0; d < 40; d++) {
                String dir = String.format("d%02d", d);
                if (d % 2 == 0) {
                    // d04 exists already: it keeps its mode, as mkdir -p would
                    directory(tar, dir, 0750);
                    directories++;
                    expected.put(dir, new Member('d', d == 4 ? 0755 : 0750, 0, null));
                } else {
                    expected.put(dir, new Member('d', 0755, 0, null));
                }
                for (int f = 0; f < 100; f++) {
                    String path = String.format("%s/s%d/f%03d.txt", dir, f % 3, f);
                    int mode = f % 5 == 0 ? 0600 : f % 2 == 0 ? 0644 : 0755;
                    long mtime = MTIME + (d * 1000L + f) * 1000L;
                    file(tar, "./" + path, content(d, f), mode, mtime);
                    files++;
                    expected.put(dir + "/s" + f % 3, new Member('d', 0755, 0, null));
                    expected.put(path, new Member('f', mode, mtime, content(d, f)));
                }
            }
            // a file at the top, overwriting an existing one; and one written twice (the last write wins)
            file(tar, "d03/f007.txt", "new", 0640, MTIME);
            file(tar, "d05/s0/f000.txt", "second", 0604, MTIME + 5000);
            files += 2;
            expected.put("d03/f007.txt", new Member('f', 0640, MTIME, "new"));
            expected.put("d05/s0/f000.txt", new Member('f', 0604, MTIME + 5000, "second"));
        }
        expected.put("d04/keep.txt", new Member('f', 0644, -1, "kept"));

        given().queryParam("path", "/workspace/proj")
                .contentType("application/gzip")
                .body(bytes.toByteArray())
                .post(files(v) + "/upload")
                .then()
                .statusCode(200)
                .body("files", equalTo(files))
                .body("directories", equalTo(directories))
                .body("version", equalTo(before.getInt("version") + 1));

        Map<String, Member> actual = download(v, "/workspace/proj");
        assertThat(actual.keySet()).containsExactlyElementsOf(expected.keySet());
        expected.forEach((path, want) -> {
            Member got = actual.get(path);
            assertThat(got.type()).as(path).isEqualTo(want.type());
            assertThat(got.mode()).as(path).isEqualTo(want.mode());
            if (want.type() == 'f') {
                assertThat(got.content()).as(path).isEqualTo(want.content());
                if (want.mtime() > 0) {
                    assertThat(got.mtime()).as(path).isEqualTo(want.mtime());
                }
            }
        });

        // the entries that existed before: d03, d03/f007.txt, d03/s1, d03/s1/f001.txt, d04, d04/keep.txt
        JsonPath after = info(v);
        assertThat(after.getLong("version")).isEqualTo(before.getLong("version") + 1);
        assertThat(after.getLong("files")).isEqualTo(before.getLong("files") + expected.size() - 6);
        long contentBytes = expected.values().stream()
                .filter(m -> m.type() == 'f')
                .mapToLong(m -> m.content().getBytes(StandardCharsets.UTF_8).length)
                .sum();
        assertThat(after.getLong("bytes")).isEqualTo(contentBytes);

        JsonPath changes = given().queryParam("since", before.getLong("version"))
                .get("/internal/v1/volumes/" + v + "/changes")
                .then()
                .statusCode(200)
                .extract()
                .jsonPath();
        if (!changes.getBoolean("truncated")) {
            assertThat(changes.getList("changed", String.class))
                    .contains("/workspace/proj/d03/f007.txt", "/workspace/proj/d05/s0/f000.txt")
                    .doesNotContain("/workspace/proj/d04/keep.txt");
        }
    }

    @Test
    void aLimitViolationInTheMiddleLeavesNothingApplied() throws IOException {
        String v = Volumes.create("tiny-" + UUID.randomUUID());
        Volumes.put(v, "/workspace/a.txt", "keep").then().statusCode(200);
        Volumes.put(v, "/workspace/proj/d01/f0001.txt", "keep too").then().statusCode(200);
        JsonPath before = info(v);
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (GZIPOutputStream gzip = new GZIPOutputStream(bytes);
                TarArchiveOutputStream tar = new TarArchiveOutputStream(gzip)) {
            for (int i = 0; i < 3000; i++) {
                // 3000 x 20 bytes: over the plan's 50,000 bytes about two thirds in
                file(tar, String.format("proj/d%02d/f%04d.txt", i % 30, i), "%020d".formatted(i), 0644, MTIME);
            }
            file(tar, "a.txt", "replaced", 0600, MTIME);
        }
        given().queryParam("path", "/workspace")
                .body(bytes.toByteArray())
                .post(files(v) + "/upload")
                .then()
                .statusCode(413)
                .body("errno", equalTo("ENOSPC"))
                .body("limit", equalTo("storage_bytes"));
        JsonPath after = info(v);
        assertThat(after.getLong("version")).isEqualTo(before.getLong("version"));
        assertThat(after.getLong("files")).isEqualTo(before.getLong("files"));
        assertThat(after.getLong("bytes")).isEqualTo(before.getLong("bytes"));
        assertThat(Volumes.readString(v, "/workspace/a.txt")).isEqualTo("keep");
        assertThat(Volumes.readString(v, "/workspace/proj/d01/f0001.txt")).isEqualTo("keep too");
        assertThat(download(v, "/workspace/proj").keySet()).containsExactly("d01", "d01/f0001.txt");
    }

    @Test
    void symlinksHardLinksAndConflictsBehaveAsEntryByEntry() throws IOException {
        String v = Volumes.create();
        Volumes.put(v, "/workspace/proj/real/a.txt", "a").then().statusCode(200);
        upload(v, tarGz(tar -> symlink(tar, "alias", "real"))).then().statusCode(200);
        byte[] second = tarGz(tar -> {
            file(tar, "alias/b.txt", "b through the link", 0644, MTIME);
            file(tar, "alias/a.txt", "a through the link", 0600, MTIME);
            symlink(tar, "link2", "real/a.txt");
            file(tar, "link2", "a through the other link", 0640, MTIME + 1000);
            TarArchiveEntry hard = new TarArchiveEntry("hard.txt", TarArchiveEntry.LF_LINK);
            hard.setLinkName("alias/b.txt");
            hard.setMode(0100604);
            hard.setModTime(MTIME);
            tar.putArchiveEntry(hard);
            tar.closeArchiveEntry();
            directory(tar, "alias/sub", 0700);
            file(tar, "alias/sub/deep/c.txt", "c", 0644, MTIME);
        });
        upload(v, second).then().statusCode(200).body("files", equalTo(5)).body("symlinks", equalTo(1));
        Map<String, Member> tree = download(v, "/workspace/proj");
        assertThat(tree.keySet())
                .containsExactly(
                        "alias",
                        "hard.txt",
                        "link2",
                        "real",
                        "real/a.txt",
                        "real/b.txt",
                        "real/sub",
                        "real/sub/deep",
                        "real/sub/deep/c.txt");
        assertThat(tree.get("alias").type()).isEqualTo('l');
        assertThat(tree.get("link2").type()).isEqualTo('l');
        assertThat(tree.get("real/a.txt")).isEqualTo(new Member('f', 0640, MTIME + 1000, "a through the other link"));
        assertThat(tree.get("real/b.txt")).isEqualTo(new Member('f', 0644, MTIME, "b through the link"));
        assertThat(tree.get("hard.txt")).isEqualTo(new Member('f', 0604, MTIME, "b through the link"));
        assertThat(tree.get("real/sub").mode()).isEqualTo(0700);
        assertThat(tree.get("real/sub/deep").mode()).isEqualTo(0755);

        long version = info(v).getLong("version");
        upload(v, tarGz(tar -> {
                    file(tar, "fresh.txt", "never lands", 0644, MTIME);
                    directory(tar, "real/a.txt", 0755);
                }))
                .then()
                .body("errno", equalTo("EEXIST"));
        upload(v, tarGz(tar -> {
                    file(tar, "fresh.txt", "never lands", 0644, MTIME);
                    file(tar, "alias", "a file over a directory", 0644, MTIME);
                }))
                .then()
                .body("errno", equalTo("EISDIR"));
        upload(v, tarGz(tar -> {
                    file(tar, "fresh.txt", "never lands", 0644, MTIME);
                    symlink(tar, "real/a.txt", "elsewhere");
                }))
                .then()
                .body("errno", equalTo("EEXIST"));
        assertThat(info(v).getLong("version")).isEqualTo(version);
        assertThat(download(v, "/workspace/proj")).isEqualTo(tree);
    }

    interface Members {
        void write(TarArchiveOutputStream tar) throws IOException;
    }

    static byte[] tarGz(Members members) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (GZIPOutputStream gzip = new GZIPOutputStream(bytes);
                TarArchiveOutputStream tar = new TarArchiveOutputStream(gzip)) {
            members.write(tar);
        }
        return bytes.toByteArray();
    }

    static io.restassured.response.Response upload(String v, byte[] archive) {
        return given().queryParam("path", "/workspace/proj")
                .contentType("application/gzip")
                .body(archive)
                .post(files(v) + "/upload");
    }

    static void symlink(TarArchiveOutputStream tar, String name, String target) throws IOException {
        TarArchiveEntry e = new TarArchiveEntry(name, TarArchiveEntry.LF_SYMLINK);
        e.setLinkName(target);
        tar.putArchiveEntry(e);
        tar.closeArchiveEntry();
    }

    static JsonPath info(String v) {
        return given().get("/internal/v1/volumes/" + v)
                .then()
                .statusCode(200)
                .extract()
                .jsonPath();
    }

    /** Every member of the tar.gz download of a directory, by name. */
    static Map<String, Member> download(String v, String path) throws IOException {
        byte[] body = given().queryParam("path", path)
                .get(files(v) + "/download")
                .then()
                .statusCode(200)
                .extract()
                .asByteArray();
        Map<String, Member> members = new TreeMap<>();
        try (TarArchiveInputStream tar =
                new TarArchiveInputStream(new GZIPInputStream(new ByteArrayInputStream(body)))) {
            TarArchiveEntry e;
            while ((e = tar.getNextEntry()) != null) {
                String name = e.getName().endsWith("/")
                        ? e.getName().substring(0, e.getName().length() - 1)
                        : e.getName();
                char type = e.isDirectory() ? 'd' : e.isSymbolicLink() ? 'l' : 'f';
                String content = type == 'f' ? new String(tar.readAllBytes(), StandardCharsets.UTF_8) : null;
                members.put(
                        name,
                        new Member(type, e.getMode() & 07777, e.getModTime().getTime(), content));
            }
        }
        return members;
    }

    static void directory(TarArchiveOutputStream tar, String name, int mode) throws IOException {
        TarArchiveEntry e = new TarArchiveEntry(name + "/");
        e.setMode(040000 | mode);
        tar.putArchiveEntry(e);
        tar.closeArchiveEntry();
    }

    static void file(TarArchiveOutputStream tar, String name, String text, int mode, long mtime) throws IOException {
        byte[] content = text.getBytes(StandardCharsets.UTF_8);
        TarArchiveEntry e = new TarArchiveEntry(name);
        e.setSize(content.length);
        e.setMode(0100000 | mode);
        e.setModTime(mtime);
        tar.putArchiveEntry(e);
        tar.write(content);
        tar.closeArchiveEntry();
    }
}
