package dev.shellbox.shell.commands.search.grep;

/**
 * The SGR colours of {@code grep --color=always}, GNU's defaults overridden by the {@code GREP_COLORS} variable
 * ({@code ms=01;31:mc=01;31:sl=:cx=:fn=35:ln=32:bn=32:se=36}).
 */
final class GrepColors {
    String selectedMatch = "01;31";
    String contextMatch = "01;31";
    String fileName = "35";
    String lineNumber = "32";
    String byteOffset = "32";
    String separator = "36";
    boolean eraseLine = true;

    static GrepColors fromEnvironment(String grepColors) {
        GrepColors c = new GrepColors();
        if (grepColors == null) {
            return c;
        }
        for (String item : grepColors.split(":")) {
            int eq = item.indexOf('=');
            String key = eq < 0 ? item : item.substring(0, eq);
            String value = eq < 0 ? "" : item.substring(eq + 1);
            switch (key) {
                case "mt" -> c.selectedMatch = c.contextMatch = value;
                case "ms" -> c.selectedMatch = value;
                case "mc" -> c.contextMatch = value;
                case "fn" -> c.fileName = value;
                case "ln" -> c.lineNumber = value;
                case "bn" -> c.byteOffset = value;
                case "se" -> c.separator = value;
                case "ne" -> c.eraseLine = false;
                default -> {} // sl, cx and rv colour whole lines, which GNU leaves empty by default
            }
        }
        return c;
    }

    /** {@code text} wrapped in the SGR sequences for {@code color}; unchanged when the colour is empty. */
    String paint(String color, String text) {
        if (color.isEmpty()) {
            return text;
        }
        String erase = eraseLine ? "\033[K" : "";
        return "\033[" + color + "m" + erase + text + "\033[m" + erase;
    }
}
