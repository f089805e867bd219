package jtreg;

/**
 * Thrown by a test that cannot run here. jtreg recognises this class by its name and records the test as
 * skipped, with the message as the reason; the message should name what is missing.
 */
public class SkippedException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public SkippedException(String reason) {
        super(reason);
    }
}
