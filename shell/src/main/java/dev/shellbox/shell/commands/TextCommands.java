package dev.shellbox.shell.commands;

import java.util.List;

/** Line and byte oriented text tools: head, sort, cut, tr, od, ... */
final class TextCommands {
    private TextCommands() {}

    static List<Command> all() {
        return List.of(
                new HeadCommand(),
                new TailCommand(),
                new WcCommand(),
                new UniqCommand(),
                new TeeCommand(),
                new PasteCommand(),
                new RevCommand(),
                new TacCommand(),
                new NlCommand(),
                new FoldCommand(),
                new ExpandCommand(),
                new UnexpandCommand(),
                new CommCommand(),
                new JoinCommand(),
                new SplitCommand(),
                new CmpCommand(),
                new StringsCommand(),
                new OdCommand(),
                new XxdCommand(),
                new ColumnCommand(),
                new ShufCommand(),
                new YesCommand(),
                new CutCommand(),
                new dev.shellbox.shell.commands.tr.TrCommand(),
                new dev.shellbox.shell.commands.seq.SeqCommand(),
                new dev.shellbox.shell.commands.sort.SortCommand());
    }
}
