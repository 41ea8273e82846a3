package dev.shellbox.shell.commands.data.awk;

/** Non-local control flow of awk statements: break, continue, next, nextfile, exit and return. Stackless. */
final class Jump extends RuntimeException {
    enum Kind {
        BREAK,
        CONTINUE,
        NEXT,
        NEXTFILE,
        EXIT,
        RETURN
    }

    static final Jump BREAK = new Jump(Kind.BREAK);
    static final Jump CONTINUE = new Jump(Kind.CONTINUE);
    static final Jump NEXT = new Jump(Kind.NEXT);
    static final Jump NEXTFILE = new Jump(Kind.NEXTFILE);
    static final Jump EXIT = new Jump(Kind.EXIT);
    static final Jump RETURN = new Jump(Kind.RETURN);

    final Kind kind;

    private Jump(Kind kind) {
        super(kind.name(), null, false, false);
        this.kind = kind;
    }
}
