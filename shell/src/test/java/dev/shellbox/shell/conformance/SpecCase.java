package dev.shellbox.shell.conformance;

import java.util.Map;

/**
 * One case of an Oils spec file: its description, code and expectations. {@code defaults} and {@code overrides} map
 * keys (stdout, stdout-json, stderr, stderr-json, status) to values; overrides are per shell name and carry their
 * qualifier under the key {@code qualifier}. {@code legacyTmpDir}: the file wants a {@code _tmp} directory in the
 * working directory.
 */
record SpecCase(
        String file,
        int index,
        int line,
        String description,
        String code,
        Map<String, String> defaults,
        Map<String, Map<String, String>> overrides,
        boolean legacyTmpDir) {

    @Override
    public String toString() {
        return file + " #" + index + " " + description;
    }
}
