package dev.shellbox.shell.commands.text;

import static org.assertj.core.api.Assertions.assertThat;

import dev.shellbox.shell.commands.CommandTester;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class ShufCommandTest {

    private static List<String> lines(CommandTester.Result r) {
        return r.out().isEmpty()
                ? List.of()
                : List.of(r.out().split("\n", -1)).subList(0, r.out().split("\n", -1).length - 1);
    }

    @Test
    void permutesEveryInputLineExactlyOnce() {
        CommandTester.Result r = CommandTester.create().stdin("a\nb\nc\nd\ne\n").run("shuf");
        assertThat(r.status()).isZero();
        assertThat(lines(r)).containsExactlyInAnyOrder("a", "b", "c", "d", "e");
    }

    @Test
    void addsTheMissingFinalNewline() {
        CommandTester.Result r = CommandTester.create().stdin("a\nb").run("shuf");
        assertThat(r.out()).endsWith("\n");
        assertThat(lines(r)).containsExactlyInAnyOrder("a", "b");
    }

    @Test
    void headCountLimitsTheOutputToDistinctLines() {
        CommandTester.Result r = CommandTester.create().run("shuf", "-n", "3", "-i", "1-10");
        List<String> out = lines(r);
        assertThat(out).hasSize(3).doesNotHaveDuplicates();
        assertThat(out).allSatisfy(v -> assertThat(Integer.parseInt(v)).isBetween(1, 10));
    }

    @Test
    void rangeCoversEveryNumber() {
        CommandTester.Result r = CommandTester.create().run("shuf", "-i", "5-15");
        assertThat(lines(r)).containsExactlyInAnyOrder("5", "6", "7", "8", "9", "10", "11", "12", "13", "14", "15");
    }

    @Test
    void hugeRangesSampleWithoutMaterializing() {
        CommandTester.Result r = CommandTester.create().run("shuf", "-n", "5", "-i", "1-1000000000000");
        assertThat(lines(r)).hasSize(5).doesNotHaveDuplicates();
    }

    @Test
    void repeatDrawsFromTheInputWithReplacement() {
        CommandTester.Result r = CommandTester.create().run("shuf", "-r", "-n", "50", "-e", "x", "y");
        List<String> out = lines(r);
        assertThat(out).hasSize(50);
        assertThat(new HashSet<>(out)).isSubsetOf(Set.of("x", "y"));
    }

    @Test
    void randomSourceMakesTheOrderRepeatable() {
        CommandTester t = CommandTester.create().file("seed", "0123456789abcdef");
        String first = t.run("shuf", "--random-source=seed", "-i", "1-100").out();
        String second = t.run("shuf", "--random-source=seed", "-i", "1-100").out();
        assertThat(first).isEqualTo(second);
    }

    @Test
    void echoShufflesTheArguments() {
        CommandTester.Result r = CommandTester.create().run("shuf", "-e", "one", "two", "three");
        assertThat(lines(r)).containsExactlyInAnyOrder("one", "two", "three");
    }
}
