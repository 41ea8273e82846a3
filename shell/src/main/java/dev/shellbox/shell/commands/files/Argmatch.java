package dev.shellbox.shell.commands.files;

import dev.shellbox.shell.command.CommandContext;
import dev.shellbox.shell.gnu.quotearg.Quoting;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * GNU argmatch: the argument of an option such as {@code --sort=WORD} matches one of a fixed list of words, exactly
 * or by an unambiguous prefix; otherwise the command prints GNU's "invalid argument" or "ambiguous argument"
 * message with the list of valid arguments.
 */
public final class Argmatch<T> {
    private final String option;
    private final Map<String, T> choices;

    private Argmatch(String option, Map<String, T> choices) {
        this.option = option;
        this.choices = choices;
    }

    /** Alternating words and values, in the order GNU lists them: {@code of("--sort", "none", NONE, "size", SIZE)}. */
    @SuppressWarnings("unchecked")
    public static <T> Argmatch<T> of(String option, Object... wordsAndValues) {
        Map<String, T> choices = new LinkedHashMap<>();
        for (int i = 0; i < wordsAndValues.length; i += 2) {
            choices.put((String) wordsAndValues[i], (T) wordsAndValues[i + 1]);
        }
        return new Argmatch<>(option, choices);
    }

    /** The value for {@code word}, or null after reporting the usage error (the command then exits with 1 or 2). */
    public T match(CommandContext ctx, String word, int status) throws IOException {
        T exact = choices.get(word);
        if (exact != null) {
            return exact;
        }
        T found = null;
        boolean ambiguous = false;
        for (Map.Entry<String, T> e : choices.entrySet()) {
            if (e.getKey().startsWith(word)) {
                if (found != null && !Objects.equals(found, e.getValue())) {
                    ambiguous = true;
                }
                found = e.getValue();
            }
        }
        if (found != null && !ambiguous) {
            return found;
        }
        String problem = found == null ? "invalid argument " : "ambiguous argument ";
        ctx.usageError(problem + Quoting.locale(word) + " for " + Quoting.locale(option) + "\n" + validList(), status);
        return null;
    }

    /** "Valid arguments are:" and one line per value, synonyms together. */
    private String validList() {
        StringBuilder sb = new StringBuilder("Valid arguments are:");
        List<T> seen = new ArrayList<>();
        for (Map.Entry<String, T> e : choices.entrySet()) {
            if (!seen.isEmpty() && Objects.equals(seen.get(seen.size() - 1), e.getValue())) {
                sb.append(", ").append(Quoting.locale(e.getKey()));
            } else {
                sb.append("\n  - ").append(Quoting.locale(e.getKey()));
                seen.add(e.getValue());
            }
        }
        return sb.toString();
    }
}
