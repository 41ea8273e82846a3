package dev.shellbox.usage.domain;

/** No plan of that name (404). */
public final class PlanNotFoundException extends UsageException {
    public PlanNotFoundException(String name) {
        super(404, "no plan named '" + name + "'");
    }
}
