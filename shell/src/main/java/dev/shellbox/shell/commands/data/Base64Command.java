package dev.shellbox.shell.commands.data;

import dev.shellbox.shell.command.Command;
import dev.shellbox.shell.command.CommandContext;
import dev.shellbox.shell.command.OptionParser;
import dev.shellbox.shell.command.ParsedOptions;
import dev.shellbox.shell.fs.Errno;
import dev.shellbox.shell.fs.FsException;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;

/** base64: encode or decode RFC 4648 base64, streaming (GNU coreutils). */
public final class Base64Command implements Command {
    private static final OptionParser OPTIONS = OptionParser.of("diw:")
            .longOption("decode", 'd')
            .longOption("ignore-garbage", 'i')
            .longOption("wrap", 'w');
    private static final byte[] ALPHABET =
            "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".getBytes(StandardCharsets.US_ASCII);
    private static final int[] VALUES = new int[256];

    static {
        Arrays.fill(VALUES, -1);
        for (int i = 0; i < ALPHABET.length; i++) {
            VALUES[ALPHABET[i]] = i;
        }
    }

    @Override
    public String name() {
        return "base64";
    }

    @Override
    public String help() {
        return """
                Usage: base64 [OPTION]... [FILE]
                Base64 encode or decode FILE, or standard input, to standard output.

                With no FILE, or when FILE is -, read standard input.

                Mandatory arguments to long options are mandatory for short options too.
                  -d, --decode          decode data
                  -i, --ignore-garbage  when decoding, ignore non-alphabet characters
                  -w, --wrap=COLS       wrap encoded lines after COLS character (default 76).
                                          Use 0 to disable line wrapping
                      --help        display this help and exit
                      --version     output version information and exit

                The data are encoded as described for the base64 alphabet in RFC 4648.
                When decoding, the input may contain newlines in addition to the bytes of
                the formal base64 alphabet.  Use --ignore-garbage to attempt to recover
                from any other non-alphabet bytes in the encoded stream.
                """;
    }

    @Override
    public int run(CommandContext ctx, List<String> args) throws IOException {
        ParsedOptions parsed;
        try {
            parsed = OPTIONS.parse(args);
        } catch (OptionParser.OptionException e) {
            return ctx.usageError(e.getMessage(), 1);
        }
        long wrap = 76;
        if (parsed.has('w')) {
            String w = parsed.value('w');
            try {
                wrap = Long.parseLong(w);
            } catch (NumberFormatException e) {
                wrap = -1;
            }
            if (wrap < 0) {
                ctx.error("invalid wrap size: \u2018" + w + "\u2019");
                return 1;
            }
        }
        if (parsed.operands().size() > 1) {
            return ctx.usageError("extra operand \u2018" + parsed.operands().get(1) + "\u2019", 1);
        }
        String file = parsed.operands().isEmpty() ? "-" : parsed.operands().get(0);
        InputStream in;
        try {
            in = file.equals("-") ? ctx.stdin() : ctx.openInput(file);
        } catch (FsException e) {
            if (e.errno() == Errno.EISDIR) {
                ctx.error("read error: " + e.errno().message());
            } else {
                ctx.fileError(file, e);
            }
            return 1;
        }
        OutputStream out = new BufferedOutputStream(ctx.stdout(), 65536);
        try {
            if (parsed.has('d')) {
                return decode(ctx, in, out, parsed.has('i'));
            }
            encode(ctx, in, out, wrap);
            return 0;
        } catch (FsException e) {
            out.flush();
            ctx.error("read error: " + e.errno().message());
            return 1;
        } finally {
            out.flush();
            if (in != ctx.stdin()) {
                in.close();
            }
        }
    }

    private static void encode(CommandContext ctx, InputStream in, OutputStream out, long wrap) throws IOException {
        byte[] buffer = new byte[3 * 16384];
        long column = 0;
        int carry = 0;
        int n;
        while ((n = readFully(in, buffer, carry)) > 0) {
            ctx.checkCancelled();
            int whole = n - n % 3;
            boolean last = n < buffer.length;
            int end = last ? n : whole;
            for (int i = 0; i < end; i += 3) {
                int b0 = buffer[i] & 0xff;
                int b1 = i + 1 < end ? buffer[i + 1] & 0xff : 0;
                int b2 = i + 2 < end ? buffer[i + 2] & 0xff : 0;
                int count = Math.min(3, end - i);
                byte[] quad = {
                    ALPHABET[b0 >> 2],
                    ALPHABET[((b0 & 3) << 4) | (b1 >> 4)],
                    count > 1 ? ALPHABET[((b1 & 15) << 2) | (b2 >> 6)] : (byte) '=',
                    count > 2 ? ALPHABET[b2 & 63] : (byte) '='
                };
                for (byte c : quad) {
                    out.write(c);
                    if (wrap > 0 && ++column == wrap) {
                        out.write('\n');
                        column = 0;
                    }
                }
            }
            carry = n - end;
            System.arraycopy(buffer, end, buffer, 0, carry);
            if (last) {
                break;
            }
        }
        if (wrap > 0 && column > 0) {
            out.write('\n');
        }
    }

    /** Fills {@code buffer} from {@code offset} as far as the stream allows; the total held. */
    private static int readFully(InputStream in, byte[] buffer, int offset) throws IOException {
        int total = offset;
        while (total < buffer.length) {
            int n = in.read(buffer, total, buffer.length - total);
            if (n <= 0) {
                break;
            }
            total += n;
        }
        return total;
    }

    private static int decode(CommandContext ctx, InputStream in, OutputStream out, boolean ignoreGarbage)
            throws IOException {
        byte[] buffer = new byte[65536];
        int[] quad = new int[4];
        int held = 0;
        int padding = 0;
        int n;
        while ((n = in.read(buffer)) > 0) {
            ctx.checkCancelled();
            for (int i = 0; i < n; i++) {
                int c = buffer[i] & 0xff;
                if (c == '\n') {
                    continue;
                }
                if (c == '=') {
                    if (held < 2) {
                        return invalid(ctx, out);
                    }
                    padding++;
                    if (held + padding == 4) {
                        flushQuad(out, quad, held);
                        held = 0;
                        padding = 0;
                    }
                    continue;
                }
                int v = VALUES[c];
                if (v < 0 || padding > 0) {
                    if (ignoreGarbage && v < 0) {
                        continue;
                    }
                    return invalid(ctx, out);
                }
                quad[held++] = v;
                if (held == 4) {
                    flushQuad(out, quad, 4);
                    held = 0;
                }
            }
        }
        if (held > 0 || padding > 0) {
            if (held >= 2 && padding == 0) {
                flushQuad(out, quad, held); // GNU writes the bytes of a final partial group before failing
            }
            return invalid(ctx, out);
        }
        return 0;
    }

    private static void flushQuad(OutputStream out, int[] quad, int held) throws IOException {
        out.write((quad[0] << 2) | (quad[1] >> 4));
        if (held > 2) {
            out.write(((quad[1] & 15) << 4) | (quad[2] >> 2));
        }
        if (held > 3) {
            out.write(((quad[2] & 3) << 6) | quad[3]);
        }
    }

    private static int invalid(CommandContext ctx, OutputStream out) throws IOException {
        out.flush();
        ctx.error("invalid input");
        return 1;
    }
}
