package dev.shellbox.shell.commands.net;

import dev.shellbox.shell.command.CommandContext;
import dev.shellbox.shell.fs.FsException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A multipart/form-data body ({@code curl -F}): {@code name=value}, {@code name=@file} (an upload, streamed from the
 * sandbox's files) and {@code name=<file} (the file's content as the value), each optionally followed by {@code
 * ;type=...} or {@code ;filename=...}.
 */
final class FormData implements RequestBody {
    private record Part(String head, byte[] value, String file, long size) {}

    private final CommandContext ctx;
    private final String boundary;
    private final List<Part> parts = new ArrayList<>();

    FormData(CommandContext ctx) {
        this.ctx = ctx;
        SecureRandom random = new SecureRandom();
        StringBuilder sb = new StringBuilder("------------------------");
        String alphabet = "0123456789abcdef";
        for (int i = 0; i < 16; i++) {
            sb.append(alphabet.charAt(random.nextInt(alphabet.length())));
        }
        this.boundary = sb.toString();
    }

    String contentType() {
        return "multipart/form-data; boundary=" + boundary;
    }

    /**
     * Adds one {@code -F} argument.
     *
     * @throws FsException when a named file cannot be read
     * @throws IllegalArgumentException when the argument has no {@code =}
     */
    void add(String spec) throws IOException {
        int eq = spec.indexOf('=');
        if (eq <= 0) {
            throw new IllegalArgumentException("Illegally formatted input field");
        }
        String name = spec.substring(0, eq);
        String value = spec.substring(eq + 1);
        String type = null;
        String filename = null;
        if (value.startsWith("@") || value.startsWith("<")) {
            String[] fields = value.substring(1).split(";");
            String path = fields[0];
            for (int i = 1; i < fields.length; i++) {
                if (fields[i].startsWith("type=")) {
                    type = fields[i].substring(5);
                } else if (fields[i].startsWith("filename=")) {
                    filename = fields[i].substring(9);
                }
            }
            if (value.startsWith("<")) {
                byte[] content = readAll(path);
                parts.add(new Part(partHead(name, null, type), content, null, content.length));
                return;
            }
            if (filename == null) {
                filename = path.equals("-") ? "-" : path.substring(path.lastIndexOf('/') + 1);
            }
            if (type == null) {
                type = guessType(filename);
            }
            if (path.equals("-")) {
                byte[] content = ctx.stdin().readAllBytes();
                parts.add(new Part(partHead(name, filename, type), content, null, content.length));
            } else {
                long size = ctx.fs().stat(ctx.resolve(path)).size();
                parts.add(new Part(partHead(name, filename, type), null, path, size));
            }
            return;
        }
        int semi = value.indexOf(";type=");
        if (semi >= 0) {
            type = value.substring(semi + 6);
            value = value.substring(0, semi);
        }
        byte[] bytes = value.getBytes(StandardCharsets.UTF_8);
        parts.add(new Part(partHead(name, null, type), bytes, null, bytes.length));
    }

    private byte[] readAll(String path) throws IOException {
        if (path.equals("-")) {
            return ctx.stdin().readAllBytes();
        }
        try (InputStream in = ctx.openInput(path)) {
            return in.readAllBytes();
        }
    }

    private String partHead(String name, String filename, String type) {
        StringBuilder sb = new StringBuilder("--").append(boundary).append("\r\n");
        sb.append("Content-Disposition: form-data; name=\"").append(name).append('"');
        if (filename != null) {
            sb.append("; filename=\"").append(filename).append('"');
        }
        sb.append("\r\n");
        if (type != null) {
            sb.append("Content-Type: ").append(type).append("\r\n");
        }
        return sb.append("\r\n").toString();
    }

    private static String guessType(String filename) {
        String lower = filename.toLowerCase(Locale.ROOT);
        int dot = lower.lastIndexOf('.');
        String ext = dot < 0 ? "" : lower.substring(dot + 1);
        return switch (ext) {
            case "txt" -> "text/plain";
            case "html", "htm" -> "text/html";
            case "json" -> "application/json";
            case "xml" -> "application/xml";
            case "gif" -> "image/gif";
            case "jpg", "jpeg" -> "image/jpeg";
            case "png" -> "image/png";
            case "svg" -> "image/svg+xml";
            case "pdf" -> "application/pdf";
            default -> "application/octet-stream";
        };
    }

    private String tail() {
        return "--" + boundary + "--\r\n";
    }

    @Override
    public long length() {
        long n = tail().length();
        for (Part p : parts) {
            n += p.head().getBytes(StandardCharsets.UTF_8).length + p.size() + 2;
        }
        return n;
    }

    @Override
    public void writeTo(OutputStream out) throws IOException {
        for (Part p : parts) {
            out.write(p.head().getBytes(StandardCharsets.UTF_8));
            if (p.value() != null) {
                out.write(p.value());
            } else {
                try (InputStream in = ctx.openInput(p.file())) {
                    in.transferTo(out);
                }
            }
            out.write("\r\n".getBytes(StandardCharsets.ISO_8859_1));
        }
        out.write(tail().getBytes(StandardCharsets.ISO_8859_1));
    }
}
