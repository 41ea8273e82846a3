/**
 * The volume contract between sandbox-service (a running sandbox's working view) and vfs-service (the volume's
 * owner of record): what a view loads ({@link VolumeTree}, {@link VolumeChanges}), what it sends back in one atomic
 * commit ({@link CommitRequest} of {@link CommitChange}s), and the 409 it may get ({@link CommitConflict}). Both sides
 * use these records, so a field renamed on one side is renamed on the other; docs/internal-api.md describes the
 * endpoints.
 */
package dev.shellbox.contracts.volume;
