package dev.shellbox.shell.commands.data.awk;

import dev.shellbox.shell.commands.data.LocalZone;
import dev.shellbox.shell.gnu.time.Strftime;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.ZonedDateTime;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;

/** The built-in functions of awk and the gawk ones agents use (gensub, asort, strftime, ...). */
enum Builtin {
    LENGTH {
        @Override
        Object call(Env env, List<Expr> args) {
            if (args.isEmpty()) {
                return (double) env.rt.record().length();
            }
            Expr arg = args.get(0);
            if (arg instanceof Expr.ArrayHolder holder) {
                AwkArray a = holder.arrayIfAny(env);
                if (a != null) {
                    return (double) a.size();
                }
            }
            return (double) codePoints(arg.str(env));
        }
    },
    SUBSTR {
        @Override
        Object call(Env env, List<Expr> args) {
            String s = args.get(0).str(env);
            double start = trunc(args.get(1).num(env));
            int length = codePoints(s);
            double count = args.size() > 2 ? trunc(args.get(2).num(env)) : Double.POSITIVE_INFINITY;
            if (Double.isNaN(start) || Double.isNaN(count) || count <= 0) {
                return "";
            }
            if (start < 1) {
                start = 1;
            }
            if (start > length) {
                return "";
            }
            double end = Math.min(length + 1, start + count);
            int from = s.offsetByCodePoints(0, (int) start - 1);
            int to = s.offsetByCodePoints(from, (int) (end - start));
            return s.substring(from, to);
        }
    },
    INDEX {
        @Override
        Object call(Env env, List<Expr> args) {
            String s = args.get(0).str(env);
            int at = s.indexOf(args.get(1).str(env));
            return (double) (at < 0 ? 0 : s.codePointCount(0, at) + 1);
        }
    },
    SPLIT {
        @Override
        Object call(Env env, List<Expr> args) {
            String s = args.get(0).str(env);
            AwkArray target = ((Expr.ArrayHolder) args.get(1)).array(env);
            AwkArray seps = args.size() > 3 ? ((Expr.ArrayHolder) args.get(3)).array(env) : null;
            FieldSplitter splitter = args.size() > 2
                    ? (args.get(2) instanceof Expr.RegexLit re
                            ? FieldSplitter.regex(re.regex)
                            : env.rt.splitterFor(args.get(2).str(env)))
                    : env.rt.splitterFor(env.rt.fs());
            List<String> parts = new ArrayList<>();
            List<String> separators = seps == null ? null : new ArrayList<>();
            splitter.split(s, parts, separators);
            target.clear();
            for (int i = 0; i < parts.size(); i++) {
                target.put(Integer.toString(i + 1), new StrNum(parts.get(i)));
            }
            if (seps != null) {
                seps.clear();
                for (int i = 0; i < separators.size(); i++) {
                    seps.put(Integer.toString(i + 1), separators.get(i));
                }
            }
            return (double) parts.size();
        }
    },
    SUB {
        @Override
        Object call(Env env, List<Expr> args) {
            return substitute(env, args, false);
        }
    },
    GSUB {
        @Override
        Object call(Env env, List<Expr> args) {
            return substitute(env, args, true);
        }
    },
    GENSUB {
        @Override
        Object call(Env env, List<Expr> args) {
            AwkRegex regex = env.rt.regexOf(args.get(0), env);
            String replacement = args.get(1).str(env);
            Object howValue = args.get(2).eval(env);
            String target = args.size() > 3 ? args.get(3).str(env) : env.rt.record();
            String how = env.rt.toStr(howValue);
            boolean global = how.startsWith("g") || how.startsWith("G");
            int which = global ? 0 : (int) AwkValues.toNumber(howValue);
            if (!global && which <= 0) {
                which = 1;
            }
            StringBuilder out = new StringBuilder();
            Matcher m = regex.pattern.matcher(target);
            int pos = 0;
            int count = 0;
            int searchFrom = 0;
            while (searchFrom <= target.length()) {
                AwkRegex.Match match = regex.find(m, target, searchFrom);
                if (match == null) {
                    break;
                }
                count++;
                out.append(target, pos, match.start());
                if (global || count == which) {
                    m.useTransparentBounds(true).useAnchoringBounds(false);
                    m.region(match.start(), match.end()).matches();
                    appendGensubReplacement(out, replacement, target, m, match);
                    m.reset();
                } else {
                    out.append(target, match.start(), match.end());
                }
                pos = match.end();
                if (match.end() == match.start()) {
                    if (match.start() < target.length()) {
                        out.append(target.charAt(match.start()));
                    }
                    pos = match.start() + 1;
                    searchFrom = pos;
                } else {
                    searchFrom = match.end();
                }
                if (!global && count == which) {
                    break;
                }
            }
            if (pos < target.length()) {
                out.append(target, pos, target.length());
            }
            return out.toString();
        }
    },
    MATCH {
        @Override
        Object call(Env env, List<Expr> args) {
            String s = args.get(0).str(env);
            AwkRegex regex = env.rt.regexOf(args.get(1), env);
            Matcher m = regex.pattern.matcher(s);
            AwkRegex.Match match = regex.find(m, s, 0);
            AwkArray groups = args.size() > 2 ? ((Expr.ArrayHolder) args.get(2)).array(env) : null;
            if (groups != null) {
                groups.clear();
            }
            if (match == null) {
                env.rt.setGlobal(AwkRuntime.RSTART, 0.0);
                env.rt.setGlobal(AwkRuntime.RLENGTH, -1.0);
                return 0.0;
            }
            double start = s.codePointCount(0, match.start()) + 1;
            double length = s.codePointCount(match.start(), match.end());
            env.rt.setGlobal(AwkRuntime.RSTART, start);
            env.rt.setGlobal(AwkRuntime.RLENGTH, length);
            if (groups != null) {
                m.useTransparentBounds(true).useAnchoringBounds(false);
                m.region(match.start(), match.end()).matches();
                String subsep = env.rt.subsep();
                for (int g = 0; g <= m.groupCount(); g++) {
                    if (m.start(g) < 0) {
                        continue;
                    }
                    String key = Integer.toString(g);
                    groups.put(key, new StrNum(m.group(g)));
                    groups.put(key + subsep + "start", (double) (s.codePointCount(0, m.start(g)) + 1));
                    groups.put(key + subsep + "length", (double) s.codePointCount(m.start(g), m.end(g)));
                }
            }
            return start;
        }
    },
    SPRINTF {
        @Override
        Object call(Env env, List<Expr> args) {
            Object[] values = new Object[args.size() - 1];
            for (int i = 1; i < args.size(); i++) {
                values[i - 1] = args.get(i).eval(env);
            }
            return env.rt.sprintf(args.get(0).str(env), values);
        }
    },
    SIN {
        @Override
        Object call(Env env, List<Expr> args) {
            return Math.sin(args.get(0).num(env));
        }
    },
    COS {
        @Override
        Object call(Env env, List<Expr> args) {
            return Math.cos(args.get(0).num(env));
        }
    },
    ATAN2 {
        @Override
        Object call(Env env, List<Expr> args) {
            return Math.atan2(args.get(0).num(env), args.get(1).num(env));
        }
    },
    EXP {
        @Override
        Object call(Env env, List<Expr> args) {
            return Math.exp(args.get(0).num(env));
        }
    },
    LOG {
        @Override
        Object call(Env env, List<Expr> args) {
            double d = args.get(0).num(env);
            if (d < 0) {
                env.rt.warning("log: received negative argument " + env.rt.toStr(d));
            }
            return Math.log(d);
        }
    },
    SQRT {
        @Override
        Object call(Env env, List<Expr> args) {
            double d = args.get(0).num(env);
            if (d < 0) {
                env.rt.warning("sqrt: called with negative argument " + env.rt.toStr(d));
            }
            return Math.sqrt(d);
        }
    },
    INT {
        @Override
        Object call(Env env, List<Expr> args) {
            return trunc(args.get(0).num(env));
        }
    },
    RAND {
        @Override
        Object call(Env env, List<Expr> args) {
            return env.rt.random.nextDouble();
        }
    },
    SRAND {
        @Override
        Object call(Env env, List<Expr> args) {
            double previous = env.rt.seed;
            env.rt.seed = args.isEmpty()
                    ? (double) (env.rt.ctx.clock().millis() / 1000)
                    : trunc(args.get(0).num(env));
            env.rt.random = new java.util.Random((long) env.rt.seed);
            return previous;
        }
    },
    TOLOWER {
        @Override
        Object call(Env env, List<Expr> args) {
            return args.get(0).str(env).toLowerCase(Locale.ROOT);
        }
    },
    TOUPPER {
        @Override
        Object call(Env env, List<Expr> args) {
            return args.get(0).str(env).toUpperCase(Locale.ROOT);
        }
    },
    SYSTEM {
        @Override
        Object call(Env env, List<Expr> args) {
            return (double) env.rt.system(args.get(0).str(env));
        }
    },
    CLOSE {
        @Override
        Object call(Env env, List<Expr> args) {
            return (double) env.rt.close(args.get(0).str(env));
        }
    },
    FFLUSH {
        @Override
        Object call(Env env, List<Expr> args) {
            env.rt.flushAll();
            return 0.0;
        }
    },
    SYSTIME {
        @Override
        Object call(Env env, List<Expr> args) {
            return (double) (env.rt.ctx.clock().millis() / 1000);
        }
    },
    STRFTIME {
        @Override
        Object call(Env env, List<Expr> args) {
            String format =
                    args.isEmpty() ? "%a %b %e %H:%M:%S %Z %Y" : args.get(0).str(env);
            long seconds = args.size() > 1
                    ? (long) args.get(1).num(env)
                    : env.rt.ctx.clock().millis() / 1000;
            boolean utc = args.size() > 2 && args.get(2).bool(env);
            // gawk formats a UTC request through gmtime, whose zone is named GMT.
            ZoneId zone = utc ? ZoneId.of("GMT") : LocalZone.of(env.rt.ctx);
            return Strftime.strftime(format, ZonedDateTime.ofInstant(Instant.ofEpochSecond(seconds), zone));
        }
    },
    MKTIME {
        @Override
        Object call(Env env, List<Expr> args) {
            String[] parts = args.get(0).str(env).trim().split("\\s+");
            if (parts.length < 6) {
                return -1.0;
            }
            try {
                int[] v = new int[6];
                for (int i = 0; i < 6; i++) {
                    v[i] = Integer.parseInt(parts[i]);
                }
                LocalDateTime t = LocalDateTime.of(v[0], 1, 1, 0, 0, 0)
                        .plusMonths(v[1] - 1)
                        .plusDays(v[2] - 1)
                        .plusHours(v[3])
                        .plusMinutes(v[4])
                        .plusSeconds(v[5]);
                return (double) t.atZone(LocalZone.of(env.rt.ctx)).toEpochSecond();
            } catch (NumberFormatException | java.time.DateTimeException e) {
                return -1.0;
            }
        }
    },
    ASORT {
        @Override
        Object call(Env env, List<Expr> args) {
            return sortArray(env, args, false);
        }
    },
    ASORTI {
        @Override
        Object call(Env env, List<Expr> args) {
            return sortArray(env, args, true);
        }
    },
    AND {
        @Override
        Object call(Env env, List<Expr> args) {
            long r = -1;
            for (Expr e : args) {
                r &= (long) e.num(env);
            }
            return (double) r;
        }
    },
    OR {
        @Override
        Object call(Env env, List<Expr> args) {
            long r = 0;
            for (Expr e : args) {
                r |= (long) e.num(env);
            }
            return (double) r;
        }
    },
    XOR {
        @Override
        Object call(Env env, List<Expr> args) {
            long r = 0;
            for (Expr e : args) {
                r ^= (long) e.num(env);
            }
            return (double) r;
        }
    },
    COMPL {
        @Override
        Object call(Env env, List<Expr> args) {
            return (double) (~(long) args.get(0).num(env) & ((1L << 53) - 1));
        }
    },
    LSHIFT {
        @Override
        Object call(Env env, List<Expr> args) {
            return (double) ((long) args.get(0).num(env) << (long) args.get(1).num(env));
        }
    },
    RSHIFT {
        @Override
        Object call(Env env, List<Expr> args) {
            return (double) ((long) args.get(0).num(env) >>> (long) args.get(1).num(env));
        }
    },
    STRTONUM {
        @Override
        Object call(Env env, List<Expr> args) {
            Object v = args.get(0).eval(env);
            if (v instanceof Double) {
                return v;
            }
            String s = env.rt.toStr(v).trim();
            try {
                if (s.startsWith("0x") || s.startsWith("0X")) {
                    return (double) Long.parseLong(s.substring(2), 16);
                }
                if (s.length() > 1 && s.startsWith("0") && s.chars().allMatch(Character::isDigit)) {
                    return (double) Long.parseLong(s, 8);
                }
            } catch (NumberFormatException e) {
                return 0.0;
            }
            return AwkValues.parseNumberPrefix(s);
        }
    },
    ISARRAY {
        @Override
        Object call(Env env, List<Expr> args) {
            Expr arg = args.get(0);
            return Expr.bool(arg instanceof Expr.ArrayHolder h && h.arrayIfAny(env) != null);
        }
    },
    TYPEOF {
        @Override
        Object call(Env env, List<Expr> args) {
            Expr arg = args.get(0);
            if (arg instanceof Expr.ArrayHolder h && h.arrayIfAny(env) != null) {
                return "array";
            }
            Object v = arg.eval(env);
            if (v instanceof Double) {
                return "number";
            }
            if (v instanceof StrNum s) {
                return s.looksNumeric() ? "strnum" : "string";
            }
            return v instanceof String ? "string" : "untyped";
        }
    };

