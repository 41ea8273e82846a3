package dev.shellbox.shell.commands.files.find;

import dev.shellbox.shell.command.Identity;
import dev.shellbox.shell.commands.files.PathOperands;
import dev.shellbox.shell.fs.FileStat;
import dev.shellbox.shell.fs.FsException;
import dev.shellbox.shell.fs.WriteMode;
import dev.shellbox.shell.gnu.fnmatch.Glob;
import dev.shellbox.shell.gnu.modechange.ModeSpec;
import dev.shellbox.shell.gnu.quotearg.Quoting;
import dev.shellbox.shell.gnu.regex.FindRegex;
import dev.shellbox.shell.gnu.time.DateParser;
import dev.shellbox.shell.gnu.time.TimeZoneSpec;
import dev.shellbox.shell.io.Text;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/**
 * Parses find's expression (operators by precedence: {@code ( )}, {@code !}, {@code -a} or juxtaposition, {@code
 * -o}, {@code ,}) into an {@link Expr}, applying global options as it meets them.
 */
final class FindParser {
    /** A malformed expression; the message is GNU's, without the {@code find:} prefix. */
    static final class ParseException extends Exception {
        ParseException(String message) {
            super(message, null, false, false);
        }
    }

    /** Global options gathered while parsing. */
    static final class Options {
        int maxDepth = Integer.MAX_VALUE;
        int minDepth;
        boolean depthFirst;
        boolean follow;
    }

    private static final Map<String, FindRegex.Syntax> REGEX_TYPES = new LinkedHashMap<>();

    static {
        REGEX_TYPES.put("findutils-default", FindRegex.Syntax.EMACS);
        REGEX_TYPES.put("ed", FindRegex.Syntax.BASIC);
        REGEX_TYPES.put("emacs", FindRegex.Syntax.EMACS);
        REGEX_TYPES.put("gnu-awk", FindRegex.Syntax.EXTENDED);
        REGEX_TYPES.put("grep", FindRegex.Syntax.BASIC);
        REGEX_TYPES.put("posix-awk", FindRegex.Syntax.EXTENDED);
        REGEX_TYPES.put("awk", FindRegex.Syntax.EXTENDED);
        REGEX_TYPES.put("posix-basic", FindRegex.Syntax.BASIC);
        REGEX_TYPES.put("posix-egrep", FindRegex.Syntax.EXTENDED);
        REGEX_TYPES.put("egrep", FindRegex.Syntax.EXTENDED);
        REGEX_TYPES.put("posix-extended", FindRegex.Syntax.EXTENDED);
        REGEX_TYPES.put("posix-minimal-basic", FindRegex.Syntax.BASIC);
        REGEX_TYPES.put("sed", FindRegex.Syntax.BASIC);
    }

    private final List<String> tokens;
    private final FindState state;
    private final Options options;
    private int pos;
    private boolean sawAction;
    private FindRegex.Syntax regexSyntax = FindRegex.Syntax.EMACS;
    private long timeOrigin;

    FindParser(List<String> tokens, FindState state, Options options) {
        this.tokens = tokens;
        this.state = state;
        this.options = options;
        this.timeOrigin = state.now;
    }

    /** The whole expression, with -print added when it has no action. */
    Expr parse() throws ParseException, IOException {
        Expr expr = null;
        if (pos < tokens.size()) {
            expr = parseComma();
            if (pos < tokens.size()) {
                String t = tokens.get(pos);
                if (t.equals(")")) {
                    throw new ParseException("you have too many ')'");
                }
                throw new ParseException("paths must precede expression: `" + t + "'");
            }
        }
        Expr print = v -> print(v, "\n");
        if (expr == null) {
            return print;
        }
        return sawAction ? expr : new Expr.And(expr, print);
    }

    private boolean print(Visit v, String end) throws IOException {
        state.out.write(Text.encode(v.path + end));
        return true;
    }

    private Expr parseComma() throws ParseException, IOException {
        Expr left = parseOr();
        while (peek(",")) {
            pos++;
            if (pos >= tokens.size()) {
                throw new ParseException(
                        "invalid expression; you have used a binary operator ',' with nothing after it.");
            }
            left = new Expr.Comma(left, parseOr());
        }
        return left;
    }

    private Expr parseOr() throws ParseException, IOException {
        Expr left = parseAnd();
        while (peek("-o") || peek("-or")) {
            String op = tokens.get(pos++);
            if (pos >= tokens.size() || peek(")") || peek(",")) {
                throw new ParseException(
                        "invalid expression; you have used a binary operator '" + op + "' with nothing after it.");
            }
            left = new Expr.Or(left, parseAnd());
        }
        return left;
    }

