package dev.shellbox.shell.commands.data.awk;

import java.util.List;

/** A user-defined function: its parameters (the extra ones are locals) and body. */
final class FunctionDef {
    final String name;
    final List<String> params;
    Stmt body;

    FunctionDef(String name, List<String> params) {
        this.name = name;
        this.params = params;
    }
}
