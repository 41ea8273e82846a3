package dev.shellbox.shell.expand;

import dev.shellbox.shell.io.LimitNames;
import dev.shellbox.shell.syntax.ParamExpansion;
import dev.shellbox.shell.syntax.Word;
import dev.shellbox.shell.syntax.WordPart;
import java.util.ArrayList;
import java.util.List;

/**
 * Brace expansion ({@code pre{a,b}post}, {@code {1..10..2}}, {@code {a..e}}), done first and on the unexpanded word:
 * only braces and commas in unquoted literal text count; quoted parts and expansions are carried along unchanged.
 */
public final class BraceExpansion {
    private BraceExpansion() {}

    /** Whether the word has an unquoted brace, so that expansion may apply. */
    public static boolean mayExpand(Word w) {
        for (WordPart p : w.parts()) {
            if (p instanceof WordPart.Literal l && l.text().indexOf('{') >= 0) {
                return true;
            }
        }
        return false;
    }

    /**
     * The words a word expands to; the word itself when it has no valid brace expression.
     *
     * @param limit the maximum number of words; exceeding it throws LimitExceededException
     */
    public static List<Word> expand(Word w, int limit) {
        List<Object> items = new ArrayList<>();
        for (WordPart p : w.parts()) {
            if (p instanceof WordPart.Literal l) {
                for (int i = 0; i < l.text().length(); i++) {
                    items.add(l.text().charAt(i));
                }
            } else {
                items.add(p);
            }
        }
        List<List<Object>> out = new ArrayList<>();
        expandItems(items, out, limit);
        List<Word> words = new ArrayList<>(out.size());
        for (List<Object> seq : out) {
            words.add(toWord(seq, w));
        }
        return words;
    }

    private static Word toWord(List<Object> seq, Word original) {
        List<WordPart> parts = new ArrayList<>();
        StringBuilder lit = new StringBuilder();
        for (Object o : seq) {
            if (o instanceof Character c) {
                // "$a" followed by "_c" only meet through brace expansion; as in bash, the name goes on: $a_c
                if (lit.length() == 0
                        && !parts.isEmpty()
                        && isNameChar(c)
                        && parts.get(parts.size() - 1) instanceof WordPart.Param p
                        && isSimpleName(p)) {
                    ParamExpansion e = p.expansion();
                    parts.set(
                            parts.size() - 1, new WordPart.Param(ParamExpansion.simple(e.name() + c, e.source() + c)));
                    continue;
                }
                lit.append(c.charValue());
            } else {
                if (lit.length() > 0) {
                    parts.add(new WordPart.Literal(lit.toString()));
                    lit.setLength(0);
                }
                parts.add((WordPart) o);
            }
        }
        if (lit.length() > 0) {
            parts.add(new WordPart.Literal(lit.toString()));
        }
        return new Word(parts, original.pos());
    }

    private static boolean isNameChar(char c) {
        return c == '_' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
    }

    private static boolean isSimpleName(WordPart.Param p) {
        ParamExpansion e = p.expansion();
        return e.source().startsWith("$")
                && !e.source().startsWith("${")
                && !e.name().isEmpty()
                && (Character.isLetter(e.name().charAt(0)) || e.name().charAt(0) == '_');
    }

    private static boolean isChar(Object o, char c) {
        return o instanceof Character ch && ch == c;
    }

    private static void expandItems(List<Object> items, List<List<Object>> out, int limit) {
        int n = items.size();
        for (int open = 0; open < n; open++) {
            if (!isChar(items.get(open), '{')) {
                continue;
            }
            // a '{' right after '$' is not a brace expression
            if (open > 0 && isChar(items.get(open - 1), '$')) {
                continue;
            }
            int depth = 0;
            int close = -1;
            List<Integer> commas = new ArrayList<>();
            for (int i = open + 1; i < n; i++) {
                Object o = items.get(i);
                if (isChar(o, '{')) {
                    depth++;
                } else if (isChar(o, '}')) {
                    if (depth == 0) {
                        close = i;
                        break;
                    }
                    depth--;
                } else if (isChar(o, ',') && depth == 0) {
                    commas.add(i);
                }
            }
            if (close < 0) {
                continue;
            }
            List<Object> pre = items.subList(0, open);
            List<Object> post = items.subList(close + 1, n);
            List<List<Object>> alternatives = new ArrayList<>();
            if (!commas.isEmpty()) {
                int start = open + 1;
                for (int c : commas) {
                    alternatives.add(items.subList(start, c));
                    start = c + 1;
                }
                alternatives.add(items.subList(start, close));
            } else {
                List<String> seq = sequence(items.subList(open + 1, close), limit);
                if (seq == null) {
                    continue;
                }
                for (String s : seq) {
                    List<Object> alt = new ArrayList<>(s.length());
                    for (int i = 0; i < s.length(); i++) {
                        alt.add(s.charAt(i));
                    }
                    alternatives.add(alt);
                }
            }
            for (List<Object> alt : alternatives) {
                List<Object> combined = new ArrayList<>(pre.size() + alt.size() + post.size());
                combined.addAll(pre);
                List<List<Object>> altExpanded = new ArrayList<>();
                expandItems(new ArrayList<>(alt), altExpanded, limit);
                for (List<Object> a : altExpanded) {
                    List<Object> c = new ArrayList<>(combined);
                    c.addAll(a);
                    c.addAll(post);
                    List<List<Object>> rest = new ArrayList<>();
                    expandPost(c, pre.size() + a.size(), rest, limit);
                    out.addAll(rest);
                    if (out.size() > limit) {
                        throw new dev.shellbox.shell.io.LimitExceededException(
                                LimitNames.MAX_BRACE_EXPANSION,
                                "brace expansion produced more than " + limit + " words");
                    }
                }
            }
            return;
        }
        out.add(items);
    }

