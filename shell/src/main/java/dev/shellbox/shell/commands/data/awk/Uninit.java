package dev.shellbox.shell.commands.data.awk;

/** The value of a variable never assigned: both "" and 0. */
final class Uninit {
    static final Uninit VALUE = new Uninit();

    private Uninit() {}

    @Override
    public String toString() {
        return "";
    }
}
