package dev.shellbox.platform.outbox;

import io.quarkus.hibernate.reactive.panache.PanacheEntityBase;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Index;
import jakarta.persistence.Table;
import java.time.Instant;
import java.util.UUID;

/** An event waiting to be published to Kafka, written in the transaction of the state change it describes. */
@Entity
@Table(name = "outbox_message", indexes = @Index(name = "outbox_unpublished", columnList = "published_at, created_at"))
public class OutboxMessage extends PanacheEntityBase {
    @Id
    public UUID id;

    @Column(nullable = false)
    public String topic;

    /** The Kafka record key (user id for usage, sandbox id for lifecycle). */
    @Column(name = "message_key", nullable = false)
    public String messageKey;

    /** The event as JSON. */
    @Column(nullable = false, columnDefinition = "text")
    public String payload;

    @Column(name = "created_at", nullable = false)
    public Instant createdAt;

    /** Null until the broker acknowledged it. */
    @Column(name = "published_at")
    public Instant publishedAt;
}