    /** Expands braces in the part after {@code from} only (the prefix is already done). */
    private static void expandPost(List<Object> items, int from, List<List<Object>> out, int limit) {
        List<Object> tail = new ArrayList<>(items.subList(from, items.size()));
        List<List<Object>> tails = new ArrayList<>();
        expandItems(tail, tails, limit);
        for (List<Object> t : tails) {
            List<Object> c = new ArrayList<>(items.subList(0, from));
            c.addAll(t);
            out.add(c);
        }
    }

    /** {@code 1..5}, {@code a..e}, {@code 1..10..3}, {@code 05..10}; null when not a sequence. */
    private static List<String> sequence(List<Object> inner, int limit) {
        StringBuilder sb = new StringBuilder();
        for (Object o : inner) {
            if (!(o instanceof Character c)) {
                return null;
            }
            sb.append(c.charValue());
        }
        String s = sb.toString();
        String[] parts = s.split("\\.\\.", -1);
        if (parts.length != 2 && parts.length != 3) {
            return null;
        }
        long step = 1;
        if (parts.length == 3) {
            if (!isInteger(parts[2])) {
                return null;
            }
            step = Long.parseLong(parts[2]);
        }
        List<String> out = new ArrayList<>();
        if (isInteger(parts[0]) && isInteger(parts[1])) {
            long from = Long.parseLong(parts[0]);
            long to = Long.parseLong(parts[1]);
            step = Math.abs(step);
            if (step == 0) {
                step = 1;
            }
            int width = 0;
            if (hasLeadingZero(parts[0]) || hasLeadingZero(parts[1])) {
                width = Math.max(parts[0].length(), parts[1].length());
            }
            if (from <= to) {
                for (long v = from; v <= to; v += step) {
                    out.add(pad(v, width));
                    check(out, limit);
                }
            } else {
                for (long v = from; v >= to; v -= step) {
                    out.add(pad(v, width));
                    check(out, limit);
                }
            }
            return out;
        }
        if (parts[0].length() == 1
                && parts[1].length() == 1
                && Character.isLetter(parts[0].charAt(0)) == Character.isLetter(parts[1].charAt(0))) {
            char from = parts[0].charAt(0);
            char to = parts[1].charAt(0);
            if (!Character.isLetter(from) || !Character.isLetter(to)) {
                return null;
            }
            step = Math.abs(step);
            if (step == 0) {
                step = 1;
            }
            if (from <= to) {
                for (long c = from; c <= to; c += step) {
                    out.add(String.valueOf((char) c));
                }
            } else {
                for (long c = from; c >= to; c -= step) {
                    out.add(String.valueOf((char) c));
                }
            }
            return out;
        }
        return null;
    }

    private static void check(List<String> out, int limit) {
        if (out.size() > limit) {
            throw new dev.shellbox.shell.io.LimitExceededException(
                    LimitNames.MAX_BRACE_EXPANSION, "brace expansion produced more than " + limit + " words");
        }
    }

    private static boolean isInteger(String s) {
        if (s.isEmpty() || s.length() > 18) {
            return false;
        }
        int i = s.charAt(0) == '-' || s.charAt(0) == '+' ? 1 : 0;
        if (i == s.length()) {
            return false;
        }
        for (; i < s.length(); i++) {
            if (s.charAt(i) < '0' || s.charAt(i) > '9') {
                return false;
            }
        }
        return true;
    }

    private static boolean hasLeadingZero(String s) {
        int i = s.startsWith("-") ? 1 : 0;
        return s.length() > i + 1 && s.charAt(i) == '0';
    }

    private static String pad(long v, int width) {
        String digits = Long.toString(Math.abs(v));
        int w = v < 0 ? width - 1 : width;
        StringBuilder sb = new StringBuilder();
        if (v < 0) {
            sb.append('-');
        }
        for (int i = digits.length(); i < w; i++) {
            sb.append('0');
        }
        return sb.append(digits).toString();
    }
}
