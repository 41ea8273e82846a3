package dev.shellbox.shell.interp;

import dev.shellbox.shell.expand.ExpandOption;
import dev.shellbox.shell.expand.Expander;
import dev.shellbox.shell.expand.ExpansionContext;
import dev.shellbox.shell.expand.ExpansionError;
import dev.shellbox.shell.expand.GlobPattern;
import dev.shellbox.shell.expand.ShellVariable;
import dev.shellbox.shell.fs.FileSystem;
import dev.shellbox.shell.fs.PathNames;
import dev.shellbox.shell.interp.builtins.Builtin;
import dev.shellbox.shell.interp.builtins.BuiltinContext;
import dev.shellbox.shell.interp.builtins.Builtins;
import dev.shellbox.shell.interp.builtins.DeclarationArg;
import dev.shellbox.shell.interp.builtins.Signals;
import dev.shellbox.shell.io.BrokenPipeException;
import dev.shellbox.shell.io.Cancellation;
import dev.shellbox.shell.io.CancelledException;
import dev.shellbox.shell.io.LimitExceededException;
import dev.shellbox.shell.io.LimitNames;
import dev.shellbox.shell.io.LineReader;
import dev.shellbox.shell.io.Text;
import dev.shellbox.shell.syntax.Assignment;
import dev.shellbox.shell.syntax.Assignments;
import dev.shellbox.shell.syntax.CaseItem;
import dev.shellbox.shell.syntax.CommandNode;
import dev.shellbox.shell.syntax.Names;
import dev.shellbox.shell.syntax.ParseError;
import dev.shellbox.shell.syntax.Parser;
import dev.shellbox.shell.syntax.Word;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;

/**
 * Executes the AST for one shell process. A subshell, pipeline stage or background job is another Interpreter over a
 * copy of the state, sharing the {@link Session}. Exit statuses are values; break, continue, return and exit travel
 * as a pending {@link Control} that loops, functions and the top level consume.
 */
public final class Interpreter implements ExpansionContext {
    /** Pending non-local control flow. */
    enum Control {
        NONE,
        BREAK,
        CONTINUE,
        RETURN,
        EXIT
    }

    final Session session;
    final ShellState st;
    final Expander expander;
    final Cancellation cancellation;
    /** What the builtins see of this process. */
    final BuiltinContext builtinContext = new InterpreterBuiltinContext(this);
    /** The execution this process belongs to: its counters, limits and threads. */
    ExecutionScope scope;

    Control control = Control.NONE;
    int controlCount;
    int controlStatus;
    int errexitSuppressed;
    /** Inside a {@code !} pipeline: its own commands do not trigger errexit (but functions it calls do). */
    int negatedContext;
    /** A child shell ({@code bash -c}) running on this process's behalf: signals go to it. */
    volatile Interpreter delegate;
    /** A shell process proper (not a forked subshell): an untrapped SIGINT does not kill it while it waits. */
    boolean shellProcess;
    /** The interpreter running a registered command on this thread, for commands that start child shells. */
    static final ThreadLocal<Interpreter> CURRENT = new ThreadLocal<>();

    int loopDepth;
    int depth;
    int sourceDepth;
    boolean runningTrap;
    boolean inCommandSubstitution;
    /**
     * Inside a background job, whose escalated programs outlive the end of the execution as in bash: the programs
     * that did, which signals sent to the job (a later {@code kill %1}) reach. Null outside background jobs.
     */
    Set<EscalatedProcess> outlivingPrograms;
    /** Counted down when this background job started an escalated program (or ended); null outside jobs. */
    CountDownLatch jobSettled;
    /** Signals sent to this process that it traps, delivered between commands. */
    final ConcurrentLinkedQueue<Integer> pendingSignals = new ConcurrentLinkedQueue<>();

    private int lastSubstitutionStatus = -1;
    /** Descriptors opened by process substitution during the current command, closed after it: {table, fd}. */
    final List<Object[]> procSubFds = new ArrayList<>();
    /** The signal that killed this process (for its exit status), or 0. */
    volatile int killSignal;
    /** The last signal passed on to the shell this process became ({@code bash script &}); 0 when none. */
    volatile int delegatedSignal;

    Interpreter(Session session, ShellState st, Cancellation cancellation) {
        this.session = session;
        this.st = st;
        this.cancellation = cancellation;
        this.scope = session.scope;
        this.expander = new Expander(this);
    }

    /** A subshell of this process: a copy of the state, same session. */
    Interpreter subshell() {
        Interpreter sub = new Interpreter(session, st.copyForSubshell(), cancellation);
        sub.scope = scope;
        sub.depth = depth + 1;
        sub.errexitSuppressed = errexitSuppressed;
        sub.loopDepth = 0;
        sub.outlivingPrograms = outlivingPrograms;
        sub.jobSettled = jobSettled;
        sub.st.pid = session.newPid();
        checkDepth(sub.depth);
        return sub;
    }

    // ======================================================================
    // running source text
    // ======================================================================

    /** Parses and runs text one complete command at a time (scripts, eval, source). */
    int runText(String text, String sourceName, boolean topLevel) {
        return runText(text, sourceName, topLevel, 1);
    }

