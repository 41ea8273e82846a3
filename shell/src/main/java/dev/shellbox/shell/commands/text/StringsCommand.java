package dev.shellbox.shell.commands.text;

import dev.shellbox.shell.command.Command;
import dev.shellbox.shell.command.CommandContext;
import dev.shellbox.shell.command.OptionParser;
import dev.shellbox.shell.command.ParsedOptions;
import dev.shellbox.shell.fs.Errno;
import dev.shellbox.shell.fs.FsException;
import dev.shellbox.shell.io.Text;
import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.PushbackInputStream;
import java.util.List;

/** strings: print the runs of printable characters in files (GNU binutils; every file is scanned whole). */
public final class StringsCommand implements Command {
    private static final OptionParser OPTIONS = OptionParser.of("adfhn:wot:e:T:s:U:vV0123456789")
            .longOption("all", 'a')
            .longOption("data", 'd')
            .longOption("print-file-name", 'f')
            .longOption("help", 'h')
            .longOption("bytes", 'n')
            .longOption("include-all-whitespace", 'w')
            .longOption("radix", 't')
            .longOption("encoding", 'e')
            .longOption("target", 'T')
            .longOption("output-separator", 's')
            .longOption("unicode", 'U')
            .longOption("version", 'v');

    @Override
    public String name() {
        return "strings";
    }

    @Override
    public String help() {
        return """
                Usage: strings [option(s)] [file(s)]
                 Display printable strings in [file(s)] (stdin by default)
                 The options are:
                  -a - --all                Scan the entire file, not just the data section [default]
                  -d --data                 Only scan the data sections in the file
                  -f --print-file-name      Print the name of the file before each string
                  -n <number>               Locate & print any sequence of at least <number>
                    --bytes=<number>         displayable characters.  (The default is 4).
                  -t --radix={o,d,x}        Print the location of the string in base 8, 10 or 16
                  -w --include-all-whitespace Include all whitespace as valid string characters
                  -o                        An alias for --radix=o
                  -T --target=<BFDNAME>     Specify the binary file format
                  -e --encoding={s,S,b,l,B,L} Select character size and endianness:
                                            s = 7-bit, S = 8-bit, {b,l} = 16-bit, {B,L} = 32-bit
                  --unicode={default|show|invalid|hex|escape|highlight}
                  -U {d|s|i|x|e|h}          Specify how to treat UTF-8 encoded unicode characters
                  -s --output-separator=<string> String used to separate strings in output.
                  @<file>                   Read options from <file>
                  -h --help                 Display this information
                  -v -V --version           Print the program's version number
                strings: supported targets: elf64-x86-64 elf32-i386 elf32-iamcu elf32-x86-64 pei-i386 pe-x86-64 \
                pei-x86-64 elf64-little elf64-big elf32-little elf32-big pe-bigobj-x86-64 pe-i386 pdb srec symbolsrec \
                verilog tekhex binary ihex plugin
                Report bugs to <https://sourceware.org/bugzilla/>
                """;
    }

    /** What to look for and how to print it. */
    private static final class Settings {
        int minimum = 4;
        boolean fileNames;
        boolean allWhitespace;
        int radix; // 0: no offsets
        char encoding = 's';
        byte[] separator;
    }

    @Override
    public int run(CommandContext ctx, List<String> args) throws IOException {
        if (args.contains("-")) {
            return usage(ctx); // binutils refuses a lone "-"
        }
        ParsedOptions parsed;
        try {
            parsed = OPTIONS.parse(args);
        } catch (OptionParser.OptionException e) {
            ctx.error(e.getMessage());
            return usage(ctx);
        }
        Settings s = new Settings();
        String digits = "";
        for (ParsedOptions.Option o : parsed.options()) {
            String key = o.key();
            String v = o.value();
            if (key.length() == 1 && Character.isDigit(key.charAt(0))) {
                digits += key; // -NUM, applied after every other option as binutils does
                continue;
            }
            switch (key) {
                case "h" -> {
                    ctx.print(help());
                    return 0;
                }
                case "v", "V" -> {
                    ctx.print("strings (Shellbox) 1.0\n");
                    return 0;
                }
                case "f" -> s.fileNames = true;
                case "w" -> s.allWhitespace = true;
                case "o" -> s.radix = 8;
                case "s" -> s.separator = Text.encode(v);
                case "n" -> {
                    Integer n = parseCount(ctx, v);
                    if (n == null) {
                        return 1;
                    }
                    s.minimum = n;
                }
                case "t" -> {
                    if (v.length() != 1 || "odx".indexOf(v.charAt(0)) < 0) {
                        return usage(ctx);
                    }
                    s.radix = v.charAt(0) == 'o' ? 8 : v.charAt(0) == 'd' ? 10 : 16;
                }
                case "e" -> {
                    if (v.length() != 1 || "sSblBL".indexOf(v.charAt(0)) < 0) {
                        return usage(ctx);
                    }
                    s.encoding = v.charAt(0);
                }
                case "U" -> {
                    if (!v.equals("d") && !v.equals("default")) {
                        ctx.error("invalid argument to -U/--unicode: " + v);
                        return 1;
                    }
                }
                default -> {} // -a, -d, -T: every input is scanned whole
            }
        }
        if (!digits.isEmpty()) {
            Integer n = parseCount(ctx, digits);
            if (n == null) {
                return 1;
            }
            s.minimum = n;
        }
        List<String> files = parsed.operands();
        ByteSink out = new ByteSink(ctx.stdout());
        int status = 0;
        try {
            if (files.isEmpty()) {
                scan(ctx, ctx.stdin(), "{standard input}", s, out);
            }
            for (String file : files) {
                ctx.checkCancelled();
                InputStream in;
                try {
                    in = ctx.openInput(file);
                } catch (FsException e) {
                    out.flush();
                    if (e.errno() == Errno.EISDIR) {
                        ctx.error("Warning: '" + file + "' is a directory");
                    } else if (e.errno() == Errno.ENOENT) {
                        ctx.error("'" + file + "': No such file");
                    } else {
                        ctx.error(file + ": " + e.errno().message());
                    }
                    status = 1;
                    continue;
                }
                try (InputStream input = in) {
                    scan(ctx, input, file, s, out);
                }
            }
        } finally {
            out.flush();
        }
        return status;
    }

