package dev.shellbox.shell.commands.text;

import dev.shellbox.shell.command.Command;
import dev.shellbox.shell.commands.text.seq.SeqCommand;
import dev.shellbox.shell.commands.text.sort.SortCommand;
import dev.shellbox.shell.commands.text.tr.TrCommand;
import java.util.List;

/** Line and byte oriented text tools: head, sort, cut, tr, od, ... */
public final class TextCommands {
    private TextCommands() {}

    public static List<Command> all() {
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
