package dev.shellbox.shell.commands.data.awk;

import java.io.IOException;
import java.io.UncheckedIOException;

/** Runs a parsed program: BEGIN, the rules over every input record, END; exit and the closing of streams. */
final class AwkInterpreter {
    private final AwkRuntime rt;
    private final AwkProgram program;
    private final Env env;

    AwkInterpreter(AwkRuntime rt) {
        this.rt = rt;
        this.program = rt.program;
        this.env = new Env(rt, Env.NO_LOCALS);
    }

    int run() throws IOException {
        boolean exiting = false;
        try {
            for (Stmt s : program.begin) {
                s.exec(env);
            }
        } catch (Jump j) {
            exiting = expectExit(j);
        }
        if (!exiting && (!program.rules.isEmpty() || !program.end.isEmpty())) {
            exiting = mainLoop();
        }
        try {
            for (Stmt s : program.end) {
                s.exec(env);
            }
        } catch (Jump j) {
            expectExit(j);
        }
        rt.io.closeAll();
        rt.out.flush();
        return rt.exitStatus;
    }

    private static boolean expectExit(Jump j) {
        if (j.kind != Jump.Kind.EXIT) {
            throw new AwkRuntimeError("`" + j.kind.name().toLowerCase() + "' used outside of a rule");
        }
        return true;
    }

    /** Runs the rules over every record; true when the program exited. */
    private boolean mainLoop() throws IOException {
        while (rt.nextMainRecord()) {
            rt.checkCancelled();
            try {
                for (AwkProgram.Rule rule : program.rules) {
                    if (matches(rule)) {
                        if (rule.action == null) {
                            rt.write(rt.record().concat(rt.ors()));
                        } else {
                            rule.action.exec(env);
                        }
                    }
                }
            } catch (Jump j) {
                switch (j.kind) {
                    case NEXT -> {}
                    case NEXTFILE -> rt.skipFile();
                    case EXIT -> {
                        return true;
                    }
                    default ->
                        throw new AwkRuntimeError(
                                "`" + j.kind.name().toLowerCase() + "' is not allowed outside a loop");
                }
            } catch (UncheckedIOException e) {
                throw e.getCause();
            }
        }
        return false;
    }

    private boolean matches(AwkProgram.Rule rule) {
        if (rule.pattern == null) {
            return true;
        }
        if (rule.rangeEnd == null) {
            return rule.pattern.bool(env);
        }
        if (!rule.inRange) {
            if (!rule.pattern.bool(env)) {
                return false;
            }
            rule.inRange = !rule.rangeEnd.bool(env);
            return true;
        }
        if (rule.rangeEnd.bool(env)) {
            rule.inRange = false;
        }
        return true;
    }
}
