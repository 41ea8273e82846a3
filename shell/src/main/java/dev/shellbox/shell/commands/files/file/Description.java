package dev.shellbox.shell.commands.files.file;

/**
 * What {@code file} says about a file: the human description, the MIME type and the MIME encoding.
 *
 * @param text "ASCII text", "PNG image data, 16 x 16, 8-bit/color RGBA, non-interlaced", ...
 * @param mime "text/plain", "image/png", ...
 * @param encoding "us-ascii", "utf-8", "binary", ...
 */
record Description(String text, String mime, String encoding) {
    static Description binary(String text, String mime) {
        return new Description(text, mime, "binary");
    }
}
