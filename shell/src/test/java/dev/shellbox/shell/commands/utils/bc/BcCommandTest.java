package dev.shellbox.shell.commands.utils.bc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.shellbox.shell.command.CommandContext;
import dev.shellbox.shell.commands.CommandTester;
import dev.shellbox.shell.fs.InMemoryFileSystem;
import dev.shellbox.shell.io.Cancellation;
import dev.shellbox.shell.io.CancelledException;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

class BcCommandTest {

    private static String bc(String program, String... args) {
        String[] argv = new String[args.length + 1];
        argv[0] = "bc";
        System.arraycopy(args, 0, argv, 1, args.length);
        var r = CommandTester.create().stdin(program).run(argv);
        return r.out() + r.err();
    }

    @Test
    void lineLengthComesFromTheEnvironment() {
        var r = CommandTester.create()
                .env("BC_LINE_LENGTH", "20")
                .stdin("2^100\n")
                .run("bc");
        assertThat(r.out()).isEqualTo("126765060022822940\\\n1496703205376\n");
    }

    @Test
    void lineLengthZeroDisablesWrapping() {
        var r = CommandTester.create()
                .env("BC_LINE_LENGTH", "0")
                .stdin("2^300\n")
                .run("bc");
        assertThat(r.out()).doesNotContain("\\").hasSize(92);
    }

    @Test
    void eachLineRunsBeforeTheNextIsRead() throws IOException {
        // The second read would fail if bc read the whole input before running the first line.
        InputStream oneLineThenFail = new InputStream() {
            private final byte[] first = "1+1\n".getBytes(StandardCharsets.US_ASCII);
            private int pos;

            @Override
            public int read() throws IOException {
                if (pos < first.length) {
                    return first[pos++];
                }
                throw new IOException("no more input");
            }
        };
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        CommandContext ctx = CommandContext.builder(new InMemoryFileSystem())
                .commandName("bc")
                .stdin(oneLineThenFail)
                .stdout(out)
                .build();
        assertThatThrownBy(() -> new BcCommand().run(ctx, List.of())).hasMessageContaining("no more input");
        assertThat(out.toString(StandardCharsets.US_ASCII)).isEqualTo("2\n");
    }

    @Test
    void readTakesTheNextInputLine() {
        assertThat(bc("x = read()\n42\nx * 2\n")).isEqualTo("84\n");
    }

    @Test
    void cancellationStopsAnEndlessLoop() {
        Cancellation cancellation = Cancellation.create();
        CommandContext ctx = CommandContext.builder(new InMemoryFileSystem())
                .commandName("bc")
                .stdin(new ByteArrayInputStream("while (1) { x = x + 1 }\n".getBytes(StandardCharsets.US_ASCII)))
                .cancellation(cancellation)
                .build();
        cancellation.cancelAfter(50, new CancelledException("stop"));
        assertThatThrownBy(() -> new BcCommand().run(ctx, List.of())).isInstanceOf(CancelledException.class);
    }

    @Test
    void runawayRecursionIsAnErrorNotACrash() {
        var r = CommandTester.create()
                .stdin("define f(n) { return f(n + 1); }\nf(1)\n5\n")
                .run("bc");
        assertThat(r.err()).contains("Function call nesting too deep");
        assertThat(r.out()).isEqualTo("5\n");
    }

    @Test
    void deepRecursionWorks() {
        assertThat(bc("define r(n) { if (n == 0) return 0; return r(n - 1) + 1; }\nr(5000)\n"))
                .isEqualTo("5000\n");
    }

    @Test
    void userFunctionsOverrideTheMathLibrary() {
        assertThat(bc("define s(x) { return 7; }\ns(1)\n", "-l")).isEqualTo("7\n");
    }

    @Test
    void highPrecisionPi() {
        String pi = bc("scale=100; 4*a(1)\n", "-l").replace("\\\n", "");
        assertThat(pi)
                .isEqualTo("3.141592653589793238462643383279502884197169399375105820974944592307"
                        + "8164062862089986280348253421170676\n");
    }
}