    /** Like {@link #runText(String, String, boolean)} with the first line numbered {@code firstLine}. */
    int runText(String text, String sourceName, boolean topLevel, int firstLine) {
        Parser parser = new Parser(text, sourceName, firstLine, aliasResolver());
        int status = 0;
        int echoed = 0;
        while (true) {
            CommandNode node;
            try {
                node = parser.next();
                echoed = echoInput(text, echoed, parser.offset());
            } catch (ParseError e) {
                printWarnings(parser);
                reportSyntaxError(e, parser, sourceName);
                if (topLevel && !st.options.interactive) {
                    control = Control.EXIT;
                    controlStatus = 2;
                }
                st.lastStatus = 2;
                return 2;
            }
            printWarnings(parser);
            if (node == null) {
                break;
            }
            if (topLevel) {
                status = runTopLevel(node);
            } else {
                status = exec(node);
            }
            if (control != Control.NONE) {
                break;
            }
        }
        return status;
    }

    /** {@code set -v}: writes the input read since {@code from} to stderr; returns where the next echo starts. */
    private int echoInput(String text, int from, int to) {
        int end = Math.min(to, text.length());
        if (st.options.verbose && end > from) {
            writeErr(text.substring(from, end));
        }
        return Math.max(from, end);
    }

    /** Runs one top-level command, turning expansion errors into bash's abort-the-command behaviour. */
    int runTopLevel(CommandNode node) {
        try {
            int status = exec(node);
            deliverSignals();
            return status;
        } catch (ExpansionError e) {
            reportExpansionError(e);
            return st.lastStatus;
        } catch (CommandAborted e) {
            st.lastStatus = e.status;
            if (e.discardAll && st.commandString) {
                control = Control.EXIT;
                controlStatus = e.status;
            }
            return e.status;
        } catch (ProcessKilled e) {
            control = Control.EXIT;
            controlStatus = 128 + e.signal;
            return controlStatus;
        }
    }

    /** Ends the current top-level command after its error was reported (assignment to a readonly variable). */
    static final class CommandAborted extends RuntimeException {
        final int status;
        /** A special builtin's usage error: in {@code bash -c} it ends the whole command string. */
        final boolean discardAll;

        CommandAborted(int status) {
            this(status, false);
        }

        CommandAborted(int status, boolean discardAll) {
            super(null, null, false, false);
            this.status = status;
            this.discardAll = discardAll;
        }
    }

    void reportExpansionError(ExpansionError e) {
        errorLine(e.getMessage());
        st.lastStatus = 1;
        if (e.fatal() && !st.options.interactive) {
            control = Control.EXIT;
            controlStatus = st.commandString ? 127 : 1;
            st.lastStatus = controlStatus;
        }
    }

    private void printWarnings(Parser parser) {
        for (String w : parser.warnings()) {
            errorLine(w);
        }
        parser.warnings().clear();
    }

    private void reportSyntaxError(ParseError e, Parser parser, String sourceName) {
        String prefix;
        if (st.commandString && depth == 0) {
            prefix = st.shellName + ": -c: line " + e.line() + ": ";
        } else if (sourceName.equals("eval")) {
            prefix = st.shellName + ": eval: line " + e.line() + ": ";
        } else {
            prefix = sourceName + ": line " + e.line() + ": ";
        }
        StringBuilder sb = new StringBuilder(prefix).append(e.getMessage()).append('\n');
        if (!e.incomplete() || e.getMessage().startsWith("syntax error near")) {
            String lineText = lineOf(parser, e.line());
            if (lineText != null) {
                sb.append(prefix).append('`').append(lineText).append("'\n");
            }
        }
        writeErr(sb.toString());
    }

    private String lineOf(Parser parser, int line) {
        return parser.sourceLine(line);
    }

    Parser.AliasResolver aliasResolver() {
        return name -> st.options.shopt("expand_aliases") ? st.aliases.get(name) : null;
    }

    // ======================================================================
    // errors and output helpers
    // ======================================================================

    /** {@code bash: line N: } or {@code script: line N: }. */
    String errorPrefix() {
        return st.shellName + ": line " + st.lineNumber + ": ";
    }

    /** Writes {@code prefix message} and a newline to stderr. */
    void errorLine(String message) {
        writeErr(errorPrefix() + message + "\n");
    }

    /** Writes a builtin's error: {@code bash: line N: name: message}. */
    void builtinError(String builtin, String message) {
        errorLine(builtin + ": " + message);
    }

    void writeErr(String s) {
        OutputStream err = st.fds.output(2);
        if (err == null) {
            return;
        }
        try {
            err.write(Text.encode(s));
            err.flush();
        } catch (IOException e) {
            // stderr gone: nothing to report to
        }
    }

    /** Writes to stdout; false when it failed (closed descriptor, broken pipe is rethrown). */
    boolean writeOut(String s) throws IOException {
        OutputStream out = st.fds.output(1);
        if (out == null) {
            return false;
        }
        out.write(Text.encode(s));
        out.flush();
        return true;
    }

    InputStream stdin() {
        InputStream in = st.fds.input(0);
        return in == null ? InputStream.nullInputStream() : in;
    }

    OutputStream stdout() {
        OutputStream out = st.fds.output(1);
        return out == null ? OutputStream.nullOutputStream() : out;
    }

    OutputStream stderr() {
        OutputStream err = st.fds.output(2);
        return err == null ? OutputStream.nullOutputStream() : err;
    }

    void checkDepth(int d) {
        if (d > session.limits.maxCallDepth()) {
            throw scope.limitExceeded(
                    LimitNames.MAX_CALL_DEPTH, "maximum call depth " + session.limits.maxCallDepth() + " exceeded");
        }
    }

    // ======================================================================
    // commands
    // ======================================================================

    /** Executes a node; sets {@code $?}. */
    int exec(CommandNode node) {
        int status = execNode(node);
        st.lastStatus = status;
        return status;
    }

