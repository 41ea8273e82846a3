package dev.shellbox.shell.commands.data.awk;

import dev.shellbox.shell.command.CommandContext;
import dev.shellbox.shell.fs.FileStat;
import dev.shellbox.shell.fs.FsException;
import dev.shellbox.shell.io.Text;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

/** The state of one awk run: variables, the current record and its fields, input, output and the program. */
final class AwkRuntime {
    static final Double ZERO = 0.0;
    static final Double ONE = 1.0;

    /** The special variables kept in the first global slots, in slot order. NF, NR and FNR are counters instead. */
    static final List<String> SPECIAL_NAMES = List.of(
            "FS",
            "OFS",
            "ORS",
            "RS",
            "FILENAME",
            "SUBSEP",
            "CONVFMT",
            "OFMT",
            "RSTART",
            "RLENGTH",
            "RT",
            "ENVIRON",
            "ARGC",
            "ARGV");

    static final int FS = 0;
    static final int OFS = 1;
    static final int ORS = 2;
    static final int RS = 3;
    static final int FILENAME = 4;
    static final int SUBSEP = 5;
    static final int CONVFMT = 6;
    static final int OFMT = 7;
    static final int RSTART = 8;
    static final int RLENGTH = 9;
    static final int RT = 10;
    static final int ENVIRON = 11;
    static final int ARGC = 12;
    static final int ARGV = 13;

    private static final int MAX_CALL_DEPTH = 3000;

    final CommandContext ctx;
    final AwkProgram program;
    final Object[] globals;
    final SourceLines source;
    final OutputStream out;
    final AwkIo io;
    long nr;
    long fnr;
    int exitStatus;
    Random random = new Random(0);
    double seed;
    private int callDepth;

    // The current record: $0 and its fields, each rebuilt from the other on demand.
    private String record = "";
    private StrNum recordValue;
    private boolean recordValid = true;
    private final ArrayList<Object> fields = new ArrayList<>();
    private boolean fieldsValid = true;
    private FieldSplitter recordSplitter;

    private Object fsKey;
    private boolean fsParagraph;
    private FieldSplitter fsSplitter;
    private final Map<String, AwkRegex> regexCache = new HashMap<>();
    private final Map<String, FieldSplitter> splitterCache = new HashMap<>();

    // The main input: ARGV operands in turn, or stdin.
    private int argIndex = 1;
    private boolean sawFileOperand;
    private RecordReader mainReader;
    private boolean mainExhausted;

    AwkRuntime(CommandContext ctx, AwkProgram program, SourceLines source, OutputStream out) {
        this.ctx = ctx;
        this.program = program;
        this.source = source;
        this.out = out;
        this.io = new AwkIo(ctx, out);
        this.globals = new Object[program.globals.size()];
        java.util.Arrays.fill(globals, Uninit.VALUE);
        globals[FS] = " ";
        globals[OFS] = " ";
        globals[ORS] = "\n";
        globals[RS] = "\n";
        globals[FILENAME] = "";
        globals[SUBSEP] = "\034";
        globals[CONVFMT] = "%.6g";
        globals[OFMT] = "%.6g";
        globals[RSTART] = ZERO;
        globals[RLENGTH] = -1.0;
        globals[RT] = "";
        AwkArray environ = new AwkArray();
        ctx.env().forEach((k, v) -> environ.put(k, new StrNum(v)));
        globals[ENVIRON] = environ;
        globals[ARGV] = new AwkArray();
    }

    void setArguments(List<String> operands) {
        AwkArray argv = (AwkArray) globals[ARGV];
        argv.put("0", ctx.commandName());
        for (int i = 0; i < operands.size(); i++) {
            argv.put(Integer.toString(i + 1), new StrNum(operands.get(i)));
        }
        globals[ARGC] = (double) (operands.size() + 1);
    }

    void checkCancelled() {
        ctx.checkCancelled();
    }

    void enterCall() {
        if (++callDepth > MAX_CALL_DEPTH) {
            callDepth = 0;
            throw new AwkRuntimeError("function call nesting is too deep");
        }
    }

    void leaveCall() {
        callDepth--;
    }

    void setGlobal(int slot, Object value) {
        globals[slot] = value;
    }

    // ---- conversions ----

    String convfmt() {
        return AwkValues.toStr(globals[CONVFMT], "%.6g");
    }

    String toStr(Object v) {
        if (v instanceof String s) {
            return s;
        }
        if (v instanceof Double d) {
            return AwkValues.numberToString(d, convfmt());
        }
        return v.toString();
    }

