package anatomy;

import anatomy.model.LogEvent;

/** An event of the compilation log an assertion can ask for: a kind of {@link Logged}, or one narrowed by an attribute. */
public interface LoggedEvent {
    /** UPPER_SNAKE, as failure messages and negative controls name it, e.g. {@code TRAP_COMPILED(reason=unstable_if)}. */
    String name();

    /** The log element searched for, for failure messages. */
    String element();

    boolean matches(LogEvent e);
}
