package dev.shellbox.shell.expand;

import dev.shellbox.shell.io.LimitNames;
import dev.shellbox.shell.syntax.ArithExpr;
import dev.shellbox.shell.syntax.ArithText;
import dev.shellbox.shell.syntax.ParamExpansion;
import dev.shellbox.shell.syntax.ParamExpansion.Operator;
import dev.shellbox.shell.syntax.Word;
import dev.shellbox.shell.syntax.WordPart;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * Word expansion in bash's order: brace expansion, tilde, parameters, arithmetic and command substitution (left to
 * right), word splitting on IFS, pathname expansion, quote removal. One Expander serves one shell state.
 */
public final class Expander {
    private static final String DEFAULT_IFS = " \t\n";

    private final ExpansionContext ctx;
    private final Arithmetic arithmetic;

    public Expander(ExpansionContext ctx) {
        this.ctx = ctx;
        this.arithmetic = new Arithmetic(ctx, this);
    }

    public Arithmetic arithmetic() {
        return arithmetic;
    }

    // ======================================================================
    // public entry points
    // ======================================================================

    /** Expands command words into fields (all expansions, splitting and globbing). */
    public List<String> expandWords(List<Word> words) {
        List<String> out = new ArrayList<>(words.size() + 2);
        for (Word w : words) {
            expandWordInto(w, out);
        }
        return out;
    }

    /** Expands one word into fields, appending them to {@code out}. */
    public void expandWordInto(Word w, List<String> out) {
        List<WordPart> parts = w.parts();
        if (parts.size() == 1 && parts.get(0) instanceof WordPart.Literal l && isPlain(l.text())) {
            out.add(l.text());
            return;
        }
        if (BraceExpansion.mayExpand(w)) {
            for (Word b : BraceExpansion.expand(w, ctx.maxBraceExpansion())) {
                expandSingle(b, out);
            }
        } else {
            expandSingle(w, out);
        }
    }

    /** {@code name=...} as an argument: bash expands tildes after the {@code =} and colons as in assignments. */
    private static boolean looksLikeAssignment(Word w) {
        if (w.parts().isEmpty() || !(w.parts().get(0) instanceof WordPart.Literal l)) {
            return false;
        }
        String t = l.text();
        int eq = t.indexOf('=');
        if (eq <= 0 || t.indexOf('~') < 0) {
            return false;
        }
        for (int i = 0; i < eq; i++) {
            char c = t.charAt(i);
            boolean ok = c == '_'
                    || (c >= 'a' && c <= 'z')
                    || (c >= 'A' && c <= 'Z')
                    || (i > 0 && c >= '0' && c <= '9')
                    || (i == eq - 1 && c == '+');
            if (!ok) {
                return false;
            }
        }
        return true;
    }

