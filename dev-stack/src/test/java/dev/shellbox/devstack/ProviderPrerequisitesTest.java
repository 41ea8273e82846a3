package dev.shellbox.devstack;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

class ProviderPrerequisitesTest {
    private static final Path BWRAP = Path.of("/usr/bin/bwrap");
    private static final Path SLIRP = Path.of("/usr/bin/slirp4netns");
    private static final int ROOT = 0;
    private static final int USER = 1000;

    /** The host's executables; an install adds the tools of the packages it installs when it succeeds. */
    private final Set<Path> present = new HashSet<>();

    private final List<List<String>> installs = new ArrayList<>();
    private int probes;

    ProviderPrerequisitesTest() {
        present.add(ProviderPrerequisites.APT_GET);
        ProviderPrerequisites.TOOLS.forEach(t -> present.add(t.path()));
    }

    private ProviderPrerequisites host(int uid, Map<String, String> env, boolean installWorks, String probeFailure) {
        return new ProviderPrerequisites(
                present::contains,
                uid,
                env,
                packages -> {
                    installs.add(packages);
                    if (installWorks) {
                        ProviderPrerequisites.TOOLS.stream()
                                .filter(t -> packages.contains(t.debianPackage()))
                                .forEach(t -> present.add(t.path()));
                    }
                    return installWorks;
                },
                () -> {
                    probes++;
                    return Optional.ofNullable(probeFailure);
                });
    }

    @Test
    void leavesTheDefaultProviderAloneWhenEverythingIsThere() {
        ProviderPrerequisites.Outcome outcome = host(USER, Map.of(), true, null).check();

        assertEquals(Optional.empty(), outcome.defaultProvider());
        assertEquals(Optional.empty(), outcome.warning());
        assertEquals(List.of(), installs);
        assertEquals(1, probes);
    }

    @Test
    void installsOnlyTheMissingPackagesWhenRoot() {
        present.remove(BWRAP);
        present.remove(SLIRP);

        ProviderPrerequisites.Outcome outcome = host(ROOT, Map.of(), true, null).check();

        assertEquals(List.of(List.of("bubblewrap", "slirp4netns")), installs);
        assertEquals(Optional.empty(), outcome.defaultProvider());
        assertEquals(Optional.empty(), outcome.warning());
        assertEquals(1, probes);
    }

    @Test
    void namesEachPackageOnceWhenSeveralToolsComeInIt() {
        present.remove(Path.of("/usr/bin/prlimit"));
        present.remove(Path.of("/usr/bin/nsenter"));
        present.remove(BWRAP);

        host(ROOT, Map.of(), true, null).check();

        assertEquals(List.of(List.of("bubblewrap", "util-linux")), installs);
    }

    @Test
    void fallsBackToInProcessWhenTheInstallFails() {
        present.remove(BWRAP);

        ProviderPrerequisites.Outcome outcome =
                host(ROOT, Map.of(), false, null).check();

        assertEquals(List.of(List.of("bubblewrap")), installs);
        assertEquals(Optional.of("in-process"), outcome.defaultProvider());
        String warning = outcome.warning().orElseThrow();
        assertTrue(warning.contains("/usr/bin/bwrap"), warning);
        assertTrue(warning.contains("`apt-get install -y bubblewrap`"), warning);
        assertTrue(warning.contains("default to the 'in-process' provider"), warning);
        assertEquals(0, probes, "no trial sandbox without bubblewrap");
    }

    @Test
    void printsTheSudoLineAndFallsBackWhenNotRoot() {
        present.remove(BWRAP);
        present.remove(SLIRP);

        ProviderPrerequisites.Outcome outcome = host(USER, Map.of(), true, null).check();

        assertEquals(List.of(), installs, "only root installs");
        assertEquals(Optional.of("in-process"), outcome.defaultProvider());
        String warning = outcome.warning().orElseThrow();
        assertTrue(warning.contains("`sudo apt-get install -y bubblewrap slirp4netns`"), warning);
        assertTrue(warning.contains("/usr/bin/bwrap, /usr/bin/slirp4netns"), warning);
        assertFalse(warning.contains("\n"), "one line");
    }

    @Test
    void namesThePackagesWithoutAptGet() {
        present.remove(ProviderPrerequisites.APT_GET);
        present.remove(SLIRP);

        ProviderPrerequisites.Outcome outcome = host(ROOT, Map.of(), true, null).check();

        assertEquals(List.of(), installs);
        assertEquals(Optional.of("in-process"), outcome.defaultProvider());
        String warning = outcome.warning().orElseThrow();
        assertTrue(warning.contains("install the packages slirp4netns"), warning);
        assertFalse(warning.contains("apt-get"), warning);
    }

    @Test
    void keepsTheProviderTheUserChoseButStillWarns() {
        present.remove(BWRAP);

        ProviderPrerequisites.Outcome outcome = host(USER, Map.of("SHELLBOX_DEFAULT_PROVIDER", "local"), true, null)
                .check();

        assertEquals(Optional.empty(), outcome.defaultProvider());
        String warning = outcome.warning().orElseThrow();
        assertTrue(warning.contains("`sudo apt-get install -y bubblewrap`"), warning);
        assertTrue(warning.contains("SHELLBOX_DEFAULT_PROVIDER is set, so 'local' stays"), warning);
        assertFalse(warning.contains("in-process"), warning);
    }

    @Test
    void fallsBackToInProcessWhenBubblewrapCannotStartASandbox() {
        ProviderPrerequisites.Outcome outcome = host(
                        USER, Map.of(), true, "bwrap: No permissions to create new namespace")
                .check();

        assertEquals(Optional.of("in-process"), outcome.defaultProvider());
        String warning = outcome.warning().orElseThrow();
        assertTrue(warning.contains("No permissions to create new namespace"), warning);
        assertTrue(warning.contains("user namespaces must be enabled"), warning);
        assertEquals(List.of(), installs);
    }

    @Test
    void asksForUserNamespacesWhenRootCannotStartASandbox() {
        ProviderPrerequisites.Outcome outcome = host(
                        ROOT, Map.of(), true, "bwrap: No permissions to create new namespace")
                .check();

        assertEquals(Optional.of("in-process"), outcome.defaultProvider());
        assertTrue(outcome.warning().orElseThrow().contains("user namespaces must be enabled"));
    }
}
