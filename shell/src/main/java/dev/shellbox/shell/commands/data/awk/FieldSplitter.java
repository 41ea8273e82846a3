package dev.shellbox.shell.commands.data.awk;

import java.util.List;
import java.util.regex.Matcher;

/** How FS splits a record: blanks (the default " "), one literal character, every character, or a regex. */
abstract class FieldSplitter {

    /**
     * Splits {@code s} into {@code fields}; when {@code separators} is not null it receives the text between fields
     * (the n-1 separators of n fields).
     */
    abstract void split(String s, List<String> fields, List<String> separators);

    /** The splitter for an FS value; {@code paragraphMode} adds newline as a separator (RS=""). */
    static FieldSplitter of(String fs, boolean paragraphMode) {
        if (fs.equals(" ")) {
            return new Blanks();
        }
        if (fs.isEmpty()) {
            return new EachCharacter();
        }
        if (paragraphMode) {
            String re = fs.length() == 1 && fs.charAt(0) != '\\' ? quote(fs.charAt(0)) : fs;
            return regex(AwkRegex.compile("(" + re + ")|\n"));
        }
        if (fs.length() == 1 && fs.charAt(0) != '\\') {
            return new Single(fs.charAt(0));
        }
        if (fs.equals("\\t")) {
            return new Single('\t');
        }
        return regex(AwkRegex.compile(fs));
    }

    static FieldSplitter regex(AwkRegex regex) {
        return new Regex(regex);
    }

    private static String quote(char c) {
        return Character.isLetterOrDigit(c) ? String.valueOf(c) : "\\" + c;
    }

    private static final class Blanks extends FieldSplitter {
        @Override
        void split(String s, List<String> fields, List<String> separators) {
            int n = s.length();
            int i = 0;
            while (i < n && isBlank(s.charAt(i))) {
                i++;
            }
            while (i < n) {
                int start = i;
                while (i < n && !isBlank(s.charAt(i))) {
                    i++;
                }
                fields.add(s.substring(start, i));
                int sepStart = i;
                while (i < n && isBlank(s.charAt(i))) {
                    i++;
                }
                if (separators != null && i < n) {
                    separators.add(s.substring(sepStart, i));
                }
            }
        }

        private static boolean isBlank(char c) {
            return c == ' ' || c == '\t' || c == '\n';
        }
    }

    private static final class EachCharacter extends FieldSplitter {
        @Override
        void split(String s, List<String> fields, List<String> separators) {
            for (int i = 0; i < s.length(); ) {
                int next = s.offsetByCodePoints(i, 1);
                fields.add(s.substring(i, next));
                if (separators != null && next < s.length()) {
                    separators.add("");
                }
                i = next;
            }
        }
    }

    private static final class Single extends FieldSplitter {
        private final char c;

        Single(char c) {
            this.c = c;
        }

        @Override
        void split(String s, List<String> fields, List<String> separators) {
            if (s.isEmpty()) {
                return;
            }
            int start = 0;
            int at;
            while ((at = s.indexOf(c, start)) >= 0) {
                fields.add(s.substring(start, at));
                if (separators != null) {
                    separators.add(String.valueOf(c));
                }
                start = at + 1;
            }
            fields.add(s.substring(start));
        }
    }

    private static final class Regex extends FieldSplitter {
        private final AwkRegex regex;

        Regex(AwkRegex regex) {
            this.regex = regex;
        }

        @Override
        void split(String s, List<String> fields, List<String> separators) {
            if (s.isEmpty()) {
                return;
            }
            Matcher m = regex.pattern.matcher(s);
            int start = 0;
            int from = 0;
            while (from <= s.length()) {
                AwkRegex.Match match = regex.find(m, s, from);
                if (match == null) {
                    break;
                }
                if (match.end() == match.start()) {
                    from = match.end() + 1; // an empty match separates nothing
                    continue;
                }
                fields.add(s.substring(start, match.start()));
                if (separators != null) {
                    separators.add(s.substring(match.start(), match.end()));
                }
                start = match.end();
                from = start;
            }
            fields.add(s.substring(start));
        }
    }
}