    private int execNode(CommandNode node) {
        if (node instanceof CommandNode.Simple s) {
            int status = execSimple(s);
            st.pipeStatus = List.of(status);
            return afterCommand(status);
        }
        if (node instanceof CommandNode.Sequence seq) {
            int status = 0;
            for (CommandNode c : seq.commands()) {
                status = exec(c);
                if (control != Control.NONE) {
                    break;
                }
                if (!pendingSignals.isEmpty()) {
                    deliverSignals();
                    if (control != Control.NONE) {
                        break;
                    }
                }
            }
            return status;
        }
        if (node instanceof CommandNode.AndOr a) {
            int left;
            errexitSuppressed++;
            try {
                left = exec(a.left());
            } finally {
                errexitSuppressed--;
            }
            if (control != Control.NONE) {
                return left;
            }
            if (a.and() == (left == 0)) {
                return exec(a.right());
            }
            return left;
        }
        if (node instanceof CommandNode.Pipeline p) {
            int status = Pipelines.run(this, p);
            return p.negated() ? status : afterCommand(status);
        }
        if (node instanceof CommandNode.Background b) {
            return Pipelines.background(this, b);
        }
        if (node instanceof CommandNode.Subshell s) {
            int status = runSubshell(s.body());
            st.pipeStatus = List.of(status);
            return afterCommand(status);
        }
        if (node instanceof CommandNode.Group g) {
            return exec(g.body());
        }
        if (node instanceof CommandNode.If i) {
            return execIf(i);
        }
        if (node instanceof CommandNode.For f) {
            return execFor(f);
        }
        if (node instanceof CommandNode.ArithFor f) {
            return execArithFor(f);
        }
        if (node instanceof CommandNode.While w) {
            return execWhile(w);
        }
        if (node instanceof CommandNode.Case c) {
            return execCase(c);
        }
        if (node instanceof CommandNode.FunctionDef f) {
            return defineFunction(f);
        }
        if (node instanceof CommandNode.Arith a) {
            st.lineNumber = a.pos().line();
            scope.countCommand();
            debugTrap();
            if (st.options.xtrace) {
                Xtrace.arith(this, a.expression().source());
            }
            long v = expander.evaluateArithmetic(a.expression());
            int status = v != 0 ? 0 : 1;
            st.pipeStatus = List.of(status);
            return afterCommand(status);
        }
        if (node instanceof CommandNode.Cond c) {
            st.lineNumber = c.pos().line();
            scope.countCommand();
            debugTrap();
            int status = new Conditions(this).evaluate(c.expression());
            st.pipeStatus = List.of(status);
            return afterCommand(status);
        }
        if (node instanceof CommandNode.Redirected r) {
            return execRedirected(r);
        }
        if (node instanceof CommandNode.Select s) {
            return execSelect(s);
        }
        if (node instanceof CommandNode.Coproc c) {
            return Pipelines.coproc(this, c);
        }
        return 0;
    }

    /** After a command that counts for {@code set -e} and the ERR trap. */
    int afterCommand(int status) {
        if (status != 0 && errexitSuppressed == 0 && negatedContext == 0 && control == Control.NONE) {
            String errTrap = st.traps.get("ERR");
            if (errTrap != null && !errTrap.isEmpty() && !runningTrap && (!st.inFunction() || st.options.errtrace)) {
                runTrap("ERR", errTrap, status);
            }
            if (st.options.errexit && control == Control.NONE) {
                control = Control.EXIT;
                controlStatus = status;
            }
        }
        return status;
    }

    private int execIf(CommandNode.If node) {
        int cond;
        errexitSuppressed++;
        try {
            cond = exec(node.condition());
        } finally {
            errexitSuppressed--;
        }
        if (control != Control.NONE) {
            return cond;
        }
        if (cond == 0) {
            return exec(node.then());
        }
        if (node.otherwise() != null) {
            return exec(node.otherwise());
        }
        return 0;
    }

    /** After a loop body: whether the loop must stop (consuming break/continue levels). */
    private boolean loopMustStop() {
        switch (control) {
            case NONE:
                return false;
            case BREAK:
                if (--controlCount <= 0) {
                    control = Control.NONE;
                }
                return true;
            case CONTINUE:
                if (--controlCount <= 0) {
                    control = Control.NONE;
                    return false;
                }
                return true;
            default:
                return true;
        }
    }

    private int execWhile(CommandNode.While w) {
        int status = 0;
        loopDepth++;
        try {
            while (true) {
                scope.countLoopIteration();
                checkCancelled();
                int cond;
                errexitSuppressed++;
                try {
                    cond = exec(w.condition());
                } finally {
                    errexitSuppressed--;
                }
                if (control != Control.NONE) {
                    if (loopMustStop()) {
                        break;
                    }
                    continue;
                }
                if (w.until() ? cond == 0 : cond != 0) {
                    break;
                }
                status = exec(w.body());
                if (loopMustStop()) {
                    break;
                }
                if (!pendingSignals.isEmpty()) {
                    deliverSignals();
                    if (control != Control.NONE) {
                        break;
                    }
                }
            }
        } finally {
            loopDepth--;
        }
        return status;
    }

    private int execFor(CommandNode.For f) {
        st.lineNumber = f.pos().line();
        List<String> items = f.words() == null ? new ArrayList<>(st.positional()) : expander.expandWords(f.words());
        if (!isValidName(f.variable())) {
            builtinError("`" + f.variable() + "'", "not a valid identifier");
            return 1;
        }
        int status = 0;
        loopDepth++;
        try {
            for (String item : items) {
                scope.countLoopIteration();
                checkCancelled();
                st.lineNumber = f.pos().line();
                debugTrap();
                Vars.assign(this, f.variable(), item);
                status = exec(f.body());
                if (loopMustStop()) {
                    break;
                }
            }
        } finally {
            loopDepth--;
        }
        return status;
    }

