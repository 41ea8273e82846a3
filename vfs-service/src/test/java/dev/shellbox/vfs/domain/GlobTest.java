package dev.shellbox.vfs.domain;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class GlobTest {

    @ParameterizedTest
    @CsvSource({
        "*.py, main.py, a/main.py, true",
        "*.py, main.pyc, main.pyc, false",
        "?.c, a.c, a.c, true",
        "?.c, ab.c, ab.c, false",
        "'*.{java,kt}', A.kt, src/A.kt, true",
        "[!a]*, bcd, bcd, true",
        "[!a]*, abc, abc, false",
        "src/**, x.py, src/a/x.py, true",
        "src/*.py, x.py, src/a/x.py, false",
        "**/test_*.py, test_a.py, t/u/test_a.py, true",
        "**/test_*.py, test_a.py, test_a.py, true",
        "a+b.txt, a+b.txt, a+b.txt, true",
        "a+b.txt, aab.txt, aab.txt, false"
    })
    void matchesLikeTheShell(String glob, String name, String relativePath, boolean matches) {
        assertThat(Glob.compile(glob).matches(name, relativePath)).isEqualTo(matches);
    }
}
