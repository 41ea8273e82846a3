package dev.shellbox.vfs.domain;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.quarkus.runtime.annotations.RegisterForReflection;

/**
 * One search result: a matching line of a file ({@code line}, 1-based, and its {@code text}), or an entry found by
 * name ({@code type} and {@code size}).
 */
@RegisterForReflection
@JsonInclude(JsonInclude.Include.NON_NULL)
public record SearchHit(String path, NodeType type, Long size, Long line, String text) {
    public static SearchHit line(String path, long line, String text) {
        return new SearchHit(path, null, null, line, text);
    }

    public static SearchHit entry(String path, NodeType type, long size) {
        return new SearchHit(path, type, size, null, null);
    }
}
