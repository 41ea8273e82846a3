package dev.shellbox.shell.commands.search.rg;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/** The common file types of ripgrep's {@code -t}/{@code -T}, by name, as globs on file names. */
final class FileTypes {
    private static final Map<String, List<String>> TYPES = new TreeMap<>();

    static {
        define("c", "*.[chH]", "*.[chH].in", "*.cats");
        define(
                "cpp",
                "*.[ChH]",
                "*.cc",
                "*.[ch]pp",
                "*.[ch]xx",
                "*.hh",
                "*.inl",
                "*.[ChH].in",
                "*.cc.in",
                "*.[ch]pp.in");
        define("cs", "*.cs");
        define("css", "*.css", "*.scss");
        define("docker", "*Dockerfile*");
        define("go", "*.go");
        define("h", "*.h", "*.hh", "*.hpp");
        define("html", "*.htm", "*.html", "*.ejs");
        define("java", "*.java", "*.jsp", "*.jspx", "*.properties");
        define("js", "*.js", "*.jsx", "*.vue", "*.cjs", "*.mjs");
        define("json", "*.json", "composer.lock", "*.sarif");
        define("kotlin", "*.kt", "*.kts");
        define("lua", "*.lua");
        define(
                "make",
                "[Gg][Nn][Uu]makefile",
                "[Mm]akefile",
                "[Gg][Nn][Uu]makefile.am",
                "[Mm]akefile.am",
                "[Gg][Nn][Uu]makefile.in",
                "[Mm]akefile.in",
                "*.mk",
                "*.mak");
        define("markdown", "*.markdown", "*.md", "*.mdown", "*.mdwn", "*.mkd", "*.mkdn", "*.mdx");
        define("md", "*.markdown", "*.md", "*.mdown", "*.mdwn", "*.mkd", "*.mkdn", "*.mdx");
        define("php", "*.php", "*.php3", "*.php4", "*.php5", "*.phtml");
        define("py", "*.py", "*.pyi");
        define("python", "*.py", "*.pyi");
        define("rb", "Gemfile", "*.gemspec", ".irbrc", "Rakefile", "*.rb");
        define("ruby", "Gemfile", "*.gemspec", ".irbrc", "Rakefile", "*.rb");
        define("rust", "*.rs");
        define("scala", "*.scala", "*.sbt");
        define(
                "sh",
                "*.bash",
                ".bashrc",
                ".bash_profile",
                ".bash_login",
                ".bash_logout",
                "*.sh",
                ".zshrc",
                "*.zsh",
                ".profile",
                "*.ksh");
        define("sql", "*.sql", "*.psql");
        define("swift", "*.swift");
        define("toml", "*.toml", "Cargo.lock");
        define("ts", "*.ts", "*.tsx", "*.cts", "*.mts");
        define("typescript", "*.ts", "*.tsx", "*.cts", "*.mts");
        define("txt", "*.txt");
        define("xml", "*.xml", "*.xml.dist", "*.dtd", "*.xsl", "*.xslt", "*.xsd", "*.xjb", "*.rng", "*.sch", "*.xhtml");
        define("yaml", "*.yaml", "*.yml");
    }

    private FileTypes() {}

    private static void define(String name, String... globs) {
        TYPES.put(name, List.of(globs));
    }

    /** Whether {@code name} is a known type. */
    static boolean known(String name) {
        return TYPES.containsKey(name) || name.equals("all");
    }

    /** The globs of the types, compiled. */
    static List<GitGlob> globs(List<String> types) {
        List<GitGlob> globs = new ArrayList<>();
        for (String type : types) {
            if (type.equals("all")) {
                TYPES.values().forEach(list -> list.forEach(g -> globs.add(GitGlob.compile(g, true, false))));
                continue;
            }
            for (String g : TYPES.get(type)) {
                globs.add(GitGlob.compile(g, true, false));
            }
        }
        return globs;
    }

    /** The {@code --type-list} text: {@code name: glob, glob}. */
    static String list() {
        StringBuilder sb = new StringBuilder();
        TYPES.forEach((name, globs) ->
                sb.append(name).append(": ").append(String.join(", ", globs)).append('\n'));
        return sb.toString();
    }
}
