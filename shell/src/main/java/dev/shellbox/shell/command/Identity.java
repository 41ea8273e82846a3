package dev.shellbox.shell.command;

/** Who the shell runs as and where: what {@code id}, {@code whoami}, {@code hostname} and {@code ls -l} show. */
public record Identity(String user, int uid, String group, int gid, String hostname, String home) {
    /** The identity of a sandbox: user {@code user} (1000) on host {@code shellbox}. */
    public static final Identity SANDBOX = new Identity("user", 1000, "user", 1000, "shellbox", "/home/user");

    /** The user name for a uid ({@code ls -l}); unknown ids print as numbers. */
    public String userName(int id) {
        if (id == uid) {
            return user;
        }
        return id == 0 ? "root" : Integer.toString(id);
    }

    /** The group name for a gid. */
    public String groupName(int id) {
        if (id == gid) {
            return group;
        }
        return id == 0 ? "root" : Integer.toString(id);
    }
}
