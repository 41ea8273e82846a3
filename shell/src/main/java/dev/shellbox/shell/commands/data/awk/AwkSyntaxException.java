package dev.shellbox.shell.commands.data.awk;

/** A program gawk would refuse to run; the message is gawk's two-line form with the source line and a caret. */
final class AwkSyntaxException extends Exception {
    AwkSyntaxException(String message) {
        super(message, null, false, false);
    }
}
