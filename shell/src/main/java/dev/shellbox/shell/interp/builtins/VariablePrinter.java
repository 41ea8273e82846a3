package dev.shellbox.shell.interp.builtins;

import dev.shellbox.shell.expand.Quoting;
import dev.shellbox.shell.interp.Variable;
import java.util.List;

/** Variables as the shell prints them: {@code declare -p}'s declarations and {@code set}'s assignments. */
public final class VariablePrinter {
    private VariablePrinter() {}

    /** {@code declare -x name="value"} as declare -p prints it. */
    public static String declaration(String name, Variable v) {
        String flags = v.attributeFlags();
        StringBuilder sb = new StringBuilder("declare -")
                .append(flags.isEmpty() ? "-" : flags)
                .append(' ')
                .append(name);
        if (v.isIndexedArray() || v.isAssociativeArray()) {
            sb.setLength(0);
            sb.append(arrayDeclaration(name, v, flags));
            return sb.toString();
        }
        if (v.scalarValue() != null) {
            sb.append('=').append(Quoting.declareValue(v.scalarValue()));
        }
        return sb.toString();
    }

    private static String arrayDeclaration(String name, Variable v, String flags) {
        StringBuilder sb = new StringBuilder("declare -")
                .append(flags)
                .append(' ')
                .append(name)
                .append("=(");
        List<String> keys = v.keys();
        List<String> values = v.values();
        for (int i = 0; i < keys.size(); i++) {
            if (i > 0) {
                sb.append(' ');
            }
            String key = keys.get(i);
            if (v.isAssociativeArray()) {
                key = assocKey(key);
            }
            sb.append('[').append(key).append("]=").append(Quoting.declareValue(values.get(i)));
        }
        if (v.isAssociativeArray() && !keys.isEmpty()) {
            sb.append(' ');
        }
        return sb.append(')').toString();
    }

    private static String assocKey(String key) {
        boolean plain = !key.isEmpty();
        for (int i = 0; i < key.length(); i++) {
            char c = key.charAt(i);
            if (!(Character.isLetterOrDigit(c)
                    || c == '_'
                    || c == '.'
                    || c == '-'
                    || c == '/'
                    || c == ':'
                    || c == '@'
                    || c == '%'
                    || c == '+'
                    || c == ',')) {
                plain = false;
                break;
            }
        }
        return plain ? key : Quoting.declareValue(key);
    }

    /** {@code name=value} as {@code set} prints it (arrays as {@code ([0]="a" ...)}). */
    public static String assignment(String name, Variable v) {
        if (v.isIndexedArray() || v.isAssociativeArray()) {
            StringBuilder sb = new StringBuilder(name).append("=(");
            List<String> keys = v.keys();
            List<String> values = v.values();
            for (int i = 0; i < keys.size(); i++) {
                if (i > 0) {
                    sb.append(' ');
                }
                String key = keys.get(i);
                sb.append('[')
                        .append(v.isAssociativeArray() ? Quoting.declareValue(key) : key)
                        .append("]=")
                        .append(Quoting.declareValue(values.get(i)));
            }
            if (v.isAssociativeArray() && !keys.isEmpty()) {
                sb.append(' ');
            }
            return sb.append(')').toString();
        }
        return name + "=" + quoteForSet(v.scalarValue());
    }

    private static String quoteForSet(String s) {
        if (s.isEmpty()) {
            return "''";
        }
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (!(Character.isLetterOrDigit(c) || "_-./:,+@%=^".indexOf(c) >= 0) || c > 127) {
                return Quoting.single(s);
            }
        }
        return s;
    }
}