    private int execSelect(CommandNode.Select s) {
        List<String> items = s.words() == null ? new ArrayList<>(st.positional()) : expander.expandWords(s.words());
        int status = 0;
        loopDepth++;
        try {
            while (true) {
                scope.countLoopIteration();
                StringBuilder menu = new StringBuilder();
                for (int i = 0; i < items.size(); i++) {
                    menu.append(i + 1).append(") ").append(items.get(i)).append('\n');
                }
                ShellVariable ps3 = variable("PS3");
                menu.append(ps3 == null || ps3.scalarValue() == null ? "#? " : ps3.scalarValue());
                writeErr(menu.toString());
                String line;
                try {
                    line = LineReader.readLine(stdin());
                } catch (IOException e) {
                    line = null;
                }
                if (line == null) {
                    status = 1;
                    break;
                }
                Vars.assign(this, "REPLY", line);
                String choice = line.strip();
                String value = "";
                try {
                    int n = Integer.parseInt(choice);
                    if (n >= 1 && n <= items.size()) {
                        value = items.get(n - 1);
                    }
                } catch (NumberFormatException e) {
                    // not a number: the variable is set to null
                }
                Vars.assign(this, s.variable(), value);
                status = exec(s.body());
                if (loopMustStop()) {
                    break;
                }
            }
        } finally {
            loopDepth--;
        }
        return status;
    }

    private int execArithFor(CommandNode.ArithFor f) {
        st.lineNumber = f.pos().line();
        if (f.init() != null) {
            debugTrap();
            expander.evaluateArithmetic(f.init());
        }
        int status = 0;
        loopDepth++;
        try {
            while (true) {
                scope.countLoopIteration();
                checkCancelled();
                st.lineNumber = f.pos().line();
                if (f.condition() != null) {
                    debugTrap();
                    if (expander.evaluateArithmetic(f.condition()) == 0) {
                        break;
                    }
                }
                status = exec(f.body());
                if (loopMustStop()) {
                    break;
                }
                if (f.step() != null) {
                    st.lineNumber = f.pos().line();
                    debugTrap();
                    expander.evaluateArithmetic(f.step());
                }
            }
        } finally {
            loopDepth--;
        }
        return status;
    }

    private int execCase(CommandNode.Case c) {
        st.lineNumber = c.pos().line();
        debugTrap();
        String subject = expander.expandString(c.subject());
        boolean nocase = st.options.shopt("nocasematch");
        boolean extglob = st.options.shopt("extglob");
        List<CaseItem> items = c.items();
        int status = 0;
        int i = 0;
        while (i < items.size()) {
            CaseItem item = items.get(i);
            boolean matched = false;
            for (Word p : item.patterns()) {
                String pattern = expander.expandPattern(p);
                if (GlobPattern.compile(pattern, extglob, nocase).matches(subject)) {
                    matched = true;
                    break;
                }
            }
            if (!matched) {
                i++;
                continue;
            }
            while (true) {
                status = item.body() == null ? 0 : exec(item.body());
                if (control != Control.NONE) {
                    return status;
                }
                if (item.terminator() == CaseItem.Terminator.FALL_THROUGH && i + 1 < items.size()) {
                    item = items.get(++i);
                    continue;
                }
                break;
            }
            if (item.terminator() == CaseItem.Terminator.CONTINUE) {
                i++;
                continue;
            }
            return status;
        }
        return status;
    }

    private int defineFunction(CommandNode.FunctionDef f) {
        if (st.functions.containsKey(f.name()) && readonlyFunctions().contains(f.name())) {
            errorLine(f.name() + ": readonly function");
            return 1;
        }
        st.functions.put(f.name(), f);
        st.functionSources.put(f.name(), st.sourcingFile != null ? st.sourcingFile : st.calls.get(0).source);
        return 0;
    }

    java.util.Set<String> readonlyFunctions = new java.util.HashSet<>();

    java.util.Set<String> readonlyFunctions() {
        return readonlyFunctions;
    }

    private int execRedirected(CommandNode.Redirected r) {
        int mark = procSubFds.size();
        try {
            return execRedirectedCommand(r);
        } finally {
            if (procSubFds.size() > mark) {
                closeProcessSubstitutions(mark);
            }
        }
    }

    private int execRedirectedCommand(CommandNode.Redirected r) {
        FdTable saved = st.fds;
        FdTable table = saved.copy();
        boolean ok;
        try {
            ok = Redirections.apply(this, r.redirects(), table);
        } catch (RuntimeException e) {
            table.release();
            throw e;
        }
        if (!ok) {
            table.release();
            return afterCommand(1);
        }
        st.fds = table;
        try {
            return exec(r.command());
        } finally {
            st.fds = saved;
            table.release();
        }
    }

    /** Runs {@code body} in a subshell on this thread. */
    int runSubshell(CommandNode body) {
        Interpreter sub = subshell();
        try {
            return sub.runAsProcess(body);
        } finally {
            sub.st.fds.release();
        }
    }

    /** Runs a node as the whole of this process: handles exit, aborts and the EXIT trap; returns the status. */
    int runAsProcess(CommandNode body) {
        int status;
        try {
            status = exec(body);
            if (control == Control.EXIT || control == Control.RETURN) {
                status = controlStatus;
            }
        } catch (ExpansionError e) {
            errorLine(e.getMessage());
            status = 1;
        } catch (CommandAborted e) {
            status = e.status;
        } catch (ProcessKilled e) {
            status = 128 + e.signal;
        } catch (BrokenPipeStop e) {
            status = 141;
        }
        control = Control.NONE;
        st.lastStatus = status;
        status = runExitTrap(status);
        flushStd();
        return status;
    }

