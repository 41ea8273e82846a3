package dev.shellbox.shell.commands.files.file;

import dev.shellbox.shell.gnu.time.Strftime;
import java.io.IOException;
import java.time.Instant;
import java.time.ZoneId;

/** Recognizes binary formats by their magic numbers, with the details {@code file} prints for each. */
final class BinaryMagic {
    private BinaryMagic() {}

    /** The description of a known binary format, or null. */
    static Description describe(FileBytes f, ZoneId zone) throws IOException {
        if (f.startsWith("\u007fELF")) {
            return ElfDescriber.describe(f);
        }
        if (f.startsWith("\u001f\u008b") && f.head.length >= 10) {
            return gzip(f, zone);
        }
        if (f.startsWith("BZh") && f.u8(3) >= '1' && f.u8(3) <= '9') {
            return Description.binary(
                    "bzip2 compressed data, block size = " + (f.u8(3) - '0') + "00k", "application/x-bzip2");
        }
        if (f.startsWith("\u00fd7zXZ\u0000")) {
            String check = f.head.length > 7
                    ? switch (f.u8(7) & 0x0f) {
                        case 0 -> " NONE";
                        case 1 -> " CRC32";
                        case 4 -> " CRC64";
                        case 10 -> " SHA-256";
                        default -> "";
                    }
                    : "";
            return Description.binary("XZ compressed data, checksum" + check, "application/x-xz");
        }
        if (f.startsWith("\u0028\u00b5\u002f\u00fd")) {
            return Description.binary("Zstandard compressed data (v0.8+), Dictionary ID: None", "application/zstd");
        }
        if (f.startsWith("PK\u0003\u0004") && f.head.length >= 30) {
            int version = f.u16le(4);
            int method = f.u16le(8);
            String methodName = switch (method) {
                case 0 -> "store";
                case 8 -> "deflate";
                case 9 -> "deflate64";
                case 12 -> "bzip2";
                case 14 -> "lzma";
                case 93 -> "zstd";
                case 95 -> "xz";
                default -> Integer.toString(method);
            };
            return Description.binary(
                    "Zip archive data, at least v" + version / 10 + "." + version % 10
                            + " to extract, compression method=" + methodName,
                    "application/zip");
        }
        if (f.startsWith("PK\u0005\u0006")) {
            return Description.binary("Zip archive data (empty)", "application/zip");
        }
        if (f.startsWith("7z\u00bc\u00af\u0027\u001c") && f.head.length >= 8) {
            return Description.binary(
                    "7-zip archive data, version " + f.u8(6) + "." + f.u8(7), "application/x-7z-compressed");
        }
        if (f.startsWith(257, "ustar  \u0000")) {
            return Description.binary("POSIX tar archive (GNU)", "application/x-tar");
        }
        if (f.startsWith(257, "ustar\u0000")) {
            return Description.binary("POSIX tar archive", "application/x-tar");
        }
        if (f.startsWith("\u0089PNG\r\n\u001a\n") && f.startsWith(12, "IHDR") && f.head.length >= 29) {
            return png(f);
        }
        if (f.startsWith("GIF87a") || f.startsWith("GIF89a")) {
            return Description.binary(
                    "GIF image data, version " + new String(f.head, 3, 3, java.nio.charset.StandardCharsets.US_ASCII)
                            + ", " + f.u16le(6) + " x " + f.u16le(8),
                    "image/gif");
        }
        if (f.startsWith("\u00ff\u00d8\u00ff")) {
            return jpeg(f);
        }
        if (f.startsWith("%PDF-") && f.head.length >= 8) {
            return Description.binary(
                    "PDF document, version " + (char) f.u8(5) + "." + (char) f.u8(7), "application/pdf");
        }
        if (f.startsWith("\u00ca\u00fe\u00ba\u00be") && f.head.length >= 8 && f.u16be(6) >= 45) {
            int major = f.u16be(6);
            String java = major <= 52 ? "Java 1." + Math.max(1, major - 44) : "Java SE " + (major - 44);
            return Description.binary(
                    "compiled Java class data, version " + major + "." + f.u16be(4) + " (" + java + ")",
                    "application/x-java-applet");
        }
        if (f.startsWith("\u0000asm") && f.head.length >= 8) {
            long version = f.u32le(4);
            return Description.binary(
                    "WebAssembly (wasm) binary module version 0x" + Long.toHexString(version)
                            + (version == 1 ? " (MVP)" : ""),
                    "application/wasm");
        }
        if (f.startsWith("SQLite format 3\u0000") && f.head.length >= 100) {
            return sqlite(f);
        }
        return null;
    }