    abstract Object call(Env env, List<Expr> args);

    static Builtin named(String name) {
        return valueOf(name.toUpperCase(Locale.ROOT));
    }

    static double trunc(double d) {
        return d < 0 ? Math.ceil(d) : Math.floor(d);
    }

    static int codePoints(String s) {
        return s.codePointCount(0, s.length());
    }

    /** sub and gsub: '&' is the match, "\\&" a literal '&', "\\\\" a backslash. */
    private static Object substitute(Env env, List<Expr> args, boolean global) {
        AwkRegex regex = env.rt.regexOf(args.get(0), env);
        String replacement = args.get(1).str(env);
        Expr.LValue target = args.size() > 2 ? (Expr.LValue) args.get(2) : env.rt.recordLValue();
        String subject = env.rt.toStr(target.get(env));
        Matcher m = regex.pattern.matcher(subject);
        StringBuilder out = null;
        int pos = 0;
        int count = 0;
        int searchFrom = 0;
        while (searchFrom <= subject.length()) {
            AwkRegex.Match match = regex.find(m, subject, searchFrom);
            if (match == null) {
                break;
            }
            if (out == null) {
                out = new StringBuilder(subject.length() + 16);
            }
            count++;
            out.append(subject, pos, match.start());
            appendReplacement(out, replacement, subject, match);
            if (match.end() == match.start()) {
                if (match.start() < subject.length()) {
                    out.append(subject.charAt(match.start()));
                }
                pos = match.start() + 1;
            } else {
                pos = match.end();
            }
            searchFrom = pos;
            if (!global) {
                break;
            }
        }
        if (count == 0) {
            return 0.0;
        }
        if (pos < subject.length()) {
            out.append(subject, pos, subject.length());
        }
        target.set(env, out.toString());
        return (double) count;
    }

