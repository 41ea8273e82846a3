package dev.shellbox.shell.commands.files.ls;

import dev.shellbox.shell.command.CommandContext;
import dev.shellbox.shell.commands.files.AllocatedBlocks;
import dev.shellbox.shell.fs.FileStat;
import dev.shellbox.shell.fs.FileType;
import dev.shellbox.shell.gnu.filevercmp.VersionOrder;
import dev.shellbox.shell.gnu.human.HumanSize;
import dev.shellbox.shell.gnu.mbchar.DisplayWidth;
import dev.shellbox.shell.gnu.time.Strftime;
import java.time.Instant;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;

/** Sorting and formatting of one listing: long lines, columns, commas or one name per line. */
final class LsPrinter {
    /** Half a Gregorian year, GNU's limit for showing the time of day instead of the year. */
    private static final long SIX_MONTHS_SECONDS = 31556952L / 2;

    private final CommandContext ctx;
    private final LsOptions o;
    private final ZoneId zone;

    LsPrinter(CommandContext ctx, LsOptions o, ZoneId zone) {
        this.ctx = ctx;
        this.o = o;
        this.zone = zone;
    }

    // ---- sorting ----

    List<LsEntry> sort(List<LsEntry> entries) {
        List<LsEntry> sorted = new ArrayList<>(entries);
        if (o.sort == LsOptions.Sort.NONE) {
            return sorted;
        }
        Comparator<LsEntry> byName = (a, b) -> Arrays.compareUnsigned(a.key, b.key);
        Comparator<LsEntry> order = switch (o.sort) {
            case SIZE ->
                Comparator.<LsEntry>comparingLong(e -> e.stat.size()).reversed().thenComparing(byName);
            case TIME ->
                Comparator.<LsEntry>comparingLong(this::time).reversed().thenComparing(byName);
            case EXTENSION ->
                Comparator.<LsEntry, byte[]>comparing(e -> extension(e.key), Arrays::compareUnsigned)
                        .thenComparing(byName);
            case VERSION -> (a, b) -> VersionOrder.NAMES.compare(a.key, b.key);
            case WIDTH ->
                Comparator.<LsEntry>comparingInt(e -> DisplayWidth.of(quote(e.name)))
                        .thenComparing(byName);
            default -> byName;
        };
        if (o.reverse) {
            order = order.reversed();
        }
        if (o.groupDirectoriesFirst) {
            order = Comparator.<LsEntry, Boolean>comparing(e -> !isDirectoryLike(e))
                    .thenComparing(order);
        }
        sorted.sort(order);
        return sorted;
    }

    private static boolean isDirectoryLike(LsEntry e) {
        return e.stat.isDirectory() || (e.targetStat != null && e.targetStat.isDirectory());
    }

    private static byte[] extension(byte[] name) {
        for (int i = name.length - 1; i >= 0; i--) {
            if (name[i] == '.') {
                return Arrays.copyOfRange(name, i, name.length);
            }
        }
        return new byte[0];
    }

    private long time(LsEntry e) {
        return switch (o.time) {
            case ACCESS -> e.stat.atimeMillis();
            case CHANGE, BIRTH -> e.stat.ctimeMillis();
            default -> e.stat.mtimeMillis();
        };
    }

    // ---- rendering ----

    String quoteName(String name) {
        return quote(name);
    }

    private String quote(String name) {
        return o.quoting.quote(name, o.hideControl);
    }