    private Expr parseAnd() throws ParseException, IOException {
        Expr left = parseUnary();
        while (pos < tokens.size()) {
            if (peek("-a") || peek("-and")) {
                String op = tokens.get(pos++);
                if (pos >= tokens.size() || peek(")") || peek("-o") || peek("-or") || peek(",")) {
                    throw new ParseException(
                            "invalid expression; you have used a binary operator '" + op + "' with nothing after it.");
                }
                left = new Expr.And(left, parseUnary());
            } else if (peek("-o") || peek("-or") || peek(")") || peek(",")) {
                break;
            } else {
                left = new Expr.And(left, parseUnary());
            }
        }
        return left;
    }

    private Expr parseUnary() throws ParseException, IOException {
        if (pos >= tokens.size()) {
            throw new ParseException("invalid expression");
        }
        String t = tokens.get(pos);
        if (t.equals("!") || t.equals("-not")) {
            pos++;
            if (pos >= tokens.size()) {
                throw new ParseException("expected an expression after '" + t + "'");
            }
            return new Expr.Not(parseUnary());
        }
        if (t.equals("(")) {
            pos++;
            if (peek(")")) {
                throw new ParseException("invalid expression; empty parentheses are not allowed.");
            }
            Expr inner = parseComma();
            if (!peek(")")) {
                throw new ParseException(
                        "invalid expression; I was expecting to find a ')' somewhere but did not see one.");
            }
            pos++;
            return inner;
        }
        if (t.equals("-o") || t.equals("-or") || t.equals("-a") || t.equals("-and") || t.equals(",")) {
            throw new ParseException(
                    "invalid expression; you have used a binary operator '" + t + "' with nothing before it.");
        }
        if (t.equals(")")) {
            throw new ParseException("invalid expression; you have too many ')'");
        }
        pos++;
        return primary(t);
    }

    private boolean peek(String token) {
        return pos < tokens.size() && tokens.get(pos).equals(token);
    }

    private String argument(String primary) throws ParseException {
        if (pos >= tokens.size()) {
            throw new ParseException("missing argument to `" + primary + "'");
        }
        return tokens.get(pos++);
    }

