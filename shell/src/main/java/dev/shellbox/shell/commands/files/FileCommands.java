package dev.shellbox.shell.commands.files;

import dev.shellbox.shell.command.Command;
import dev.shellbox.shell.commands.files.file.FileCommand;
import dev.shellbox.shell.commands.files.find.FindCommand;
import dev.shellbox.shell.commands.files.ls.LsCommand;
import dev.shellbox.shell.commands.files.stat.StatCommand;
import dev.shellbox.shell.commands.files.tree.TreeCommand;
import java.util.List;

/** Files and directories: ls, cp, mv, rm, find, ... */
public final class FileCommands {
    private FileCommands() {}

    public static List<Command> all() {
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
