/**
 * POSIX regular expressions for the built-in commands, with GNU's syntax, messages and leftmost-longest matching, on
 * top of java.util.regex. The engine ({@link dev.shellbox.shell.gnu.regex.PosixRegex}) serves grep, rg and sed. Beside
 * it live the translators of the other GNU syntaxes that the engine does not parse yet, each to java.util.regex with
 * Java's leftmost-first matching: {@link dev.shellbox.shell.gnu.regex.GnuRegex} (re_compile_pattern's Emacs, basic and
 * extended syntaxes, for {@code nl} and {@code tac}), {@link dev.shellbox.shell.gnu.regex.FindRegex} (the same
 * syntaxes as {@code find -regex} and {@code -regextype} name them) and {@link dev.shellbox.shell.gnu.regex.BasicRegex}
 * ({@code expr}'s basic syntax, where {@code ^} anchors only at the start, also {@code diff -I} and {@code -F}). awk's
 * dialect stays with awk ({@code commands.data.awk.AwkRegex}: gawk's escapes and its runtime errors). The shell's
 * {@code [[ =~ ]]} uses the engine with glibc's POSIX extended syntax, as bash's regcomp does.
 *
 * <h2>Using it</h2>
 *
 * <pre>{@code
 * // grep -E -i: grep's dialect; sed uses RegexOptions.posix(...)
 * RegexOptions options = RegexOptions.grep(RegexSyntax.EXTENDED).withIgnoreCase(true);
 * PosixRegex re = PosixRegex.compile("ab|abcd", options);   // cached; throws RegexSyntaxException
 * PosixMatcher m = re.matcher(text);
 * for (int from = 0; from <= text.length() && m.find(from); ) {
 *     use(m.start(), m.end(), m.group(1));                 // leftmost-longest: "abcd", not "ab"
 *     from = m.end() > m.start() ? m.end() : m.end() + 1;
 * }
 * boolean any = re.matchesIn(text);                          // fastest test, no extents needed
 * }</pre>
 *
 * <ul>
 *   <li>{@link dev.shellbox.shell.gnu.regex.RegexSyntax}: BASIC, EXTENDED, FIXED (literal strings) or PERL (Java
 *       syntax as is).
 *   <li>{@link dev.shellbox.shell.gnu.regex.RegexOptions}: dialect (grep's or glibc's POSIX syntax bits), case
 *       folding, REG_NEWLINE, GNU operators on/off, whole words / whole lines.
 *   <li>{@link dev.shellbox.shell.gnu.regex.RegexSyntaxException#getMessage()} is glibc's text ({@code Unmatched (
 *       or \(}); callers add their prefix ({@code grep: }, {@code sed: -e expression #1, char 5: }).
 *   <li>{@link dev.shellbox.shell.gnu.regex.PosixMatcher#lookingAt(int)} anchors at a position (expr's {@code :}).
 * </ul>
 *
 * <h2>How it works</h2>
 *
 * Patterns are parsed by {@code PosixParser} (glibc's context rules: where {@code ^ $ *} are special in a BRE,
 * intervals, back-references, bracket expressions with classes, equivalence classes and collating symbols) into a
 * small tree, which {@code JavaRegexWriter} turns into an equivalent Java pattern: literals as hex escapes, classes as
 * glibc's C.UTF-8 definitions, anchors and word boundaries as explicit lookarounds, and {@code .} and {@code [^...]}
 * never matching a byte that is not UTF-8 (decoded by {@link dev.shellbox.shell.gnu.mbchar.SurrogateEscape} to
 * U+DC80..U+DCFF). Java's
 * backtracking search finds the leftmost match start, the same under both rules; when the tree shows that the first
 * match from that start might not be the longest ({@code MatchShape}), a Thompson NFA ({@code LongestMatchNfa})
 * computes the longest end and Java re-matches exactly that span to fill the groups. Patterns with back-references
 * try longer spans with Java directly.
 */
package dev.shellbox.shell.gnu.regex;
