package dev.shellbox.shell.syntax;

import java.util.List;

/** One {@code pattern|pattern) body ;;} clause of a case command; body may be null. */
public record CaseItem(List<Word> patterns, CommandNode body, Terminator terminator) {

    public enum Terminator {
        /** {@code ;;}: stop. */
        BREAK,
        /** {@code ;&}: run the next body too. */
        FALL_THROUGH,
        /** {@code ;;&}: test the next patterns. */
        CONTINUE
    }
}
