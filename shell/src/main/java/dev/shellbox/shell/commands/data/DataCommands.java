package dev.shellbox.shell.commands.data;

import dev.shellbox.shell.command.Command;
import dev.shellbox.shell.commands.data.archive.GzipCommand;
import dev.shellbox.shell.commands.data.archive.TarCommand;
import dev.shellbox.shell.commands.data.archive.UnzipCommand;
import dev.shellbox.shell.commands.data.archive.ZipCommand;
import dev.shellbox.shell.commands.data.awk.AwkCommand;
import dev.shellbox.shell.commands.data.checksum.Algorithm;
import dev.shellbox.shell.commands.data.checksum.CksumCommand;
import dev.shellbox.shell.commands.data.checksum.DigestSumCommand;
import dev.shellbox.shell.commands.data.jq.JqCommand;
import dev.shellbox.shell.commands.data.jq.YqCommand;
import dev.shellbox.shell.commands.data.sqlite.SqliteCommand;
import java.util.ArrayList;
import java.util.List;

/** awk, jq, yq, checksums, compression and archives, sqlite3. */
public final class DataCommands {
    private DataCommands() {}

    public static List<Command> all() {
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
