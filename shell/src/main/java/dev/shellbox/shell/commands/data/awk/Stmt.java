package dev.shellbox.shell.commands.data.awk;

import java.util.List;

/** An awk statement. */
abstract class Stmt {

    abstract void exec(Env env);

    static final class Block extends Stmt {
        final List<Stmt> body;

        Block(List<Stmt> body) {
            this.body = body;
        }

        @Override
        void exec(Env env) {
            for (Stmt s : body) {
                s.exec(env);
            }
        }
    }

    static final class ExprStmt extends Stmt {
        final Expr expr;

        ExprStmt(Expr expr) {
            this.expr = expr;
        }

        @Override
        void exec(Env env) {
            expr.eval(env);
        }
    }

    /** print and printf with an optional redirection: {@code >}, {@code >>} or {@code |}. */
    static final class Print extends Stmt {
        final boolean formatted;
        final List<Expr> args;
        final String redirect;
        final Expr target;

        Print(boolean formatted, List<Expr> args, String redirect, Expr target) {
            this.formatted = formatted;
            this.args = args;
            this.redirect = redirect;
            this.target = target;
        }

        @Override
        void exec(Env env) {
            AwkRuntime rt = env.rt;
            String text;
            if (formatted) {
                if (args.isEmpty()) {
                    throw new AwkRuntimeError("printf: no format");
                }
                Object[] values = new Object[args.size() - 1];
                for (int i = 1; i < args.size(); i++) {
                    values[i - 1] = args.get(i).eval(env);
                }
                text = rt.sprintf(args.get(0).str(env), values);
            } else if (args.isEmpty()) {
                text = rt.record().concat(rt.ors());
            } else if (args.size() == 1) {
                text = rt.toOutputStr(args.get(0).eval(env)).concat(rt.ors());
            } else {
                StringBuilder sb = new StringBuilder();
                String ofs = rt.ofs();
                for (int i = 0; i < args.size(); i++) {
                    if (i > 0) {
                        sb.append(ofs);
                    }
                    sb.append(rt.toOutputStr(args.get(i).eval(env)));
                }
                text = sb.append(rt.ors()).toString();
            }
            if (redirect == null) {
                rt.write(text);
            } else {
                rt.writeTo(redirect, target.str(env), text);
            }
        }
    }

    static final class If extends Stmt {
        final Expr test;
        final Stmt then;
        final Stmt otherwise;

        If(Expr test, Stmt then, Stmt otherwise) {
            this.test = test;
            this.then = then;
            this.otherwise = otherwise;
        }

        @Override
        void exec(Env env) {
            if (test.bool(env)) {
                then.exec(env);
            } else if (otherwise != null) {
                otherwise.exec(env);
            }
        }
    }

    static final class While extends Stmt {
        final Expr test;
        final Stmt body;
        final boolean testFirst;

        While(Expr test, Stmt body, boolean testFirst) {
            this.test = test;
            this.body = body;
            this.testFirst = testFirst;
        }

        @Override
        void exec(Env env) {
            if (testFirst && !test.bool(env)) {
                return;
            }
            do {
                env.rt.checkCancelled();
                try {
                    body.exec(env);
                } catch (Jump j) {
                    if (j.kind == Jump.Kind.BREAK) {
                        return;
                    }
                    if (j.kind != Jump.Kind.CONTINUE) {
                        throw j;
                    }
                }
            } while (test.bool(env));
        }
    }

    static final class For extends Stmt {
        final Stmt init;
        final Expr test;
        final Stmt step;
        final Stmt body;

        For(Stmt init, Expr test, Stmt step, Stmt body) {
            this.init = init;
            this.test = test;
            this.step = step;
            this.body = body;
        }

        @Override
        void exec(Env env) {
            if (init != null) {
                init.exec(env);
            }
            while (test == null || test.bool(env)) {
                env.rt.checkCancelled();
                try {
                    body.exec(env);
                } catch (Jump j) {
                    if (j.kind == Jump.Kind.BREAK) {
                        return;
                    }
                    if (j.kind != Jump.Kind.CONTINUE) {
                        throw j;
                    }
                }
                if (step != null) {
                    step.exec(env);
                }
            }
        }
    }

    static final class ForIn extends Stmt {
        final Expr.LValue variable;
        final Expr.ArrayHolder array;
        final Stmt body;

        ForIn(Expr.LValue variable, Expr.ArrayHolder array, Stmt body) {
            this.variable = variable;
            this.array = array;
            this.body = body;
        }

        @Override
        void exec(Env env) {
            AwkArray a = array.array(env);
            for (String key : a.keys()) {
                env.rt.checkCancelled();
                if (!a.contains(key)) {
                    continue; // deleted by the body
                }
                variable.set(env, new StrNum(key));
                try {
                    body.exec(env);
                } catch (Jump j) {
                    if (j.kind == Jump.Kind.BREAK) {
                        return;
                    }
                    if (j.kind != Jump.Kind.CONTINUE) {
                        throw j;
                    }
                }
            }
        }
    }

    static final class Simple extends Stmt {
        final Jump jump;

        Simple(Jump jump) {
            this.jump = jump;
        }

        @Override
        void exec(Env env) {
            throw jump;
        }
    }

    static final class Exit extends Stmt {
        final Expr status;

        Exit(Expr status) {
            this.status = status;
        }

        @Override
        void exec(Env env) {
            if (status != null) {
                env.rt.exitStatus = (int) status.num(env) & 0xff;
            }
            throw Jump.EXIT;
        }
    }

    static final class Return extends Stmt {
        final Expr value;

        Return(Expr value) {
            this.value = value;
        }

        @Override
        void exec(Env env) {
            if (value != null) {
                Object v = value.eval(env);
                env.returnValue = v instanceof UninitRef ? Uninit.VALUE : v;
            }
            throw Jump.RETURN;
        }
    }

    static final class Delete extends Stmt {
        final Expr.ArrayHolder array;
        final Expr.Element element;

        Delete(Expr.ArrayHolder array, Expr.Element element) {
            this.array = array;
            this.element = element;
        }

        @Override
        void exec(Env env) {
            if (element == null) {
                array.array(env).clear();
            } else {
                String key = element.key(env);
                array.array(env).remove(key);
            }
        }
    }
}
