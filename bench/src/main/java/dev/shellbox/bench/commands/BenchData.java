package dev.shellbox.bench.commands;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.SplittableRandom;

/**
 * The data sets of {@link CommandCase}, generated from fixed seeds so that the in-memory tree of the JMH benchmark and
 * the tree on disk that the GNU tools read hold the same bytes.
 */
public final class BenchData {
    /** The word {@code grep} looks for: one word in 2,000 after the number is this one, about one line in 270. */
    public static final String NEEDLE = "needle";

    private static final long MIB = 1L << 20;
    private static final String[] EXTENSIONS = {".x", ".txt", ".java", ".md", ".json", ".c", ".h", ".py"};
    private static final String[] WORDS = {
        "alpha",
        "bravo",
        "charlie",
        "delta",
        "echo",
        "foxtrot",
        "golf",
        "hotel",
        "india",
        "juliet",
        "kilo",
        "lima",
        "mike",
        "november",
        "oscar",
        "papa",
        "quebec",
        "romeo",
        "sierra",
        "tango",
        "uniform",
        "victor",
        "whiskey",
        "xray",
        "yankee",
        "zulu",
        "request",
        "response",
        "error",
        "warning",
        "info",
        "debug",
        "service",
        "handler",
        "session",
        "timeout",
        "retry",
        "cache",
        "index",
        "buffer",
        "stream",
        "socket",
        "thread",
        "worker",
        "queue",
        "commit",
        "branch",
        "merge",
        "config",
        "module",
        "package",
        "import",
        "export",
        "return",
        "public",
        "static",
        "final",
        "class",
        "void",
        "string",
        "value",
        "table",
        "query",
        "result"
    };

    /** Where generated entries go: an in-memory file system or a directory on disk. */
    public interface Tree {
        void directory(String path) throws IOException;

        void file(String path, byte[] content) throws IOException;
    }

    private BenchData() {}

    /** Writes the data set named {@code name} (one of {@link CommandCase#dataSet}) into {@code tree}. */
    public static void write(String name, Tree tree) throws IOException {
        switch (name) {
            case "grep-tree" -> grepTree(tree);
            case "sort-input" -> tree.file("lines.txt", sortInput());
            case "text" -> tree.file("text.txt", text(new SplittableRandom(3), 100 * MIB));
            case "find-tree" -> findTree(tree);
            default -> throw new IllegalArgumentException("no data set " + name);
        }
    }

    /** 100 directories of 100 files of about 10 KiB each: 10,000 files, 100 MiB. */
    private static void grepTree(Tree tree) throws IOException {
        SplittableRandom random = new SplittableRandom(1);
        for (int d = 0; d < 100; d++) {
            String dir = String.format("d%02d", d);
            tree.directory(dir);
            for (int f = 0; f < 100; f++) {
                tree.file(String.format("%s/f%03d.txt", dir, f), text(random, MIB / 100));
            }
        }
    }

    /** 1,000,000 lines of three words and a number. */
    private static byte[] sortInput() {
        SplittableRandom random = new SplittableRandom(2);
        StringBuilder sb = new StringBuilder(32 << 20);
        for (int i = 0; i < 1_000_000; i++) {
            sb.append(word(random)).append(' ').append(word(random)).append(' ').append(word(random));
            sb.append(' ').append(random.nextInt(1_000_000)).append('\n');
        }
        return sb.toString().getBytes(StandardCharsets.US_ASCII);
    }

    /**
     * Log-like lines of at least {@code bytes} bytes in all: two words, a number (the third field, which awk sums),
     * then 4 to 11 words.
     */
    private static byte[] text(SplittableRandom random, long bytes) {
        StringBuilder sb = new StringBuilder((int) bytes + 128);
        while (sb.length() < bytes) {
            sb.append(word(random)).append(' ').append(word(random)).append(' ').append(random.nextInt(100_000));
            int words = 4 + random.nextInt(8);
            for (int w = 0; w < words; w++) {
                sb.append(' ').append(random.nextInt(2000) == 0 ? NEEDLE : word(random));
            }
            sb.append('\n');
        }
        return sb.toString().getBytes(StandardCharsets.US_ASCII);
    }

    /** 10 directories of 10 directories of 999 empty files: 100,000 entries in all, one file in 8 named *.x. */
    private static void findTree(Tree tree) throws IOException {
        SplittableRandom random = new SplittableRandom(4);
        byte[] empty = new byte[0];
        int files = 100_000 - 10 - 100;
        int perDir = (files + 99) / 100;
        for (int top = 0; top < 10; top++) {
            tree.directory("p" + top);
            for (int sub = 0; sub < 10; sub++) {
                String dir = "p" + top + "/q" + sub;
                tree.directory(dir);
                for (int f = 0; f < perDir && files > 0; f++, files--) {
                    String ext = EXTENSIONS[random.nextInt(EXTENSIONS.length)];
                    tree.file(dir + "/" + word(random) + "_" + f + ext, empty);
                }
            }
        }
    }

    private static String word(SplittableRandom random) {
        return WORDS[random.nextInt(WORDS.length)];
    }
}
