package dev.shellbox.vfs.domain;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import io.quarkus.runtime.annotations.RegisterForReflection;
import java.time.Instant;

/**
 * One change of a batch commit.
 *
 * @param op {@code mkdir}, {@code write}, {@code symlink}, {@code delete}, {@code rename}, {@code chmod} or
 *     {@code utimes}
 * @param path the entry changed (the source of a rename)
 * @param to the destination of a rename
 * @param sha256 a write's content: a blob uploaded before, or content a file of the volume has
 * @param inline a write's content given in the commit (base64 in JSON)
 * @param target a symlink's target
 * @param mode permission bits for mkdir, write and chmod
 * @param mtime modification time for write and utimes
 * @param recursive whether a delete may remove a non-empty directory
 */
@RegisterForReflection
@JsonIgnoreProperties(ignoreUnknown = true)
public record CommitChange(
        String op,
        String path,
        String to,
        String sha256,
        byte[] inline,
        String target,
        Integer mode,
        Instant mtime,
        Boolean recursive) {}
