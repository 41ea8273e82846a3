package dev.shellbox.shell.commands.data.awk;

/** What evaluation needs: the runtime and the locals of the function being run (empty outside functions). */
final class Env {
    static final Object[] NO_LOCALS = new Object[0];

    final AwkRuntime rt;
    final Object[] locals;
    Object returnValue = Uninit.VALUE;

    Env(AwkRuntime rt, Object[] locals) {
        this.rt = rt;
        this.locals = locals;
    }
}
