package dev.shellbox.sandbox.provider.local;

import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import java.io.PrintWriter;
import org.junit.platform.launcher.Launcher;
import org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder;
import org.junit.platform.launcher.core.LauncherFactory;
import org.junit.platform.launcher.listeners.SummaryGeneratingListener;
import org.junit.platform.launcher.listeners.TestExecutionSummary;

/**
 * Runs one test class through the JUnit Platform and exits 0 only when every test of it passed: how {@link
 * LocalProviderConformanceAsNonRootTest} runs the conformance suite in a JVM of another user.
 */
public final class ConformanceLauncher {
    private ConformanceLauncher() {}

    public static void main(String[] args) throws ClassNotFoundException {
        Launcher launcher = LauncherFactory.create();
        SummaryGeneratingListener listener = new SummaryGeneratingListener();
        launcher.execute(
                LauncherDiscoveryRequestBuilder.request()
                        .selectors(selectClass(Class.forName(args[0])))
                        .build(),
                listener);
        TestExecutionSummary summary = listener.getSummary();
        PrintWriter out = new PrintWriter(System.out, true);
        summary.printTo(out);
        summary.printFailuresTo(out, 20);
        boolean passed = summary.getTotalFailureCount() == 0 && summary.getTestsSucceededCount() > 0;
        System.exit(passed ? 0 : 1);
    }
}
