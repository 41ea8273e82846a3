package dev.shellbox.shell.commands.search.sed;

/** One address of a sed command. */
sealed interface Address {
    /** A line number; 0 only as the start of {@code 0,/re/}. */
    record Line(long number) implements Address {}

    /** {@code $} */
    record Last() implements Address {}

    /** {@code /re/} or {@code \cREc}, with its I and M flags applied. */
    record Match(SedRegex regex) implements Address {}

    /** {@code first~step} */
    record Step(long first, long step) implements Address {}

    /** {@code addr1,+N}: the N lines after the first. */
    record Following(long count) implements Address {}

    /** {@code addr1,~N}: up to the next line whose number is a multiple of N. */
    record UpToMultiple(long multiple) implements Address {}
}
