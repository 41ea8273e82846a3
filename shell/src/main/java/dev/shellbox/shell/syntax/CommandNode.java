package dev.shellbox.shell.syntax;

import java.util.List;

/** A command of the AST. Compound commands with redirections are wrapped in {@link Redirected}. */
public sealed interface CommandNode {
    Pos pos();

    /** {@code a=1 cmd arg >out}: assignments, words (command name first) and redirections, in source order. */
    record Simple(Pos pos, List<Assignment> assignments, List<Word> words, List<Redirect> redirects)
            implements CommandNode {}

    /** {@code [time [-p]] [!] a | b |& c}; {@code |&} became a {@code 2>&1} on the stage before it. */
    record Pipeline(Pos pos, List<CommandNode> stages, boolean negated, boolean timed, boolean timePosix)
            implements CommandNode {}

    /** {@code left && right} or {@code left || right}. */
    record AndOr(Pos pos, CommandNode left, boolean and, CommandNode right) implements CommandNode {}

    /** Commands run one after another ({@code ;} or newline). */
    record Sequence(Pos pos, List<CommandNode> commands) implements CommandNode {}

    /** {@code command &}. */
    record Background(Pos pos, CommandNode command) implements CommandNode {}

    record Subshell(Pos pos, CommandNode body) implements CommandNode {}

    /** {@code { body; }}. */
    record Group(Pos pos, CommandNode body) implements CommandNode {}

    /** {@code if}; {@code elif} is a nested If in {@code otherwise}, which is null without else. */
    record If(Pos pos, CommandNode condition, CommandNode then, CommandNode otherwise) implements CommandNode {}

    /** {@code for name [in words]; do body; done}; words is null without {@code in} (loop over "$@"). */
    record For(Pos pos, String variable, List<Word> words, CommandNode body) implements CommandNode {}

    /** {@code select name [in words]; do body; done}. */
    record Select(Pos pos, String variable, List<Word> words, CommandNode body) implements CommandNode {}

    /** {@code for ((init; condition; step)); do body; done}; each part may be null. */
    record ArithFor(Pos pos, ArithText init, ArithText condition, ArithText step, CommandNode body)
            implements CommandNode {}

    record While(Pos pos, boolean until, CommandNode condition, CommandNode body) implements CommandNode {}

    record Case(Pos pos, Word subject, List<CaseItem> items) implements CommandNode {}

    /** {@code name() body} or {@code function name body}. */
    record FunctionDef(Pos pos, String name, CommandNode body, String source) implements CommandNode {}

    /** {@code (( expression ))}. */
    record Arith(Pos pos, ArithText expression) implements CommandNode {}

    /** {@code [[ expression ]]}. */
    record Cond(Pos pos, CondExpr expression) implements CommandNode {}

    /** A compound command with redirections. */
    record Redirected(Pos pos, CommandNode command, List<Redirect> redirects) implements CommandNode {}

    /** {@code coproc [NAME] command}. */
    record Coproc(Pos pos, String name, CommandNode command) implements CommandNode {}

    /** Nothing, e.g. a script of only comments. */
    record Empty(Pos pos) implements CommandNode {}
}
