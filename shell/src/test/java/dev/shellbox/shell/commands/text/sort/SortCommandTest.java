package dev.shellbox.shell.commands.text.sort;

import static org.assertj.core.api.Assertions.assertThat;

import dev.shellbox.shell.commands.CommandTester;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

class SortCommandTest {

    @Test
    void randomSortGroupsEqualLinesAndKeepsEveryLine() {
        String input = "x\ny\nx\nz\ny\nx\n";
        CommandTester.Result r = CommandTester.create().stdin(input).run("sort", "-R");
        assertThat(r.status()).isZero();
        List<String> lines = List.of(r.out().split("\n"));
        assertThat(lines).containsExactlyInAnyOrder("x", "y", "x", "z", "y", "x");
        // Equal lines are adjacent: each value forms a single run.
        List<String> runs = new ArrayList<>();
        for (String line : lines) {
            if (runs.isEmpty() || !runs.get(runs.size() - 1).equals(line)) {
                runs.add(line);
            }
        }
        assertThat(runs).doesNotHaveDuplicates();
    }

    @Test
    void randomSortIsRepeatableWithTheSameRandomSource() {
        StringBuilder input = new StringBuilder();
        for (int i = 0; i < 200; i++) {
            input.append(i).append('\n');
        }
        CommandTester t =
                CommandTester.create().file("seed", "some random bytes").stdin(input.toString());
        String first = t.run("sort", "-R", "--random-source=seed").out();
        String second = t.run("sort", "-R", "--random-source=seed").out();
        assertThat(first).isEqualTo(second);
        assertThat(first).isNotEqualTo(input.toString());
    }

    @Test
    void sortsManyLinesLikeAByteComparator() {
        Random random = new Random(42);
        List<String> lines = new ArrayList<>();
        for (int i = 0; i < 50_000; i++) {
            lines.add(Integer.toString(random.nextInt(1_000_000), 36) + " " + random.nextInt(1000));
        }
        String input = String.join("\n", lines) + "\n";
        CommandTester.Result r = CommandTester.create().stdin(input).run("sort");
        List<String> expected = new ArrayList<>(lines);
        Collections.sort(expected);
        assertThat(r.out()).isEqualTo(String.join("\n", expected) + "\n");
    }

    @Test
    void largeInputsSortedInParallelSlicesMatchOneStableSort() {
        Random random = new Random(3);
        List<String> lines = new ArrayList<>();
        for (int i = 0; i < 250_000; i++) {
            lines.add("k" + random.nextInt(100) + " " + i);
        }
        String input = String.join("\n", lines) + "\n";
        CommandTester.Result r = CommandTester.create().stdin(input).run("sort", "-s", "-k1,1");
        List<String> expected = new ArrayList<>(lines);
        expected.sort((a, b) -> a.substring(0, a.indexOf(' ')).compareTo(b.substring(0, b.indexOf(' '))));
        assertThat(r.out()).isEqualTo(String.join("\n", expected) + "\n");
        CommandTester.Result oneThread = CommandTester.create().stdin(input).run("sort", "-s", "-k1,1", "--parallel=1");
        assertThat(oneThread.out()).isEqualTo(r.out());
    }

    @Test
    void numericKeySortOfManyLinesIsStableOnTiesWithLastResort() {
        Random random = new Random(7);
        List<String> lines = new ArrayList<>();
        for (int i = 0; i < 20_000; i++) {
            lines.add("k" + random.nextInt(50) + " " + (random.nextInt(2000) - 1000) + "." + random.nextInt(10));
        }
        String input = String.join("\n", lines) + "\n";
        CommandTester.Result r = CommandTester.create().stdin(input).run("sort", "-k2,2n", "-k1,1");
        List<String> expected = new ArrayList<>(lines);
        expected.sort((a, b) -> {
            double x = Double.parseDouble(a.split(" ")[1]);
            double y = Double.parseDouble(b.split(" ")[1]);
            if (x != y) {
                return Double.compare(x, y);
            }
            int byKey = a.split(" ")[0].compareTo(b.split(" ")[0]);
            return byKey != 0 ? byKey : a.compareTo(b);
        });
        assertThat(r.out().split("\n")).containsExactlyElementsOf(expected);
    }

    @Test
    void keepsBinaryBytesUnchanged() {
        byte[] input = {(byte) 0xff, '\n', 0, 1, 2, '\n', (byte) 0x80, 'a', '\n'};
        CommandTester.Result r = CommandTester.create().stdin(input).run("sort");
        assertThat(r.stdout()).isEqualTo(new byte[] {0, 1, 2, '\n', (byte) 0x80, 'a', '\n', (byte) 0xff, '\n'});
    }

    @Test
    void uniqueOutputOfSortedDuplicates() {
        String[] values = new String[1000];
        Arrays.fill(values, "same");
        CommandTester.Result r =
                CommandTester.create().stdin(String.join("\n", values) + "\n").run("sort", "-u");
        assertThat(r.out()).isEqualTo("same\n");
    }
}