    /** The process was killed by a signal it raised itself (SIGXFSZ from ulimit -f). */
    static final class ProcessKilled extends RuntimeException {
        final int signal;

        ProcessKilled(int signal) {
            super("killed by signal " + signal, null, false, false);
            this.signal = signal;
        }
    }

    /** A stage wrote to a closed pipe: ends the process with 141, as SIGPIPE does. */
    static final class BrokenPipeStop extends RuntimeException {
        BrokenPipeStop() {
            super("broken pipe", null, false, false);
        }
    }

    void flushStd() {
        try {
            OutputStream out = st.fds.output(1);
            if (out != null) {
                out.flush();
            }
        } catch (IOException e) {
            // nothing to do
        }
    }

    // ======================================================================
    // simple commands
    // ======================================================================

    private int execSimple(CommandNode.Simple cmd) {
        int mark = procSubFds.size();
        try {
            return execSimpleCommand(cmd);
        } finally {
            if (procSubFds.size() > mark) {
                closeProcessSubstitutions(mark);
            }
        }
    }

    private int execSimpleCommand(CommandNode.Simple cmd) {
        st.lineNumber = cmd.pos().line();
        checkCancelled();
        debugTrap();
        List<String> argv;
        List<DeclarationArg> declArgs = null;
        lastSubstitutionStatus = -1;
        if (cmd.words().isEmpty()) {
            argv = List.of();
        } else if (isDeclarationCommand(cmd.words())) {
            declArgs = new ArrayList<>();
            argv = expandDeclarationWords(cmd.words(), declArgs);
        } else {
            argv = expander.expandWords(cmd.words());
        }
        if (argv.isEmpty()) {
            return assignmentsOnly(cmd);
        }
        scope.countCommand();
        String name = argv.get(0);
        if (st.options.xtrace) {
            Xtrace.command(this, cmd.assignments(), argv);
        }
        boolean execRedirectOnly = name.equals("exec")
                && (argv.size() == 1 || (argv.size() == 2 && argv.get(1).equals("--")))
                && !st.functions.containsKey("exec");
        FdTable saved = st.fds;
        FdTable table = null;
        if (!cmd.redirects().isEmpty()) {
            if (execRedirectOnly) {
                if (!Redirections.apply(this, cmd.redirects(), st.fds)) {
                    return 1;
                }
            } else {
                table = saved.copy();
                boolean ok;
                try {
                    ok = Redirections.apply(this, cmd.redirects(), table);
                } catch (RuntimeException e) {
                    table.release();
                    throw e;
                }
                if (!ok) {
                    table.release();
                    return 1;
                }
                st.fds = table;
            }
        }
        try {
            int status = dispatch(argv, cmd.assignments(), declArgs);
            st.lastArgument = argv.get(argv.size() - 1);
            return status;
        } finally {
            if (table != null) {
                st.fds = saved;
                table.release();
            }
        }
    }

    private int assignmentsOnly(CommandNode.Simple cmd) {
        if (!cmd.redirects().isEmpty()) {
            FdTable table = st.fds.copy();
            try {
                if (!Redirections.apply(this, cmd.redirects(), table)) {
                    return 1;
                }
            } finally {
                table.release();
            }
        }
        if (cmd.assignments().isEmpty()) {
            return lastSubstitutionStatus >= 0 ? lastSubstitutionStatus : 0;
        }
        scope.countCommand();
        st.lastArgument = "";
        for (Assignment a : cmd.assignments()) {
            if (st.options.xtrace) {
                Xtrace.assignment(this, a);
            }
            if (!Vars.applyAssignment(this, a, false)) {
                throw new CommandAborted(1);
            }
        }
        return lastSubstitutionStatus >= 0 ? lastSubstitutionStatus : 0;
    }

    private static boolean isDeclarationCommand(List<Word> words) {
        for (Word w : words) {
            String lit = w.literalText();
            if (lit == null) {
                return false;
            }
            switch (lit) {
                case "declare", "typeset", "local", "export", "readonly":
                    return true;
                case "builtin", "command":
                    continue;
                default:
                    return false;
            }
        }
        return false;
    }

    /**
     * Expands the words of a declaration command: assignment-shaped arguments are not split or globbed, and array
     * literals keep their elements.
     */
    private List<String> expandDeclarationWords(List<Word> words, List<DeclarationArg> decl) {
        List<String> argv = new ArrayList<>();
        for (Word w : words) {
            Assignment a = Assignments.parse(w);
            if (a == null || argv.isEmpty()) {
                int before = argv.size();
                expander.expandWordInto(w, argv);
                for (int i = before; i < argv.size(); i++) {
                    decl.add(null);
                }
                continue;
            }
            String index = a.index() == null ? null : expander.expandString(a.index());
            if (a.isArray()) {
                List<String[]> elems = Vars.expandArrayElements(this, a.array());
                argv.add(a.name());
                decl.add(new DeclarationArg(a.name(), a.append(), index, null, elems));
            } else {
                String value = expander.expandAssignmentValue(a.value());
                argv.add(a.name() + (index == null ? "" : "[" + index + "]") + (a.append() ? "+=" : "=") + value);
                decl.add(new DeclarationArg(a.name(), a.append(), index, value, null));
            }
        }
        return argv;
    }

    List<DeclarationArg> currentDeclarationArgs;