    /** The lines of one listing; {@code directory} adds the "total" line of long and -s listings. */
    String render(List<LsEntry> entries, boolean directory) {
        StringBuilder sb = new StringBuilder();
        String eol = o.zero ? "\0" : "\n";
        if (directory && (o.format == LsOptions.Format.LONG || o.blocks)) {
            long total = 0;
            for (LsEntry e : entries) {
                total += AllocatedBlocks.of(e.stat);
            }
            sb.append("total ").append(blockCount(total)).append(eol);
        }
        if (entries.isEmpty()) {
            return sb.toString();
        }
        Names names = new Names(entries);
        if (o.format == LsOptions.Format.LONG) {
            renderLong(entries, names, sb, eol);
            return sb.toString();
        }
        int inodeWidth = 0;
        int blockWidth = 0;
        for (LsEntry e : entries) {
            inodeWidth = Math.max(inodeWidth, Long.toString(e.stat.inode()).length());
            blockWidth =
                    Math.max(blockWidth, blockCount(AllocatedBlocks.of(e.stat)).length());
        }
        List<String> cells = new ArrayList<>(entries.size());
        List<Integer> widths = new ArrayList<>(entries.size());
        boolean commas = o.format == LsOptions.Format.COMMAS;
        for (int i = 0; i < entries.size(); i++) {
            LsEntry e = entries.get(i);
            StringBuilder cell = new StringBuilder();
            int width = 0;
            if (o.inode) {
                String inode = Long.toString(e.stat.inode());
                cell.append(commas ? inode : pad(inode, inodeWidth, true)).append(' ');
                width += (commas ? inode.length() : inodeWidth) + 1;
            }
            if (o.blocks) {
                String blocks = blockCount(AllocatedBlocks.of(e.stat));
                cell.append(commas ? blocks : pad(blocks, blockWidth, true)).append(' ');
                width += (commas ? blocks.length() : blockWidth) + 1;
            }
            cell.append(names.painted(i));
            width += names.width(i);
            char indicator = indicator(e.stat, false);
            if (indicator != 0) {
                cell.append(indicator);
                width++;
            }
            cells.add(cell.toString());
            widths.add(width);
        }
        switch (o.format) {
            case COLUMNS -> columns(cells, widths, true, sb, eol);
            case ACROSS -> columns(cells, widths, false, sb, eol);
            case COMMAS -> commas(cells, widths, sb, eol);
            default -> {
                for (String cell : cells) {
                    sb.append(cell).append(eol);
                }
            }
        }
        return sb.toString();
    }

    /** The names of a listing, quoted, colored and aligned when some need quotes and others do not. */
    private final class Names {
        private final String[] painted;
        private final int[] widths;

        Names(List<LsEntry> entries) {
            painted = new String[entries.size()];
            widths = new int[entries.size()];
            String[] quoted = new String[entries.size()];
            boolean anyQuoted = false;
            for (int i = 0; i < entries.size(); i++) {
                quoted[i] = quote(entries.get(i).name);
                anyQuoted |= quoted[i].startsWith("'") || quoted[i].startsWith("\"");
            }
            boolean align = anyQuoted
                    && o.quoting.variableOuterQuotes()
                    && o.format != LsOptions.Format.COMMAS
                    && o.format != LsOptions.Format.ONE_PER_LINE;
            for (int i = 0; i < entries.size(); i++) {
                LsEntry e = entries.get(i);
                boolean padded = align && !(quoted[i].startsWith("'") || quoted[i].startsWith("\""));
                String shown =
                        o.colors == null ? quoted[i] : o.colors.paint(quoted[i], e.name, e.stat, e.targetStat, false);
                painted[i] = (padded ? " " : "") + shown;
                widths[i] = DisplayWidth.of(quoted[i]) + (padded ? 1 : 0);
            }
        }

        String painted(int i) {
            return painted[i];
        }

        int width(int i) {
            return widths[i];
        }
    }

