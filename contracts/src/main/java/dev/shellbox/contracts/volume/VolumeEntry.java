package dev.shellbox.contracts.volume;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import java.time.Instant;

/**
 * One entry of a volume as a working view loads it.
 *
 * @param path absolute, normalized
 * @param type what it is
 * @param mode permission bits
 * @param size bytes of a file's content (0 for others)
 * @param mtime modification time
 * @param ctime change time
 * @param sha256 a file's content hash
 * @param target a symlink's target, stored verbatim
 * @param version the volume version that last changed the entry
 * @param content the bytes of a small file (base64 in JSON); null when the view fetches them by hash
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonIgnoreProperties(ignoreUnknown = true)
public record VolumeEntry(
        String path,
        EntryType type,
        int mode,
        long size,
        Instant mtime,
        Instant ctime,
        String sha256,
        String target,
        long version,
        byte[] content) {}