    /** Finds and runs a command: function, builtin, registered command, script, escalation. */
    int dispatch(List<String> argv, List<Assignment> assignments, List<DeclarationArg> declArgs) {
        String name = argv.get(0);
        boolean hasSlash = name.indexOf('/') >= 0;
        if (!hasSlash) {
            CommandNode.FunctionDef fn = st.functions.get(name);
            if (fn != null) {
                return withTemporaryBindings(assignments, true, () -> callFunction(fn, argv));
            }
            Builtin b = Builtins.get(name);
            if (b != null) {
                List<DeclarationArg> saved = currentDeclarationArgs;
                currentDeclarationArgs = declArgs;
                try {
                    return withTemporaryBindings(assignments, false, () -> runBuiltin(b, argv));
                } finally {
                    currentDeclarationArgs = saved;
                }
            }
        }
        Map<String, String> extra = null;
        if (!assignments.isEmpty()) {
            extra = new java.util.LinkedHashMap<>();
            // each binding's value sees the bindings before it (FOO=1 BAR=$FOO cmd)
            Variables.Frame frame = new Variables.Frame(false);
            st.vars.push(frame);
            try {
                for (Assignment a : assignments) {
                    if (a.isArray() || a.index() != null) {
                        continue;
                    }
                    String value = expander.expandAssignmentValue(a.value());
                    if (a.append()) {
                        ShellVariable old = variable(a.name());
                        value = (old == null || old.scalarValue() == null ? "" : old.scalarValue()) + value;
                    }
                    Variable existing = Vars.lookup(this, a.name());
                    if (existing != null && existing.has(Variable.READONLY)) {
                        errorLine(a.name() + ": readonly variable");
                        continue;
                    }
                    extra.put(a.name(), value);
                    frame.vars.put(a.name(), new Variable(value));
                }
            } finally {
                st.vars.pop();
            }
        }
        return External.run(this, argv, extra);
    }

    /** Runs {@code body} with {@code x=1}-style bindings in a temporary scope (exported for the command). */
    int withTemporaryBindings(List<Assignment> assignments, boolean function, java.util.function.IntSupplier body) {
        if (assignments.isEmpty()) {
            return body.getAsInt();
        }
        Variables.Frame frame = new Variables.Frame(false);
        // pushed first: each binding's value sees the bindings before it (FOO=1 BAR=$FOO cmd)
        st.vars.push(frame);
        try {
            bind(assignments, frame);
        } catch (RuntimeException e) {
            st.vars.pop();
            throw e;
        }
        Vars.environmentChanged(this);
        try {
            return body.getAsInt();
        } finally {
            st.vars.pop();
            Vars.environmentChanged(this);
        }
    }

    /** Puts the bindings into {@code frame}, which is already in scope. */
    private void bind(List<Assignment> assignments, Variables.Frame frame) {
        for (Assignment a : assignments) {
            Variable existing = Vars.lookup(this, a.name());
            if (existing != null && existing.has(Variable.READONLY)) {
                errorLine(a.name() + ": readonly variable");
                continue;
            }
            if (a.isArray()) {
                continue;
            }
            String value = expander.expandAssignmentValue(a.value());
            if (a.append() && existing != null && existing.scalarValue() != null) {
                value = existing.scalarValue() + value;
            }
            Variable v = new Variable(value);
            v.attributes = Variable.EXPORT;
            if (existing != null) {
                v.attributes |= existing.attributes & (Variable.INTEGER | Variable.LOWERCASE | Variable.UPPERCASE);
                if (existing.has(Variable.INTEGER)) {
                    v.value = Long.toString(expander.evaluateArithmetic(value));
                }
            }
            frame.vars.put(a.name(), v);
        }
    }

    int runBuiltin(Builtin b, List<String> argv) {
        scope.builtinCommands.incrementAndGet();
        try {
            int status = b.run(builtinContext, argv);
            flushStd();
            return status;
        } catch (BrokenPipeException e) {
            throw new BrokenPipeStop();
        } catch (IOException e) {
            builtinError(argv.get(0), "write error: " + describe(e));
            return 1;
        }
    }

    static String describe(IOException e) {
        if (e instanceof dev.shellbox.shell.fs.FsException fe) {
            return fe.errno().message();
        }
        return e.getMessage() == null ? "Input/output error" : e.getMessage();
    }

    /** Calls a shell function with {@code argv[1..]} as its positional parameters. */
    int callFunction(CommandNode.FunctionDef fn, List<String> argv) {
        checkDepth(depth + 1);
        depth++;
        st.calls.add(new ShellState.CallFrame(
                fn.name(),
                new ArrayList<>(argv.subList(1, argv.size())),
                st.functionSources.getOrDefault(fn.name(), st.currentCall().source),
                st.lineNumber));
        st.vars.push(new Variables.Frame(true));
        int savedLine = st.lineNumber;
        int savedNegated = negatedContext;
        negatedContext = 0;
        int status;
        try {
            status = exec(fn.body());
            if (control == Control.RETURN) {
                control = Control.NONE;
                status = controlStatus;
            }
            String returnTrap = st.traps.get("RETURN");
            if (returnTrap != null && !returnTrap.isEmpty() && !runningTrap && control == Control.NONE) {
                runTrap("RETURN", returnTrap, status);
            }
        } finally {
            st.vars.pop();
            st.calls.remove(st.calls.size() - 1);
            depth--;
            st.lineNumber = savedLine;
            negatedContext = savedNegated;
        }
        return status;
    }

    // ======================================================================
    // traps and signals
    // ======================================================================

