package dev.shellbox.shell.commands.search.sed;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.shellbox.shell.command.Command;
import dev.shellbox.shell.command.CommandContext;
import dev.shellbox.shell.commands.CommandTester;
import dev.shellbox.shell.commands.StandardCommands;
import dev.shellbox.shell.fs.InMemoryFileSystem;
import dev.shellbox.shell.io.Cancellation;
import dev.shellbox.shell.io.CancelledException;
import dev.shellbox.shell.io.Text;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.List;
import org.junit.jupiter.api.Test;

class SedCommandTest {

    /** A stand-in for sh: {@code sh -c CMD} prints "ran: CMD". */
    private static final Command FAKE_SH = new Command() {
        @Override
        public String name() {
            return "sh";
        }

        @Override
        public String help() {
            return "";
        }

        @Override
        public int run(CommandContext ctx, List<String> args) throws IOException {
            ctx.stdout().write(Text.encode("ran: " + args.get(1) + "\n"));
            return 0;
        }
    };

    private static CommandTester withShell() {
        return CommandTester.create().registry(StandardCommands.registry().register(FAKE_SH));
    }

    @Test
    void eCommandRunsThePatternSpaceAndKeepsItsOutput() {
        var r = withShell().stdin("date\n").run("sed", "e");
        assertThat(r.out()).isEqualTo("ran: date\n");
    }

    @Test
    void eCommandWithArgumentPrintsBeforeTheLine() {
        var r = withShell().stdin("a\nb\n").run("sed", "1e echo hi");
        assertThat(r.out()).isEqualTo("ran: echo hi\na\nb\n");
    }

    @Test
    void sFlagEEvaluatesTheResult() {
        var r = withShell().stdin("x\n").run("sed", "s/x/cmd/e");
        assertThat(r.out()).isEqualTo("ran: cmd\n");
    }

    @Test
    void sandboxRefusesCommandsThatTouchFilesOrRunPrograms() {
        var r = CommandTester.create().stdin("x\n").run("sed", "--sandbox", "w out.txt");
        assertThat(r.err()).isEqualTo("sed: -e expression #1, char 1: e/r/w commands disabled in sandbox mode\n");
        assertThat(r.status()).isEqualTo(1);
    }

    @Test
    void inPlaceKeepsTheFileModeAndLeavesNoTemporaryFile() {
        var t = CommandTester.create().file("run.sh", "echo a\n").mode("run.sh", 0755);
        var r = t.run("sed", "-i", "s/a/b/", "run.sh");
        assertThat(r.status()).isZero();
        assertThat(t.tree(".")).containsExactly(java.util.Map.entry("run.sh", "f 755 echo b\n"));
    }

    @Test
    void inPlaceWithFollowSymlinksEditsTheTarget() {
        var t = CommandTester.create().file("real.txt", "a\n").symlink("link.txt", "real.txt");
        t.run("sed", "-i", "--follow-symlinks", "s/a/b/", "link.txt");
        assertThat(t.tree(".")).containsEntry("link.txt", "l -> real.txt").containsEntry("real.txt", "f 644 b\n");
    }

    @Test
    void inPlaceRefusesStandardInput() {
        var r = CommandTester.create().stdin("a\n").run("sed", "-i", "p");
        assertThat(r.err()).isEqualTo("sed: couldn't edit -: not a regular file\n");
        assertThat(r.status()).isEqualTo(4);
    }

    @Test
    void unbufferedOutputReachesTheStreamLineByLine() throws IOException {
        List<Integer> flushedSizes = new java.util.ArrayList<>();
        ByteArrayOutputStream sink = new ByteArrayOutputStream() {
            @Override
            public void flush() {
                flushedSizes.add(size());
            }
        };
        CommandContext ctx = CommandContext.builder(new InMemoryFileSystem())
                .commandName("sed")
                .stdin(new ByteArrayInputStream("a\nb\nc\n".getBytes()))
                .stdout(sink)
                .build();
        new SedCommand().run(ctx, List.of("-u", "p"));
        assertThat(sink.toString()).isEqualTo("a\na\nb\nb\nc\nc\n");
        assertThat(flushedSizes).contains(2, 4, 6);
    }

    @Test
    void cancellationStopsALoopingScript() {
        Cancellation cancellation = Cancellation.create();
        cancellation.cancel("stop");
        CommandContext ctx = CommandContext.builder(new InMemoryFileSystem())
                .commandName("sed")
                .stdin(new ByteArrayInputStream("a\n".getBytes()))
                .cancellation(cancellation)
                .build();
        assertThatThrownBy(() -> new SedCommand().run(ctx, List.of(":a;ba"))).isInstanceOf(CancelledException.class);
    }

    @Test
    void lastRegexIsTheOneUsedMostRecentlyAtRunTime() {
        var r = CommandTester.create().stdin("ab\nba\n").run("sed", "-n", "/a/{/b/!d};s//X/p");
        assertThat(r.out()).isEqualTo("aX\nXa\n");
    }

    @Test
    void replacementCaseConversionCoversNonAsciiLetters() {
        var r = CommandTester.create().stdin("éa ÿ\n").run("sed", "s/.*/\\U&/");
        assertThat(r.out()).isEqualTo("ÉA Ÿ\n");
    }

    @Test
    void invalidBytesSurviveSubstitutionAndHoldSpace() {
        byte[] input = {(byte) 0xff, 'a', (byte) 0xfe, '\n'};
        var r = CommandTester.create().stdin(input).run("sed", "h;s/a/b/;G");
        assertThat(r.stdout()).containsExactly(0xff, 'b', 0xfe, '\n', 0xff, 'a', 0xfe, '\n');
    }
}
