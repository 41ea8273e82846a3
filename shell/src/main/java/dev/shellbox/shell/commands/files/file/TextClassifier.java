package dev.shellbox.shell.commands.files.file;

import java.nio.charset.StandardCharsets;
import java.util.regex.Pattern;

/**
 * Text files as {@code file} describes them: the encoding (ASCII, UTF-8, ISO-8859, UTF-16...), what the text is
 * (scripts by their {@code #!} line, JSON, XML, HTML, C, diffs...), and how its lines end.
 */
final class TextClassifier {
    /** Lines longer than this are reported as "very long lines", as file's MAXLINELEN. */
    private static final int MAX_LINE = 300;

    private static final Pattern PYTHON_DEF = Pattern.compile("(?m)^def [A-Za-z_][A-Za-z0-9_]*\\(.*\\):\\s*$");
    private static final Pattern C_DIRECTIVE =
            Pattern.compile("(?m)^(#include|#define|#ifndef|#ifdef|#pragma)\\b|^(int|void) main\\(");

    private enum Encoding {
        ASCII("ASCII text", "us-ascii"),
        UTF8("Unicode text, UTF-8 text", "utf-8"),
        UTF8_BOM("Unicode text, UTF-8 (with BOM) text", "utf-8"),
        ISO8859("ISO-8859 text", "iso-8859-1"),
        EXTENDED("Non-ISO extended-ASCII text", "unknown-8bit"),
        UTF16LE("Unicode text, UTF-16, little-endian text", "utf-16le"),
        UTF16BE("Unicode text, UTF-16, big-endian text", "utf-16be");

        final String text;
        final String mime;

        Encoding(String text, String mime) {
            this.text = text;
            this.mime = mime;
        }
    }

    private TextClassifier() {}

    /** The description of a text file, or null when the bytes are not text. */
    static Description describe(byte[] b) {
        Encoding encoding = encoding(b);
        if (encoding == null) {
            return null;
        }
        String text = decode(b, encoding);
        String suffix = lineSuffix(text);
        String enc = encoding.text;
        if (encoding == Encoding.UTF16LE || encoding == Encoding.UTF16BE) {
            return new Description(enc + suffix, "text/plain", encoding.mime);
        }
        if (text.startsWith("#!")) {
            Description script = script(text, enc, suffix, encoding.mime);
            if (script != null) {
                return script;
            }
        }
        String trimmed = text.stripLeading();
        if ((trimmed.startsWith("{") || trimmed.startsWith("[")) && Json.isValid(text)) {
            return new Description("JSON text data", "application/json", encoding.mime);
        }
        if (trimmed.startsWith("<svg") || (trimmed.startsWith("<?xml") && trimmed.contains("<svg"))) {
            return new Description("SVG Scalable Vector Graphics image", "image/svg+xml", encoding.mime);
        }
        if (trimmed.startsWith("<?xml version=\"1.0\"") || trimmed.startsWith("<?xml version='1.0'")) {
            return new Description("XML 1.0 document, " + enc + suffix, "text/xml", encoding.mime);
        }
        String lower = trimmed.length() > 15 ? trimmed.substring(0, 15).toLowerCase(java.util.Locale.ROOT) : "";
        if (lower.startsWith("<!doctype html") || lower.startsWith("<html")) {
            return new Description("HTML document, " + enc + suffix, "text/html", encoding.mime);
        }
        if (trimmed.startsWith("<?php")) {
            return new Description("PHP script, " + enc + suffix, "text/x-php", encoding.mime);
        }
        if (text.startsWith("diff ")) {
            return new Description("diff output, " + enc + suffix, "text/x-diff", encoding.mime);
        }
        if (text.startsWith("--- ") && text.contains("\n+++ ")) {
            return new Description("unified diff output, " + enc + suffix, "text/x-diff", encoding.mime);
        }
        if (C_DIRECTIVE.matcher(text).find()) {
            return new Description("C source, " + enc + suffix, "text/x-c", encoding.mime);
        }
        if (PYTHON_DEF.matcher(text).find()) {
            return new Description(
                    "Python script, " + enc + " executable" + suffix, "text/x-script.python", encoding.mime);
        }
        return new Description(enc + suffix, "text/plain", encoding.mime);
    }