    /** Runs trap code; {@code $?} is preserved around it (except for exit inside). */
    void runTrap(String name, String code, int status) {
        boolean saved = runningTrap;
        runningTrap = true;
        int savedStatus = st.lastStatus;
        Control savedControl = control;
        int savedLine = st.lineNumber;
        st.lastStatus = status;
        try {
            control = Control.NONE;
            runText(code, "trap", false, savedLine);
            if (control == Control.EXIT) {
                return;
            }
            control = savedControl;
        } catch (ExpansionError e) {
            errorLine(e.getMessage());
            control = savedControl;
        } finally {
            runningTrap = saved;
            st.lineNumber = savedLine;
            if (control != Control.EXIT) {
                st.lastStatus = savedStatus;
            }
        }
    }

    /** Runs the DEBUG trap before a command, unless a trap is running or a function does not inherit it. */
    void debugTrap() {
        if (runningTrap) {
            return;
        }
        String code = st.traps.get("DEBUG");
        if (code == null || code.isEmpty()) {
            return;
        }
        if (st.inFunction() && !st.options.functrace) {
            return;
        }
        runTrap("DEBUG", code, st.lastStatus);
    }

    /** Runs the EXIT trap (once) at the end of this process; returns the final status. */
    int runExitTrap(int status) {
        String code = st.traps.remove("EXIT");
        if (code == null || code.isEmpty()) {
            return status;
        }
        st.lastStatus = status;
        control = Control.NONE;
        boolean saved = runningTrap;
        runningTrap = true;
        try {
            runText(code, "trap", false, st.lineNumber);
        } catch (ExpansionError e) {
            errorLine(e.getMessage());
        } finally {
            runningTrap = saved;
        }
        if (control == Control.EXIT) {
            status = controlStatus;
        }
        control = Control.NONE;
        return status;
    }

    /** Runs the traps of signals sent to this process; an untrapped fatal signal ends it. */
    void deliverSignals() {
        Integer sig;
        while ((sig = pendingSignals.poll()) != null) {
            String name = Signals.name(sig);
            String code = st.traps.get(name);
            if (code == null) {
                if (Signals.isIgnoredByDefault(sig)) {
                    continue;
                }
                control = Control.EXIT;
                controlStatus = 128 + sig;
                return;
            }
            if (!code.isEmpty()) {
                runTrap(name, code, st.lastStatus);
            }
        }
    }

    // ======================================================================
    // command substitution
    // ======================================================================

    @Override
    public String commandSubstitution(CommandNode body) {
        String fast = CommandSubstitutions.readFileShortcut(this, body);
        if (fast != null) {
            return fast;
        }
        Interpreter sub = subshell();
        sub.inCommandSubstitution = true;
        if (!st.options.shopt("inherit_errexit")) {
            sub.st.options.errexit = false;
        }
        BoundedOutput out = new BoundedOutput(session.limits.maxStringLength());
        sub.st.fds.set(1, new FdEntry(null, out, "pipe:[substitution]", false));
        int status;
        try {
            status = sub.runAsProcess(body);
        } finally {
            sub.st.fds.release();
        }
        lastSubstitutionStatus = status;
        st.lastStatus = status;
        byte[] raw = out.bytes();
        int size = out.size();
        int nul = 0;
        for (int i = 0; i < size; i++) {
            if (raw[i] == 0) {
                nul++;
            }
        }
        if (nul > 0) {
            byte[] cleaned = new byte[size - nul];
            int k = 0;
            for (int i = 0; i < size; i++) {
                if (raw[i] != 0) {
                    cleaned[k++] = raw[i];
                }
            }
            raw = cleaned;
            size = cleaned.length;
            writeErr(st.shellName + ": warning: command substitution: ignored null byte in input\n");
        }
        String s = Text.decode(raw, 0, size);
        int end = s.length();
        while (end > 0 && s.charAt(end - 1) == '\n') {
            end--;
        }
        return s.substring(0, end);
    }

    /** Collects command substitution output, up to the string length limit. */
    static final class BoundedOutput extends ByteArrayOutputStream {
        private final long limit;

        BoundedOutput(long limit) {
            this.limit = limit;
        }

        @Override
        public synchronized void write(byte[] b, int off, int len) {
            if (count + (long) len > limit) {
                throw new LimitExceededException(
                        LimitNames.MAX_STRING_LENGTH, "command substitution output longer than " + limit);
            }
            super.write(b, off, len);
        }

        @Override
        public synchronized void write(int b) {
            write(new byte[] {(byte) b}, 0, 1);
        }

        byte[] bytes() {
            return buf;
        }
    }

    @Override
    public String processSubstitution(CommandNode body, boolean output) {
        return Pipelines.processSubstitution(this, body, output);
    }

    // ======================================================================
    // ExpansionContext
    // ======================================================================

    @Override
    public ShellVariable variable(String name) {
        return Vars.visible(this, name);
    }

    @Override
    public String namerefTarget(String name) {
        Variable v = st.vars.get(name);
        if (Vars.isActiveNameref(v)) {
            return v.value;
        }
        return null;
    }

    @Override
    public String resolvedReference(String name) {
        Variable v = st.vars.get(name);
        if (!Vars.isActiveNameref(v)) {
            return null;
        }
        return Vars.resolveName(this, name);
    }

    @Override
    public void assign(String name, String value) {
        Vars.assignOrAbort(this, name, value);
    }

    @Override
    public void assignElement(String name, long index, String key, String value) {
        Vars.assignElementOrAbort(this, name, index, key, value);
    }

    @Override
    public List<String> positionalParameters() {
        return st.positional();
    }

    @Override
    public String specialParameter(String name) {
        switch (name) {
            case "?":
                return Integer.toString(st.lastStatus);
            case "$":
                return Long.toString(st.rootPid);
            case "!":
                return st.lastBackgroundPid;
            case "#":
                return Integer.toString(st.positional().size());
            case "-":
                return st.options.flags(st.commandString, st.stdinScript);
            case "0":
                return st.shellName;
            case "_":
                return st.lastArgument;
            default:
                return null;
        }
    }

