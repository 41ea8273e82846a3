package dev.shellbox.shell.gnu.regex;

import java.util.regex.Matcher;

/**
 * Finds leftmost-longest matches of a {@link PosixRegex} in one text. Anchors and word boundaries always look at the
 * whole text, also when searching from an offset: {@code ^} never matches after position 0 unless the regex is
 * newline-sensitive and a newline precedes.
 */
public final class PosixMatcher {
    /** Spans longer than this past Java's match are not re-tried for back-reference patterns. */
    private static final int BACK_REFERENCE_SEARCH_LIMIT = 4096;

    private final PosixRegex regex;
    private final Matcher matcher;
    private final LongestMatchNfa.Scratch scratch;
    private CharSequence text;
    private boolean matched;

    PosixMatcher(PosixRegex regex, CharSequence text) {
        this.regex = regex;
        this.text = text;
        this.matcher = regex.javaPattern().matcher(text);
        matcher.useTransparentBounds(true);
        matcher.useAnchoringBounds(false);
        this.scratch = regex.nfa() == null ? null : regex.nfa().newScratch();
    }

    /** Starts over on another text. */
    public PosixMatcher reset(CharSequence newText) {
        text = newText;
        matcher.reset(newText);
        matched = false;
        return this;
    }

    /** Finds the leftmost-longest match that starts at or after {@code from}. */
    public boolean find(int from) {
        matched = false;
        if (from > text.length()) {
            return false;
        }
        matcher.reset();
        if (!matcher.find(from)) {
            return false;
        }
        matched = true;
        extendToLongest();
        return true;
    }

    /** Finds the leftmost-longest match from the start of the text. */
    public boolean find() {
        return find(0);
    }

    /** Matches the longest prefix of the text from {@code from} ({@code expr STRING : REGEX}); false when none. */
    public boolean lookingAt(int from) {
        matched = false;
        if (from > text.length()) {
            return false;
        }
        matcher.region(from, text.length());
        if (!matcher.lookingAt()) {
            return false;
        }
        matched = true;
        extendToLongest();
        return true;
    }

    /** Whether the whole text matches. */
    public boolean matches() {
        matcher.region(0, text.length());
        matched = matcher.matches();
        return matched;
    }

    private void extendToLongest() {
        if (regex.leftmostFirstIsLongest()) {
            return;
        }
        int start = matcher.start();
        int end = matcher.end();
        int longest = end;
        if (regex.nfa() != null) {
            longest = regex.nfa().longestEnd(text, start, scratch);
        } else if (regex.hasBackReferences()) {
            int limit = (int) Math.min(text.length(), (long) end + BACK_REFERENCE_SEARCH_LIMIT);
            for (int e = limit; e > end; e--) {
                matcher.region(start, e);
                if (matcher.matches()) {
                    return;
                }
            }
            matcher.region(start, end);
            matcher.matches();
            return;
        }
        if (longest > end) {
            matcher.region(start, longest);
            if (!matcher.matches()) {
                matcher.region(start, end); // cannot happen while both agree; keep Java's match then
                matcher.matches();
            }
        }
    }

    private void checkMatched() {
        if (!matched) {
            throw new IllegalStateException("no match");
        }
    }

    public int start() {
        checkMatched();
        return matcher.start();
    }

    public int end() {
        checkMatched();
        return matcher.end();
    }

    /** The start of group {@code g}, or -1 when it did not take part in the match. */
    public int start(int group) {
        checkMatched();
        return matcher.start(group);
    }

    public int end(int group) {
        checkMatched();
        return matcher.end(group);
    }

    /** The text group {@code g} matched, or null when it did not take part. */
    public String group(int group) {
        checkMatched();
        return matcher.group(group);
    }

    public int groupCount() {
        return regex.groupCount();
    }
}