    /** print's conversion: numbers through OFMT. */
    String toOutputStr(Object v) {
        if (v instanceof Double d) {
            return AwkValues.numberToString(d, AwkValues.toStr(globals[OFMT], "%.6g"));
        }
        return toStr(v);
    }

    /** An array subscript: integral numbers as integers, others through CONVFMT. */
    String toKey(Object v) {
        if (v instanceof Double d && d == (long) (double) d) {
            return Long.toString((long) (double) d);
        }
        return toStr(v);
    }

    String subsep() {
        return toStr(globals[SUBSEP]);
    }

    String ofs() {
        return toStr(globals[OFS]);
    }

    String ors() {
        return toStr(globals[ORS]);
    }

    String fs() {
        return toStr(globals[FS]);
    }

    String sprintf(String format, Object[] values) {
        try {
            return AwkFormat.sprintf(format, values, convfmt());
        } catch (AwkFormat.NotEnoughArguments e) {
            throw new AwkRuntimeError(e.getMessage());
        }
    }

    AwkRegex regexOf(Expr e, Env env) {
        if (e instanceof Expr.RegexLit lit) {
            return lit.regex;
        }
        String source = e.str(env);
        AwkRegex regex = regexCache.get(source);
        if (regex == null) {
            if (regexCache.size() > 500) {
                regexCache.clear();
            }
            regex = AwkRegex.compile(source);
            regexCache.put(source, regex);
        }
        return regex;
    }

    /** The splitter for split()'s separator argument, cached as split() is often called once per record. */
    FieldSplitter splitterFor(String fs) {
        FieldSplitter splitter = splitterCache.get(fs);
        if (splitter == null) {
            if (splitterCache.size() > 100) {
                splitterCache.clear();
            }
            splitter = FieldSplitter.of(fs, false);
            splitterCache.put(fs, splitter);
        }
        return splitter;
    }

    private FieldSplitter currentSplitter() {
        Object key = globals[FS];
        boolean paragraph = toStr(globals[RS]).isEmpty();
        if (key != fsKey || paragraph != fsParagraph || fsSplitter == null) {
            fsSplitter = FieldSplitter.of(toStr(key), paragraph);
            fsKey = key;
            fsParagraph = paragraph;
        }
        return fsSplitter;
    }

    // ---- the record and its fields ----

    void setRecord(String text) {
        record = text;
        recordValue = null;
        recordValid = true;
        fieldsValid = false;
        recordSplitter = currentSplitter();
    }

    String record() {
        if (!recordValid) {
            StringBuilder sb = new StringBuilder();
            String ofs = ofs();
            for (int i = 0; i < fields.size(); i++) {
                if (i > 0) {
                    sb.append(ofs);
                }
                sb.append(toStr(fields.get(i)));
            }
            record = sb.toString();
            recordValue = null;
            recordValid = true;
        }
        return record;
    }

    private void ensureFields() {
        if (!fieldsValid) {
            fields.clear();
            List<String> parts = new ArrayList<>();
            recordSplitter.split(record, parts, null);
            for (String p : parts) {
                fields.add(new StrNum(p));
            }
            fieldsValid = true;
        }
    }

    Object field(int i) {
        if (i == 0) {
            if (recordValue == null) {
                recordValue = new StrNum(record());
            }
            return recordValue;
        }
        ensureFields();
        return i <= fields.size() ? fields.get(i - 1) : Uninit.VALUE;
    }

    void setField(int i, Object value) {
        if (i == 0) {
            setRecord(toStr(value));
            return;
        }
        ensureFields();
        while (fields.size() < i) {
            fields.add(Uninit.VALUE);
        }
        fields.set(i - 1, value instanceof Uninit ? "" : value);
        recordValid = false;
    }

    int nf() {
        ensureFields();
        return fields.size();
    }

    void setNf(int n) {
        ensureFields();
        if (n < 0) {
            throw new AwkRuntimeError("NF set to negative value");
        }
        while (fields.size() > n) {
            fields.remove(fields.size() - 1);
        }
        while (fields.size() < n) {
            fields.add(Uninit.VALUE);
        }
        recordValid = false;
    }

    /** $0 as an assignable target, for sub/gsub without a third argument. */
    Expr.LValue recordLValue() {
        return new Expr.LValue() {
            @Override
            public Object get(Env env) {
                return field(0);
            }

            @Override
            public void set(Env env, Object value) {
                setField(0, value);
            }
        };
    }

    // ---- output ----

