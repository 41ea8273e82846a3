package dev.shellbox.bench.shell;

/** Generated scripts for benchmarks: the constructs agents write, repeated to a given length. */
public final class ScriptCorpus {
    private static final String[] BLOCK = {
        "#!/usr/bin/env bash",
        "set -euo pipefail",
        "readonly ROOT=\"${ROOT:-/workspace}\"",
        "log() { printf '%s %s\\n' \"$(date +%s)\" \"$*\" >&2; }",
        "for f in \"$ROOT\"/src/*.py; do",
        "  name=${f##*/}; base=${name%.py}",
        "  if [[ -f \"$f\" && $base != test_* ]]; then",
        "    count=$(grep -c 'def ' \"$f\" || true)",
        "    echo \"$base: $count functions\"",
        "  fi",
        "done",
        "case \"${1:-build}\" in",
        "  build|b) log building; make -j\"$(nproc)\" all ;;",
        "  test) python3 -m pytest -q \"${@:2}\" ;;",
        "  *) echo \"unknown: $1\" >&2; exit 2 ;;",
        "esac",
        "while read -r line; do arr+=(\"${line// /_}\"); done < <(ls -1 \"$ROOT\")",
        "total=$(( ${#arr[@]} * 2 + 1 ))",
        "cat <<EOF > \"$ROOT/report.txt\"",
        "Total: $total",
        "EOF",
    };

    private ScriptCorpus() {}

    /** A script of at least {@code n} lines that ends on a complete construct. */
    public static String lines(int n) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < n; i++) {
            sb.append(BLOCK[i % BLOCK.length]).append('\n');
        }
        // End on a complete construct: close any block the cut left open.
        int cut = n % BLOCK.length;
        if (cut > 0) {
            for (int i = cut; i < BLOCK.length; i++) {
                sb.append(BLOCK[i]).append('\n');
            }
        }
        return sb.toString();
    }
}
