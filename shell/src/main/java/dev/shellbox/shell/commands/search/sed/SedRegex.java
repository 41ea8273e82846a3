package dev.shellbox.shell.commands.search.sed;

import dev.shellbox.shell.gnu.regex.PosixRegex;

/** A regex of a sed script; the empty regex {@code //} stands for the last regex used, at run time. */
record SedRegex(PosixRegex regex) {
    static final SedRegex LAST = new SedRegex(null);

    boolean isLast() {
        return regex == null;
    }
}