    /** Whether a literal word needs no expansion at all. */
    private static boolean isPlain(String s) {
        if (s.isEmpty() || s.charAt(0) == '~') {
            return false;
        }
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '*' || c == '?' || c == '[' || c == '{' || c == '(' || c == '=' || c == ':') {
                return false;
            }
        }
        return true;
    }

    private void expandSingle(Word w, List<String> out) {
        Fields f = new Fields(true, Escape.GLOB);
        expandTop(w.parts(), f, looksLikeAssignment(w));
        f.finish();
        boolean noglob = ctx.option(ExpandOption.NOGLOB);
        for (Field field : f.done) {
            if (!noglob && field.glob && GlobPattern.hasMeta(field.pattern, ctx.option(ExpandOption.EXTGLOB))) {
                List<String> matches = new Globber(ctx).expand(field.pattern);
                if (!matches.isEmpty()) {
                    out.addAll(matches);
                    continue;
                }
                if (ctx.option(ExpandOption.FAILGLOB)) {
                    throw new ExpansionError("no match: " + field.value);
                }
                if (ctx.option(ExpandOption.NULLGLOB)) {
                    continue;
                }
            }
            out.add(field.value);
        }
    }

    /** Expands a word to one string without splitting or globbing (redirect targets of here-strings, case words). */
    public String expandString(Word w) {
        List<WordPart> parts = w.parts();
        if (parts.size() == 1
                && parts.get(0) instanceof WordPart.Literal l
                && l.text().indexOf('~') != 0) {
            return l.text();
        }
        Fields f = new Fields(false, Escape.NONE);
        expandTop(parts, f, false);
        return f.joined();
    }

    /** Expands an assignment value: no splitting or globbing; tildes after {@code =} and {@code :} expand. */
    public String expandAssignmentValue(Word w) {
        List<WordPart> parts = w.parts();
        if (parts.isEmpty()) {
            return "";
        }
        if (parts.size() == 1
                && parts.get(0) instanceof WordPart.Literal l
                && l.text().indexOf('~') < 0) {
            return l.text();
        }
        Fields f = new Fields(false, Escape.NONE);
        f.assignment = true;
        expandTop(parts, f, true);
        return f.joined();
    }

    /** Expands a word without splitting, globbing or tilde expansion (array values given with a key). */
    public String expandNoTilde(Word w) {
        Fields f = new Fields(false, Escape.NONE);
        for (WordPart p : w.parts()) {
            expandPart(p, false, false, f);
        }
        return f.joined();
    }

    /** Expands a word as in double quotes (here-document bodies, arithmetic text). */
    public String expandQuoted(Word w) {
        Fields f = new Fields(false, Escape.NONE);
        for (WordPart p : w.parts()) {
            expandPart(p, true, false, f);
        }
        return f.joined();
    }

    /** Expands a word into a pattern: quoted characters are backslash-escaped, unquoted ones keep their meaning. */
    public String expandPattern(Word w) {
        List<WordPart> parts = w.parts();
        if (parts.size() == 1
                && parts.get(0) instanceof WordPart.Literal l
                && l.text().indexOf('~') != 0) {
            return l.text();
        }
        Fields f = new Fields(false, Escape.GLOB);
        expandTop(parts, f, false);
        return f.joinedPattern();
    }

    /** Expands the right side of {@code =~}: quoted characters are escaped for the regex engine. */
    public String expandRegex(Word w) {
        Fields f = new Fields(false, Escape.REGEX);
        expandTop(w.parts(), f, false);
        return f.joinedPattern();
    }

    /** Evaluates a subscript given as text (from a nameref or {@code ${!ref}}): expansions, then arithmetic. */
    public long evaluateSubscript(String text) {
        try {
            return arithmetic.evaluate(
                    expandArithmeticText(dev.shellbox.shell.syntax.Parser.parseArithmeticWord(text)));
        } catch (dev.shellbox.shell.syntax.ParseError e) {
            throw new ExpansionError(text + ": bad array subscript");
        }
    }

    /** An associative array key given as text: expanded, quotes removed. */
    public String expandSubscriptKey(String text) {
        try {
            return expandString(dev.shellbox.shell.syntax.Parser.parseSubscriptWord(text));
        } catch (dev.shellbox.shell.syntax.ParseError e) {
            return text;
        }
    }

    /** Evaluates an arithmetic text. */
    public long evaluateArithmetic(ArithText text) {
        return arithmetic.evaluate(text);
    }

    /** Evaluates an arithmetic expression given as a string. */
    public long evaluateArithmetic(String text) {
        return arithmetic.evaluate(text);
    }

    /** The text of an arithmetic context after parameter and command expansion (quotes removed). */
    String expandArithmeticText(Word w) {
        Fields f = new Fields(false, Escape.NONE);
        for (WordPart p : w.parts()) {
            expandPart(p, true, false, f);
        }
        return f.joined();
    }

    // ======================================================================
    // fields
    // ======================================================================

    private enum Escape {
        NONE,
        GLOB,
        REGEX,
        REPLACEMENT
    }

    /** A finished field: its value, the same with quoted pattern characters escaped, and whether it may glob. */
    private record Field(String value, String pattern, boolean glob) {}

    /** Accumulates expanded text into fields, splitting unquoted expansion results on IFS. */
    private final class Fields {
        final boolean split;
        final Escape escape;
        final List<Field> done = new ArrayList<>(1);
        StringBuilder value = new StringBuilder();
        StringBuilder pattern;
        boolean glob;
        boolean exists;
        boolean pendingBreak;
        /** Expanding an assignment value: tildes after colons in {@code ${x-...}} words expand too. */
        boolean assignment;

        String ifs;
        boolean extglob;

        Fields(boolean split, Escape escape) {
            this.split = split;
            this.escape = escape;
            if (escape != Escape.NONE) {
                pattern = new StringBuilder();
            }
            this.extglob = escape == Escape.GLOB && ctx.option(ExpandOption.EXTGLOB);
        }

        private String ifs() {
            if (ifs == null) {
                ShellVariable v = ctx.variable("IFS");
                ifs = v == null || !v.isSet() ? DEFAULT_IFS : v.scalarValue();
                if (ifs == null) {
                    ifs = DEFAULT_IFS;
                }
            }
            return ifs;
        }

        void checkLength() {
            if (value.length() > ctx.maxStringLength()) {
                throw new dev.shellbox.shell.io.LimitExceededException(
                        LimitNames.MAX_STRING_LENGTH, "string longer than " + ctx.maxStringLength() + " characters");
            }
        }

        void breakIfPending() {
            if (pendingBreak) {
                pendingBreak = false;
                emit();
            }
        }

        /** Unquoted literal text of the source: not split, but pattern characters are active. */
        void literal(String s) {
            breakIfPending();
            if (s.isEmpty()) {
                return;
            }
            exists = true;
            value.append(s);
            if (pattern != null) {
                appendActive(s);
            }
            checkLength();
        }

        private void appendActive(String s) {
            pattern.append(s);
            if (!glob) {
                for (int i = 0; i < s.length(); i++) {
                    char c = s.charAt(i);
                    if (c == '*' || c == '?' || c == '[' || (extglob && c == '(')) {
                        glob = true;
                        break;
                    }
                }
            }
        }

        /** Quoted text: taken literally. */
        void quoted(String s) {
            breakIfPending();
            exists = true;
            value.append(s);
            if (pattern != null) {
                switch (escape) {
                    case GLOB -> pattern.append(GlobPattern.escape(s));
                    case REGEX -> pattern.append(quoteForRegex(s));
                    case REPLACEMENT -> {
                        for (int i = 0; i < s.length(); i++) {
                            char c = s.charAt(i);
                            if (c == '\\' || c == '&') {
                                pattern.append('\\');
                            }
                            pattern.append(c);
                        }
                    }
                    default -> pattern.append(s);
                }
            }
            checkLength();
        }

        /** The unquoted result of an expansion: split on IFS, pattern characters active. */
        void splittable(String s) {
            if (!split) {
                literal(s);
                return;
            }
            String ifs = ifs();
            if (ifs.isEmpty()) {
                literal(s);
                return;
            }
            int n = s.length();
            int runStart = -1;
            for (int i = 0; i < n; i++) {
                char c = s.charAt(i);
                if (ifs.indexOf(c) < 0) {
                    if (runStart < 0) {
                        runStart = i;
                    }
                    continue;
                }
                if (runStart >= 0) {
                    literal(s.substring(runStart, i));
                    runStart = -1;
                }
                boolean white = c == ' ' || c == '\t' || c == '\n';
                if (white) {
                    if (exists) {
                        pendingBreak = true;
                    }
                } else {
                    if (pendingBreak) {
                        pendingBreak = false;
                        emit();
                    } else {
                        forceEmit();
                    }
                }
            }
            if (runStart >= 0) {
                literal(s.substring(runStart));
            }
        }

        /** Ends the current field even if it is empty ({@code "$@"} boundaries, non-blank IFS delimiters). */
        void forceBreak() {
            pendingBreak = false;
            if (!split) {
                value.append(' ');
                if (pattern != null) {
                    pattern.append(' ');
                }
                return;
            }
            forceEmit();
        }

        /** Ends the current field before the next text, if it has any ({@code $@} unquoted). */
        void softBreak() {
            if (!split) {
                value.append(' ');
                if (pattern != null) {
                    pattern.append(' ');
                }
                return;
            }
            if (exists) {
                pendingBreak = true;
            }
        }

        void splittableOrQuoted(String s, boolean quoted) {
            if (quoted) {
                quoted(s);
            } else {
                splittable(s);
            }
        }

        void markExists() {
            breakIfPending();
            exists = true;
        }

        private void forceEmit() {
            exists = true;
            emit();
        }

        private void emit() {
            if (exists) {
                done.add(new Field(value.toString(), pattern == null ? null : pattern.toString(), glob));
            }
            value.setLength(0);
            if (pattern != null) {
                pattern.setLength(0);
            }
            glob = false;
            exists = false;
        }

        void finish() {
            pendingBreak = false;
            emit();
        }

        String joined() {
            if (done.isEmpty()) {
                return value.toString();
            }
            finish();
            StringBuilder sb = new StringBuilder();
            for (int i = 0; i < done.size(); i++) {
                if (i > 0) {
                    sb.append(' ');
                }
                sb.append(done.get(i).value);
            }
            return sb.toString();
        }

        String joinedPattern() {
            if (done.isEmpty()) {
                return pattern.toString();
            }
            finish();
            StringBuilder sb = new StringBuilder();
            for (int i = 0; i < done.size(); i++) {
                if (i > 0) {
                    sb.append(' ');
                }
                sb.append(done.get(i).pattern);
            }
            return sb.toString();
        }
    }

    // ======================================================================
    // parts
    // ======================================================================

    /** Expands the parts of a word, handling a leading tilde (and, for assignments, tildes after colons). */
    private void expandTop(List<WordPart> parts, Fields f, boolean assignment) {
        int n = parts.size();
        for (int i = 0; i < n; i++) {
            WordPart p = parts.get(i);
            if (p instanceof WordPart.Literal l) {
                String text = l.text();
                boolean last = i == n - 1;
                if (assignment) {
                    literalWithTildes(text, i == 0, last, f, i == 0 && f.split);
                    continue;
                }
                if (i == 0 && text.startsWith("~")) {
                    int slash = text.indexOf('/');
                    if (slash >= 0 || last) {
                        String prefix = slash >= 0 ? text.substring(1, slash) : text.substring(1);
                        String home = tilde(prefix);
                        if (home != null) {
                            f.quoted(home);
                            f.literal(slash >= 0 ? text.substring(slash) : "");
                            continue;
                        }
                    }
                }
                f.literal(text);
                continue;
            }
            expandPart(p, false, false, f);
        }
    }

    /** Tilde expansion at the start of an assignment value and after each colon. */
    private void literalWithTildes(String text, boolean atStart, boolean last, Fields f, boolean afterEquals) {
        int i = 0;
        int n = text.length();
        boolean segmentStart = atStart && !afterEquals;
        StringBuilder plain = new StringBuilder();
        if (afterEquals) {
            int eq = text.indexOf('=');
            plain.append(text, 0, eq + 1);
            i = eq + 1;
            segmentStart = true;
        }
        while (i < n) {
            char c = text.charAt(i);
            if (c == '~' && segmentStart) {
                int end = i + 1;
                while (end < n && text.charAt(end) != '/' && text.charAt(end) != ':') {
                    end++;
                }
                if (end < n || last) {
                    String home = tilde(text.substring(i + 1, end));
                    if (home != null) {
                        f.literal(plain.toString());
                        plain.setLength(0);
                        f.quoted(home);
                        i = end;
                        segmentStart = false;
                        continue;
                    }
                }
            }
            plain.append(c);
            segmentStart = c == ':';
            i++;
        }
        f.literal(plain.toString());
    }

    /** The expansion of {@code ~prefix}, or null when it does not expand. */
    private String tilde(String prefix) {
        if (prefix.isEmpty()) {
            ShellVariable home = ctx.variable("HOME");
            if (home != null && home.scalarValue() != null) {
                return home.scalarValue();
            }
            return ctx.homeDirectory("");
        }
        if (prefix.equals("+")) {
            ShellVariable pwd = ctx.variable("PWD");
            return pwd == null ? null : pwd.scalarValue();
        }
        if (prefix.equals("-")) {
            ShellVariable old = ctx.variable("OLDPWD");
            return old == null ? null : old.scalarValue();
        }
        char c0 = prefix.charAt(0);
        if (c0 == '+' || c0 == '-' || Character.isDigit(c0)) {
            String digits = Character.isDigit(c0) ? prefix : prefix.substring(1);
            if (!digits.isEmpty() && digits.chars().allMatch(Character::isDigit) && digits.length() < 6) {
                int k = Integer.parseInt(digits);
                return ctx.directoryStackEntry(c0 == '-' ? -k - 1 : k);
            }
            return null;
        }
        return ctx.homeDirectory(prefix);
    }

    /**
     * Expands one part. {@code quoted}: inside double quotes. {@code literalSplits}: unquoted literal text of a
     * {@code ${x:-...}} argument, which is split like an expansion result.
     */
    private void expandPart(WordPart p, boolean quoted, boolean literalSplits, Fields f) {
        if (p instanceof WordPart.Literal l) {
            if (quoted) {
                f.quoted(l.text());
            } else if (literalSplits) {
                f.splittable(l.text());
            } else {
                f.literal(l.text());
            }
        } else if (p instanceof WordPart.SingleQuoted s) {
            f.quoted(s.text());
        } else if (p instanceof WordPart.DoubleQuoted dq) {
            if (!onlyAtExpansions(dq.parts())) {
                f.markExists();
            }
            for (WordPart inner : dq.parts()) {
                expandPart(inner, true, false, f);
            }
        } else if (p instanceof WordPart.Param pp) {
            expandParam(pp.expansion(), quoted, f);
        } else if (p instanceof WordPart.CommandSubstitution cs) {
            String out = ctx.commandSubstitution(cs.body());
            if (quoted) {
                f.quoted(out);
            } else {
                f.splittable(out);
            }
        } else if (p instanceof WordPart.ArithmeticExpansion ae) {
            String v = Long.toString(arithmetic.evaluate(ae.expression()));
            if (quoted) {
                f.quoted(v);
            } else {
                f.splittable(v);
            }
        } else if (p instanceof WordPart.ProcessSubstitution ps) {
            f.quoted(ctx.processSubstitution(ps.body(), ps.output()));
        } else if (p instanceof WordPart.ArrayLiteral al) {
            f.literal(al.source());
        } else if (p instanceof WordPart.BadSubstitution bad) {
            throw new ExpansionError(bad.source() + ": bad substitution");
        }
    }

    /** Whether double-quoted parts are only {@code $@}-like expansions, which vanish when empty. */
    private static boolean onlyAtExpansions(List<WordPart> parts) {
        if (parts.isEmpty()) {
            return false;
        }
        for (WordPart p : parts) {
            if (!(p instanceof WordPart.Param pp)) {
                return false;
            }
            ParamExpansion e = pp.expansion();
            boolean at = (e.name().equals("@") && e.index() == null) || e.isAtIndex();
            if (!at || e.indirect() || e.operator() == Operator.LENGTH) {
                return false;
            }
            if (e.operator() == Operator.DEFAULT
                    || e.operator() == Operator.ALTERNATE
                    || e.operator() == Operator.ASSIGN
                    || e.operator() == Operator.ERROR) {
                return false;
            }
        }
        return true;
    }

    // ======================================================================
    // parameters
    // ======================================================================

    /** A parameter's value before its operator: a scalar (null when unset) or a list from {@code @}/{@code *}. */
    record Value(String scalar, List<String> list, boolean star) {
        static final Value UNSET = new Value(null, null, false);

        static Value of(String s) {
            return s == null ? UNSET : new Value(s, null, false);
        }

        static Value list(List<String> l, boolean star) {
            return new Value(null, l, star);
        }

        boolean isList() {
            return list != null;
        }

        boolean isUnset() {
            return list == null ? scalar == null : list.isEmpty();
        }

        boolean isNull() {
            if (list == null) {
                return scalar == null || scalar.isEmpty();
            }
            return list.isEmpty() || (list.size() == 1 && list.get(0).isEmpty());
        }
    }

    private void expandParam(ParamExpansion pe, boolean quoted, Fields f) {
        Operator op = pe.operator();
        if (op == Operator.NAMES_STAR || op == Operator.NAMES_AT) {
            List<String> names = new ArrayList<>();
            for (String n : ctx.variableNames()) {
                if (n.startsWith(pe.name())) {
                    names.add(n);
                }
            }
            Collections.sort(names);
            emit(Value.list(names, op == Operator.NAMES_STAR), quoted, f);
            return;
        }
        if (pe.indirect()) {
            if ((pe.isAtIndex() || pe.isStarIndex()) && op == Operator.NONE) {
                ShellVariable var = ctx.variable(pe.name());
                emit(Value.list(var == null ? List.of() : var.keys(), pe.isStarIndex()), quoted, f);
                return;
            }
            if (pe.index() == null && op == Operator.NONE) {
                String target = ctx.namerefTarget(pe.name());
                if (target != null) {
                    emit(Value.of(target), quoted, f);
                    return;
                }
            }
            ParamExpansion target = indirectTarget(pe);
            if (target != null) {
                expandParam(target, quoted, f);
                return;
            }
        }
        if (op == Operator.LENGTH) {
            f.splittableOrQuoted(pe.indirect() ? "0" : Long.toString(length(pe)), quoted);
            return;
        }
        Value v = pe.indirect() ? Value.UNSET : lookup(pe);
        switch (op) {
            case NONE:
                checkSet(pe, v);
                emit(v, quoted, f);
                return;
            case DEFAULT:
                if (pe.colon() ? v.isNull() : v.isUnset()) {
                    expandArgument(pe.argument(), quoted, f);
                } else {
                    emit(v, quoted, f);
                }
                return;
            case ALTERNATE:
                if (pe.colon() ? v.isNull() : v.isUnset()) {
                    if (quoted) {
                        f.markExists();
                    }
                } else {
                    expandArgument(pe.argument(), quoted, f);
                }
                return;
            case ASSIGN:
                if (pe.colon() ? v.isNull() : v.isUnset()) {
                    String value = expandAssignmentValue(pe.argument());
                    assignParameter(pe, value);
                    emit(Value.of(value), quoted, f);
                } else {
                    emit(v, quoted, f);
                }
                return;
            case ERROR:
                if (pe.colon() ? v.isNull() : v.isUnset()) {
                    String message = pe.argument() == null ? "" : expandString(pe.argument());
                    if (message.isEmpty()) {
                        message = v.isUnset() ? "parameter null or not set" : "parameter null or not set";
                    }
                    throw new ExpansionError(displayName(pe) + ": " + message, true);
                }
                emit(v, quoted, f);
                return;
            default:
                checkSet(pe, v);
                emit(applyOperator(pe, v), quoted, f);
        }
    }

    private void checkSet(ParamExpansion pe, Value v) {
        if (!v.isUnset() || !ctx.option(ExpandOption.NOUNSET)) {
            return;
        }
        String name = pe.name();
        if (name.equals("@") || name.equals("*")) {
            return;
        }
        if (pe.isAtIndex() || pe.isStarIndex()) {
            // bash 5.2 lets "${a[@]}" of an unset array expand to nothing, as "$@" does
            return;
        }
        throw new ExpansionError(displayName(pe) + ": unbound variable", true);
    }

    private String displayName(ParamExpansion pe) {
        if (pe.index() != null) {
            return pe.name() + "[" + pe.index().unquotedText() + "]";
        }
        return pe.name();
    }

    private void emit(Value v, boolean quoted, Fields f) {
        if (!v.isList()) {
            if (v.scalar == null) {
                if (quoted) {
                    f.markExists();
                }
                return;
            }
            if (quoted) {
                f.quoted(v.scalar);
            } else {
                f.splittable(v.scalar);
            }
            return;
        }
        List<String> list = v.list;
        if (quoted) {
            if (v.star) {
                f.quoted(String.join(ifsFirst(), list));
                return;
            }
            for (int i = 0; i < list.size(); i++) {
                if (i > 0) {
                    f.forceBreak();
                }
                f.quoted(list.get(i));
            }
            return;
        }
        if (!f.split && v.star) {
            f.literal(String.join(ifsFirst(), list));
            return;
        }
        for (int i = 0; i < list.size(); i++) {
            if (i > 0) {
                f.softBreak();
            }
            f.splittable(list.get(i));
        }
    }

    private String ifsFirst() {
        ShellVariable v = ctx.variable("IFS");
        if (v == null || !v.isSet()) {
            return " ";
        }
        String ifs = v.scalarValue();
        return ifs == null || ifs.isEmpty() ? "" : ifs.substring(0, 1);
    }

    /** Expands the word argument of {@code - + =} operators into the fields, in the quoting context of the outside. */
    private void expandArgument(Word arg, boolean quoted, Fields f) {
        if (arg == null) {
            return;
        }
        if (arg.parts().isEmpty()) {
            if (quoted) {
                f.markExists();
            }
            return;
        }
        List<WordPart> parts = arg.parts();
        for (int i = 0; i < parts.size(); i++) {
            WordPart p = parts.get(i);
            if (!quoted && f.assignment && p instanceof WordPart.Literal l) {
                literalWithTildes(l.text(), i == 0, i == parts.size() - 1, f, false);
                continue;
            }
            if (i == 0 && !quoted && p instanceof WordPart.Literal l && l.text().startsWith("~")) {
                String text = l.text();
                int slash = text.indexOf('/');
                if (slash >= 0 || parts.size() == 1) {
                    String home = tilde(slash >= 0 ? text.substring(1, slash) : text.substring(1));
                    if (home != null) {
                        f.quoted(home);
                        f.splittable(slash >= 0 ? text.substring(slash) : "");
                        continue;
                    }
                }
            }
            expandPart(p, quoted, !quoted, f);
        }
    }

    /** The parameter {@code ${!x...}} designates: the value of x names it ({@code y}, {@code a[2]}, {@code 1}). */
    private ParamExpansion indirectTarget(ParamExpansion pe) {
        Value ref = lookupPlain(pe.name(), pe.index());
        String refName = ref.isList() ? (ref.list.isEmpty() ? null : String.join(" ", ref.list)) : ref.scalar;
        if (refName == null) {
            if (ctx.variable(pe.name()) != null) {
                // a declared variable without a value refers to nothing
                return null;
            }
            throw new ExpansionError(displayName(pe) + ": invalid indirect expansion");
        }
        String base = refName;
        Word index = null;
        int bracket = refName.indexOf('[');
        if (bracket > 0 && refName.endsWith("]")) {
            base = refName.substring(0, bracket);
            String sub = refName.substring(bracket + 1, refName.length() - 1);
            if (sub.equals("@") || sub.equals("*")) {
                index = Word.literal(sub);
            } else {
                try {
                    index = dev.shellbox.shell.syntax.Parser.parseSubscriptWord(sub);
                } catch (dev.shellbox.shell.syntax.ParseError e) {
                    throw new ExpansionError(refName + ": bad substitution");
                }
            }
            if (!isName(base)) {
                throw new ExpansionError(refName + ": invalid variable name");
            }
        } else if (!(refName.equals("@")
                || refName.equals("*")
                || isName(refName)
                || isNumber(refName)
                || isSpecial(refName))) {
            throw new ExpansionError(refName + ": invalid variable name");
        }
        Operator op = pe.operator();
        return new ParamExpansion(base, index, op, pe.colon(), false, pe.argument(), pe.argument2(), pe.source());
    }

    /** Looks a parameter up, following {@code ${!x}} indirection. */
    private Value lookup(ParamExpansion pe) {
        String name = pe.name();
        Word index = pe.index();
        if (pe.indirect()) {
            if (index != null && (pe.isAtIndex() || pe.isStarIndex())) {
                ShellVariable var = ctx.variable(name);
                return Value.list(var == null ? List.of() : var.keys(), pe.isStarIndex());
            }
            if (index == null) {
                String target = ctx.namerefTarget(name);
                if (target != null) {
                    return Value.of(target);
                }
            }
            Value ref = lookupPlain(name, index);
            String refName = ref.isList() ? String.join(" ", ref.list) : ref.scalar;
            if (refName == null) {
                if (ctx.option(ExpandOption.NOUNSET)) {
                    throw new ExpansionError(displayName(pe) + ": unbound variable", true);
                }
                return Value.UNSET;
            }
            return lookupReference(refName);
        }
        return lookupPlain(name, index);
    }

    /** The value named by a string such as {@code x}, {@code a[2]}, {@code a[@]}, {@code 1} or {@code @}. */
    private Value lookupReference(String ref) {
        int bracket = ref.indexOf('[');
        if (bracket > 0 && ref.endsWith("]")) {
            String name = ref.substring(0, bracket);
            if (!isName(name)) {
                throw new ExpansionError(ref + ": invalid variable name");
            }
            String sub = ref.substring(bracket + 1, ref.length() - 1);
            Word index = Word.literal(sub);
            if (sub.equals("@") || sub.equals("*")) {
                return lookupPlain(name, index);
            }
            ShellVariable v = ctx.variable(name);
            if (v == null) {
                return Value.UNSET;
            }
            if (v.isAssociativeArray()) {
                return Value.of(v.element(expandSubscriptKey(sub)));
            }
            long i = evaluateSubscript(sub);
            if (i < 0) {
                i += v.isIndexedArray() ? v.indexLimit() : 1;
            }
            return Value.of(v.isIndexedArray() ? v.element(i) : i == 0 ? v.scalarValue() : null);
        }
        if (ref.equals("@") || ref.equals("*") || isName(ref) || isNumber(ref) || isSpecial(ref)) {
            return lookupPlain(ref, null);
        }
        throw new ExpansionError(ref + ": invalid variable name");
    }

    private static boolean isName(String s) {
        if (s.isEmpty() || !(Character.isLetter(s.charAt(0)) || s.charAt(0) == '_') || s.charAt(0) > 127) {
            return false;
        }
        for (int i = 1; i < s.length(); i++) {
            char c = s.charAt(i);
            if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_')) {
                return false;
            }
        }
        return true;
    }

    private static boolean isNumber(String s) {
        return !s.isEmpty() && s.chars().allMatch(c -> c >= '0' && c <= '9');
    }

    private static boolean isSpecial(String s) {
        return s.length() == 1 && "?$!-#_".indexOf(s.charAt(0)) >= 0;
    }

    private Value lookupPlain(String name, Word index) {
        char c0 = name.charAt(0);
        if (name.equals("@") || name.equals("*")) {
            return Value.list(ctx.positionalParameters(), name.equals("*"));
        }
        if (c0 >= '0' && c0 <= '9') {
            if (name.length() > 9) {
                return Value.UNSET;
            }
            int n = Integer.parseInt(name);
            if (n == 0) {
                return Value.of(ctx.specialParameter("0"));
            }
            List<String> params = ctx.positionalParameters();
            return n <= params.size() ? Value.of(params.get(n - 1)) : Value.UNSET;
        }
        if (!(Character.isLetter(c0) || c0 == '_')) {
            return Value.of(ctx.specialParameter(name));
        }
        String ref = ctx.resolvedReference(name);
        if (ref != null && ref.indexOf('[') > 0) {
            if (index != null) {
                return "@".equals(index.literalText()) || "*".equals(index.literalText())
                        ? Value.list(List.of(), "*".equals(index.literalText()))
                        : Value.UNSET;
            }
            return lookupReference(ref);
        }
        ShellVariable v = ctx.variable(name);
        if (index == null) {
            return Value.of(v == null ? null : v.scalarValue());
        }
        String lit = index.literalText();
        if ("@".equals(lit) || "*".equals(lit)) {
            if (v == null || !v.isSet()) {
                return Value.list(List.of(), "*".equals(lit));
            }
            return Value.list(v.values(), "*".equals(lit));
        }
        if (v != null && v.isAssociativeArray()) {
            return Value.of(v.element(expandString(index)));
        }
        long i = arithmetic.evaluate(expandArithmeticText(index));
        if (v == null) {
            return Value.UNSET;
        }
        if (i < 0) {
            long limit = v.isIndexedArray() ? v.indexLimit() : 1;
            i += limit;
            if (i < 0) {
                // bash reports it and goes on with nothing
                ctx.warn(name + ": bad array subscript");
                return Value.UNSET;
            }
        }
        if (!v.isIndexedArray()) {
            return i == 0 ? Value.of(v.scalarValue()) : Value.UNSET;
        }
        return Value.of(v.element(i));
    }

    private long length(ParamExpansion pe) {
        String name = pe.name();
        if ((name.equals("@") || name.equals("*")) && pe.index() == null) {
            return ctx.positionalParameters().size();
        }
        if (pe.isAtIndex() || pe.isStarIndex()) {
            ShellVariable v = ctx.variable(name);
            if (v == null || !v.isSet()) {
                if (ctx.option(ExpandOption.NOUNSET)) {
                    throw new ExpansionError(displayName(pe) + ": unbound variable", true);
                }
                return 0;
            }
            return v.values().size();
        }
        Value v = lookup(
                new ParamExpansion(name, pe.index(), Operator.NONE, false, pe.indirect(), null, null, pe.source()));
        checkSet(pe, v);
        String s = v.isList() ? String.join(" ", v.list) : v.scalar;
        return s == null ? 0 : s.codePointCount(0, s.length());
    }

    private void assignParameter(ParamExpansion pe, String value) {
        String name = pe.name();
        if (!isName(name)) {
            throw new ExpansionError("$" + name + ": cannot assign in this way");
        }
        if (pe.index() == null) {
            ctx.assign(name, value);
            return;
        }
        ShellVariable v = ctx.variable(name);
        if (v != null && v.isAssociativeArray()) {
            ctx.assignElement(name, 0, expandString(pe.index()), value);
        } else {
            long i = arithmetic.evaluate(expandArithmeticText(pe.index()));
            ctx.assignElement(name, i, null, value);
        }
    }

    // ======================================================================
    // operators
    // ======================================================================

    private Value applyOperator(ParamExpansion pe, Value v) {
        Operator op = pe.operator();
        if (op == Operator.SUBSTRING) {
            return substring(pe, v);
        }
        if (op == Operator.TRANSFORM) {
            return Transforms.apply(this, ctx, pe, v.isList() ? v.list : null, v.scalar, v.star);
        }
        if (v.isUnset() && !v.isList()) {
            return v;
        }
        switch (op) {
            case REMOVE_SHORT_PREFIX:
            case REMOVE_LONG_PREFIX:
            case REMOVE_SHORT_SUFFIX:
            case REMOVE_LONG_SUFFIX: {
                GlobPattern p = compilePattern(pe.argument());
                return map(v, s -> removeAffix(s, p, op));
            }
            case REPLACE_FIRST:
            case REPLACE_ALL:
            case REPLACE_PREFIX:
            case REPLACE_SUFFIX: {
                String patText = pe.argument() == null ? "" : expandPattern(pe.argument());
                if (patText.isEmpty() && op != Operator.REPLACE_PREFIX && op != Operator.REPLACE_SUFFIX) {
                    return v;
                }
                GlobPattern p = GlobPattern.compile(patText, ctx.option(ExpandOption.EXTGLOB), false);
                String template = replacementTemplate(pe.argument2());
                return map(v, s -> replace(s, p, template, op));
            }
            case UPPER_FIRST:
            case UPPER_ALL:
            case LOWER_FIRST:
            case LOWER_ALL: {
                GlobPattern p =
                        pe.argument() == null || pe.argument().parts().isEmpty() ? null : compilePattern(pe.argument());
                return map(v, s -> changeCase(s, p, op));
            }
            default:
                return v;
        }
    }

    private GlobPattern compilePattern(Word w) {
        String pat = w == null ? "" : expandPattern(w);
        return GlobPattern.compile(pat, ctx.option(ExpandOption.EXTGLOB), false);
    }

    private static Value map(Value v, java.util.function.UnaryOperator<String> fn) {
        if (v.isList()) {
            List<String> out = new ArrayList<>(v.list.size());
            for (String s : v.list) {
                out.add(fn.apply(s));
            }
            return Value.list(out, v.star);
        }
        return Value.of(fn.apply(v.scalar));
    }

    private static String removeAffix(String s, GlobPattern p, Operator op) {
        int n = s.length();
        String lit = p.literal();
        switch (op) {
            case REMOVE_SHORT_PREFIX:
                if (lit != null) {
                    return s.startsWith(lit) ? s.substring(lit.length()) : s;
                }
                for (int i = 0; i <= n; i++) {
                    if (p.matches(s, 0, i)) {
                        return s.substring(i);
                    }
                }
                return s;
            case REMOVE_LONG_PREFIX:
                if (lit != null) {
                    return s.startsWith(lit) ? s.substring(lit.length()) : s;
                }
                for (int i = n; i >= 0; i--) {
                    if (p.matches(s, 0, i)) {
                        return s.substring(i);
                    }
                }
                return s;
            case REMOVE_SHORT_SUFFIX:
                if (lit != null) {
                    return s.endsWith(lit) ? s.substring(0, n - lit.length()) : s;
                }
                for (int i = n; i >= 0; i--) {
                    if (p.matches(s, i, n)) {
                        return s.substring(0, i);
                    }
                }
                return s;
            default:
                if (lit != null) {
                    return s.endsWith(lit) ? s.substring(0, n - lit.length()) : s;
                }
                for (int i = 0; i <= n; i++) {
                    if (p.matches(s, i, n)) {
                        return s.substring(0, i);
                    }
                }
                return s;
        }
    }

    /** The replacement with quoted {@code &} and backslashes escaped; null when there is none. */
    private String replacementTemplate(Word w) {
        if (w == null) {
            return "";
        }
        if (!ctx.option(ExpandOption.PATSUB_REPLACEMENT)) {
            String s = expandString(w);
            StringBuilder sb = new StringBuilder();
            for (int i = 0; i < s.length(); i++) {
                char c = s.charAt(i);
                if (c == '\\' || c == '&') {
                    sb.append('\\');
                }
                sb.append(c);
            }
            return sb.toString();
        }
        Fields f = new Fields(false, Escape.REPLACEMENT);
        expandTop(w.parts(), f, false);
        return f.joinedPattern();
    }

    private static String applyTemplate(String template, String match) {
        if (template.indexOf('&') < 0 && template.indexOf('\\') < 0) {
            return template;
        }
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < template.length(); i++) {
            char c = template.charAt(i);
            if (c == '\\' && i + 1 < template.length()) {
                sb.append(template.charAt(++i));
            } else if (c == '&') {
                sb.append(match);
            } else {
                sb.append(c);
            }
        }
        return sb.toString();
    }

    private static String replace(String s, GlobPattern p, String template, Operator op) {
        int n = s.length();
        switch (op) {
            case REPLACE_PREFIX:
                for (int e = n; e >= 0; e--) {
                    if (p.matches(s, 0, e)) {
                        return applyTemplate(template, s.substring(0, e)) + s.substring(e);
                    }
                }
                return s;
            case REPLACE_SUFFIX:
                for (int b = 0; b <= n; b++) {
                    if (p.matches(s, b, n)) {
                        return s.substring(0, b) + applyTemplate(template, s.substring(b));
                    }
                }
                return s;
            default:
                break;
        }
        boolean all = op == Operator.REPLACE_ALL;
        String lit = p.literal();
        StringBuilder sb = new StringBuilder();
        if (lit != null) {
            if (lit.isEmpty()) {
                return s;
            }
            int from = 0;
            while (true) {
                int at = s.indexOf(lit, from);
                if (at < 0) {
                    break;
                }
                sb.append(s, from, at).append(applyTemplate(template, lit));
                from = at + lit.length();
                if (!all) {
                    break;
                }
            }
            sb.append(s, from, n);
            return sb.toString();
        }
        int i = 0;
        while (i <= n) {
            int found = -1;
            for (int e = n; e > i; e--) {
                if (p.matches(s, i, e)) {
                    found = e;
                    break;
                }
            }
            if (found >= 0) {
                sb.append(applyTemplate(template, s.substring(i, found)));
                i = found;
                if (!all) {
                    sb.append(s, i, n);
                    return sb.toString();
                }
                continue;
            }
            if (i < n) {
                sb.append(s.charAt(i));
            }
            i++;
        }
        return sb.toString();
    }

    private static String changeCase(String s, GlobPattern p, Operator op) {
        if (s.isEmpty()) {
            return s;
        }
        boolean upper = op == Operator.UPPER_FIRST || op == Operator.UPPER_ALL;
        boolean all = op == Operator.UPPER_ALL || op == Operator.LOWER_ALL;
        StringBuilder sb = new StringBuilder(s.length());
        int i = 0;
        while (i < s.length()) {
            int cp = s.codePointAt(i);
            int len = Character.charCount(cp);
            String ch = s.substring(i, i + len);
            boolean eligible = (all || i == 0) && (p == null || p.matches(ch));
            if (eligible) {
                sb.appendCodePoint(upper ? Character.toUpperCase(cp) : Character.toLowerCase(cp));
            } else {
                sb.append(ch);
            }
            i += len;
        }
        return sb.toString();
    }

    private Value substring(ParamExpansion pe, Value v) {
        long offset = pe.argument() == null ? 0 : arithmetic.evaluate(expandArithmeticText(pe.argument()));
        Long length = null;
        if (pe.argument2() != null) {
            length = arithmetic.evaluate(expandArithmeticText(pe.argument2()));
        }
        if (v.isList()) {
            String name = pe.name();
            if ((name.equals("@") || name.equals("*")) && pe.index() == null) {
                List<String> all = new ArrayList<>();
                all.add(ctx.specialParameter("0"));
                all.addAll(v.list);
                return Value.list(slice(all, offset, length, pe), v.star);
            }
            ShellVariable var = ctx.variable(name);
            if (var != null && var.isIndexedArray()) {
                List<String> keys = var.keys();
                List<String> vals = var.values();
                long start = offset;
                if (start < 0) {
                    start += var.indexLimit();
                    if (start < 0) {
                        return Value.list(List.of(), v.star);
                    }
                }
                List<String> out = new ArrayList<>();
                for (int i = 0; i < keys.size(); i++) {
                    if (Long.parseLong(keys.get(i)) >= start) {
                        if (length != null && out.size() >= length) {
                            break;
                        }
                        out.add(vals.get(i));
                    }
                }
                if (length != null && length < 0) {
                    throw new ExpansionError(pe.argument2().unquotedText().strip() + ": substring expression < 0");
                }
                return Value.list(out, v.star);
            }
            return Value.list(slice(v.list, offset, length, pe), v.star);
        }
        if (v.scalar == null) {
            return v;
        }
        String s = v.scalar;
        int n = s.codePointCount(0, s.length());
        long start = offset < 0 ? n + offset : offset;
        if (start < 0 || start > n) {
            return Value.of("");
        }
        long end = n;
        if (length != null) {
            end = length < 0 ? n + length : start + length;
            if (end < start) {
                if (length < 0) {
                    throw new ExpansionError(pe.argument2().unquotedText().strip() + ": substring expression < 0");
                }
                end = start;
            }
            end = Math.min(end, n);
        }
        int b = s.offsetByCodePoints(0, (int) start);
        int e = s.offsetByCodePoints(b, (int) (end - start));
        return Value.of(s.substring(b, e));
    }

    private static List<String> slice(List<String> list, long offset, Long length, ParamExpansion pe) {
        int n = list.size();
        long start = offset < 0 ? n + offset : offset;
        if (start < 0 || start > n) {
            return List.of();
        }
        long end = n;
        if (length != null) {
            if (length < 0) {
                throw new ExpansionError(pe.argument2().unquotedText().strip() + ": substring expression < 0");
            }
            end = Math.min(n, start + length);
        }
        return new ArrayList<>(list.subList((int) start, (int) end));
    }

    // ======================================================================
    // arithmetic variables
    // ======================================================================

    /** The text of a variable used in arithmetic ({@code x} or {@code a[i]}), or null when unset. */
    String arithmeticVariable(String name, ArithExpr index, String indexText) {
        ShellVariable v = ctx.variable(name);
        if (index == null && indexText == null) {
            return v == null ? null : v.scalarValue();
        }
        if (v == null) {
            return null;
        }
        if (v.isAssociativeArray()) {
            return v.element(indexText);
        }
        long i = index == null ? arithmetic.evaluate(indexText) : arithmetic.eval(index);
        if (i < 0) {
            i += v.isIndexedArray() ? v.indexLimit() : 1;
            if (i < 0) {
                throw new ExpansionError(name + "[" + indexText + "]: bad array subscript");
            }
        }
        if (!v.isIndexedArray()) {
            return i == 0 ? v.scalarValue() : null;
        }
        return v.element(i);
    }

    void assignArithmeticVariable(String name, ArithExpr index, String indexText, long value) {
        if (index == null && indexText == null) {
            ctx.assign(name, Long.toString(value));
            return;
        }
        ShellVariable v = ctx.variable(name);
        if (v != null && v.isAssociativeArray()) {
            ctx.assignElement(name, 0, indexText, Long.toString(value));
            return;
        }
        long i = index == null ? arithmetic.evaluate(indexText) : arithmetic.eval(index);
        ctx.assignElement(name, i, null, Long.toString(value));
    }

    /** A quoted part of a {@code [[ =~ ]]} pattern matches itself: every ERE metacharacter escaped. */
    private static String quoteForRegex(String s) {
        StringBuilder sb = new StringBuilder(s.length() + 4);
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if ("\\.[]{}()*+?^$|".indexOf(c) >= 0) {
                sb.append('\\');
            }
            sb.append(c);
        }
        return sb.toString();
    }
}
