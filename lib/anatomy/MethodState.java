package anatomy;

/**
 * Whether a method was compiled, at which level and under which compile id, at a point the child labelled
 * with {@link Jit#snapshot}.
 */
public record MethodState(String label, String method, boolean compiled, int level, int compileId, Run run) {
    @Override
    public String toString() {
        return method + " at '" + label + "': " + (compiled ? "compiled at level " + level + " (compile id " + compileId + ")"
                : "not compiled");
    }
}
