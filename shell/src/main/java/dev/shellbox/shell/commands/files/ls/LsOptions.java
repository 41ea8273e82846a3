package dev.shellbox.shell.commands.files.ls;

import dev.shellbox.shell.gnu.fnmatch.Glob;
import java.util.ArrayList;
import java.util.List;

/** What the options of one {@code ls} run ask for. */
final class LsOptions {
    enum Format {
        LONG,
        ONE_PER_LINE,
        COLUMNS,
        ACROSS,
        COMMAS
    }

    enum Sort {
        NAME,
        NONE,
        SIZE,
        TIME,
        EXTENSION,
        VERSION,
        WIDTH
    }

    enum TimeField {
        MODIFICATION,
        ACCESS,
        CHANGE,
        /** Creation time; the file system does not record it, so the status change time stands in. */
        BIRTH
    }

    enum Indicator {
        NONE,
        SLASH,
        FILE_TYPE,
        CLASSIFY
    }

    /** Which symlinks are followed to describe a file. */
    enum Dereference {
        NEVER,
        COMMAND_LINE,
        COMMAND_LINE_DIRECTORIES,
        ALWAYS
    }

    /** Which entries starting with a dot are listed. */
    enum Hidden {
        SKIP,
        ALMOST_ALL,
        ALL
    }

    Format format = Format.ONE_PER_LINE;
    Sort sort = Sort.NAME;
    boolean reverse;
    boolean recursive;
    boolean directories;
    Hidden hidden = Hidden.SKIP;
    boolean ignoreBackups;
    final List<Glob> ignore = new ArrayList<>();
    final List<Glob> hide = new ArrayList<>();
    Indicator indicator = Indicator.NONE;
    boolean inode;
    boolean blocks;
    boolean human;
    boolean si;
    long blockSize = 1024;
    /** Whether --block-size scales the size column, and the unit letters shown after each number. */
    boolean sizeInBlocks;

    String blockSuffix = "";
    boolean numeric;
    boolean showOwner = true;
    boolean showGroup = true;
    TimeField time = TimeField.MODIFICATION;
    String recentFormat = "%b %e %H:%M";
    String oldFormat = "%b %e  %Y";
    Dereference dereference;
    NameQuoting quoting = NameQuoting.LITERAL;
    boolean hideControl;
    LsColors colors;
    boolean groupDirectoriesFirst;
    int lineLength = 80;
    int tabSize = 8;
    boolean zero;
}