    private Expr primary(String p) throws ParseException, IOException {
        switch (p) {
            // ---- options ----
            case "-maxdepth", "-mindepth" -> {
                String arg = argument(p);
                if (!arg.matches("[0-9]{1,9}")) {
                    throw new ParseException("Expected a positive decimal integer argument to " + p + ", but got "
                            + Quoting.locale(arg));
                }
                if (p.equals("-maxdepth")) {
                    options.maxDepth = Integer.parseInt(arg);
                } else {
                    options.minDepth = Integer.parseInt(arg);
                }
                return v -> true;
            }
            case "-depth", "-d" -> {
                options.depthFirst = true;
                return v -> true;
            }
            case "-follow" -> {
                options.follow = true;
                return v -> true;
            }
            case "-daystart" -> {
                timeOrigin = Instant.ofEpochMilli(state.now)
                        .atZone(state.zone)
                        .toLocalDate()
                        .plusDays(1)
                        .atStartOfDay(state.zone)
                        .toInstant()
                        .toEpochMilli();
                return v -> true;
            }
            case "-regextype" -> {
                String type = argument(p);
                FindRegex.Syntax syntax = REGEX_TYPES.get(type);
                if (syntax == null) {
                    StringBuilder valid = new StringBuilder();
                    for (String name : REGEX_TYPES.keySet()) {
                        valid.append(valid.length() == 0 ? "" : ", ").append(Quoting.locale(name));
                    }
                    throw new ParseException("Unknown regular expression type " + Quoting.locale(type)
                            + "; valid types are " + valid + ".");
                }
                regexSyntax = syntax;
                return v -> true;
            }
            case "-xdev", "-mount", "-noleaf", "-ignore_readdir_race", "-noignore_readdir_race", "-warn", "-nowarn" -> {
                return v -> true; // one file system, no races to speak of, warnings as GNU gives them off a terminal
            }
            // ---- tests ----
            case "-true" -> {
                return v -> true;
            }
            case "-false" -> {
                return v -> false;
            }
            case "-name", "-iname" -> {
                Glob glob = Glob.compile(argument(p), false, p.equals("-iname"), false);
                return v -> glob.matches(v.name());
            }
            case "-path", "-wholename", "-ipath", "-iwholename" -> {
                Glob glob = Glob.compile(argument(p), false, p.startsWith("-i"), false);
                return v -> glob.matches(v.path);
            }
            case "-lname", "-ilname" -> {
                Glob glob = Glob.compile(argument(p), false, p.equals("-ilname"), false);
                return v -> {
                    try {
                        return state.ctx.fs().lstat(v.abs).isSymlink()
                                && glob.matches(state.ctx.fs().readSymlink(v.abs));
                    } catch (FsException e) {
                        return false;
                    }
                };
            }
            case "-regex", "-iregex" -> {
                String re = argument(p);
                Pattern pattern;
                try {
                    pattern = FindRegex.compile(re, regexSyntax, p.equals("-iregex"));
                } catch (PatternSyntaxException e) {
                    throw new ParseException("Invalid regular expression " + Quoting.locale(re));
                }
                return v -> pattern.matcher(v.path).matches();
            }
            case "-type", "-xtype" -> {
                String arg = argument(p);
                List<Character> types = new ArrayList<>();
                String[] letters = arg.split(",", -1);
                for (String letter : letters) {
                    if (letter.length() != 1 || "bcdpflsD".indexOf(letter.charAt(0)) < 0) {
                        if (letter.isEmpty() || letters.length > 1) {
                            throw new ParseException("Must separate multiple arguments to " + p + " using: ','");
                        }
                        throw new ParseException("Unknown argument to " + p + ": " + letter);
                    }
                    types.add(letter.charAt(0));
                }
                boolean cross = p.equals("-xtype");
                return v -> types.contains(FindPrintf.typeLetter(cross ? crossStat(v) : v.stat));
            }
            case "-size" -> {
                return sizeTest(argument(p));
            }
            case "-empty" -> {
                return v -> {
                    if (v.stat.isDirectory()) {
                        try {
                            return state.ctx.fs().list(v.abs).isEmpty();
                        } catch (FsException e) {
                            return false;
                        }
                    }
                    return v.stat.isRegularFile() && v.stat.size() == 0;
                };
            }
            case "-mtime", "-atime", "-ctime", "-mmin", "-amin", "-cmin" -> {
                return ageTest(p, argument(p));
            }
            case "-newer", "-anewer", "-cnewer" -> {
                long reference = referenceTime(p, argument(p), 'm');
                char which = p.equals("-newer") ? 'm' : p.charAt(1);
                return v -> time(v.stat, which) > reference;
            }
            case "-used" -> {
                Numeric n = numeric(p, argument(p));
                return v -> n.test((v.stat.atimeMillis() - v.stat.ctimeMillis()) / 86_400_000L);
            }
            case "-perm" -> {
                return permTest(argument(p));
            }
            case "-user" -> {
                String name = argument(p);
                Integer uid = userId(name, state.ctx.identity());
                if (uid == null) {
                    throw new ParseException(Quoting.locale(name) + " is not the name of a known user");
                }
                return v -> v.stat.uid() == uid;
            }
            case "-group" -> {
                String name = argument(p);
                Integer gid = groupId(name, state.ctx.identity());
                if (gid == null) {
                    throw new ParseException(Quoting.locale(name) + " is not the name of an existing group");
                }
                return v -> v.stat.gid() == gid;
            }
            case "-uid", "-gid", "-links", "-inum" -> {
                Numeric n = numeric(p, argument(p));
                return v -> n.test(
                        switch (p) {
                            case "-uid" -> v.stat.uid();
                            case "-gid" -> v.stat.gid();
                            case "-links" -> v.stat.nlink();
                            default -> v.stat.inode();
                        });
            }
            case "-nouser" -> {
                Identity id = state.ctx.identity();
                return v -> v.stat.uid() != id.uid() && v.stat.uid() != 0;
            }
            case "-nogroup" -> {
                Identity id = state.ctx.identity();
                return v -> v.stat.gid() != id.gid() && v.stat.gid() != 0;
            }
            case "-samefile" -> {
                String file = argument(p);
                FileStat ref = referenceStat(file);
                return v -> v.stat.inode() == ref.inode();
            }
            case "-readable", "-writable", "-executable" -> {
                int bit = p.equals("-readable") ? 4 : p.equals("-writable") ? 2 : 1;
                return v -> accessible(v.stat, bit);
            }
            case "-newermt",
                    "-newerat",
                    "-newerct",
                    "-newermm",
                    "-newerma",
                    "-newermc",
                    "-neweram",
                    "-neweraa",
                    "-newerac",
                    "-newercm",
                    "-newerca",
                    "-newercc" -> {
                char x = p.charAt(6);
                char y = p.charAt(7);
                String arg = argument(p);
                long reference = y == 't' ? dateReference(p, arg) : referenceTime(p, arg, y);
                return v -> time(v.stat, x) > reference;
            }
            // ---- actions ----
            case "-print" -> {
                sawAction = true;
                return v -> print(v, "\n");
            }
            case "-print0" -> {
                sawAction = true;
                return v -> print(v, "\0");
            }
            case "-printf" -> {
                sawAction = true;
                FindPrintf format = FindPrintf.compile(argument(p), state);
                return v -> {
                    state.out.write(Text.encode(format.format(v, state)));
                    return true;
                };
            }
            case "-fprint", "-fprint0", "-fprintf", "-fls" -> {
                sawAction = true;
                OutputStream file = openOutput(argument(p));
                FindPrintf format = p.equals("-fprintf") ? FindPrintf.compile(argument(p), state) : null;
                return v -> {
                    String text = switch (p) {
                        case "-fprint" -> v.path + "\n";
                        case "-fprint0" -> v.path + "\0";
                        case "-fls" -> FindPrintf.lsLine(v, state);
                        default -> format.format(v, state);
                    };
                    file.write(Text.encode(text));
                    return true;
                };
            }
            case "-ls" -> {
                sawAction = true;
                return v -> {
                    state.out.write(Text.encode(FindPrintf.lsLine(v, state)));
                    return true;
                };
            }
            case "-delete" -> {
                sawAction = true;
                options.depthFirst = true;
                return this::delete;
            }
            case "-prune" -> {
                return v -> {
                    v.prune = true;
                    return true;
                };
            }
            case "-quit" -> {
                return v -> {
                    state.quit = true;
                    return true;
                };
            }
            case "-exec", "-execdir" -> {
                sawAction = true;
                return exec(p);
            }
            default -> {
                if (p.startsWith("-") && p.length() > 1) {
                    throw new ParseException("unknown predicate `" + p + "'");
                }
                throw new ParseException("paths must precede expression: `" + p + "'");
            }
        }
    }

