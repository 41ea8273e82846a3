package dev.shellbox.gateway.domain;

import io.quarkus.hibernate.reactive.panache.PanacheEntityBase;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Index;
import jakarta.persistence.Table;
import java.time.Instant;
import java.util.UUID;

/** A Shellbox API key. Only the SHA-256 of the key is stored; the key itself is shown once, at creation. */
@Entity
@Table(name = "api_key", indexes = @Index(name = "api_key_user", columnList = "user_id"))
public class ApiKey extends PanacheEntityBase {
    @Id
    public UUID id;

    @Column(name = "user_id", nullable = false)
    public String userId;

    @Column(nullable = false)
    public String name;

    /** Hex SHA-256 of the full key. */
    @Column(name = "key_hash", nullable = false, unique = true, length = 64)
    public String keyHash;

    /** The first characters of the key, to recognise it in listings. */
    @Column(name = "key_prefix", nullable = false, length = 16)
    public String keyPrefix;

    /** Comma-separated roles granted to the key's requests. */
    @Column(nullable = false)
    public String roles;

    @Column(name = "created_at", nullable = false)
    public Instant createdAt;

    @Column(name = "last_used_at")
    public Instant lastUsedAt;

    @Column(name = "revoked_at")
    public Instant revokedAt;
}
