package dev.shellbox.contracts;

/** Operation types carried by usage events. */
public final class Operation {
    public static final String SANDBOX_CREATE = "sandbox.create";
    public static final String EXEC = "exec";
    public static final String COMMAND = "command";
    public static final String FILE_READ = "file.read";
    public static final String FILE_WRITE = "file.write";
    public static final String FILE_OP = "file.op";
    public static final String GIT = "git";
    public static final String PROCESS_START = "process.start";
    /** Connections a sandbox's programs made through its egress proxy, with the bytes they sent and received. */
    public static final String NETWORK_EGRESS = "network.egress";

    private Operation() {}
}
