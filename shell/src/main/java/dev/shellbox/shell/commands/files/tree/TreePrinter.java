package dev.shellbox.shell.commands.files.tree;

import dev.shellbox.shell.command.CommandContext;
import dev.shellbox.shell.fs.FileStat;
import dev.shellbox.shell.fs.FileType;
import dev.shellbox.shell.gnu.time.Strftime;
import dev.shellbox.shell.io.Text;
import java.io.IOException;
import java.io.OutputStream;
import java.time.Instant;
import java.time.ZoneId;
import java.util.List;

/** Prints the tree: indentation lines, the bracketed file information, names, link targets and the report. */
final class TreePrinter {
    private static final long SIX_MONTHS_MILLIS = 6L * 31 * 24 * 60 * 60 * 1000;

    private final CommandContext ctx;
    private final TreeOptions o;
    private final ZoneId zone;
    private final OutputStream out;
    private final String vertical;
    private final String branch;
    private final String corner;

    TreePrinter(CommandContext ctx, TreeOptions o, ZoneId zone, OutputStream out) {
        this.ctx = ctx;
        this.o = o;
        this.zone = zone;
        this.out = out;
        vertical = o.utf8Lines ? "\u2502  " : "|  ";
        branch = o.utf8Lines ? "\u251c\u2500\u2500" : "|--";
        corner = o.utf8Lines ? "\u2514\u2500\u2500" : "`--";
    }

    void printRoot(TreeNode root) throws IOException {
        StringBuilder line = new StringBuilder();
        if (root.stat != null) {
            appendInfo(line, root.stat);
        }
        line.append(name(root.name));
        if (o.classify && root.stat != null) {
            appendIndicator(line, root.stat.type(), root.stat.mode(), true);
        }
        if (root.error != null) {
            line.append("  [").append(root.error).append(']');
        }
        write(line.append('\n'));
    }

    /** Prints the entries below {@code dir}; the number of directories and files listed. */
    long[] printChildren(TreeNode dir, int level, List<Boolean> moreAbove) throws IOException {
        long dirs = 0;
        long files = 0;
        List<TreeNode> children = dir.children;
        for (int i = 0; i < children.size(); i++) {
            ctx.checkCancelled();
            TreeNode node = children.get(i);
            boolean more = i + 1 < children.size();
            StringBuilder line = new StringBuilder();
            if (!o.noIndent) {
                for (boolean ancestorHasMore : moreAbove) {
                    line.append(ancestorHasMore ? vertical : "   ").append(' ');
                }
                line.append(more ? branch : corner).append(' ');
            }
            appendInfo(line, node.stat);
            line.append(name(o.fullPath ? node.path : node.name));
            if (node.linkTarget != null) {
                line.append(" -> ").append(name(node.linkTarget));
                if (o.classify && node.targetStat != null) {
                    appendIndicator(line, node.targetStat.type(), node.targetStat.mode(), false);
                }
            } else if (o.classify) {
                appendIndicator(line, node.stat.type(), node.stat.mode(), false);
            }
            if (node.error != null) {
                line.append("  [").append(node.error).append(']');
            }
            write(line.append('\n'));
            if (node.isDirectory) {
                dirs++;
            } else {
                files++;
            }
            if (node.children != null) {
                moreAbove.add(more);
                long[] below = printChildren(node, level + 1, moreAbove);
                moreAbove.remove(moreAbove.size() - 1);
                dirs += below[0];
                files += below[1];
            }
        }
        return new long[] {dirs, files};
    }

    void report(long dirs, long files) throws IOException {
        StringBuilder sb = new StringBuilder("\n");
        sb.append(dirs).append(dirs == 1 ? " directory" : " directories");
        if (!o.directoriesOnly) {
            sb.append(", ").append(files).append(files == 1 ? " file" : " files");
        }
        write(sb.append('\n'));
    }

