package dev.shellbox.shell.syntax;

/**
 * One redirection. {@code fd} is the explicit descriptor number or -1 for the operator's default; {@code
 * fdVariable} is the name of a {@code {var}>file} form. Here-documents carry their body in {@code hereDoc}.
 */
public record Redirect(Pos pos, int fd, String fdVariable, Operator operator, Word target, HereDoc hereDoc) {

    public enum Operator {
        INPUT("<"),
        OUTPUT(">"),
        APPEND(">>"),
        CLOBBER(">|"),
        READ_WRITE("<>"),
        DUP_INPUT("<&"),
        DUP_OUTPUT(">&"),
        OUTPUT_BOTH("&>"),
        APPEND_BOTH("&>>"),
        HEREDOC("<<"),
        HERESTRING("<<<");

        private final String text;

        Operator(String text) {
            this.text = text;
        }

        public String text() {
            return text;
        }
    }

    /** The descriptor the redirection applies to when none is written. */
    public int defaultFd() {
        return switch (operator) {
            case INPUT, READ_WRITE, DUP_INPUT, HEREDOC, HERESTRING -> 0;
            default -> 1;
        };
    }

    public int effectiveFd() {
        return fd >= 0 ? fd : defaultFd();
    }
}
