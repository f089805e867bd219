package anatomy.model;

import java.util.List;

/**
 * One compilation as {@code -XX:+LogCompilation} records it: a {@code <task>} with the events the compiler
 * logged while compiling, and whether it succeeded.
 *
 * @param method the method as the log names it: {@code Holder name (signature)}, holder with dots
 * @param level  the tier, or -1 where the log does not say
 * @param osrBci the OSR entry bci, or -1 for a normal compile
 */
public record CompileTask(int compileId, String method, String compiler, int level, int osrBci, boolean succeeded,
                          List<LogEvent> events) {
    public CompileTask {
        events = List.copyOf(events);
    }

    /** The holder's simple name and the method name, as in {@code Outer$Inner::name}. */
    public String shortName() {
        String[] parts = method.split(" ");
        String holder = parts[0];
        return holder.substring(holder.lastIndexOf('.') + 1) + "::" + (parts.length > 1 ? parts[1] : "?");
    }

    public List<LogEvent> events(String name) {
        return events.stream().filter(e -> e.name().equals(name)).toList();
    }

    public String describe() {
        return shortName() + " (" + compiler + (level >= 0 ? ", level " + level : "") + ", compile id " + compileId
                + (osrBci >= 0 ? ", OSR @ " + osrBci : "") + ")";
    }

    @Override
    public String toString() {
        return describe();
    }
}