    private static Integer parseCount(CommandContext ctx, String v) throws IOException {
        int n;
        try {
            n = Integer.decode(v.strip());
        } catch (NumberFormatException e) {
            ctx.error("invalid integer argument " + v);
            return null;
        }
        if (n < 1) {
            ctx.error("invalid minimum string length " + n);
            return null;
        }
        return n;
    }

    private int usage(CommandContext ctx) throws IOException {
        String text = help();
        ctx.stderr().write(Text.encode(text.substring(0, text.indexOf("Report bugs"))));
        ctx.stderr().flush();
        return 1;
    }

    /** STRING_ISGRAPHIC of binutils. */
    private static boolean isGraphic(long c, Settings s) {
        if (c < 0 || c > 255) {
            return false;
        }
        return c == '\t'
                || (c >= 0x20 && c < 0x7f)
                || (s.encoding == 'S' && c > 127)
                || (s.allWhitespace && (c == ' ' || (c >= '\t' && c <= '\r')));
    }

    /** Reads characters of the chosen width and endianness; an unusable one is pushed back but its first byte. */
    private static final class CharReader {
        private final PushbackInputStream in;
        private final int width;
        private final char encoding;
        private final byte[] unit = new byte[4];
        long address;

        CharReader(InputStream in, char encoding) {
            this.in = new PushbackInputStream(new BufferedInputStream(in, 1 << 16), 4);
            this.encoding = encoding;
            this.width = encoding == 'b' || encoding == 'l' ? 2 : encoding == 'B' || encoding == 'L' ? 4 : 1;
        }

        /** The next character, or -1 at the end. */
        long next() throws IOException {
            int n = 0;
            while (n < width) {
                int b = in.read();
                if (b < 0) {
                    return -1;
                }
                unit[n++] = (byte) b;
            }
            address += width;
            long c = 0;
            switch (encoding) {
                case 'b' -> c = ((unit[0] & 0xffL) << 8) | (unit[1] & 0xff);
                case 'l' -> c = ((unit[1] & 0xffL) << 8) | (unit[0] & 0xff);
                case 'B' ->
                    c = ((unit[0] & 0xffL) << 24)
                            | ((unit[1] & 0xffL) << 16)
                            | ((unit[2] & 0xffL) << 8)
                            | (unit[3] & 0xff);
                case 'L' ->
                    c = ((unit[3] & 0xffL) << 24)
                            | ((unit[2] & 0xffL) << 16)
                            | ((unit[1] & 0xffL) << 8)
                            | (unit[0] & 0xff);
                default -> c = unit[0] & 0xff;
            }
            return c;
        }

        /** Rewinds so that scanning resumes one byte after the start of the last character. */
        void unread() throws IOException {
            if (width > 1) {
                in.unread(unit, 1, width - 1);
                address -= width - 1;
            }
        }
    }

    private static void scan(CommandContext ctx, InputStream in, String name, Settings s, ByteSink out)
            throws IOException {
        CharReader reader = new CharReader(in, s.encoding);
        byte[] run = new byte[s.minimum];
        long count = 0;
        while (true) {
            // Look for s.minimum graphic characters in a row.
            long start = reader.address;
            int i = 0;
            while (i < s.minimum) {
                long c = reader.next();
                if (c < 0) {
                    return;
                }
                if (!isGraphic(c, s)) {
                    reader.unread();
                    start = reader.address;
                    i = 0;
                    continue;
                }
                run[i++] = (byte) c;
            }
            if ((++count & 0xff) == 0) {
                ctx.checkCancelled();
            }
            if (s.fileNames) {
                out.write(Text.encode(name + ": "));
            }
            if (s.radix != 0) {
                String offset = s.radix == 8
                        ? Long.toOctalString(start)
                        : s.radix == 10 ? Long.toString(start) : Long.toHexString(start);
                out.writeAscii(" ".repeat(Math.max(0, 7 - offset.length())) + offset + " ");
            }
            out.write(run, 0, s.minimum);
            while (true) {
                long c = reader.next();
                if (c < 0) {
                    break;
                }
                if (!isGraphic(c, s)) {
                    reader.unread();
                    break;
                }
                out.write((int) c);
            }
            if (s.separator != null) {
                out.write(s.separator);
            } else {
                out.write('\n');
            }
        }
    }
}
