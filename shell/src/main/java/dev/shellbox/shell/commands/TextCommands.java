package dev.shellbox.shell.commands;

import dev.shellbox.shell.command.Command;
import dev.shellbox.shell.commands.seq.SeqCommand;
import dev.shellbox.shell.commands.sort.SortCommand;
import dev.shellbox.shell.commands.tr.TrCommand;
import java.util.List;

/** Line and byte oriented text tools: head, sort, cut, tr, od, ... */
final class TextCommands {
    private TextCommands() {}

    static List<Command> all() {
        return List.of(
                new HeadCommand(),
                new TailCommand(),
                new WcCommand(),
                new SortCommand(),
                new UniqCommand(),
                new CutCommand(),
                new PasteCommand(),
                new TrCommand(),
                new RevCommand(),
                new TacCommand(),
                new NlCommand(),
                new FoldCommand(),
                new ExpandCommand(),
                new UnexpandCommand(),
                new ColumnCommand(),
                new JoinCommand(),
                new CommCommand(),
                new SplitCommand(),
                new StringsCommand(),
                new OdCommand(),
                new XxdCommand(),
                new CmpCommand(),
                new TeeCommand(),
                new SeqCommand(),
                new ShufCommand(),
                new YesCommand());
    }
}
