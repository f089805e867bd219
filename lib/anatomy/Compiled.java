package anatomy;

import anatomy.model.CompileTask;
import anatomy.model.LogEvent;
import anatomy.model.NMethod;
import java.util.ArrayList;
import java.util.List;

/** The code of one compile of a method in a run, with what the log says about that compile. */
public record Compiled(NMethod nmethod, Run run) {
    /** The compile's logged decisions and run-time events, in log order (the task first). */
    public List<LogEvent> events() {
        List<LogEvent> all = new ArrayList<>();
        run.log().task(nmethod.compileId()).map(CompileTask::events).ifPresent(all::addAll);
        all.addAll(run.log().runtimeEvents().stream()
                .filter(e -> Integer.toString(nmethod.compileId()).equals(e.attribute("compile_id"))).toList());
        return all;
    }

    @Override
    public String toString() {
        return nmethod.describe();
    }
}
