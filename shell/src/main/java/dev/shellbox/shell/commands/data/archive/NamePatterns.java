package dev.shellbox.shell.commands.data.archive;

import dev.shellbox.shell.gnu.fnmatch.Glob;

/** The wildcard patterns of tar --exclude, zip -x and unzip -x: fnmatch without flags, so '*' also matches '/'. */
final class NamePatterns {
    private NamePatterns() {}

    static Glob compile(String pattern) {
        return Glob.compile(pattern, false, false, false);
    }

    /** tar's unanchored exclusion: the pattern matches the whole name or any tail of it after a '/'. */
    static boolean matchesAnyTail(Glob pattern, String name) {
        String n = name.endsWith("/") ? name.substring(0, name.length() - 1) : name;
        if (pattern.matches(n)) {
            return true;
        }
        for (int i = n.indexOf('/'); i >= 0; i = n.indexOf('/', i + 1)) {
            if (pattern.matches(n.substring(i + 1))) {
                return true;
            }
        }
        return false;
    }
}
