package anatomy.isa;

/**
 * A form that cannot judge this code here: the operation is not asserted on this ISA ({@code Form.notOn}), or the
 * shape found is one the form declares it does not judge. It is the ISA that rules the claim out, a stated
 * precondition, so the assertion layer turns it into jtreg's skip with this message word for word
 * ({@code anatomy.Formed}); the ISA layer itself knows nothing of jtreg.
 */
public final class NotJudged extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public NotJudged(String reason) {
        super(reason);
    }
}