    /** {@code [info]  } before a name when -p, -u, -g, -s, -h, -D or --inodes ask for it. */
    private void appendInfo(StringBuilder line, FileStat st) {
        StringBuilder info = new StringBuilder();
        if (o.inodes) {
            info.append(String.format(" %7d", st.inode()));
        }
        if (o.permissions) {
            info.append(' ').append(st.modeString());
        }
        if (o.user) {
            info.append(String.format(" %-8s", ctx.identity().userName(st.uid())));
        }
        if (o.group) {
            info.append(String.format(" %-8s", ctx.identity().groupName(st.gid())));
        }
        if (o.size) {
            info.append(size(st.size()));
        }
        if (o.date) {
            info.append(' ').append(date(o.changeTime ? st.ctimeMillis() : st.mtimeMillis()));
        }
        if (info.length() > 0) {
            line.append('[').append(info, 1, info.length()).append("]  ");
        }
    }

    /** The size field: eleven digits, or with -h/--si four columns with a unit letter. */
    private String size(long size) {
        if (!o.human) {
            return String.format(" %11d", size);
        }
        int unit = o.si ? 1000 : 1024;
        String units = o.si ? "dkMGTPEZY" : "BKMGTPEZY";
        int idx = size < unit ? 0 : 1;
        long scaled = size;
        while (scaled >= (long) unit * unit && idx < units.length() - 1) {
            idx++;
            scaled /= unit;
        }
        if (idx == 0) {
            return String.format(" %4d", size);
        }
        double value = (double) scaled / unit;
        String format = (scaled + 52) / unit >= 10 ? " %3.0f%c" : " %3.1f%c";
        return String.format(java.util.Locale.ROOT, format, value, units.charAt(idx));
    }

    private String date(long millis) {
        if (o.timeFormat != null) {
            return Strftime.nstrftime(o.timeFormat, Instant.ofEpochMilli(millis).atZone(zone));
        }
        long now = ctx.clock().millis();
        boolean old = millis > now || millis + SIX_MONTHS_MILLIS < now;
        return Strftime.nstrftime(
                old ? "%b %e  %Y" : "%b %e %R", Instant.ofEpochMilli(millis).atZone(zone));
    }

    private void appendIndicator(StringBuilder line, FileType type, int mode, boolean root) {
        switch (type) {
            case DIRECTORY -> {
                if (!o.directoriesOnly) {
                    line.append('/');
                }
            }
            case FIFO -> line.append('|');
            case SYMLINK -> {
                if (root) {
                    line.append('@');
                }
            }
            case REGULAR -> {
                if ((mode & 0111) != 0) {
                    line.append('*');
                }
            }
            default -> {}
        }
    }

    /** A name as tree prints it: printable characters as they are, others as octal escapes (or ? with -q). */
    private String name(String s) {
        if (o.literal) {
            return o.quote ? '"' + s + '"' : s;
        }
        StringBuilder sb = new StringBuilder();
        if (o.quote) {
            sb.append('"');
        }
        boolean valid = s.chars().noneMatch(c -> Text.isEscapedByte((char) c));
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (valid) {
                if (c < 0x20 || c == 0x7f || (c >= 0x80 && c <= 0x9f)) {
                    sb.append(o.hideControl ? "?" : String.format("\\%03o", (int) c));
                } else {
                    sb.append(c);
                }
                continue;
            }
            // Not UTF-8: tree falls back to escaping byte by byte.
            int b = Text.isEscapedByte(c) ? c - 0xDC00 : c;
            if ((b >= 7 && b <= 13) || b == '\\' || (b == '"' && o.quote) || (b == ' ' && !o.quote)) {
                sb.append('\\').append(b > 13 ? (char) b : "abtnvfr".charAt(b - 7));
            } else if (b >= 0x20 && b < 0x7f) {
                sb.append((char) b);
            } else if (o.hideControl) {
                sb.append(b > 127 ? c : '?');
            } else {
                for (byte raw : Text.encode(String.valueOf(c))) {
                    sb.append(String.format("\\%03o", raw & 0xff));
                }
            }
        }
        if (o.quote) {
            sb.append('"');
        }
        return sb.toString();
    }

    private void write(CharSequence text) throws IOException {
        out.write(Text.encode(text));
    }
}
