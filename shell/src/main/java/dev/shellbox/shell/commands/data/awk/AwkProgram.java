package dev.shellbox.shell.commands.data.awk;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** A parsed awk program: BEGIN and END actions, pattern-action rules, functions and the global variable names. */
final class AwkProgram {
    final List<Stmt> begin = new ArrayList<>();
    final List<Stmt> end = new ArrayList<>();
    final List<Stmt> beginFile = new ArrayList<>();
    final List<Stmt> endFile = new ArrayList<>();
    final List<Rule> rules = new ArrayList<>();
    final Map<String, FunctionDef> functions = new LinkedHashMap<>();
    /** Global variable names by slot; the first slots are the runtime's special variables. */
    final List<String> globals = new ArrayList<>();

    /** A pattern-action rule; a null pattern matches every record, a range has an end pattern. */
    static final class Rule {
        final Expr pattern;
        final Expr rangeEnd;
        final Stmt action;
        boolean inRange;

        Rule(Expr pattern, Expr rangeEnd, Stmt action) {
            this.pattern = pattern;
            this.rangeEnd = rangeEnd;
            this.action = action;
        }
    }
}
