package dev.shellbox.shell.commands.files.tree;

import dev.shellbox.shell.gnu.fnmatch.Glob;
import java.util.ArrayList;
import java.util.List;

/**
 * A pattern of {@code tree -P} and {@code -I}: wildcards that do not cross a slash, alternatives separated by
 * {@code |}, and a trailing slash that limits an alternative to directories. A pattern matches a name, or any tail
 * of a path after a slash.
 */
final class TreePattern {
    private record Alternative(Glob glob, boolean directoriesOnly) {}

    private final List<Alternative> alternatives = new ArrayList<>();

    TreePattern(String pattern, boolean ignoreCase) {
        for (String part : pattern.split("\\|", -1)) {
            boolean dirs = part.endsWith("/") && part.length() > 1;
            String p = dirs ? part.substring(0, part.length() - 1) : part;
            alternatives.add(new Alternative(Glob.compile(p, false, ignoreCase, true), dirs));
        }
    }

    boolean matches(String name, String path, boolean directory) {
        for (Alternative a : alternatives) {
            if (a.directoriesOnly && !directory) {
                continue;
            }
            if (a.glob.matches(name)) {
                return true;
            }
            for (int slash = path.indexOf('/'); slash >= 0; slash = path.indexOf('/', slash + 1)) {
                if (a.glob.matches(path.substring(slash + 1))) {
                    return true;
                }
            }
        }
        return false;
    }
}
