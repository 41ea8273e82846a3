package dev.shellbox.shell.commands.data.awk;

import dev.shellbox.shell.command.CommandContext;
import dev.shellbox.shell.fs.FsException;
import dev.shellbox.shell.fs.WriteMode;
import dev.shellbox.shell.io.Text;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The files and commands an awk program opened by name: output redirections ({@code >}, {@code >>}, {@code |}) and
 * getline sources ({@code < file}, {@code cmd |}). Commands run through the shell ({@code sh -c}) on a thread of
 * their own, connected by a {@link BytePipe}.
 */
final class AwkIo {
    private final CommandContext ctx;
    private final OutputStream stdout;
    private final Map<String, Output> outputs = new LinkedHashMap<>();
    private final Map<String, Input> inputs = new LinkedHashMap<>();

    AwkIo(CommandContext ctx, OutputStream stdout) {
        this.ctx = ctx;
        this.stdout = stdout;
    }

    /** An open output: a file or the stdin of a running command. */
    private static final class Output {
        final OutputStream stream;
        final CommandThread command;

        Output(OutputStream stream, CommandThread command) {
            this.stream = stream;
            this.command = command;
        }
    }

    /** An open getline source. */
    static final class Input {
        final RecordReader reader;
        final CommandThread command;

        Input(RecordReader reader, CommandThread command) {
            this.reader = reader;
            this.command = command;
        }
    }

    /** A command running on its own thread; its exit status once joined. */
    private final class CommandThread {
        final Thread thread;
        final AtomicInteger status = new AtomicInteger();
        volatile RuntimeException failure;

        /** Runs {@code command} reading {@code in} and writing {@code out}; the pipe end among them is closed after. */
        CommandThread(String command, InputStream in, OutputStream out, boolean pipeIsInput) {
            CommandContext child = ctx.withStreams(in, out, ctx.stderr());
            thread = new Thread(
                    () -> {
                        try {
                            status.set(child.run(List.of("sh", "-c", command)));
                        } catch (IOException e) {
                            status.set(1);
                        } catch (RuntimeException e) {
                            // Cancellation and limits belong to the awk thread: handed over and rethrown by join().
                            failure = e;
                        } finally {
                            try {
                                if (pipeIsInput) {
                                    in.close();
                                } else {
                                    out.close();
                                }
                            } catch (IOException e) {
                                // closing a BytePipe end does not fail
                            }
                        }
                    },
                    "awk-command");
            thread.setDaemon(true);
            thread.start();
        }

        int join() {
            try {
                thread.join();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            if (failure != null) {
                throw failure;
            }
            return status.get();
        }
    }

    /** Writes to {@code > name}, {@code >> name} or {@code | name}, opening it on first use. */
    void write(String redirect, String name, String text) throws IOException {
        Output output = outputs.get(name);
        if (output == null) {
            output = open(redirect, name);
            outputs.put(name, output);
        }
        output.stream.write(Text.encode(text));
        if (output.command != null || name.equals("/dev/stderr")) {
            output.stream.flush();
        }
    }

    private Output open(String redirect, String name) throws IOException {
        if (redirect.equals("|")) {
            stdout.flush();
            BytePipe pipe = new BytePipe(ctx.cancellation());
            CommandThread command = new CommandThread(name, pipe.input, ctx.stdout(), true);
            return new Output(new BufferedOutputStream(pipe.output, 8192), command);
        }
        if (name.equals("/dev/stdout") || name.equals("-")) {
            return new Output(stdout, null);
        }
        if (name.equals("/dev/stderr")) {
            stdout.flush();
            return new Output(ctx.stderr(), null);
        }
        try {
            OutputStream file = ctx.openOutput(name, redirect.equals(">>") ? WriteMode.APPEND : WriteMode.TRUNCATE);
            return new Output(new BufferedOutputStream(file, 65536), null);
        } catch (FsException e) {
            throw new AwkRuntimeError(
                    "cannot redirect to `" + name + "': " + e.errno().message());
        }
    }

    /** The reader of {@code < name} or {@code name |}, opening it on first use; null when it cannot be opened. */
    Input input(String name, boolean command) throws IOException {
        Input input = inputs.get(name);
        if (input != null) {
            return input;
        }
        if (command) {
            flushAll();
            BytePipe pipe = new BytePipe(ctx.cancellation());
            CommandThread thread = new CommandThread(name, ctx.stdin(), pipe.output, false);
            input = new Input(new RecordReader(pipe.input), thread);
        } else {
            InputStream in;
            try {
                in = name.equals("-") || name.equals("/dev/stdin") ? ctx.stdin() : ctx.openInput(name);
            } catch (FsException e) {
                return null;
            }
            input = new Input(new RecordReader(in), null);
        }
        inputs.put(name, input);
        return input;
    }

    /** close(name): the command's exit status, 0 for a file, -1 when nothing of that name is open. */
    int close(String name) throws IOException {
        int result = -1;
        Output output = outputs.remove(name);
        if (output != null) {
            result = closeOutput(output);
        }
        Input input = inputs.remove(name);
        if (input != null) {
            result = closeInput(input);
        }
        return result;
    }

    private int closeOutput(Output output) throws IOException {
        if (output.stream == stdout || output.stream == ctx.stderr()) {
            output.stream.flush();
            return 0;
        }
        output.stream.close();
        if (output.command != null) {
            int status = output.command.join();
            stdout.flush();
            return status;
        }
        return 0;
    }

    private int closeInput(Input input) throws IOException {
        if (input.command != null) {
            input.reader.stream().close();
            return input.command.join();
        }
        if (input.reader.stream() != ctx.stdin()) {
            input.reader.stream().close();
        }
        return 0;
    }

    void flushAll() throws IOException {
        stdout.flush();
        for (Output o : outputs.values()) {
            o.stream.flush();
        }
    }

    /** Closes everything still open, waiting for commands, as awk does at exit. */
    void closeAll() throws IOException {
        for (String name : List.copyOf(outputs.keySet())) {
            close(name);
        }
        for (String name : List.copyOf(inputs.keySet())) {
            close(name);
        }
    }

    /** system(cmd): runs a command with awk's streams after flushing its output. */
    int system(String command) throws IOException {
        flushAll();
        return ctx.run(List.of("sh", "-c", command));
    }
}
