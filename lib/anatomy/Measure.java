package anatomy;

/** A number the child measured and recorded with {@link Jit#measure}, e.g. bytes allocated per call. */
public record Measure(String key, double value, Run run) {
    @Override
    public String toString() {
        return key + " = " + value;
    }
}
