package dev.shellbox.shell.commands.files.ls;

import dev.shellbox.shell.fs.FileStat;
import java.util.HashMap;
import java.util.Map;

/** {@code ls --color}: GNU's built-in color table, adjusted by the {@code LS_COLORS} variable. */
final class LsColors {
    private final Map<String, String> types = new HashMap<>();
    private final Map<String, String> extensions = new HashMap<>();
    private boolean used;

    /** The terminals dircolors knows; without LS_COLORS, GNU ls colors only for them. */
    private static final java.util.regex.Pattern COLOR_TERMS = java.util.regex.Pattern.compile(
            "Eterm|ansi|.*color.*|con[0-9]*x[0-9]*|cons25|console|cygwin|.*direct.*|dtterm|gnome|hurd|jfbterm"
                    + "|konsole|kterm|linux|linux-c|mlterm|putty.*|rxvt.*|screen.*|st|terminator|tmux.*|vt100"
                    + "|xterm.*");

    /** Whether --color=always colors at all: LS_COLORS is set, or TERM names a known color terminal. */
    static boolean enabled(String lsColors, String term) {
        if (lsColors != null && !lsColors.isEmpty()) {
            return true;
        }
        return term != null && COLOR_TERMS.matcher(term).matches();
    }

    LsColors(String lsColors) {
        types.put("di", "01;34");
        types.put("ln", "01;36");
        types.put("pi", "33");
        types.put("so", "01;35");
        types.put("bd", "01;33");
        types.put("cd", "01;33");
        types.put("ex", "01;32");
        types.put("su", "37;41");
        types.put("sg", "30;43");
        types.put("st", "37;44");
        types.put("ow", "34;42");
        types.put("tw", "30;42");
        types.put("rs", "0");
        types.put("lc", "\033[");
        types.put("rc", "m");
        if (lsColors != null) {
            for (String item : lsColors.split(":")) {
                int eq = item.indexOf('=');
                if (eq <= 0) {
                    continue;
                }
                String key = item.substring(0, eq);
                String value = item.substring(eq + 1);
                if (key.startsWith("*")) {
                    extensions.put(key.substring(1), value);
                } else {
                    types.put(key, value);
                }
            }
        }
    }

    /**
     * {@code name} wrapped in the color of its file, or as is for plain files.
     *
     * @param target the stat a symlink points to; null for a dangling one
     */
    String paint(String shown, String name, FileStat st, FileStat target, boolean missing) {
        String code = codeFor(name, st, target, missing);
        if (code == null || code.isEmpty()) {
            return shown;
        }
        StringBuilder sb = new StringBuilder();
        if (!used) {
            used = true;
            sb.append(indicator("lc")).append(indicator("rs")).append(indicator("rc"));
        }
        sb.append(indicator("lc")).append(code).append(indicator("rc")).append(shown);
        sb.append(indicator("lc")).append(indicator("rs")).append(indicator("rc"));
        return sb.toString();
    }

    /**
     * Whether a long listing colors symlink targets: GNU looks at a target's type only when orphans or missing
     * files have a color of their own, or when links take their target's color.
     */
    boolean colorsLinkTargets() {
        return types.containsKey("or") || types.containsKey("mi") || "target".equals(types.get("ln"));
    }

    private String indicator(String key) {
        String v = types.get(key);
        return v == null ? "" : v;
    }

    private String codeFor(String name, FileStat st, FileStat target, boolean missing) {
        if (missing) {
            return types.containsKey("mi") ? types.get("mi") : types.get("or");
        }
        switch (st.type()) {
            case DIRECTORY -> {
                boolean otherWritable = (st.mode() & 02) != 0;
                boolean sticky = (st.mode() & 01000) != 0;
                if (otherWritable && sticky && types.containsKey("tw")) {
                    return types.get("tw");
                }
                if (otherWritable && types.containsKey("ow")) {
                    return types.get("ow");
                }
                if (sticky && types.containsKey("st")) {
                    return types.get("st");
                }
                return types.get("di");
            }
            case SYMLINK -> {
                if (target == null && types.containsKey("or")) {
                    return types.get("or");
                }
                String ln = types.get("ln");
                if ("target".equals(ln) && target != null) {
                    return codeFor(name, target, null, false);
                }
                return ln;
            }
            case FIFO -> {
                return types.get("pi");
            }
            case CHARACTER_DEVICE -> {
                return types.get("cd");
            }
            default -> {
                if ((st.mode() & 04000) != 0 && types.containsKey("su")) {
                    return types.get("su");
                }
                if ((st.mode() & 02000) != 0 && types.containsKey("sg")) {
                    return types.get("sg");
                }
                if ((st.mode() & 0111) != 0 && types.containsKey("ex")) {
                    return types.get("ex");
                }
                for (Map.Entry<String, String> e : extensions.entrySet()) {
                    if (name.endsWith(e.getKey())) {
                        return e.getValue();
                    }
                }
                return types.get("fi");
            }
        }
    }
}
