package anatomy;

import anatomy.model.CompilationLog;
import anatomy.model.LogEvent;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/**
 * The pack's vocabulary for what {@code -XX:+LogCompilation} records about one compile: decisions taken while
 * compiling (inside its {@code <task>}) and what happened to the code at run time (events outside any task
 * that name its {@code compile_id}). Each kind names its element and the attributes it may be narrowed by:
 * {@code TRAP_COMPILED.reason("unstable_if")}, {@code INLINE_FAIL.where("reason", "too big")}.
 */
public enum Logged implements LoggedEvent {
    /** A callee inlined: {@code <inline_success reason=..>}; {@code callee} is the method the log's call named. */
    INLINE_SUCCESS("inline_success", When.COMPILING, null, "reason", "callee"),
    /** A callee not inlined, and why: {@code <inline_fail reason=..>}. */
    INLINE_FAIL("inline_fail", When.COMPILING, null, "reason", "callee"),
    /**
     * A call left virtual: {@code <virtual_call>}. Its {@code invoke} is the site's bytecode (the log's {@code <bc
     * code=..>} before it), which decides the dispatch at run time: an inline cache that misses goes to a vtable stub
     * for invokevirtual, to an itable stub for invokeinterface (SharedRuntime's resolution, CallInfo's call kind).
     */
    VIRTUAL_CALL("virtual_call", When.COMPILING, null, "bci", "invoke"),
    /** A receiver type predicted from the profile and guarded: {@code <predicted_call klass=..>}. */
    PREDICTED_CALL("predicted_call", When.COMPILING, null, "bci", "exact", "invoke"),
    /** A boxing call removed: {@code <eliminate_boxing>}. */
    ELIMINATED_BOXING("eliminate_boxing", When.COMPILING, null, "type"),
    /** Any lock or unlock removed: {@code <eliminate_lock kind=..>}. */
    ELIMINATED_LOCK("eliminate_lock", When.COMPILING, null, "kind", "lock_id"),
    /** Locks merged with a neighbour: {@code <eliminate_lock kind='Coarsened'>}. */
    COARSENED_LOCK("eliminate_lock", When.COMPILING, Map.of("kind", "Coarsened"), "lock_id"),
    /** An allocation removed by scalar replacement: {@code <eliminate_allocation type=..>}. */
    ELIMINATED_ALLOCATION("eliminate_allocation", When.COMPILING, null, "type"),
    /** A call replaced by an intrinsic: {@code <intrinsic id=..>}. */
    INTRINSIC("intrinsic", When.COMPILING, null, "id"),
    /** An uncommon trap the compiler planted: {@code <uncommon_trap reason=..>} in the task. */
    TRAP_COMPILED("uncommon_trap", When.COMPILING, null, "reason", "action", "bci", "comment"),
    /** An uncommon trap hit at run time in this code: {@code <uncommon_trap thread=.. reason=..>}. */
    TRAP_HIT("uncommon_trap", When.RUNNING, null, "reason", "action"),
    /** The nmethod was made not entrant (deoptimized for good): {@code <make_not_entrant compile_id=..>}. */
    MADE_NOT_ENTRANT("make_not_entrant", When.RUNNING, null);

    /** Whether the element is logged inside the compile's task or later, at run time. */
    enum When {
        COMPILING, RUNNING
    }

    private final String element;
    private final When when;
    private final Map<String, String> fixed;
    private final Set<String> attributes;

    Logged(String element, When when, Map<String, String> fixed, String... attributes) {
        if (!CompilationLog.EVENTS.contains(element)) {
            throw new IllegalStateException("Logged." + name() + " names <" + element + ">, which the compilation log"
                    + " reader does not keep: add it to CompilationLog.EVENTS, or fix the name");
        }
        this.element = element;
        this.when = when;
        this.fixed = fixed == null ? Map.of() : fixed;
        this.attributes = Set.of(attributes);
    }

    @Override
    public String element() {
        Map<String, String> all = new LinkedHashMap<>(fixed);
        return "<" + element + all.entrySet().stream().map(e -> " " + e.getKey() + "='" + e.getValue() + "'")
                .reduce("", String::concat) + ">" + (when == When.COMPILING ? " while compiling" : " at run time");
    }

    @Override
    public boolean matches(LogEvent e) {
        return e.name().equals(element) && (e.attribute("thread") != null) == (when == When.RUNNING)
                && fixed.entrySet().stream().allMatch(f -> f.getValue().equals(e.attribute(f.getKey())));
    }

    /** This kind with a {@code reason} attribute of that value. */
    public LoggedEvent reason(String reason) {
        return where("reason", reason);
    }

    /**
     * This kind about one callee, {@code INLINE_SUCCESS.callee(StampedLock.class, "validate")}: the method the
     * log's {@code <call>} before the decision named ({@code java.util.concurrent.locks.StampedLock::validate}).
     */
    public LoggedEvent callee(Class<?> holder, String method) {
        return where("callee", holder.getName() + "::" + method);
    }

    /** This kind with the attribute of that value; the attribute must be one this kind declares. */
    public LoggedEvent where(String attribute, String value) {
        if (!attributes.contains(attribute)) {
            throw new IllegalArgumentException("Logged." + name() + " has no attribute '" + attribute + "'; it has "
                    + attributes.stream().sorted().toList());
        }
        return new Where(this, attribute, value);
    }

    /** A kind narrowed to one attribute value. */
    private record Where(Logged kind, String attribute, String value) implements LoggedEvent {
        @Override
        public String name() {
            return kind.name() + "(" + attribute + "=" + value + ")";
        }

        @Override
        public String element() {
            return kind.element().replaceFirst(">", java.util.regex.Matcher.quoteReplacement(" " + attribute + "='" + value + "'>"));    // a nested class's '$'
        }

        @Override
        public boolean matches(LogEvent e) {
            return kind.matches(e) && value.equals(e.attribute(attribute));
        }

        @Override
        public String toString() {
            return name() + " " + element();
        }
    }

    @Override
    public String toString() {
        return name() + " " + element();
    }
}
