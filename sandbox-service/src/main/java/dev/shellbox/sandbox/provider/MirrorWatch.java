package dev.shellbox.sandbox.provider;

import java.io.Closeable;
import java.io.IOException;
import java.nio.file.ClosedWatchServiceException;
import java.nio.file.DirectoryStream;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardWatchEventKinds;
import java.nio.file.WatchEvent;
import java.nio.file.WatchKey;
import java.nio.file.WatchService;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import org.jboss.logging.Logger;

/**
 * What changed under a mirror, from the kernel's change notifications (inotify, through a {@link WatchService}), so
 * that bringing back a program's changes looks at the paths it touched instead of every entry of the tree.
 *
 * <p>The notifications arrive on a background thread; to know that every change made before a moment has arrived, a
 * marker file is created at the mirror's root (which programs do not see) and the events are read until the marker's
 * own, then whatever else is queued: the kernel keeps one ordered queue per watch, so every earlier event has reached
 * its key by then. When the queue overflowed or a directory could not be watched, the
 * watch says it lost track and the caller compares everything.
 */
final class MirrorWatch implements Closeable {
    private static final Logger LOG = Logger.getLogger(MirrorWatch.class);
    private static final String MARKER = ".shellbox-sync-";
    private static final long MARKER_WAIT_SECONDS = 5;

    private final Path root;
    private final Predicate<String> mirrored;
    private final WatchService service;
    /** Watched directories by key, as sandbox paths ("" for the root). */
    private final Map<WatchKey, String> directories = new HashMap<>();

    private final Set<String> changed = new HashSet<>();
    private boolean lostTrack;
    private long markers;

    private MirrorWatch(Path root, Predicate<String> mirrored, WatchService service) {
        this.root = root;
        this.mirrored = mirrored;
        this.service = service;
    }

    /**
     * Watches {@code root} and every directory below it whose sandbox path {@code mirrored} accepts; empty when this
     * host cannot watch it (no inotify instance left, for one): the caller then compares everything each time.
     */
    static Optional<MirrorWatch> open(Path root, Predicate<String> mirrored) {
        MirrorWatch watch = null;
        try {
            watch = new MirrorWatch(root, mirrored, FileSystems.getDefault().newWatchService());
            watch.watchTree(root, "", null);
            return Optional.of(watch);
        } catch (IOException | RuntimeException e) {
            LOG.infof("cannot watch %s for changes (%s); comparing every entry after each program", root, e);
            if (watch != null) {
                watch.close();
            }
            return Optional.empty();
        }
    }

    /**
     * The sandbox paths created, changed or deleted since the last call (a deleted directory stands for everything
     * that was below it), or empty when the watch lost track of some and everything must be compared.
     */
    Optional<Set<String>> changes() throws IOException {
        String marker = MARKER + (++markers);
        Path markerFile = root.resolve(marker);
        Files.createFile(markerFile);
        try {
            boolean seen = false;
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(MARKER_WAIT_SECONDS);
            while (!seen) {
                WatchKey key = service.poll(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
                if (key == null) {
                    LOG.warnf("change notifications for %s did not arrive; comparing every entry", root);
                    lostTrack = true;
                    break;
                }
                seen = take(key, marker);
            }
            // keys are queued in the order of their first pending event, not their last: the marker's key may have
            // been ahead of keys with earlier events, which are all queued by now
            for (WatchKey key = service.poll(); key != null; key = service.poll()) {
                take(key, marker);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            lostTrack = true;
        } catch (ClosedWatchServiceException e) {
            lostTrack = true;
        } finally {
            Files.deleteIfExists(markerFile);
        }
        Optional<Set<String>> result = lostTrack ? Optional.empty() : Optional.of(Set.copyOf(changed));
        changed.clear();
        lostTrack = false;
        return result;
    }

    /** After the caller compared everything: watches the directories the lost events would have added. */
    void rewatch() {
        try {
            watchTree(root, "", null);
        } catch (IOException e) {
            lostTrack = true;
        }
    }

    /** Records the events of one key; true when the marker's came. */
    private boolean take(WatchKey key, String marker) {
        String directory = directories.get(key);
        boolean seen = false;
        for (WatchEvent<?> event : key.pollEvents()) {
            if (event.kind() == StandardWatchEventKinds.OVERFLOW) {
                lostTrack = true;
                continue;
            }
            if (directory == null) {
                continue;
            }
            String name = event.context().toString();
            if (directory.isEmpty() && name.startsWith(MARKER)) {
                seen |= name.equals(marker);
                continue;
            }
            String path = directory + "/" + name;
            changed.add(path);
            if (event.kind() == StandardWatchEventKinds.ENTRY_CREATE) {
                // a new directory may have filled up before it was watched: what is in it is new too
                Path created = root.resolve(path.substring(1));
                if (Files.isDirectory(created, LinkOption.NOFOLLOW_LINKS)) {
                    try {
                        watchTree(created, path, changed);
                    } catch (IOException e) {
                        lostTrack = true;
                    }
                }
            }
        }
        if (!key.reset()) {
            directories.remove(key);
        }
        return seen;
    }

    /** Watches {@code dir} and the directories below it; adds every entry found to {@code found} when not null. */
    private void watchTree(Path dir, String path, Set<String> found) throws IOException {
        if (!path.isEmpty() && !mirrored.test(path)) {
            return;
        }
        try (DirectoryStream<Path> children = Files.newDirectoryStream(dir)) {
            WatchKey key = dir.register(
                    service,
                    StandardWatchEventKinds.ENTRY_CREATE,
                    StandardWatchEventKinds.ENTRY_DELETE,
                    StandardWatchEventKinds.ENTRY_MODIFY);
            directories.put(key, path);
            for (Path child : children) {
                String name = child.getFileName().toString();
                if (path.isEmpty() && name.startsWith(MARKER)) {
                    continue;
                }
                String childPath = path + "/" + name;
                if (found != null) {
                    found.add(childPath);
                }
                if (Files.isDirectory(child, LinkOption.NOFOLLOW_LINKS)) {
                    watchTree(child, childPath, found);
                }
            }
        } catch (NoSuchFileException e) {
            // removed while we looked: its deletion is an event of its own
        }
    }

    @Override
    public void close() {
        try {
            service.close();
        } catch (IOException e) {
            // nothing left to release
        }
    }
}
