package anatomy.model;

import java.util.List;
import java.util.Map;

/**
 * One element of a {@code -XX:+LogCompilation} log that records a decision or a happening, such as
 * {@code uncommon_trap}, {@code eliminate_allocation}, {@code eliminate_lock}, {@code inline_fail},
 * {@code intrinsic} or {@code make_not_entrant}, with its attributes and the bytecode scopes ({@code jvms})
 * nested in it. Ids that the log defines elsewhere ({@code type='1405'}, a jvms {@code method='1404'}) are
 * resolved to names where the log says them: the attribute {@code type_name}, the scope's {@code method_name}.
 */
public record LogEvent(String name, Map<String, String> attributes, List<Map<String, String>> scopes) {
    public LogEvent {
        attributes = Map.copyOf(attributes);
        scopes = scopes.stream().map(Map::copyOf).toList();
    }

    public String attribute(String key) {
        return attributes.get(key);
    }

    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder("<").append(name);
        attributes.entrySet().stream().sorted(Map.Entry.comparingByKey())
                .forEach(e -> sb.append(' ').append(e.getKey()).append("='").append(e.getValue()).append('\''));
        sb.append('>');
        for (Map<String, String> s : scopes) {
            sb.append(" @").append(s.getOrDefault("method_name", s.get("method"))).append(':').append(s.get("bci"));
        }
        return sb.toString();
    }
}
