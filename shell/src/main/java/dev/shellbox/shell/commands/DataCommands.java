package dev.shellbox.shell.commands;

import dev.shellbox.shell.command.Command;
import dev.shellbox.shell.commands.archive.GzipCommand;
import dev.shellbox.shell.commands.archive.TarCommand;
import dev.shellbox.shell.commands.archive.UnzipCommand;
import dev.shellbox.shell.commands.archive.ZipCommand;
import dev.shellbox.shell.commands.awk.AwkCommand;
import dev.shellbox.shell.commands.checksum.Algorithm;
import dev.shellbox.shell.commands.checksum.CksumCommand;
import dev.shellbox.shell.commands.checksum.DigestSumCommand;
import dev.shellbox.shell.commands.jq.JqCommand;
import dev.shellbox.shell.commands.jq.YqCommand;
import dev.shellbox.shell.commands.sqlite.SqliteCommand;
import java.util.ArrayList;
import java.util.List;

/** awk, jq, yq, checksums, compression and archives, sqlite3. */
final class DataCommands {
    private DataCommands() {}

    static List<Command> all() {
        List<Command> all = new ArrayList<>();
        all.add(new AwkCommand());
        all.add(new Base64Command());
        for (Algorithm a : Algorithm.values()) {
            all.add(new DigestSumCommand(a.cksumName() + "sum", a));
        }
        all.add(new CksumCommand());
        all.add(new GzipCommand());
        all.add(new JqCommand());
        all.add(new SqliteCommand());
        all.add(new TarCommand());
        all.add(new UnzipCommand());
        all.add(new YqCommand());
        all.add(new ZipCommand());
        return List.copyOf(all);
    }
}
