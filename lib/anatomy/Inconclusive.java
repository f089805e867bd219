package anatomy;

/**
 * The pack could not reach a verdict: the code could not be read, an anchor the claim rests on is missing, the
 * child VM crashed under an emulator. It is an outcome of its own, never a pass and never a skip (a skip is only
 * what a stated precondition rules out): jtreg records it as a failure, and the pack's summary
 * (make/tools/run/Summary.java, {@link anatomy.probe.Verdict}) reads it back as {@code inconclusive} with this
 * message as its reason, and exits 4 when nothing failed.
 */
public final class Inconclusive extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public Inconclusive(String reason) {
        super(reason);
    }
}
