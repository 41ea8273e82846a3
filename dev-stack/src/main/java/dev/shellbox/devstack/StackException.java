package dev.shellbox.devstack;

/** A failure to start or stop the stack, with a message a person can act on. */
final class StackException extends RuntimeException {
    StackException(String message) {
        super(message);
    }
}
