package dev.shellbox.shell.commands.net;

/** One HTTP header field, as sent or received. */
record Header(String name, String value) {
    boolean named(String other) {
        return name.equalsIgnoreCase(other);
    }

    @Override
    public String toString() {
        return name + ": " + value;
    }
}