    private void renderLong(List<LsEntry> entries, Names names, StringBuilder sb, String eol) {
        int inodeWidth = 0;
        int blockWidth = 0;
        int linkWidth = 0;
        int ownerWidth = 0;
        int groupWidth = 0;
        int sizeWidth = 0;
        for (LsEntry e : entries) {
            inodeWidth = Math.max(inodeWidth, Long.toString(e.stat.inode()).length());
            blockWidth =
                    Math.max(blockWidth, blockCount(AllocatedBlocks.of(e.stat)).length());
            linkWidth = Math.max(linkWidth, Integer.toString(e.stat.nlink()).length());
            ownerWidth = Math.max(ownerWidth, DisplayWidth.of(owner(e.stat)));
            groupWidth = Math.max(groupWidth, DisplayWidth.of(group(e.stat)));
            sizeWidth = Math.max(sizeWidth, size(e.stat).length());
        }
        long now = ctx.clock().millis();
        for (int i = 0; i < entries.size(); i++) {
            LsEntry e = entries.get(i);
            FileStat st = e.stat;
            if (o.inode) {
                sb.append(pad(Long.toString(st.inode()), inodeWidth, true)).append(' ');
            }
            if (o.blocks) {
                sb.append(pad(blockCount(AllocatedBlocks.of(st)), blockWidth, true))
                        .append(' ');
            }
            sb.append(st.modeString()).append(' ');
            sb.append(pad(Integer.toString(st.nlink()), linkWidth, true)).append(' ');
            if (o.showOwner) {
                sb.append(pad(owner(st), ownerWidth, false)).append(' ');
            }
            if (o.showGroup) {
                sb.append(pad(group(st), groupWidth, false)).append(' ');
            }
            sb.append(pad(size(st), sizeWidth, true)).append(' ');
            sb.append(date(time(e), now)).append(' ');
            sb.append(names.painted(i));
            if (e.linkTarget != null && st.isSymlink()) {
                String target = quote(e.linkTarget);
                boolean targetKnown =
                        o.indicator == LsOptions.Indicator.FILE_TYPE || o.indicator == LsOptions.Indicator.CLASSIFY;
                if (o.colors != null && (targetKnown || o.colors.colorsLinkTargets())) {
                    FileStat shownTarget = e.targetStat;
                    target = o.colors.paint(
                            target, e.linkTarget, shownTarget == null ? st : shownTarget, null, shownTarget == null);
                }
                sb.append(" -> ").append(target);
                if (e.targetStat != null && o.indicator != LsOptions.Indicator.NONE) {
                    char c = indicator(e.targetStat, true);
                    if (c != 0) {
                        sb.append(c);
                    }
                }
            } else {
                char c = indicator(st, false);
                if (c != 0) {
                    sb.append(c);
                }
            }
            sb.append(eol);
        }
    }

    private String owner(FileStat st) {
        return o.numeric ? Integer.toString(st.uid()) : ctx.identity().userName(st.uid());
    }

    private String group(FileStat st) {
        return o.numeric ? Integer.toString(st.gid()) : ctx.identity().groupName(st.gid());
    }

    /** The size column: bytes, human, or in --block-size units with the unit's letter. */
    private String size(FileStat st) {
        if (o.human) {
            return HumanSize.format(st.size(), o.si);
        }
        if (!o.sizeInBlocks) {
            return Long.toString(st.size());
        }
        return HumanSize.ceilUnits(st.size(), 1, o.blockSize) + o.blockSuffix;
    }

    /** A count of 512-byte blocks shown in the listing's block size. */
    private String blockCount(long blocks512) {
        if (o.human) {
            return HumanSize.format(blocks512 * 512, o.si);
        }
        return HumanSize.ceilUnits(blocks512, 512, o.blockSize) + o.blockSuffix;
    }

    private String date(long millis, long now) {
        boolean recent = millis > now - SIX_MONTHS_SECONDS * 1000 && millis <= now;
        return Strftime.nstrftime(
                recent ? o.recentFormat : o.oldFormat,
                Instant.ofEpochMilli(millis).atZone(zone));
    }

    /** The -F / -p / --file-type character for a file, 0 for none. */
    private char indicator(FileStat st, boolean linkTarget) {
        if (o.indicator == LsOptions.Indicator.NONE) {
            return 0;
        }
        FileType type = st.type();
        if (type == FileType.DIRECTORY) {
            return '/';
        }
        if (o.indicator == LsOptions.Indicator.SLASH) {
            return 0;
        }
        return switch (type) {
            case SYMLINK -> linkTarget ? 0 : '@';
            case FIFO -> '|';
            case REGULAR -> o.indicator == LsOptions.Indicator.CLASSIFY && (st.mode() & 0111) != 0 ? '*' : 0;
            default -> 0;
        };
    }

