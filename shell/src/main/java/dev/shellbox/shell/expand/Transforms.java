package dev.shellbox.shell.expand;

import dev.shellbox.shell.syntax.ParamExpansion;
import java.util.ArrayList;
import java.util.List;

/** The {@code ${x@OP}} transformations: Q E P A K k a U u L. */
final class Transforms {
    private Transforms() {}

    static Expander.Value apply(
            Expander ex, ExpansionContext ctx, ParamExpansion pe, List<String> list, String scalar, boolean star) {
        String op = pe.argument() == null ? "" : ex.expandString(pe.argument());
        if (op.length() != 1) {
            throw new ExpansionError(pe.source() + ": bad substitution");
        }
        char c = op.charAt(0);
        ShellVariable var = isName(pe.name()) ? ctx.variable(pe.name()) : null;
        boolean whole = list != null;
        switch (c) {
            case 'Q':
                return map(list, scalar, star, Quoting::single);
            case 'E':
                return map(list, scalar, star, Transforms::expandEscapes);
            case 'P':
                return map(list, scalar, star, s -> s);
            case 'U':
                return map(list, scalar, star, String::toUpperCase);
            case 'L':
                return map(list, scalar, star, String::toLowerCase);
            case 'u':
                return map(
                        list,
                        scalar,
                        star,
                        s -> s.isEmpty() ? s : s.substring(0, 1).toUpperCase() + s.substring(1));
            case 'a': {
                String flags = var == null ? "" : var.attributeFlags();
                if (whole) {
                    List<String> out = new ArrayList<>();
                    for (int i = 0; i < list.size(); i++) {
                        out.add(flags);
                    }
                    return new Expander.Value(null, out, star);
                }
                return new Expander.Value(scalar == null && var == null ? null : flags, null, false);
            }
            case 'A': {
                if (var == null || scalar == null && list == null) {
                    return new Expander.Value(
                            scalar == null ? null : pe.name() + "=" + Quoting.single(scalar), null, false);
                }
                String flags = var.attributeFlags();
                if (whole && (var.isIndexedArray() || var.isAssociativeArray())) {
                    return new Expander.Value(declareArray(pe.name(), var, flags), null, false);
                }
                if (var.isAssociativeArray() && scalar == null) {
                    return new Expander.Value("declare -" + flags + " " + pe.name(), null, false);
                }
                String value = scalar == null ? "" : scalar;
                if (flags.isEmpty()) {
                    return new Expander.Value(pe.name() + "=" + Quoting.single(value), null, false);
                }
                return new Expander.Value(
                        "declare -" + flags + " " + pe.name() + "=" + Quoting.single(value), null, false);
            }
            case 'K':
            case 'k': {
                if (!whole || var == null || !(var.isIndexedArray() || var.isAssociativeArray())) {
                    return map(list, scalar, star, Quoting::single);
                }
                List<String> keys = var.keys();
                List<String> values = var.values();
                if (c == 'k') {
                    List<String> out = new ArrayList<>();
                    for (int i = 0; i < keys.size(); i++) {
                        out.add(keys.get(i));
                        out.add(values.get(i));
                    }
                    return new Expander.Value(null, out, star);
                }
                StringBuilder sb = new StringBuilder();
                for (int i = 0; i < keys.size(); i++) {
                    if (i > 0) {
                        sb.append(' ');
                    }
                    sb.append(
                                    var.isAssociativeArray()
                                            ? Quoting.declareValue(keys.get(i)).replaceAll("^\"|\"$", "")
                                            : keys.get(i))
                            .append(' ')
                            .append(Quoting.declareValue(values.get(i)));
                }
                if (var.isAssociativeArray() && !keys.isEmpty()) {
                    sb.append(' ');
                }
                return new Expander.Value(sb.toString(), null, false);
            }
            default:
                throw new ExpansionError(pe.source() + ": bad substitution");
        }
    }

    static String declareArray(String name, ShellVariable var, String flags) {
        StringBuilder sb = new StringBuilder("declare -")
                .append(flags.isEmpty() ? "-" : flags)
                .append(' ');
        sb.append(name).append("=(");
        List<String> keys = var.keys();
        List<String> values = var.values();
        for (int i = 0; i < keys.size(); i++) {
            if (i > 0) {
                sb.append(' ');
            }
            String key = keys.get(i);
            if (var.isAssociativeArray()) {
                key = quoteKey(key);
            }
            sb.append('[').append(key).append("]=").append(Quoting.declareValue(values.get(i)));
        }
        if (var.isAssociativeArray() && !keys.isEmpty()) {
            sb.append(' ');
        }
        return sb.append(')').toString();
    }

    private static String quoteKey(String key) {
        for (int i = 0; i < key.length(); i++) {
            char c = key.charAt(i);
            if (!(Character.isLetterOrDigit(c) || c == '_' || c == '-' || c == '.' || c == '/')) {
                return Quoting.declareValue(key);
            }
        }
        return key.isEmpty() ? "\"\"" : key;
    }

    private static boolean isName(String s) {
        return !s.isEmpty() && (Character.isLetter(s.charAt(0)) || s.charAt(0) == '_');
    }

    private static Expander.Value map(
            List<String> list, String scalar, boolean star, java.util.function.UnaryOperator<String> fn) {
        if (list != null) {
            List<String> out = new ArrayList<>(list.size());
            for (String s : list) {
                out.add(fn.apply(s));
            }
            return new Expander.Value(null, out, star);
        }
        return new Expander.Value(scalar == null ? null : fn.apply(scalar), null, false);
    }

    /** Backslash escapes as {@code $'...'} interprets them. */
    static String expandEscapes(String s) {
        if (s.indexOf('\\') < 0) {
            return s;
        }
        try {
            return dev.shellbox.shell.syntax.Parser.parseAnsiC(s);
        } catch (dev.shellbox.shell.syntax.ParseError e) {
            return s;
        }
    }
}
