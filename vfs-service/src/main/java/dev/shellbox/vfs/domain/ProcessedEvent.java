package dev.shellbox.vfs.domain;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.time.Instant;
import java.util.UUID;

/** A consumed Kafka event, remembered so that redeliveries are ignored. */
@Entity
@Table(name = "processed_event")
public class ProcessedEvent {
    @Id
    public UUID id;

    @Column(name = "processed_at")
    public Instant processedAt;
}
