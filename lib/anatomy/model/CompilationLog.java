package anatomy.model;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import javax.xml.stream.XMLInputFactory;
import javax.xml.stream.XMLStreamConstants;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamReader;

/**
 * A {@code -XX:+LogCompilation} log: the compile tasks with the decisions logged while compiling, and the
 * events of run time (an uncommon trap hit in compiled code, an nmethod made not entrant), which the log
 * keeps outside any task and ties to a task by {@code compile_id}.
 */
public final class CompilationLog {
    /** Elements that record a decision or a happening; everything else in the log is scaffolding. */
    public static final Set<String> EVENTS = Set.of("uncommon_trap", "eliminate_allocation", "eliminate_lock",
            "eliminate_boxing", "inline_fail", "inline_success", "intrinsic", "make_not_entrant", "deoptimized",
            "predicted_call", "virtual_call", "late_inline", "failure", "bailout", "assert_null",
            "replace_string_concat", "implicit_exception");
    /** Elements that name things events refer to, or frame a task. */
    private static final Set<String> STRUCTURE = Set.of("hotspot_log", "task", "task_done", "klass", "type", "method", "jvms",
            "call", "bc");
    /** Decisions about the call the log named just before them ({@code <call method=..>}): given its {@code callee}. */
    private static final Set<String> ABOUT_A_CALL = Set.of("inline_success", "inline_fail", "intrinsic");
    /**
     * Decisions about the call site the log's last {@code <bc code=..>} named: given its {@code invoke}, the bytecode
     * (invokevirtual, invokeinterface, ...), which decides the dispatch a call left virtual takes at run time.
     */
    private static final Set<String> ABOUT_A_SITE = Set.of("inline_success", "inline_fail", "intrinsic", "virtual_call", "predicted_call");
    /** The invoke bytecodes by their code (JVMS 6.5). */
    private static final Map<String, String> INVOKE = Map.of("182", "invokevirtual", "183", "invokespecial", "184", "invokestatic",
            "185", "invokeinterface", "186", "invokedynamic");

    private final List<CompileTask> tasks;
    private final List<LogEvent> runtimeEvents;

    private CompilationLog(List<CompileTask> tasks, List<LogEvent> runtimeEvents) {
        this.tasks = List.copyOf(tasks);
        this.runtimeEvents = List.copyOf(runtimeEvents);
    }

    public List<CompileTask> tasks() {
        return tasks;
    }

    /** Events logged outside compilation: run-time traps, nmethods made not entrant, deoptimizations. */
    public List<LogEvent> runtimeEvents() {
        return runtimeEvents;
    }

    public Optional<CompileTask> task(int compileId) {
        return tasks.stream().filter(t -> t.compileId() == compileId).findFirst();
    }

    /** Run-time events of one name that concern one compiled method (by compile id). */
    public List<LogEvent> runtimeEvents(String name, int compileId) {
        String id = Integer.toString(compileId);
        return runtimeEvents.stream().filter(e -> e.name().equals(name) && id.equals(e.attribute("compile_id"))).toList();
    }

    public static CompilationLog read(Path file) {
        try (InputStream in = Files.newInputStream(file)) {
            return parse(in, file.toString());
        } catch (IOException e) {
            throw new ParseException(file.toString(), 0, "cannot read the compilation log: " + e.getMessage(), e);
        }
    }