    // ---- numeric arguments ----

    /** {@code +N} more than, {@code -N} less than, {@code N} exactly. */
    private record Numeric(char sign, long value) {
        boolean test(long actual) {
            return switch (sign) {
                case '+' -> actual > value;
                case '-' -> actual < value;
                default -> actual == value;
            };
        }
    }

    private static Numeric numeric(String primary, String arg) throws ParseException {
        char sign = !arg.isEmpty() && (arg.charAt(0) == '+' || arg.charAt(0) == '-') ? arg.charAt(0) : '=';
        String digits = sign == '=' ? arg : arg.substring(1);
        if (!digits.matches("[0-9]{1,18}")) {
            throw new ParseException("invalid argument `" + arg + "' to `" + primary + "'");
        }
        return new Numeric(sign, Long.parseLong(digits));
    }

    private Expr sizeTest(String arg) throws ParseException {
        String spec = arg;
        long unit = 512;
        if (!spec.isEmpty() && Character.isLetter(spec.charAt(spec.length() - 1))) {
            char u = spec.charAt(spec.length() - 1);
            unit = switch (u) {
                case 'c' -> 1;
                case 'w' -> 2;
                case 'b' -> 512;
                case 'k' -> 1024;
                case 'M' -> 1024L * 1024;
                case 'G' -> 1024L * 1024 * 1024;
                default -> throw new ParseException("invalid -size type `" + u + "'");
            };
            spec = spec.substring(0, spec.length() - 1);
        }
        Numeric n = numeric("-size", spec);
        long u = unit;
        // Sizes are rounded up to whole units, so -size -1M finds only empty files, as in GNU find.
        return v -> n.test((v.stat.size() + u - 1) / u);
    }

    private Expr ageTest(String primary, String arg) throws ParseException {
        Numeric n = numeric(primary, arg);
        char which = primary.charAt(1);
        long period = primary.endsWith("min") ? 60_000L : 86_400_000L;
        long origin = timeOrigin;
        return v -> n.test(Math.floorDiv(origin - time(v.stat, which), period));
    }

    private static long time(FileStat st, char which) {
        return switch (which) {
            case 'a' -> st.atimeMillis();
            case 'c' -> st.ctimeMillis();
            default -> st.mtimeMillis();
        };
    }

