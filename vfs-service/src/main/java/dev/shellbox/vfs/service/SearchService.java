package dev.shellbox.vfs.service;

import dev.shellbox.contracts.Operation;
import dev.shellbox.vfs.config.VfsConfig;
import dev.shellbox.vfs.domain.Caller;
import dev.shellbox.vfs.domain.Errno;
import dev.shellbox.vfs.domain.FileRead;
import dev.shellbox.vfs.domain.Glob;
import dev.shellbox.vfs.domain.Node;
import dev.shellbox.vfs.domain.NodeInfo;
import dev.shellbox.vfs.domain.SearchHit;
import dev.shellbox.vfs.domain.VfsException;
import dev.shellbox.vfs.domain.VfsPaths;
import dev.shellbox.vfs.domain.Volume;
import dev.shellbox.vfs.repository.NodeRepository;
import io.quarkus.hibernate.reactive.panache.Panache;
import jakarta.enterprise.context.ApplicationScoped;
import java.io.BufferedInputStream;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/**
 * Search in a volume: lines matching a regular expression in the files under a path ({@code grep -rn}, with a glob
 * filter like {@code --include}), or entries whose name matches a glob ({@code find -name}). Binary files (a NUL byte
 * in their first 8 KiB) and files over the configured size are skipped; a search stops, {@code truncated}, at its
 * result, entry or time budget.
 */
@ApplicationScoped
public class SearchService {
    private static final int PAGE = 500;
    private static final int BINARY_PROBE = 8192;
    private static final int MAX_LINE_CHARS = 1 << 20;
    private static final int MAX_TEXT_CHARS = 1000;

    private final FileService files;
    private final NodeRepository nodes;
    private final ContentService content;
    private final UsageRecorder usage;
    private final VfsConfig.Search limits;

    public SearchService(
            FileService files, NodeRepository nodes, ContentService content, UsageRecorder usage, VfsConfig config) {
        this.files = files;
        this.nodes = nodes;
        this.content = content;
        this.usage = usage;
        this.limits = config.search();
    }

    /** Search results and whether the search stopped before the end. */
    public record Result(List<SearchHit> matches, boolean truncated, long filesScanned) {}

    public Result search(
            String volumeId,
            Caller caller,
            String rawPath,
            String regex,
            String glob,
            boolean ignoreCase,
            Integer maxResults) {
        long start = System.nanoTime();
        String path = VfsPaths.normalize(rawPath == null ? VfsPaths.WORKSPACE : rawPath);
        Volume v = files.access(volumeId, caller);
        int max = maxResults == null ? limits.maxResults() : maxResults;
        if (max < 1 || max > 10_000) {
            throw new VfsException(Errno.EINVAL, path, "maxResults must be between 1 and 10000");
        }
        if (regex == null && glob == null) {
            throw new VfsException(Errno.EINVAL, path, "give a pattern (content search) or a glob (name search)");
        }
        Glob filter = glob == null ? null : Glob.compile(glob);
        NodeInfo root = files.stat(volumeId, caller, path, true);
        long deadline = start + limits.timeout().toNanos();
        Search search = new Search(max, deadline);
        if (regex == null) {
            findByName(volumeId, path, root, filter, search);
        } else {
            Pattern pattern;
            try {
                pattern = Pattern.compile(regex, ignoreCase ? Pattern.CASE_INSENSITIVE | Pattern.UNICODE_CASE : 0);
            } catch (PatternSyntaxException e) {
                throw new VfsException(Errno.EINVAL, path, "invalid pattern: " + e.getDescription());
            }
            grep(volumeId, path, root, pattern, filter, search);
        }
        Await.result(() -> usage.recordRead(v.userId, volumeId, Operation.FILE_READ, search.bytes, start));
        return new Result(search.hits, search.truncated, search.files);
    }

    /** The running state of one search. */
    private static final class Search {
        final List<SearchHit> hits = new ArrayList<>();
        final int max;
        final long deadline;
        boolean truncated;
        long files;
        long entries;
        long bytes;

        Search(int max, long deadline) {
            this.max = max;
            this.deadline = deadline;
        }

        boolean full() {
            if (hits.size() >= max || System.nanoTime() - deadline > 0) {
                truncated = true;
            }
            return truncated;
        }
    }

    private void findByName(String volumeId, String path, NodeInfo root, Glob glob, Search search) {
        if (!root.type().equals(dev.shellbox.vfs.domain.NodeType.DIRECTORY)) {
            return;
        }
        String after = null;
        while (!search.full()) {
            String from = after;
            List<NodeInfo> page =
                    Await.result(() -> Panache.withSession(() -> nodes.descendants(volumeId, root.path(), from, PAGE)));
            for (NodeInfo e : page) {
                if (++search.entries > limits.maxEntries()) {
                    search.truncated = true;
                    return;
                }
                if (glob.matches(e.name(), VfsPaths.relativize(e.path(), root.path()))) {
                    search.hits.add(SearchHit.entry(rebase(e.path(), root.path(), path), e.type(), e.size()));
                    if (search.full()) {
                        return;
                    }
                }
            }
            if (page.size() < PAGE) {
                return;
            }
            after = page.get(page.size() - 1).path();
        }
    }

