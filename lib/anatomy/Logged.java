package anatomy;

import anatomy.model.LogEvent;
import java.util.function.Predicate;

/**
 * The pack's vocabulary for what {@code -XX:+LogCompilation} records about one compile: decisions taken
 * while compiling (inside its {@code <task>}) and what happened to the code at run time (events outside any
 * task that name its {@code compile_id}).
 */
public final class Logged {
    /** Locks merged with a neighbour: {@code <eliminate_lock kind='Coarsened'>}. */
    public static final Logged COARSENED_LOCK = new Logged("COARSENED_LOCK", "<eliminate_lock kind='Coarsened'>",
            e -> e.name().equals("eliminate_lock") && "Coarsened".equals(e.attribute("kind")));
    /** Any lock or unlock removed: {@code <eliminate_lock>}. */
    public static final Logged ELIMINATED_LOCK = new Logged("ELIMINATED_LOCK", "<eliminate_lock>",
            e -> e.name().equals("eliminate_lock"));
    /** An allocation removed by scalar replacement: {@code <eliminate_allocation>}. */
    public static final Logged ELIMINATED_ALLOCATION = new Logged("ELIMINATED_ALLOCATION", "<eliminate_allocation>",
            e -> e.name().equals("eliminate_allocation"));
    /** The nmethod was made not entrant (deoptimized for good): {@code <make_not_entrant compile_id=..>}. */
    public static final Logged MADE_NOT_ENTRANT = new Logged("MADE_NOT_ENTRANT", "<make_not_entrant>",
            e -> e.name().equals("make_not_entrant"));

    /** An uncommon trap the compiler planted for a reason: {@code <uncommon_trap reason=..>} in the task. */
    public static Logged trapCompiledFor(String reason) {
        return new Logged("TRAP_COMPILED(" + reason + ")", "<uncommon_trap reason='" + reason + "'> while compiling",
                e -> e.name().equals("uncommon_trap") && reason.equals(e.attribute("reason")) && e.attribute("thread") == null);
    }

    /** An uncommon trap hit at run time in this code: {@code <uncommon_trap thread=.. reason=..>}. */
    public static Logged trapHitFor(String reason) {
        return new Logged("TRAP_HIT(" + reason + ")", "<uncommon_trap thread=.. reason='" + reason + "'> at run time",
                e -> e.name().equals("uncommon_trap") && reason.equals(e.attribute("reason")) && e.attribute("thread") != null);
    }

    private final String name;
    private final String element;
    private final Predicate<LogEvent> test;

    private Logged(String name, String element, Predicate<LogEvent> test) {
        this.name = name;
        this.element = element;
        this.test = test;
    }

    public String name() {
        return name;
    }

    /** The log element searched for, for failure messages. */
    public String element() {
        return element;
    }

    boolean matches(LogEvent e) {
        return test.test(e);
    }

    @Override
    public String toString() {
        return name + " " + element;
    }
}