    private FileStat referenceStat(String file) throws ParseException {
        try {
            return options.follow ? PathOperands.stat(state.ctx, file) : PathOperands.lstat(state.ctx, file);
        } catch (FsException e) {
            throw new ParseException(Quoting.locale(file) + ": " + e.errno().message());
        }
    }

    private long referenceTime(String primary, String file, char which) throws ParseException {
        return time(referenceStat(file), which);
    }

    private long dateReference(String primary, String text) throws ParseException {
        Instant t = DateParser.tryParse(text, Instant.ofEpochMilli(state.now), TimeZoneSpec.of(state.ctx.env("TZ")));
        if (t == null) {
            throw new ParseException(
                    "I cannot figure out how to interpret " + Quoting.locale(text) + " as a date or time");
        }
        return t.toEpochMilli();
    }

    private Expr permTest(String arg) throws ParseException {
        char kind = !arg.isEmpty() && (arg.charAt(0) == '-' || arg.charAt(0) == '/' || arg.charAt(0) == '+')
                ? arg.charAt(0)
                : '=';
        String text = kind == '=' ? arg : arg.substring(1);
        ModeSpec spec = ModeSpec.parse(text);
        if (spec == null) {
            throw new ParseException("invalid mode " + Quoting.locale(arg));
        }
        int mode = spec.apply(0, false, 0);
        return v -> {
            int actual = v.stat.mode() & 07777;
            return switch (kind) {
                case '-' -> (actual & mode) == mode;
                case '/', '+' -> mode == 0 || (actual & mode) != 0;
                default -> actual == mode;
            };
        };
    }

    private static Integer userId(String name, Identity id) {
        if (name.equals(id.user())) {
            return id.uid();
        }
        if (name.equals("root")) {
            return 0;
        }
        return name.matches("[0-9]{1,9}") ? Integer.valueOf(name) : null;
    }

    private static Integer groupId(String name, Identity id) {
        if (name.equals(id.group())) {
            return id.gid();
        }
        if (name.equals("root")) {
            return 0;
        }
        return name.matches("[0-9]{1,9}") ? Integer.valueOf(name) : null;
    }

    private boolean accessible(FileStat st, int bit) {
        Identity id = state.ctx.identity();
        if (id.uid() == 0) {
            return bit != 1 || st.isDirectory() || (st.mode() & 0111) != 0;
        }
        int shift = st.uid() == id.uid() ? 6 : st.gid() == id.gid() ? 3 : 0;
        return (st.mode() >> shift & bit) != 0;
    }

    /** -xtype: the stat the other way round (followed under -P, not followed under -L). */
    private FileStat crossStat(Visit v) {
        try {
            if (v.following) {
                return state.ctx.fs().lstat(v.abs);
            }
            return v.stat.isSymlink() ? state.ctx.fs().stat(v.abs) : v.stat;
        } catch (FsException e) {
            return v.stat;
        }
    }

    private boolean delete(Visit v) throws IOException {
        if (v.path.equals(".")) {
            return true; // find never deletes the directory it starts in
        }
        try {
            state.ctx.fs().delete(v.abs);
            return true;
        } catch (FsException e) {
            state.error(
                    "cannot delete " + Quoting.locale(v.path) + ": " + e.errno().message());
            return false;
        }
    }

    private OutputStream openOutput(String file) throws ParseException {
        try {
            OutputStream out = new BufferedOutputStream(state.ctx.openOutput(file, WriteMode.TRUNCATE));
            state.files.add(out);
            return out;
        } catch (FsException e) {
            throw new ParseException(Quoting.locale(file) + ": " + e.errno().message());
        }
    }

    private Expr exec(String primary) throws ParseException {
        List<String> command = new ArrayList<>();
        while (pos < tokens.size()) {
            String t = tokens.get(pos++);
            if (t.equals(";")) {
                if (command.isEmpty()) {
                    throw new ParseException("missing argument to `" + primary + "'");
                }
                return new ExecAction(state, command, false, primary.equals("-execdir"));
            }
            if (t.equals("+")
                    && !command.isEmpty()
                    && command.get(command.size() - 1).equals("{}")) {
                if (command.size() == 1) {
                    throw new ParseException("missing argument to `" + primary + "'");
                }
                for (int i = 0; i < command.size() - 1; i++) {
                    if (command.get(i).contains("{}")) {
                        throw new ParseException("only one instance of {} is supported with " + primary + " ... +");
                    }
                }
                return new ExecAction(state, command, true, primary.equals("-execdir"));
            }
            command.add(t);
        }
        throw new ParseException("missing argument to `" + primary + "'");
    }
}
