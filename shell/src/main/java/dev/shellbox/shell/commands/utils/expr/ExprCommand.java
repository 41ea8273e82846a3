package dev.shellbox.shell.commands.utils.expr;

import dev.shellbox.shell.command.Command;
import dev.shellbox.shell.command.CommandContext;
import java.io.IOException;
import java.util.List;

/** expr: evaluate an expression given as arguments (GNU coreutils grammar, arbitrary-precision integers). */
public final class ExprCommand implements Command {
    @Override
    public String name() {
        return "expr";
    }

    @Override
    public String help() {
        return """
                Usage: expr EXPRESSION
                  or:  expr OPTION

                Print the value of EXPRESSION to standard output.  A blank line below
                separates increasing precedence groups.  EXPRESSION may be:

                  ARG1 | ARG2       ARG1 if it is neither null nor 0, otherwise ARG2

                  ARG1 & ARG2       ARG1 if neither argument is null or 0, otherwise 0

                  ARG1 < ARG2       ARG1 is less than ARG2
                  ARG1 <= ARG2      ARG1 is less than or equal to ARG2
                  ARG1 = ARG2       ARG1 is equal to ARG2
                  ARG1 != ARG2      ARG1 is unequal to ARG2
                  ARG1 >= ARG2      ARG1 is greater than or equal to ARG2
                  ARG1 > ARG2       ARG1 is greater than ARG2

                  ARG1 + ARG2       arithmetic sum of ARG1 and ARG2
                  ARG1 - ARG2       arithmetic difference of ARG1 and ARG2

                  ARG1 * ARG2       arithmetic product of ARG1 and ARG2
                  ARG1 / ARG2       arithmetic quotient of ARG1 divided by ARG2
                  ARG1 % ARG2       arithmetic remainder of ARG1 divided by ARG2

                  STRING : REGEXP   anchored pattern match of REGEXP in STRING

                  match STRING REGEXP        same as STRING : REGEXP
                  substr STRING POS LENGTH   substring of STRING, POS counted from 1
                  index STRING CHARS         index in STRING where any CHARS is found, or 0
                  length STRING              length of STRING
                  + TOKEN                    interpret TOKEN as a string, even if it is a
                                               keyword like 'match' or an operator like '/'

                  ( EXPRESSION )             value of EXPRESSION

                Beware that many operators need to be escaped or quoted for shells.
                Comparisons are arithmetic if both ARGs are numbers, else lexicographical.
                Pattern matches return the string matched between \\( and \\) or null; if
                \\( and \\) are not used, they return the number of characters matched or 0.

                Exit status is 0 if EXPRESSION is neither null nor 0, 1 if EXPRESSION is null
                or 0, 2 if EXPRESSION is syntactically invalid, and 3 if an error occurred.
                """;
    }

    @Override
    public int run(CommandContext ctx, List<String> args) throws IOException {
        List<String> expression = !args.isEmpty() && args.get(0).equals("--") ? args.subList(1, args.size()) : args;
        if (expression.isEmpty()) {
            return ctx.usageError("missing operand", 2);
        }
        Object value;
        try {
            value = ExprEvaluator.evaluate(expression);
        } catch (ExprEvaluator.ExprException e) {
            ctx.error(e.getMessage());
            return e.status;
        }
        ctx.print(ExprEvaluator.toText(value) + "\n");
        ctx.stdout().flush();
        return ExprEvaluator.isNull(value) ? 1 : 0;
    }
}
