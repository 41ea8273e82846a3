package dev.shellbox.shell.commands;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * One case of a {@code .cases} file: a command line, the files and stdin it starts from, and optionally the recorded
 * output of the GNU tool. Format:
 *
 * <pre>
 * #### sort: numeric reverse            a case starts; the rest of the line names it
 * ## cmd: sort -nr 'my file.txt'        argv, split with sh-like single/double quotes and backslashes
 * ## file: my file.txt                  a file under the working directory; the lines until the next "## " are its
 * 10                                    content, each with its newline
 * 9
 * ## file-escaped: bin.dat              content on the following lines joined with newlines, without a final one,
 * a\tb\x00\xff                          and C escapes (\n \t \\ \0 \xHH) decoded
 * ## file-base64: blob.gz               content in base64
 * ## dir: sub/empty                     an empty directory
 * ## symlink: link -> target            a symlink
 * ## chmod: 755 script.sh               permission bits
 * ## stdin:                             stdin (also stdin-escaped:)
 * ## compare: stdout status             what must match (default: stdout stderr status files)
 * ## skip-gnu: jq is not installed here do not run the real tool; the expect-* lines are the reference
 * ## expect-status: 0                   recorded reference, used when the GNU tool is not run
 * ## expect-stdout:                     (also expect-stdout-escaped:, expect-stderr:, expect-stderr-escaped:)
 * </pre>
 *
 * Lines starting with {@code #} outside blocks and blank lines between cases are comments.
 */
public record DifferentialCase(
        String source,
        String name,
        List<String> argv,
        Map<String, byte[]> files,
        List<String> dirs,
        Map<String, String> symlinks,
        Map<String, Integer> modes,
        byte[] stdin,
        Set<String> compare,
        String skipGnu,
        Integer expectStatus,
        byte[] expectStdout,
        byte[] expectStderr) {

    public static final Set<String> ALL = Set.of("stdout", "stderr", "status", "files");

    @Override
    public String toString() {
        return source + ": " + name;
    }

    public static List<DifferentialCase> parse(Path file) throws IOException {
        List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        List<DifferentialCase> cases = new ArrayList<>();
        Builder current = null;
        int i = 0;
        while (i < lines.size()) {
            String line = lines.get(i++);
            if (line.startsWith("#### ")) {
                if (current != null) {
                    cases.add(current.build());
                }
                current = new Builder(
                        file.getFileName().toString(), line.substring(5).trim());
                continue;
            }
            if (current == null || !line.startsWith("## ")) {
                continue;
            }
            String directive = line.substring(3);
            int colon = directive.indexOf(':');
            if (colon < 0) {
                throw new IOException(file + ": bad directive: " + line);
            }
            String key = directive.substring(0, colon).trim();
            String value = directive.substring(colon + 1).trim();
            List<String> block = new ArrayList<>();
            if (Set.of(
                            "file",
                            "file-escaped",
                            "file-base64",
                            "stdin",
                            "stdin-escaped",
                            "expect-stdout",
                            "expect-stdout-escaped",
                            "expect-stderr",
                            "expect-stderr-escaped")
                    .contains(key)) {
                while (i < lines.size()
                        && !lines.get(i).startsWith("## ")
                        && !lines.get(i).startsWith("#### ")) {
                    block.add(lines.get(i++));
                }
            }
            switch (key) {
                case "cmd" -> current.argv = splitWords(value);
                case "file" -> current.files.put(value, plain(block));
                case "file-escaped" -> current.files.put(value, escaped(block));
                case "file-base64" ->
                    current.files.put(value, Base64.getMimeDecoder().decode(String.join("", block)));
                case "dir" -> current.dirs.add(value);
                case "symlink" -> {
                    String[] parts = value.split(" -> ", 2);
                    current.symlinks.put(parts[0].trim(), parts[1].trim());
                }
                case "chmod" -> {
                    String[] parts = value.split("\\s+", 2);
                    current.modes.put(parts[1], Integer.parseInt(parts[0], 8));
                }
                case "stdin" -> current.stdin = plain(block);
                case "stdin-escaped" -> current.stdin = escaped(block);
                case "compare" -> current.compare = Set.of(value.split("\\s+"));
                case "skip-gnu" -> current.skipGnu = value;
                case "expect-status" -> current.expectStatus = Integer.parseInt(value);
                case "expect-stdout" -> current.expectStdout = plain(block);
                case "expect-stdout-escaped" -> current.expectStdout = escaped(block);
                case "expect-stderr" -> current.expectStderr = plain(block);
                case "expect-stderr-escaped" -> current.expectStderr = escaped(block);
                default -> throw new IOException(file + ": unknown directive: " + key);
            }
        }
        if (current != null) {
            cases.add(current.build());
        }
        return cases;
    }

    private static byte[] plain(List<String> block) {
        StringBuilder sb = new StringBuilder();
        for (String l : block) {
            sb.append(l).append('\n');
        }
        return sb.toString().getBytes(StandardCharsets.UTF_8);
    }

    private static byte[] escaped(List<String> block) {
        String s = String.join("\n", block);
        java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c != '\\' || i + 1 == s.length()) {
                out.writeBytes(String.valueOf(c).getBytes(StandardCharsets.UTF_8));
                continue;
            }
            char e = s.charAt(++i);
            switch (e) {
                case 'n' -> out.write('\n');
                case 't' -> out.write('\t');
                case 'r' -> out.write('\r');
                case '0' -> out.write(0);
                case '\\' -> out.write('\\');
                case 'x' -> {
                    out.write(Integer.parseInt(s.substring(i + 1, i + 3), 16));
                    i += 2;
                }
                default -> {
                    out.write('\\');
                    out.write(e);
                }
            }
        }
        return out.toByteArray();
    }

    /** Splits a command line into words: whitespace separates, '...' and "..." quote, backslash escapes. */
    static List<String> splitWords(String line) {
        List<String> words = new ArrayList<>();
        StringBuilder word = null;
        for (int i = 0; i < line.length(); i++) {
            char c = line.charAt(i);
            if (Character.isWhitespace(c)) {
                if (word != null) {
                    words.add(word.toString());
                    word = null;
                }
                continue;
            }
            if (word == null) {
                word = new StringBuilder();
            }
            if (c == '\'') {
                int end = line.indexOf('\'', i + 1);
                word.append(line, i + 1, end);
                i = end;
            } else if (c == '"') {
                i++;
                while (line.charAt(i) != '"') {
                    if (line.charAt(i) == '\\' && "\"\\$`".indexOf(line.charAt(i + 1)) >= 0) {
                        i++;
                    }
                    word.append(line.charAt(i++));
                }
            } else if (c == '\\' && i + 1 < line.length()) {
                word.append(line.charAt(++i));
            } else {
                word.append(c);
            }
        }
        if (word != null) {
            words.add(word.toString());
        }
        return words;
    }

    private static final class Builder {
        final String source;
        final String name;
        List<String> argv;
        final Map<String, byte[]> files = new LinkedHashMap<>();
        final List<String> dirs = new ArrayList<>();
        final Map<String, String> symlinks = new LinkedHashMap<>();
        final Map<String, Integer> modes = new LinkedHashMap<>();
        byte[] stdin = new byte[0];
        Set<String> compare = ALL;
        String skipGnu;
        Integer expectStatus;
        byte[] expectStdout;
        byte[] expectStderr;

        Builder(String source, String name) {
            this.source = source;
            this.name = name;
        }

        DifferentialCase build() throws IOException {
            if (argv == null || argv.isEmpty()) {
                throw new IOException(source + ": case '" + name + "' has no cmd");
            }
            return new DifferentialCase(
                    source,
                    name,
                    argv,
                    files,
                    dirs,
                    symlinks,
                    modes,
                    stdin,
                    compare,
                    skipGnu,
                    expectStatus,
                    expectStdout,
                    expectStderr);
        }
    }
}
