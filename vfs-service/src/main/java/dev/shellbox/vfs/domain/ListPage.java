package dev.shellbox.vfs.domain;

import io.quarkus.runtime.annotations.RegisterForReflection;
import java.util.List;

/** One page of a listing, the cursor of the next page (null at the end) and the volume version it was read at. */
@RegisterForReflection
public record ListPage(List<NodeInfo> entries, String nextCursor, long version) {}