    private void grep(String volumeId, String path, NodeInfo root, Pattern pattern, Glob glob, Search search) {
        if (!root.type().equals(dev.shellbox.vfs.domain.NodeType.DIRECTORY)) {
            FileRead file = files.describe(volumeId, Caller.INTERNAL, path);
            scan(path, file, pattern, search);
            return;
        }
        String after = null;
        while (!search.full()) {
            String from = after;
            List<Node> page =
                    Await.result(() -> Panache.withSession(() -> nodes.filesOf(volumeId, root.path(), from, PAGE)));
            for (Node n : page) {
                if (++search.entries > limits.maxEntries()) {
                    search.truncated = true;
                    return;
                }
                if (glob != null && !glob.matches(n.name, VfsPaths.relativize(n.path, root.path()))) {
                    continue;
                }
                if (n.size > limits.maxFileBytes()) {
                    continue;
                }
                String shown = rebase(n.path, root.path(), path);
                FileRead file = n.contentHash == null
                        ? new FileRead(NodeInfo.of(n), n.inlineData == null ? new byte[0] : n.inlineData, null, 0, null)
                        : new FileRead(NodeInfo.of(n), null, n.contentHash, chunkSizeOf(n), null);
                scan(shown, file, pattern, search);
                if (search.full()) {
                    return;
                }
            }
            if (page.size() < PAGE) {
                return;
            }
            after = page.get(page.size() - 1).path;
        }
    }

    private int chunkSizeOf(Node n) {
        var c = Await.result(() -> Panache.withSession(() -> files.contentOf(n.contentHash)));
        if (c == null) {
            throw new VfsException(Errno.EIO, n.path, "the content of this file is missing");
        }
        return c.chunkSize;
    }

    /** Scans one file line by line; binary files are skipped. */
    private void scan(String shownPath, FileRead file, Pattern pattern, Search search) {
        long size = file.info().size();
        if (size == 0) {
            return;
        }
        search.files++;
        InputStream raw = file.isInline()
                ? new ByteArrayInputStream(file.inline())
                : content.open(file.contentHash(), size, file.chunkSize(), 0, size - 1);
        try (BufferedInputStream in = new BufferedInputStream(raw, 64 * 1024)) {
            in.mark(BINARY_PROBE);
            byte[] probe = in.readNBytes(BINARY_PROBE);
            for (byte b : probe) {
                if (b == 0) {
                    return;
                }
            }
            in.reset();
            Reader reader = new InputStreamReader(
                    in,
                    StandardCharsets.UTF_8
                            .newDecoder()
                            .onMalformedInput(CodingErrorAction.REPLACE)
                            .onUnmappableCharacter(CodingErrorAction.REPLACE));
            StringBuilder line = new StringBuilder();
            long number = 0;
            int c;
            while (true) {
                c = reader.read();
                if (c == '\n' || c < 0 || line.length() >= MAX_LINE_CHARS) {
                    if (c < 0 && line.length() == 0) {
                        break;
                    }
                    number++;
                    if (matches(pattern, line, search)) {
                        String text =
                                line.length() > MAX_TEXT_CHARS ? line.substring(0, MAX_TEXT_CHARS) : line.toString();
                        search.hits.add(SearchHit.line(shownPath, number, text));
                        if (search.full()) {
                            break;
                        }
                    } else if (search.truncated) {
                        break;
                    }
                    line.setLength(0);
                    if (c < 0) {
                        break;
                    }
                    if (c != '\n') {
                        line.append((char) c);
                    }
                } else {
                    line.append((char) c);
                }
            }
            search.bytes += size;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static boolean matches(Pattern pattern, CharSequence line, Search search) {
        try {
            Matcher m = pattern.matcher(new Deadlined(line, search.deadline));
            return m.find();
        } catch (DeadlineExceeded e) {
            search.truncated = true;
            return false;
        }
    }

    private static String rebase(String entry, String from, String to) {
        return from.equals(to) ? entry : VfsPaths.rebase(entry, from, to);
    }

    /** A line that stops a regex that runs past the search's deadline (catastrophic backtracking). */
    private static final class Deadlined implements CharSequence {
        private final CharSequence text;
        private final long deadline;
        private int reads;

        Deadlined(CharSequence text, long deadline) {
            this.text = text;
            this.deadline = deadline;
        }

        @Override
        public char charAt(int index) {
            if ((++reads & 0xFFFF) == 0 && System.nanoTime() - deadline > 0) {
                throw new DeadlineExceeded();
            }
            return text.charAt(index);
        }

        @Override
        public int length() {
            return text.length();
        }

        @Override
        public CharSequence subSequence(int start, int end) {
            return new Deadlined(text.subSequence(start, end), deadline);
        }

        @Override
        public String toString() {
            return text.toString();
        }
    }

    private static final class DeadlineExceeded extends RuntimeException {
        DeadlineExceeded() {
            super(null, null, false, false);
        }
    }
}