    private static void appendReplacement(StringBuilder out, String replacement, String subject, AwkRegex.Match m) {
        for (int i = 0; i < replacement.length(); i++) {
            char c = replacement.charAt(i);
            if (c == '\\' && i + 1 < replacement.length()) {
                char next = replacement.charAt(i + 1);
                if (next == '&') {
                    out.append('&');
                    i++;
                    continue;
                }
                if (next == '\\') {
                    out.append('\\');
                    i++;
                    continue;
                }
                out.append('\\');
                continue;
            }
            if (c == '&') {
                out.append(subject, m.start(), m.end());
            } else {
                out.append(c);
            }
        }
    }

    private static void appendGensubReplacement(
            StringBuilder out, String replacement, String subject, Matcher m, AwkRegex.Match match) {
        for (int i = 0; i < replacement.length(); i++) {
            char c = replacement.charAt(i);
            if (c == '\\' && i + 1 < replacement.length()) {
                char next = replacement.charAt(i + 1);
                if (next == '&') {
                    out.append('&');
                    i++;
                    continue;
                }
                if (Character.isDigit(next)) {
                    int g = next - '0';
                    if (g == 0) {
                        out.append(subject, match.start(), match.end());
                    } else if (g <= m.groupCount() && m.start(g) >= 0) {
                        out.append(m.group(g));
                    }
                    i++;
                    continue;
                }
                if (next == '\\') {
                    out.append('\\');
                    i++;
                    continue;
                }
                out.append('\\');
                continue;
            }
            if (c == '&') {
                out.append(subject, match.start(), match.end());
            } else {
                out.append(c);
            }
        }
    }

