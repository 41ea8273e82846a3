package dev.shellbox.sandbox.domain;

import io.quarkus.hibernate.reactive.panache.PanacheEntityBase;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import jakarta.persistence.UniqueConstraint;
import jakarta.persistence.Version;
import java.time.Instant;
import java.util.UUID;

/**
 * A user's secret: its value sealed with AES-256-GCM ({@code SecretCipher}), never stored in plain text. Secrets
 * belong to the user, not to a sandbox: destroying sandboxes leaves them.
 */
@Entity
@Table(
        name = "secret",
        uniqueConstraints =
                @UniqueConstraint(
                        name = "secret_user_name",
                        columnNames = {"user_id", "name"}))
public class Secret extends PanacheEntityBase {
    @Id
    public UUID id;

    @Column(name = "user_id", nullable = false)
    public String userId;

    @Column(nullable = false, length = 64)
    public String name;

    @Column(length = 1024)
    public String description;

    /** The value encrypted, followed by its authentication tag. */
    @Column(nullable = false)
    public byte[] ciphertext;

    /** The 12 random bytes the value was encrypted with. */
    @Column(nullable = false)
    public byte[] nonce;

    /** The id of the master key the value was encrypted under. */
    @Column(name = "key_id", nullable = false, length = 16)
    public String keyId;

    /** The first 8 hex digits of the value's keyed hash, to tell values apart without showing them. */
    @Column(nullable = false, length = 8)
    public String fingerprint;

    @Column(name = "created_at", nullable = false)
    public Instant createdAt;

    @Column(name = "updated_at", nullable = false)
    public Instant updatedAt;

    @Version
    public long version;

    @Override
    public String toString() {
        return "Secret[" + userId + "/" + name + "]";
    }
}