    /** A {@code #!} script: the interpreter names the kind, as file's magic does for the common ones. */
    private static Description script(String text, String enc, String suffix, String mimeEncoding) {
        int end = text.indexOf('\n');
        String line = (end < 0 ? text : text.substring(0, end)).substring(2).strip();
        if (line.isEmpty()) {
            return null;
        }
        String[] words = line.split("[ \t]+");
        String program = words[0];
        String name = program.substring(program.lastIndexOf('/') + 1);
        if (name.equals("env") && words.length > 1) {
            name = words[1].equals("-S") && words.length > 2 ? words[2] : words[1];
        }
        String base = name.replaceAll("[0-9.]+$", "");
        return switch (base) {
            case "sh" ->
                new Description(
                        "POSIX shell script, " + enc + " executable" + suffix, "text/x-shellscript", mimeEncoding);
            case "bash" ->
                new Description(
                        "Bourne-Again shell script, " + enc + " executable" + suffix,
                        "text/x-shellscript",
                        mimeEncoding);
            case "zsh" ->
                new Description(
                        "Paul Falstad's zsh script, " + enc + " executable" + suffix,
                        "text/x-shellscript",
                        mimeEncoding);
            case "python" ->
                new Description("Python script, " + enc + " executable" + suffix, "text/x-script.python", mimeEncoding);
            case "perl" -> new Description("Perl script text executable" + suffix, "text/x-perl", mimeEncoding);
            case "ruby" -> new Description("Ruby script, " + enc + " executable" + suffix, "text/x-ruby", mimeEncoding);
            case "node", "nodejs" ->
                new Description("Node.js script executable, " + enc + suffix, "application/javascript", mimeEncoding);
            default ->
                new Description("a " + line + " script, " + enc + " executable" + suffix, "text/plain", mimeEncoding);
        };
    }

    private static Encoding encoding(byte[] b) {
        if (b.length >= 2 && (b[0] & 0xff) == 0xff && (b[1] & 0xff) == 0xfe) {
            return Encoding.UTF16LE;
        }
        if (b.length >= 2 && (b[0] & 0xff) == 0xfe && (b[1] & 0xff) == 0xff) {
            return Encoding.UTF16BE;
        }
        boolean high = false;
        boolean c1 = false;
        for (byte x : b) {
            int c = x & 0xff;
            if (c >= 0x80) {
                high = true;
                c1 |= c < 0xa0;
            } else if (!isTextAscii(c)) {
                return null;
            }
        }
        if (!high) {
            return Encoding.ASCII;
        }
        if (validUtf8(b)) {
            return b.length >= 3 && (b[0] & 0xff) == 0xef && (b[1] & 0xff) == 0xbb && (b[2] & 0xff) == 0xbf
                    ? Encoding.UTF8_BOM
                    : Encoding.UTF8;
        }
        return c1 ? Encoding.EXTENDED : Encoding.ISO8859;
    }

    /** Printable ASCII and the controls text uses: \a \b \t \n \v \f \r and escape. */
    private static boolean isTextAscii(int c) {
        return (c >= 0x20 && c < 0x7f) || (c >= 7 && c <= 13) || c == 0x1b;
    }

    private static boolean validUtf8(byte[] b) {
        int i = 0;
        while (i < b.length) {
            int c = b[i] & 0xff;
            int need;
            if (c < 0x80) {
                i++;
                continue;
            } else if (c >= 0xc2 && c <= 0xdf) {
                need = 1;
            } else if (c >= 0xe0 && c <= 0xef) {
                need = 2;
            } else if (c >= 0xf0 && c <= 0xf4) {
                need = 3;
            } else {
                return false;
            }
            if (i + need >= b.length) {
                return b.length == FileBytes.HEAD_LIMIT; // a character cut by the end of what was read
            }
            for (int k = 1; k <= need; k++) {
                if ((b[i + k] & 0xc0) != 0x80) {
                    return false;
                }
            }
            i += need + 1;
        }
        return true;
    }

    private static String decode(byte[] b, Encoding e) {
        return switch (e) {
            case UTF16LE -> new String(b, 2, b.length - 2, StandardCharsets.UTF_16LE);
            case UTF16BE -> new String(b, 2, b.length - 2, StandardCharsets.UTF_16BE);
            case UTF8, UTF8_BOM -> new String(b, StandardCharsets.UTF_8);
            default -> new String(b, StandardCharsets.ISO_8859_1);
        };
    }

    /** ", with very long lines (N)", the line terminators unless all are LF, escapes and overstriking. */
    private static String lineSuffix(String text) {
        int crlf = 0;
        int cr = 0;
        int lf = 0;
        int longest = 0;
        int current = 0;
        boolean escapes = false;
        boolean backspace = false;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '\r') {
                if (i + 1 < text.length() && text.charAt(i + 1) == '\n') {
                    crlf++;
                    i++;
                } else {
                    cr++;
                }
                longest = Math.max(longest, current);
                current = 0;
            } else if (c == '\n') {
                lf++;
                longest = Math.max(longest, current);
                current = 0;
            } else {
                current++;
                escapes |= c == 0x1b;
                backspace |= c == '\b';
            }
        }
        longest = Math.max(longest, current);
        StringBuilder sb = new StringBuilder();
        if (longest > MAX_LINE) {
            sb.append(", with very long lines (").append(longest).append(')');
        }
        if (crlf + cr + lf == 0) {
            sb.append(", with no line terminators");
        } else if (crlf > 0 || cr > 0) {
            sb.append(", with");
            if (crlf > 0) {
                sb.append(" CRLF").append(cr > 0 || lf > 0 ? "," : "");
            }
            if (cr > 0) {
                sb.append(" CR").append(lf > 0 ? "," : "");
            }
            if (lf > 0) {
                sb.append(" LF");
            }
            sb.append(" line terminators");
        }
        if (escapes) {
            sb.append(", with escape sequences");
        }
        if (backspace) {
            sb.append(", with overstriking");
        }
        return sb.toString();
    }
}
