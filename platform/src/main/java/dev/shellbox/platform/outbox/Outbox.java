package dev.shellbox.platform.outbox;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.quarkus.arc.properties.IfBuildProperty;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Instant;
import java.util.UUID;

/**
 * Adds events to the outbox. Call it inside the transaction that changes the state the event describes: the event is
 * then published if and only if the change commits ({@link OutboxRelay} does the publishing, at least once;
 * consumers deduplicate by event id).
 */
@ApplicationScoped
@IfBuildProperty(name = "shellbox.outbox.enabled", stringValue = "true")
public class Outbox {
    private final ObjectMapper mapper;

    public Outbox(ObjectMapper mapper) {
        this.mapper = mapper;
    }

    public Uni<Void> add(String topic, String key, Object event) {
        OutboxMessage message = new OutboxMessage();
        message.id = UUID.randomUUID();
        message.topic = topic;
        message.messageKey = key;
        message.createdAt = Instant.now();
        try {
            message.payload = mapper.writeValueAsString(event);
        } catch (JsonProcessingException e) {
            return Uni.createFrom()
                    .failure(new IllegalArgumentException("event is not serializable: " + e.getMessage()));
        }
        return message.persist().replaceWithVoid();
    }
}