    private static Description gzip(FileBytes f, ZoneId zone) throws IOException {
        StringBuilder sb = new StringBuilder("gzip compressed data");
        int flags = f.u8(3);
        long mtime = f.u32le(4);
        if ((flags & 0x08) != 0) {
            int start = 10;
            if ((flags & 0x04) != 0) {
                start += 2 + f.u16le(10);
            }
            int end = start;
            while (end < f.head.length && f.head[end] != 0) {
                end++;
            }
            sb.append(", was \"")
                    .append(dev.shellbox.shell.io.Text.decode(f.head, start, end - start))
                    .append('"');
        }
        if (mtime != 0) {
            sb.append(", last modified: ")
                    .append(Strftime.nstrftime(
                            "%a %b %e %H:%M:%S %Y", Instant.ofEpochSecond(mtime).atZone(zone)));
        }
        int xfl = f.u8(8);
        if (xfl == 2) {
            sb.append(", max compression");
        } else if (xfl == 4) {
            sb.append(", max speed");
        }
        sb.append(", from ")
                .append(
                        switch (f.u8(9)) {
                            case 0 -> "FAT filesystem (MS-DOS, OS/2, NT)";
                            case 3 -> "Unix";
                            case 7 -> "Macintosh";
                            case 11 -> "NTFS filesystem (NT)";
                            default -> "Unix";
                        });
        byte[] trailer = f.read(f.size - 4, 4);
        if (trailer.length == 4) {
            long original = (trailer[0] & 0xffL)
                    | (trailer[1] & 0xffL) << 8
                    | (trailer[2] & 0xffL) << 16
                    | (trailer[3] & 0xffL) << 24;
            sb.append(", original size modulo 2^32 ").append(original);
        }
        return Description.binary(sb.toString(), "application/gzip");
    }

    private static Description png(FileBytes f) {
        long width = f.u32be(16);
        long height = f.u32be(20);
        int depth = f.u8(24);
        String color = switch (f.u8(25)) {
            case 0 -> depth + "-bit grayscale";
            case 2 -> depth + "-bit/color RGB";
            case 3 -> depth + "-bit colormap";
            case 4 -> depth + "-bit gray+alpha";
            case 6 -> depth + "-bit/color RGBA";
            default -> "unknown color type";
        };
        String interlace = f.u8(28) == 0 ? "non-interlaced" : "interlaced";
        return Description.binary(
                "PNG image data, " + width + " x " + height + ", " + color + ", " + interlace, "image/png");
    }

    private static Description jpeg(FileBytes f) {
        StringBuilder sb = new StringBuilder("JPEG image data");
        if (f.u8(3) == 0xe0 && f.startsWith(6, "JFIF\u0000")) {
            sb.append(", JFIF standard ").append(f.u8(11)).append('.').append(String.format("%02d", f.u8(12)));
            sb.append(
                    switch (f.u8(13)) {
                        case 1 -> ", resolution (DPI)";
                        case 2 -> ", resolution (DPCM)";
                        default -> ", aspect ratio";
                    });
            sb.append(", density ").append(f.u16be(14)).append('x').append(f.u16be(16));
            sb.append(", segment length ").append(f.u16be(4));
            // Walk the segments to the frame header for its kind, precision, size and components.
            int pos = 4 + f.u16be(4);
            while (pos + 9 < f.head.length && f.u8(pos) == 0xff) {
                int marker = f.u8(pos + 1);
                int length = f.u16be(pos + 2);
                if (marker >= 0xc0 && marker <= 0xc3) {
                    sb.append(
                            switch (marker) {
                                case 0xc0 -> ", baseline";
                                case 0xc1 -> ", extended sequential";
                                case 0xc2 -> ", progressive";
                                default -> ", lossless";
                            });
                    sb.append(", precision ").append(f.u8(pos + 4));
                    sb.append(", ").append(f.u16be(pos + 7)).append('x').append(f.u16be(pos + 5));
                    sb.append(", components ").append(f.u8(pos + 9));
                    break;
                }
                if (marker == 0xd9 || marker == 0xda || length < 2) {
                    break;
                }
                pos += 2 + length;
            }
        }
        return Description.binary(sb.toString(), "image/jpeg");
    }

    private static Description sqlite(FileBytes f) {
        String encoding = switch ((int) f.u32be(56)) {
            case 2 -> "UTF-16 little endian";
            case 3 -> "UTF-16 big endian";
            default -> "UTF-8";
        };
        String text = "SQLite 3.x database, last written using SQLite version " + f.u32be(96)
                + ", file counter " + f.u32be(24)
                + ", database pages " + f.u32be(28)
                + ", cookie 0x" + Long.toHexString(f.u32be(40))
                + ", schema " + f.u32be(44)
                + ", " + encoding
                + ", version-valid-for " + f.u32be(92);
        return Description.binary(text, "application/vnd.sqlite3");
    }
}