    private void columns(List<String> cells, List<Integer> widths, boolean byColumns, StringBuilder sb, String eol) {
        int n = cells.size();
        int lineLength = o.lineLength;
        int maxCols = lineLength == 0 ? n : Math.max(1, Math.min(n, lineLength / 3));
        int[][] colWidths = new int[maxCols][];
        long[] lineLen = new long[maxCols];
        boolean[] valid = new boolean[maxCols];
        for (int i = 0; i < maxCols; i++) {
            colWidths[i] = new int[i + 1];
            Arrays.fill(colWidths[i], 3);
            lineLen[i] = (i + 1) * 3L;
            valid[i] = true;
        }
        for (int f = 0; f < n; f++) {
            int nameLength = widths.get(f);
            for (int i = 0; i < maxCols; i++) {
                if (!valid[i]) {
                    continue;
                }
                int idx = byColumns ? f / ((n + i) / (i + 1)) : f % (i + 1);
                int real = nameLength + (idx == i ? 0 : 2);
                if (colWidths[i][idx] < real) {
                    lineLen[i] += real - colWidths[i][idx];
                    colWidths[i][idx] = real;
                    valid[i] = lineLength == 0 || lineLen[i] < lineLength;
                }
            }
        }
        int cols = maxCols;
        while (cols > 1 && !valid[cols - 1]) {
            cols--;
        }
        int[] colWidth = colWidths[cols - 1];
        if (byColumns) {
            int rows = n / cols + (n % cols != 0 ? 1 : 0);
            for (int row = 0; row < rows; row++) {
                int col = 0;
                int pos = 0;
                int f = row;
                while (true) {
                    int nameLength = widths.get(f);
                    int max = colWidth[col++];
                    sb.append(cells.get(f));
                    f += rows;
                    if (f >= n) {
                        break;
                    }
                    indent(sb, pos + nameLength, pos + max);
                    pos += max;
                }
                sb.append(eol);
            }
        } else {
            int pos = 0;
            sb.append(cells.get(0));
            int nameLength = widths.get(0);
            int max = colWidth[0];
            for (int f = 1; f < n; f++) {
                int col = f % cols;
                if (col == 0) {
                    sb.append(eol);
                    pos = 0;
                } else {
                    indent(sb, pos + nameLength, pos + max);
                    pos += max;
                }
                sb.append(cells.get(f));
                nameLength = widths.get(f);
                max = colWidth[col];
            }
            sb.append(eol);
        }
    }

    /** Moves from column {@code from} to {@code to} with tabs where they fit, as GNU ls does. */
    private void indent(StringBuilder sb, int from, int to) {
        while (from < to) {
            if (o.tabSize != 0 && to / o.tabSize > (from + 1) / o.tabSize) {
                sb.append('\t');
                from += o.tabSize - from % o.tabSize;
            } else {
                sb.append(' ');
                from++;
            }
        }
    }

    private void commas(List<String> cells, List<Integer> widths, StringBuilder sb, String eol) {
        int pos = 0;
        for (int f = 0; f < cells.size(); f++) {
            int len = widths.get(f);
            if (f != 0) {
                if (o.lineLength == 0 || pos + len + 2 < o.lineLength) {
                    pos += 2;
                    sb.append(", ");
                } else {
                    pos = 0;
                    sb.append(',').append(eol);
                }
            }
            sb.append(cells.get(f));
            pos += len;
        }
        sb.append(eol);
    }

    private static String pad(String s, int width, boolean right) {
        int w = DisplayWidth.of(s);
        if (w >= width) {
            return s;
        }
        String spaces = " ".repeat(width - w);
        return right ? spaces + s : s + spaces;
    }
}
