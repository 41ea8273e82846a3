package dev.shellbox.shell.commands;

import dev.shellbox.shell.command.Command;
import dev.shellbox.shell.commands.file.FileCommand;
import dev.shellbox.shell.commands.find.FindCommand;
import dev.shellbox.shell.commands.ls.LsCommand;
import dev.shellbox.shell.commands.stat.StatCommand;
import dev.shellbox.shell.commands.tree.TreeCommand;
import java.util.List;

/** Files and directories: ls, cp, mv, rm, find, ... */
final class FileCommands {
    private FileCommands() {}

    static List<Command> all() {
        return List.of(
                new CatCommand(),
                new BasenameCommand(),
                new DirnameCommand(),
                new MkdirCommand(),
                new RmdirCommand(),
                new RmCommand(),
                new TouchCommand(),
                new LnCommand(),
                new ReadlinkCommand(),
                new RealpathCommand(),
                new TruncateCommand(),
                new MktempCommand(),
                new ChmodCommand(),
                new ChownCommand(),
                new ChgrpCommand(),
                new CpCommand(),
                new MvCommand(),
                new LsCommand(),
                new StatCommand(),
                new FindCommand(),
                new DuCommand(),
                new DfCommand(),
                new TreeCommand(),
                new FileCommand());
    }
}
