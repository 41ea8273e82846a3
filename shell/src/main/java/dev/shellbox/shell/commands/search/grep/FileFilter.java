package dev.shellbox.shell.commands.search.grep;

import dev.shellbox.shell.gnu.fnmatch.Glob;
import java.util.ArrayList;
import java.util.List;

/**
 * grep's --include / --exclude / --exclude-dir rules. The last option whose glob matches decides; when none matches,
 * a name is skipped only if the first option was an --include. Names found while recursing are matched whole
 * (base names); command-line operands match when the glob matches the operand or any part of it after a slash.
 */
final class FileFilter {
    private record Rule(Glob glob, boolean include) {}

    private final List<Rule> fileRules = new ArrayList<>();
    private final List<Rule> directoryRules = new ArrayList<>();

    void include(String glob) {
        fileRules.add(new Rule(Glob.compile(glob, false, false, false), true));
    }

    void exclude(String glob) {
        fileRules.add(new Rule(Glob.compile(glob, false, false, false), false));
    }

    void excludeDirectory(String glob) {
        directoryRules.add(new Rule(Glob.compile(glob, false, false, false), false));
    }

    boolean skipsFile(String name, boolean commandLine) {
        return skips(fileRules, name, commandLine);
    }

    boolean skipsDirectory(String name, boolean commandLine) {
        return skips(directoryRules, name, commandLine);
    }

    private static boolean skips(List<Rule> rules, String name, boolean commandLine) {
        if (rules.isEmpty()) {
            return false;
        }
        for (int i = rules.size() - 1; i >= 0; i--) {
            Rule rule = rules.get(i);
            if (matches(rule.glob(), name, commandLine)) {
                return !rule.include();
            }
        }
        return rules.get(0).include();
    }

    private static boolean matches(Glob glob, String name, boolean commandLine) {
        if (glob.matches(name)) {
            return true;
        }
        if (commandLine) {
            for (int i = name.indexOf('/'); i >= 0; i = name.indexOf('/', i + 1)) {
                if (glob.matches(name.substring(i + 1))) {
                    return true;
                }
            }
        }
        return false;
    }
}