    public static CompilationLog parse(InputStream in, String source) {
        XMLInputFactory factory = XMLInputFactory.newFactory();
        factory.setProperty(XMLInputFactory.SUPPORT_DTD, false);
        factory.setProperty(XMLInputFactory.IS_SUPPORTING_EXTERNAL_ENTITIES, false);
        List<CompileTask> tasks = new ArrayList<>();
        List<LogEvent> runtime = new ArrayList<>();
        XMLStreamReader r = null;
        try {
            r = factory.createXMLStreamReader(in);
            TaskBuilder task = null;
            Deque<EventBuilder> open = new ArrayDeque<>();
            boolean sawRoot = false;
            while (r.hasNext()) {
                int kind = r.next();
                if (kind == XMLStreamConstants.START_ELEMENT) {
                    String name = r.getLocalName();
                    if (sawRoot && !EVENTS.contains(name) && !STRUCTURE.contains(name)) {
                        continue;
                    }
                    Map<String, String> attrs = attributes(r);
                    if (!sawRoot) {
                        if (!name.equals("hotspot_log")) {
                            throw new ParseException(source, r.getLocation().getLineNumber(),
                                    "not a compilation log: root element is <" + name + ">, expected <hotspot_log>");
                        }
                        sawRoot = true;
                    }
                    if (name.equals("task") && task == null) {
                        task = new TaskBuilder(attrs);
                    } else if (task != null && name.equals("task_done")) {
                        task.succeeded = "1".equals(attrs.get("success"));
                    } else if (task != null && (name.equals("klass") || name.equals("type"))) {
                        task.names.put(attrs.get("id"), attrs.get("name"));
                    } else if (task != null && name.equals("method") && attrs.containsKey("id")) {
                        String holder = task.names.getOrDefault(attrs.get("holder"), attrs.get("holder"));
                        task.names.put(attrs.get("id"), holder + "::" + attrs.get("name"));
                    } else if (task != null && name.equals("call")) {
                        task.call = task.names.get(attrs.get("method"));
                    } else if (task != null && name.equals("bc")) {
                        task.invoke = INVOKE.get(attrs.get("code"));
                    } else if (name.equals("jvms") && !open.isEmpty()) {
                        open.peek().scopes.add(attrs);
                    } else if (EVENTS.contains(name)) {
                        if (task != null && task.call != null && ABOUT_A_CALL.contains(name)) {
                            attrs.putIfAbsent("callee", task.call);
                        }
                        if (task != null && task.invoke != null && ABOUT_A_SITE.contains(name)) {
                            attrs.putIfAbsent("invoke", task.invoke);
                        }
                        open.push(new EventBuilder(name, attrs));
                    }
                } else if (kind == XMLStreamConstants.END_ELEMENT) {
                    String name = r.getLocalName();
                    if (!open.isEmpty() && open.peek().name.equals(name)) {
                        LogEvent e = open.pop().build(task == null ? Map.of() : task.names);
                        if (task != null) {
                            task.events.add(e);
                        } else {
                            runtime.add(e);
                        }
                    } else if (name.equals("task") && task != null) {
                        tasks.add(task.build());
                        task = null;
                    }
                }
            }
            if (!sawRoot) {
                throw new ParseException(source, 0, "empty compilation log");
            }
        } catch (XMLStreamException e) {
            int line = e.getLocation() == null ? 0 : e.getLocation().getLineNumber();
            throw new ParseException(source, line, "the compilation log is truncated or malformed ("
                    + e.getMessage().replaceAll("\\s+", " ") + "); did the VM exit normally?", e);
        } finally {
            if (r != null) {
                try {
                    r.close();
                } catch (XMLStreamException ignored) {
                    // nothing more to read
                }
            }
        }
        return new CompilationLog(tasks, runtime);
    }

    private static Map<String, String> attributes(XMLStreamReader r) {
        Map<String, String> m = new LinkedHashMap<>();
        for (int i = 0; i < r.getAttributeCount(); i++) {
            m.put(r.getAttributeLocalName(i), r.getAttributeValue(i));
        }
        return m;
    }

    private static int intOr(String s, int otherwise) {
        try {
            return s == null ? otherwise : Integer.parseInt(s);
        } catch (NumberFormatException e) {
            return otherwise;
        }
    }

    private static final class EventBuilder {
        final String name;
        final Map<String, String> attributes;
        final List<Map<String, String>> scopes = new ArrayList<>();

        EventBuilder(String name, Map<String, String> attributes) {
            this.name = name;
            this.attributes = new HashMap<>(attributes);
        }

        LogEvent build(Map<String, String> names) {
            String type = attributes.get("type");
            if (type != null && names.containsKey(type)) {
                attributes.put("type_name", names.get(type));
            }
            List<Map<String, String>> resolved = new ArrayList<>();
            for (Map<String, String> s : scopes) {
                Map<String, String> copy = new HashMap<>(s);
                String m = s.get("method");
                if (m != null && names.containsKey(m)) {
                    copy.put("method_name", names.get(m));
                }
                resolved.add(copy);
            }
            return new LogEvent(name, attributes, resolved);
        }
    }

    private static final class TaskBuilder {
        final Map<String, String> attributes;
        final Map<String, String> names = new HashMap<>();
        final List<LogEvent> events = new ArrayList<>();
        /** The callee of the last {@code <call>}, which the inlining decision after it is about. */
        String call;
        /** The invoke bytecode of the last {@code <bc>}, the call site the decisions after it are about. */
        String invoke;
        boolean succeeded;

        TaskBuilder(Map<String, String> attributes) {
            this.attributes = attributes;
        }

        CompileTask build() {
            String compiler = attributes.getOrDefault("compiler", "");
            int level = intOr(attributes.get("level"), -1);
            if (compiler.isEmpty()) {
                compiler = level == 4 || level == -1 ? "c2" : "c1";
            }
            int osr = "osr".equals(attributes.get("compile_kind")) ? intOr(attributes.get("osr_bci"), 0) : -1;
            return new CompileTask(intOr(attributes.get("compile_id"), -1), attributes.getOrDefault("method", "?"),
                    compiler, level, osr, succeeded, events);
        }
    }
}
