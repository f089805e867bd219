package anatomy.model;

/** Input the parsers cannot make sense of: truncated, mangled or not what it claims to be. */
public final class ParseException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public ParseException(String source, int line, String what) {
        super(source + (line > 0 ? ":" + line : "") + ": " + what);
    }

    public ParseException(String source, int line, String what, Throwable cause) {
        super(source + (line > 0 ? ":" + line : "") + ": " + what, cause);
    }
}
