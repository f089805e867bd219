package anatomy;

/** How many occurrences an assertion expects: {@code exactly(1)}, {@code atMost(2)}, {@code atLeast(1)}. */
public record Count(Comparison comparison, int n) {
    public enum Comparison {
        EXACTLY("exactly"), AT_MOST("at most"), AT_LEAST("at least");

        private final String text;

        Comparison(String text) {
            this.text = text;
        }
    }

    public static Count exactly(int n) {
        return new Count(Comparison.EXACTLY, n);
    }

    public static Count atMost(int n) {
        return new Count(Comparison.AT_MOST, n);
    }

    public static Count atLeast(int n) {
        return new Count(Comparison.AT_LEAST, n);
    }

    public boolean test(int found) {
        return switch (comparison) {
            case EXACTLY -> found == n;
            case AT_MOST -> found <= n;
            case AT_LEAST -> found >= n;
        };
    }

    @Override
    public String toString() {
        return comparison.text + " " + n;
    }
}
