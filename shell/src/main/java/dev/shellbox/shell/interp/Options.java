package dev.shellbox.shell.interp;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/** The options of {@code set -o} and {@code shopt}, with bash 5.2's defaults for a non-interactive shell. */
final class Options {
    /** {@code set -o} names with their single-letter flag (or 0). */
    static final Map<String, Character> SET_OPTIONS = new TreeMap<>();
    /** {@code shopt} names and defaults. */
    static final Map<String, Boolean> SHOPT_DEFAULTS = new TreeMap<>();

    static {
        String[][] set = {
            {"allexport", "a"},
            {"braceexpand", "B"},
            {"emacs", ""},
            {"errexit", "e"},
            {"errtrace", "E"},
            {"functrace", "T"},
            {"hashall", "h"},
            {"histexpand", "H"},
            {"history", ""},
            {"ignoreeof", ""},
            {"interactive-comments", ""},
            {"keyword", "k"},
            {"monitor", "m"},
            {"noclobber", "C"},
            {"noexec", "n"},
            {"noglob", "f"},
            {"nolog", ""},
            {"notify", "b"},
            {"nounset", "u"},
            {"onecmd", "t"},
            {"physical", "P"},
            {"pipefail", ""},
            {"posix", ""},
            {"privileged", "p"},
            {"verbose", "v"},
            {"vi", ""},
            {"xtrace", "x"}
        };
        for (String[] s : set) {
            SET_OPTIONS.put(s[0], s[1].isEmpty() ? (char) 0 : s[1].charAt(0));
        }
        String[] on = {
            "checkwinsize", "cmdhist", "complete_fullquote", "extquote", "force_fignore", "globasciiranges",
            "globskipdots", "hostcomplete", "interactive_comments", "patsub_replacement", "progcomp", "promptvars",
            "sourcepath"
        };
        String[] off = {
            "assoc_expand_once",
            "autocd",
            "cdable_vars",
            "cdspell",
            "checkhash",
            "checkjobs",
            "compat31",
            "compat32",
            "compat40",
            "compat41",
            "compat42",
            "compat43",
            "compat44",
            "direxpand",
            "dirspell",
            "dotglob",
            "execfail",
            "expand_aliases",
            "extdebug",
            "extglob",
            "failglob",
            "globstar",
            "gnu_errfmt",
            "histappend",
            "histreedit",
            "histverify",
            "huponexit",
            "inherit_errexit",
            "lastpipe",
            "lithist",
            "localvar_inherit",
            "localvar_unset",
            "login_shell",
            "mailwarn",
            "no_empty_cmd_completion",
            "nocaseglob",
            "nocasematch",
            "noexpand_translation",
            "nullglob",
            "progcomp_alias",
            "restricted_shell",
            "shift_verbose",
            "varredir_close",
            "xpg_echo"
        };
        for (String s : on) {
            SHOPT_DEFAULTS.put(s, true);
        }
        for (String s : off) {
            SHOPT_DEFAULTS.put(s, false);
        }
    }

    // hot options as fields
    boolean errexit;
    boolean nounset;
    boolean xtrace;
    boolean pipefail;
    boolean noglob;
    boolean noclobber;
    boolean allexport;
    boolean noexec;
    boolean verbose;
    boolean errtrace;
    boolean functrace;
    boolean posix;
    boolean monitor;
    boolean interactive;
    private final Map<String, Boolean> other = new TreeMap<>();
    private final Map<String, Boolean> shopt = new TreeMap<>(SHOPT_DEFAULTS);

    Options() {
        other.put("braceexpand", true);
        other.put("hashall", true);
        other.put("interactive-comments", true);
    }

    Options copy() {
        Options c = new Options();
        c.errexit = errexit;
        c.nounset = nounset;
        c.xtrace = xtrace;
        c.pipefail = pipefail;
        c.noglob = noglob;
        c.noclobber = noclobber;
        c.allexport = allexport;
        c.noexec = noexec;
        c.verbose = verbose;
        c.errtrace = errtrace;
        c.functrace = functrace;
        c.posix = posix;
        c.monitor = monitor;
        c.interactive = interactive;
        c.other.clear();
        c.other.putAll(other);
        c.shopt.clear();
        c.shopt.putAll(shopt);
        return c;
    }

    static boolean isSetOption(String name) {
        return SET_OPTIONS.containsKey(name);
    }

    static String setOptionForLetter(char letter) {
        for (Map.Entry<String, Character> e : SET_OPTIONS.entrySet()) {
            if (e.getValue() == letter) {
                return e.getKey();
            }
        }
        return null;
    }

    boolean get(String name) {
        return switch (name) {
            case "errexit" -> errexit;
            case "nounset" -> nounset;
            case "xtrace" -> xtrace;
            case "pipefail" -> pipefail;
            case "noglob" -> noglob;
            case "noclobber" -> noclobber;
            case "allexport" -> allexport;
            case "noexec" -> noexec;
            case "verbose" -> verbose;
            case "errtrace" -> errtrace;
            case "functrace" -> functrace;
            case "posix" -> posix;
            case "monitor" -> monitor;
            default -> other.getOrDefault(name, false);
        };
    }

    void set(String name, boolean on) {
        switch (name) {
            case "errexit" -> errexit = on;
            case "nounset" -> nounset = on;
            case "xtrace" -> xtrace = on;
            case "pipefail" -> pipefail = on;
            case "noglob" -> noglob = on;
            case "noclobber" -> noclobber = on;
            case "allexport" -> allexport = on;
            case "noexec" -> noexec = on;
            case "verbose" -> verbose = on;
            case "errtrace" -> errtrace = on;
            case "functrace" -> functrace = on;
            case "posix" -> posix = on;
            case "monitor" -> monitor = on;
            case "vi" -> {
                other.put("vi", on);
                if (on) {
                    other.put("emacs", false);
                }
            }
            case "emacs" -> {
                other.put("emacs", on);
                if (on) {
                    other.put("vi", false);
                }
            }
            default -> other.put(name, on);
        }
    }

    boolean isShopt(String name) {
        return shopt.containsKey(name);
    }

    boolean shopt(String name) {
        Boolean b = shopt.get(name);
        return b != null && b;
    }

    void setShopt(String name, boolean on) {
        shopt.put(name, on);
    }

    Map<String, Boolean> shoptOptions() {
        return shopt;
    }

    /** The value of {@code $-}. */
    String flags(boolean commandString, boolean stdinScript) {
        StringBuilder sb = new StringBuilder();
        for (Map.Entry<String, Character> e : SET_OPTIONS.entrySet()) {
            char c = e.getValue();
            if (c != 0 && get(e.getKey())) {
                sb.append(c);
            }
        }
        if (interactive) {
            sb.append('i');
        }
        if (commandString) {
            sb.append('c');
        }
        if (stdinScript) {
            sb.append('s');
        }
        // bash orders: himBHs... keep a stable order close to bash's
        String order = "abefhikmnptuvxBCEHPTcs";
        List<Character> chars = new ArrayList<>();
        for (char c : sb.toString().toCharArray()) {
            chars.add(c);
        }
        chars.sort((x, y) -> order.indexOf(x) - order.indexOf(y));
        StringBuilder out = new StringBuilder();
        for (char c : chars) {
            out.append(c);
        }
        return out.toString();
    }
}
