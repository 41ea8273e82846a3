package dev.shellbox.egress;

/** A policy that cannot be used, with the path of the field at fault, e.g. {@code allow[3]}. */
public final class PolicyException extends IllegalArgumentException {
    private final String field;
    private final String problem;

    public PolicyException(String field, String problem) {
        super(field + ": " + problem);
        this.field = field;
        this.problem = problem;
    }

    /** Where the bad input is: {@code mode}, {@code allow[3]}, {@code rules["api.example.com"].headers["X-Key"]}. */
    public String field() {
        return field;
    }

    /** What is wrong with it. */
    public String problem() {
        return problem;
    }
}
