package dev.shellbox.vfs.domain;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.time.Instant;
import java.util.UUID;

/** An event waiting to be published to Kafka, written in the transaction of the state it describes. */
@Entity
@Table(name = "outbox")
public class OutboxEvent {
    @Id
    public UUID id;

    public String topic;

    /** The Kafka record key. */
    public String key;

    /** The JSON record value. */
    public String payload;

    @Column(name = "created_at")
    public Instant createdAt;
}
