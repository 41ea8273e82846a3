package dev.shellbox.shell.syntax;

/**
 * The body of a here-document. It is read after the line holding the operator, so the parser fills it in after the
 * redirection node exists.
 */
public final class HereDoc {
    private final String delimiter;
    private final boolean stripTabs;
    private final boolean quoted;
    private Word body;

    public HereDoc(String delimiter, boolean stripTabs, boolean quoted) {
        this.delimiter = delimiter;
        this.stripTabs = stripTabs;
        this.quoted = quoted;
    }

    public String delimiter() {
        return delimiter;
    }

    /** {@code <<-}: leading tabs are removed from body lines and the delimiter line. */
    public boolean stripTabs() {
        return stripTabs;
    }

    /** A quoted delimiter: the body is taken literally, without expansions. */
    public boolean quoted() {
        return quoted;
    }

    /** The body: literal text when quoted, else a word of literals and expansions. */
    public Word body() {
        return body;
    }

    void setBody(Word body) {
        this.body = body;
    }
}
