package dev.shellbox.sandbox.provider.local;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.jboss.logging.Logger;

/**
 * The file system a sandbox's workspace lives on: a sparse ext4 image of its own, mounted through a loop device, so
 * that programs that fill it get {@code ENOSPC} while the host's disk keeps its space. The image takes on the host only
 * what is written to it (deleted files give their blocks back through {@code discard}); it is mounted while the
 * sandbox runs, stays mounted when the service dies (the next start reuses the mount) and is deleted with the sandbox.
 */
final class WorkspaceDisk {
    private static final Logger LOG = Logger.getLogger(WorkspaceDisk.class);
    private static final long MIB = 1024L * 1024L;
    /** Where the part of the file system the sandbox may not use is set aside; programs never see the mount's root. */
    private static final String RESERVE = ".reserved";

    private static final long EXTENT_ROOM = 64 * 1024;
    /** Mount options: nothing set-user-id or device-like counts, and deleted blocks leave the image. */
    private static final String OPTIONS = "loop,nosuid,nodev,noatime,discard,noinit_itable";

    private final LocalSettings.Disk settings;
    private final Path image;
    private final Path mountPoint;
    private final long imageBytes;
    /** What the sandbox may store: the file system's blocks beyond it are set aside. */
    private final long capacityBytes;
    /** The journal's size: mkfs would give large file systems up to 1 GiB, more than a workspace needs. */
    private final long journalMib;

    /**
     * @param image the image file on the host
     * @param mountPoint where it is mounted
     * @param capacityBytes what the sandbox may store; the image gets room for the file system's own bookkeeping on top
     */
    WorkspaceDisk(LocalSettings.Disk settings, Path image, Path mountPoint, long capacityBytes) {
        this.settings = settings;
        this.image = image;
        this.mountPoint = mountPoint;
        this.capacityBytes = capacityBytes;
        long capacity = Math.max(capacityBytes, 16 * MIB);
        this.journalMib = Math.max(4, Math.min(128, capacity / 64 / MIB));
        // the journal, inode tables (1/64 of the space), bitmaps and group descriptors
        this.imageBytes = capacity + capacity / 16 + journalMib * MIB + 8 * MIB;
    }

    Path mountPoint() {
        return mountPoint;
    }

    /** Mounts the image, creating it when missing and remaking it when it cannot be mounted; grows it to its size. */
    synchronized void mount() throws IOException {
        Files.createDirectories(mountPoint);
        Optional<String> device = MountTable.device(mountPoint);
        if (device.isEmpty()) {
            boolean made = false;
            if (!Files.exists(image)) {
                create();
                made = true;
            }
            try {
                mountImage();
            } catch (IOException e) {
                // a damaged image is made anew; the sandbox's files come back from its volume
                LOG.warnf("workspace image %s cannot be mounted, making a new one: %s", image, e.getMessage());
                Files.delete(image);
                create();
                made = true;
                mountImage();
            }
            if (made) {
                recordOverhead();
            }
            device = MountTable.device(mountPoint);
        }
        if (Files.size(image) < imageBytes && device.isPresent()) {
            grow(device.get());
        }
        setAside();
    }

    /**
     * Sets aside, in a file at the mount's root, every block beyond what the sandbox may store: the file system's
     * bookkeeping comes on top of the image's size, so without it programs could store more than the plan allows
     * and their files could not be saved. Files take whole blocks, so programs hit ENOSPC at or before the plan's
     * storage, never after. The reserve is allocated, not written: the image stays sparse.
     */
    private void setAside() throws IOException {
        Path reserve = mountPoint.resolve(RESERVE);
        Path overheadFile = overheadFile();
        if (!Files.exists(overheadFile)) {
            LOG.debugf("workspace image %s predates its overhead record; nothing set aside", image);
            return;
        }
        long overhead = Long.parseLong(Files.readString(overheadFile).trim());
        var store = Files.getFileStore(mountPoint);
        long current = Files.exists(reserve) ? Files.size(reserve) : -1;
        // a few blocks stay free for the reserve's own extent index
        long room = store.getUsableSpace() + Math.max(0, current) - EXTENT_ROOM;
        long wanted = Math.max(0, Math.min(room, store.getTotalSpace() - overhead - capacityBytes));
        if (current == wanted) {
            return;
        }
        if (current > wanted) {
            try (RandomAccessFile f = new RandomAccessFile(reserve.toFile(), "rw")) {
                f.setLength(wanted);
            }
            return;
        }
        if (wanted == 0) {
            Files.deleteIfExists(reserve);
            return;
        }
        HostCommand.run(
                List.of(settings.fallocate(), "--length", Long.toString(wanted), reserve.toString()),
                "",
                "setting aside the workspace space the plan does not allow");
    }

    /** Unmounts the image (lazily when something still holds it); the image stays for the next mount. */
    synchronized void unmount() {
        if (MountTable.device(mountPoint).isEmpty()) {
            return;
        }
        try {
            HostCommand.run(List.of(settings.umount(), mountPoint.toString()), "", "unmounting " + mountPoint);
        } catch (IOException e) {
            try {
                HostCommand.run(
                        List.of(settings.umount(), "--lazy", mountPoint.toString()), "", "unmounting " + mountPoint);
                LOG.warnf("workspace %s was busy: unmounted lazily (%s)", mountPoint, e.getMessage());
            } catch (IOException lazy) {
                LOG.errorf("workspace %s could not be unmounted: %s", mountPoint, lazy.getMessage());
            }
        }
    }

    /** Unmounts and deletes the image and its mount point. */
    synchronized void delete() throws IOException {
        unmount();
        if (MountTable.device(mountPoint).isPresent()) {
            throw new IOException("workspace " + mountPoint + " is still mounted; its image is kept");
        }
        Files.deleteIfExists(image);
        Files.deleteIfExists(overheadFile());
        Files.deleteIfExists(mountPoint);
    }

    /** What an empty file system of this image already uses (its root, lost+found, the journal where counted). */
    private void recordOverhead() throws IOException {
        var store = Files.getFileStore(mountPoint);
        Files.writeString(overheadFile(), Long.toString(store.getTotalSpace() - store.getUsableSpace()));
    }

    private Path overheadFile() {
        return image.resolveSibling(image.getFileName() + ".overhead");
    }

    private void create() throws IOException {
        try (RandomAccessFile f = new RandomAccessFile(image.toFile(), "rw")) {
            // sparse: blocks are taken only when written
            f.setLength(imageBytes);
        }
        HostCommand.run(
                List.of(
                        settings.mkfs(),
                        "-q",
                        "-F",
                        // no blocks kept for root: the service writes into it too, and must see the same ENOSPC
                        "-m",
                        "0",
                        "-J",
                        "size=" + journalMib,
                        "-E",
                        "lazy_itable_init=1,lazy_journal_init=1",
                        image.toString()),
                "",
                "making the workspace image " + image);
    }

    private void mountImage() throws IOException {
        HostCommand.run(
                List.of(settings.mount(), "-t", "ext4", "-o", OPTIONS, image.toString(), mountPoint.toString()),
                "",
                "mounting the workspace image " + image);
    }

    /** Makes a mounted image larger (the plan allows more than when it was made); ext4 grows while mounted. */
    private void grow(String device) throws IOException {
        try (RandomAccessFile f = new RandomAccessFile(image.toFile(), "rw")) {
            f.setLength(imageBytes);
        }
        HostCommand.run(List.of(settings.losetup(), "--set-capacity", device), "", "growing " + device);
        HostCommand.run(List.of(settings.resize2fs(), device), "", "growing the workspace on " + device);
    }
}