    void write(String text) {
        try {
            if (isAscii(text)) {
                for (int i = 0, n = text.length(); i < n; i++) {
                    out.write(text.charAt(i));
                }
            } else {
                out.write(Text.encode(text));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static boolean isAscii(String s) {
        for (int i = 0, n = s.length(); i < n; i++) {
            if (s.charAt(i) >= 0x80) {
                return false;
            }
        }
        return true;
    }

    void writeTo(String redirect, String name, String text) {
        try {
            io.write(redirect, name, text);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    int close(String name) {
        try {
            return io.close(name);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    void flushAll() {
        try {
            io.flushAll();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    int system(String command) {
        try {
            return io.system(command);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    void warning(String message) {
        try {
            out.flush();
            ctx.stderr().write(Text.encode(source.prefix(1) + "warning: " + message + "\n"));
            ctx.stderr().flush();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    // ---- input ----

    /** getline in all its forms: 1 for a record, 0 at end of input, -1 when the source cannot be read. */
    int getline(Env env, Expr.Getline.Source kind, String name, Expr.LValue target) {
        try {
            String text;
            if (kind == Expr.Getline.Source.MAIN) {
                text = nextMainText();
                if (text == null) {
                    return 0;
                }
                nr++;
                fnr++;
            } else {
                AwkIo.Input input = io.input(name, kind == Expr.Getline.Source.COMMAND);
                if (input == null) {
                    return -1;
                }
                text = input.reader.read(toStr(globals[RS]));
                if (text == null) {
                    return 0;
                }
                globals[RT] = input.reader.terminator;
                if (kind == Expr.Getline.Source.COMMAND) {
                    nr++;
                }
            }
            if (target == null) {
                setRecord(text);
            } else {
                target.set(env, new StrNum(text));
            }
            return 1;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Reads the next main-input record into $0, counting NR and FNR; false at the end of all input. */
    boolean nextMainRecord() throws IOException {
        String text = nextMainText();
        if (text == null) {
            return false;
        }
        nr++;
        fnr++;
        setRecord(text);
        return true;
    }

    private String nextMainText() throws IOException {
        while (true) {
            if (mainReader == null && !openNextMain()) {
                return null;
            }
            String text = mainReader.read(toStr(globals[RS]));
            if (text != null) {
                globals[RT] = mainReader.terminator;
                return text;
            }
            closeMain();
        }
    }

    /** Skips the rest of the current file (nextfile). */
    void skipFile() throws IOException {
        if (mainReader != null) {
            closeMain();
        }
    }

    private void closeMain() throws IOException {
        if (mainReader.stream() != ctx.stdin()) {
            mainReader.stream().close();
        }
        mainReader = null;
        runFileActions(program.endFile);
    }

    private boolean openNextMain() throws IOException {
        if (mainExhausted) {
            return false;
        }
        AwkArray argv = (AwkArray) globals[ARGV];
        while (argIndex < (int) AwkValues.toNumber(globals[ARGC])) {
            Object v = argv.peek(Integer.toString(argIndex++));
            String arg = v == null ? "" : toStr(v);
            if (arg.isEmpty()) {
                continue;
            }
            if (AwkCommand.isAssignment(arg)) {
                AwkCommand.assign(this, arg);
                continue;
            }
            sawFileOperand = true;
            if (arg.equals("-") || arg.equals("/dev/stdin")) {
                startMain(ctx.stdin(), arg);
                return true;
            }
            try {
                FileStat st = ctx.fs().stat(ctx.resolve(arg));
                if (st.isDirectory()) {
                    warning("command line argument `" + arg + "' is a directory: skipped");
                    continue;
                }
                startMain(ctx.openInput(arg), arg);
                return true;
            } catch (FsException e) {
                throw new AwkRuntimeError(
                        "cannot open file `" + arg + "' for reading: "
                                + e.errno().message(),
                        nr > 0 || !program.begin.isEmpty());
            }
        }
        if (!sawFileOperand) {
            sawFileOperand = true;
            startMain(ctx.stdin(), "");
            return true;
        }
        mainExhausted = true;
        return false;
    }

    private void startMain(InputStream in, String name) {
        mainReader = new RecordReader(in);
        globals[FILENAME] = name;
        fnr = 0;
        runFileActions(program.beginFile);
    }

    private void runFileActions(List<Stmt> actions) {
        Env env = new Env(this, Env.NO_LOCALS);
        for (Stmt s : actions) {
            s.exec(env);
        }
    }

    /** Where a fatal error happened, as gawk tells it: "(FILENAME=x FNR=n) ". */
    String position() {
        if (nr == 0) {
            return "";
        }
        String name = toStr(globals[FILENAME]);
        return "(FILENAME=" + (name.isEmpty() ? "-" : name) + " FNR=" + fnr + ") ";
    }
}
