package dev.shellbox.vfs.domain;

import jakarta.persistence.AttributeConverter;
import jakarta.persistence.Converter;

/** Stores a {@link NodeType} as its letter. */
@Converter
public class NodeTypeConverter implements AttributeConverter<NodeType, String> {
    @Override
    public String convertToDatabaseColumn(NodeType type) {
        return type == null ? null : type.code();
    }

    @Override
    public NodeType convertToEntityAttribute(String code) {
        return code == null ? null : NodeType.fromCode(code.trim());
    }
}
