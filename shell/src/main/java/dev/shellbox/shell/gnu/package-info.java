/**
 * gnulib's modules as plain functions over strings and bytes, one copy each, for the commands and the shell alike:
 * {@code regex} (POSIX regular expressions with GNU's syntax and leftmost-longest matching), {@code fnmatch}
 * (wildcard patterns), {@code quotearg} (how names are quoted in messages), {@code filevercmp} (version order),
 * {@code mbchar} (UTF-8, display width and the lossless byte-string codec), {@code human} (sizes and their suffixes),
 * {@code modechange} (chmod's mode operands), {@code signal} (signal names and numbers), {@code printf} (the flags,
 * width and precision of a directive, as find -printf and stat --printf read them) and {@code time} (strftime
 * in its gnulib and glibc flavours, parse_datetime, TZ values). Nothing here knows the
 * engine: only the JDK.
 */
package dev.shellbox.shell.gnu;