    /** asort/asorti: values (or indices) sorted into 1..n of the destination (the source itself when alone). */
    private static Object sortArray(Env env, List<Expr> args, boolean indices) {
        AwkArray source = ((Expr.ArrayHolder) args.get(0)).array(env);
        AwkArray dest = args.size() > 1 ? ((Expr.ArrayHolder) args.get(1)).array(env) : source;
        List<Object> items = new ArrayList<>();
        for (Map.Entry<String, Object> e : source.entries().entrySet()) {
            items.add(indices ? new StrNum(e.getKey()) : e.getValue());
        }
        String convfmt = env.rt.convfmt();
        items.sort(indices ? Comparator.comparing(Object::toString) : (a, b) -> compareForSort(a, b, convfmt));
        dest.clear();
        for (int i = 0; i < items.size(); i++) {
            dest.put(Integer.toString(i + 1), items.get(i));
        }
        return (double) items.size();
    }

    /** gawk's default asort order: numbers before strings, numbers by value, strings by text. */
    private static int compareForSort(Object a, Object b, String convfmt) {
        boolean an = AwkValues.isNumeric(a) && !(a instanceof Uninit);
        boolean bn = AwkValues.isNumeric(b) && !(b instanceof Uninit);
        if (an && bn) {
            return Double.compare(AwkValues.toNumber(a), AwkValues.toNumber(b));
        }
        if (an != bn) {
            return an ? -1 : 1;
        }
        return AwkValues.toStr(a, convfmt).compareTo(AwkValues.toStr(b, convfmt));
    }
}