    @Override
    public List<String> variableNames() {
        List<String> names = new ArrayList<>();
        for (Map.Entry<String, Variable> e : st.vars.visible().entrySet()) {
            if (e.getValue().isSet()) {
                names.add(e.getKey());
            }
        }
        return names;
    }

    @Override
    public boolean option(ExpandOption option) {
        Options o = st.options;
        return switch (option) {
            case NOUNSET -> o.nounset;
            case NOGLOB -> o.noglob;
            case NULLGLOB -> o.shopt("nullglob");
            case FAILGLOB -> o.shopt("failglob");
            case DOTGLOB -> o.shopt("dotglob");
            case EXTGLOB -> o.shopt("extglob");
            case GLOBSTAR -> o.shopt("globstar");
            case NOCASEGLOB -> o.shopt("nocaseglob");
            case NOCASEMATCH -> o.shopt("nocasematch");
            case PATSUB_REPLACEMENT -> o.shopt("patsub_replacement");
            case GLOBSKIPDOTS -> o.shopt("globskipdots");
        };
    }

    @Override
    public FileSystem fileSystem() {
        return session.fs;
    }

    @Override
    public String cwd() {
        return st.cwd;
    }

    @Override
    public String homeDirectory(String user) {
        if (user.isEmpty()) {
            return session.identity.home();
        }
        try (java.io.InputStream in = session.fs.newInputStream("/etc/passwd")) {
            for (String line : Text.decode(in.readAllBytes()).split("\n")) {
                String[] f = line.split(":", -1);
                if (f.length >= 6 && f[0].equals(user)) {
                    return f[5];
                }
            }
        } catch (IOException e) {
            // no passwd file: fall back to what the identity knows
        }
        if (user.equals("root")) {
            return "/root";
        }
        if (user.equals(session.identity.user())) {
            return session.identity.home();
        }
        return null;
    }

    @Override
    public String directoryStackEntry(int n) {
        List<String> stack = new ArrayList<>();
        stack.add(st.cwd);
        stack.addAll(st.dirStack);
        int index = n >= 0 ? n : stack.size() + n;
        if (index < 0 || index >= stack.size()) {
            return null;
        }
        return stack.get(index);
    }

    @Override
    public void warn(String message) {
        errorLine(message);
    }

    @Override
    public void checkCancelled() {
        cancellation.check();
    }

    @Override
    public int maxBraceExpansion() {
        return session.limits.maxBraceExpansion();
    }

    @Override
    public long maxStringLength() {
        return session.limits.maxStringLength();
    }

    // ======================================================================
    // helpers for builtins
    // ======================================================================

    static boolean isValidName(String s) {
        return Names.isName(s);
    }

    /** The absolute form of a path relative to the working directory. */
    String resolvePath(String path) {
        return PathNames.resolve(st.cwd, path);
    }

    /** Requests {@code exit status} of this process. */
    void requestExit(int status) {
        control = Control.EXIT;
        controlStatus = status & 0xff;
    }

    boolean inSource() {
        return sourceDepth > 0;
    }

    boolean isExiting() {
        return control == Control.EXIT;
    }

    int exitStatus() {
        return controlStatus;
    }

    /** A signal sent to this process by {@code kill}: queued for its trap, ignored, or fatal. */
    void receive(int sig, Interpreter sender) {
        Interpreter d = delegate;
        if (d != null) {
            // the shell this process became: if it dies of the signal, so did this process
            delegatedSignal = sig;
            d.receive(sig, sender);
            return;
        }
        if (outlivingPrograms != null && !outlivingPrograms.isEmpty()) {
            // the execution that started this job is over: only its programs are left to receive the signal
            killSignal = sig;
            for (EscalatedProcess p : outlivingPrograms) {
                p.signal(sig);
            }
            return;
        }
        String name = Signals.name(sig);
        String trap = st.traps.get(name);
        if (trap != null) {
            if (!trap.isEmpty()) {
                pendingSignals.add(sig);
            }
            return;
        }
        if (Signals.isIgnoredByDefault(sig)) {
            return;
        }
        if (sig == 2 && shellProcess && sender != this) {
            // a non-interactive shell waiting for a command survives SIGINT the command does not die of
            return;
        }
        killSignal = sig;
        if (sender == this) {
            requestExit(128 + sig);
            return;
        }
        cancellation.cancel(new CancelledException("killed by signal " + sig));
    }

    int killedStatus() {
        int sig = killSignal != 0 ? killSignal : delegatedSignal;
        return 128 + (sig == 0 ? 15 : sig);
    }

    /** Closes the process substitution descriptors opened since {@code mark}. */
    void closeProcessSubstitutions(int mark) {
        while (procSubFds.size() > mark) {
            Object[] e = procSubFds.remove(procSubFds.size() - 1);
            ((FdTable) e[0]).close((Integer) e[1]);
        }
    }

    /**
     * Runs {@code task} on a thread of its own as a process of this execution (a pipeline stage, a process
     * substitution); a process killed or stopped by a limit ends with 143. Throws, starting nothing, when this process
     * is cancelled or the process bound is full.
     */
    CompletableFuture<Integer> submit(java.util.concurrent.Callable<Integer> task) {
        checkCancelled();
        CompletableFuture<Integer> f = new CompletableFuture<>();
        scope.start(() -> {
            try {
                f.complete(task.call());
            } catch (CancelledException | LimitExceededException e) {
                f.complete(143);
            } catch (Throwable t) {
                f.completeExceptionally(t);
            }
        });
        return f;
    }
}
