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
    /** Mount options: nothing set-user-id or device-like counts, and deleted blocks leave the image. */
    private static final String OPTIONS = "loop,nosuid,nodev,noatime,discard,noinit_itable";

    private final LocalSettings.Disk settings;
    private final Path image;
    private final Path mountPoint;
    private final long imageBytes;
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
            if (!Files.exists(image)) {
                create();
            }
            try {
                mountImage();
            } catch (IOException e) {
                // a damaged image is made anew; the sandbox's files come back from its volume
                LOG.warnf("workspace image %s cannot be mounted, making a new one: %s", image, e.getMessage());
                Files.delete(image);
                create();
                mountImage();
            }
            device = MountTable.device(mountPoint);
        }
        if (Files.size(image) < imageBytes && device.isPresent()) {
            grow(device.get());
        }
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
        Files.deleteIfExists(mountPoint);
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
