package anatomy.isa;

import anatomy.model.Instruction;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.function.LongPredicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * How one operation shows in one ISA's code: one or more alternative sequences of steps. A step is a regular
 * expression over an instruction's text, matched from its start; {@code (?<name>...)} captures a value and a
 * later step's {@code {name}} stands for exactly that value ("the same register"). Each step after the first
 * must come later in the code, within {@link Step#within} instructions of the step before when given, and with
 * no instruction between them that {@link Step#withNoneBetween} forbids (a bound by structure). One
 * step is the anchor (the last, unless another is marked): the instruction an occurrence is counted at.
 *
 * <p>A form may instead look for the JVM's notes ({@link #note}), which read the same on every ISA and
 * survive the VM's hex dump, or say that the ISA has no such instruction ({@link #absent}).
 */
public final class Form {
    private static final Pattern GROUP = Pattern.compile("\\(\\?<([a-zA-Z][a-zA-Z0-9]*)>");
    private static final Pattern PLACEHOLDER = Pattern.compile("\\{([a-zA-Z][a-zA-Z0-9]*)}");

    private static final Map<String, Pattern> COMPILED = new java.util.concurrent.ConcurrentHashMap<>();

    private final List<List<Step>> alternatives;
    private final Pattern note;
    private final boolean noteOnMemoryAccess;
    private final String absent;
    /** Why an operation is not asserted on this ISA ({@link #notOn}), or null. */
    private String notOn;
    /** Occurrences found by a named method rather than by steps ({@link #shape}). */
    private List<Shape> shapes = List.of();
    /** Occurrences of this form found at the instructions where this one is, which do not count ({@link #except}). */
    private Form excluded;
    /** For a role's note ({@link Role}): what it is, for failure messages, and the notes of the same kind. */
    private final String described;
    private final Pattern related;

    private Form(List<List<Step>> alternatives, Pattern note, boolean noteOnMemoryAccess, String absent) {
        this(alternatives, note, noteOnMemoryAccess, absent, null, null);
    }

    private Form(List<List<Step>> alternatives, Pattern note, boolean noteOnMemoryAccess, String absent, String described,
            Pattern related) {
        this.alternatives = alternatives;
        this.note = note;
        this.noteOnMemoryAccess = noteOnMemoryAccess;
        this.absent = absent;
        this.described = described;
        this.related = related;
    }

    /**
     * One step of a sequence. {@code noneBetween}, when given, is a regular expression no instruction between
     * the step before and this one may match (e.g. no memory access between an exclusive load and its store).
     */
    public record Step(String regex, int within, boolean isAnchor, String group, LongPredicate value, String valueText,
            String noneBetween, boolean every, boolean noJoin) {
        /** This step must come at most {@code n} instructions after the step before it. */
        public Step within(int n) {
            return new Step(regex, n, isAnchor, group, value, valueText, noneBetween, every, noJoin);
        }

        /** Count occurrences at this step's instruction rather than at the last step's. */
        public Step anchor() {
            return new Step(regex, within, true, group, value, valueText, noneBetween, every, noJoin);
        }

        /** The captured number {@code group} (decimal or 0x hex, maybe negative) must satisfy the predicate. */
        public Step where(String group, LongPredicate value, String described) {
            return new Step(regex, within, isAnchor, group, value, described, noneBetween, every, noJoin);
        }

        /**
         * No instruction between the step before and this one matches {@code regex} (from the instruction's start):
         * a bound by structure ("no memory access in between"), not by a count of instructions. The regex may use
         * the earlier steps' captures ({@code {z}}): "no instruction that writes register {z} between" is a bound
         * by data flow.
         */
        public Step withNoneBetween(String regex) {
            Pattern.compile(PLACEHOLDER.matcher(regex).replaceAll("x"));    // fail at declaration on a bad regex
            return new Step(this.regex, within, isAnchor, group, value, valueText, regex, every, noJoin);
        }

        /**
         * For the last step, which must be the anchor: every instruction that matches it within its bounds (window,
         * none between) is an occurrence, not only the nearest one: a register zeroed once and stored to three
         * fields is three zero stores.
         */
        public Step everyOne() {
            return new Step(regex, within, isAnchor, group, value, valueText, noneBetween, true, noJoin);
        }

        /**
         * No instruction after the step before, up to and including this step's, is the target of a branch in the
         * code: the path from the step before to this one is the only way in, so what the step before put in a
         * register is still there unless an instruction between writes it ({@link #withNoneBetween}).
         */
        public Step withNoJoinBetween() {
            return new Step(regex, within, isAnchor, group, value, valueText, noneBetween, every, true);
        }

        @Override
        public String toString() {
            return "/" + regex + "/" + (within == Integer.MAX_VALUE ? "" : " within " + within)
                    + (noJoin ? " with no branch target since the step before" : "")
                    + (noneBetween == null ? "" : " with nothing matching /" + noneBetween + "/ since the step before")
                    + (group == null ? "" : " with " + group + " " + valueText) + (every ? " (each one)" : "");
        }
    }

    public static Step step(String regex) {
        return new Step(regex, Integer.MAX_VALUE, false, null, null, null, null, false, false);
    }

    /** One instruction. */
    public static Form insn(String regex) {
        return seq(step(regex));
    }

    public static Form seq(Step... steps) {
        for (int i = 0; i < steps.length; i++) {
            Pattern.compile(PLACEHOLDER.matcher(steps[i].regex()).replaceAll("x"));  // fail at declaration on a bad regex
            if (steps[i].every() && (i != steps.length - 1 || anchorIndex(List.of(steps)) != i)) {
                throw new IllegalArgumentException("everyOne() is for the last step, the anchor: " + steps[i]);
            }
        }
        return new Form(List.of(List.of(steps)), null, false, null);
    }

    /**
     * This form's occurrences at instructions where {@code other} has none: e.g. a store of a register into an
     * object that is not a store of a register known to hold zero. Both must be instruction sequences.
     */
    public Form except(Form other) {
        if (note != null || absent != null || other.note != null || other.absent != null) {
            throw new IllegalArgumentException("except() takes instruction sequences");
        }
        Form f = new Form(alternatives, null, false, null);
        f.excluded = other;
        f.shapes = shapes;
        return f;
    }

    /** Any of the forms (each of which must be instruction sequences or shapes). */
    public static Form anyOf(Form... forms) {
        List<List<Step>> all = new ArrayList<>();
        List<Shape> shapes = new ArrayList<>();
        for (Form f : forms) {
            all.addAll(f.alternatives);
            shapes.addAll(f.shapes);
        }
        Form f = new Form(all, null, false, null);
        f.shapes = List.copyOf(shapes);
        return f;
    }

    /** A shape a named method finds in the code, described for failure messages. */
    public record Shape(Function<List<Instruction>, List<Match>> finder, String described) {
    }

    /**
     * The occurrences {@code finder} returns (each the instruction it is counted at, with what it read there), for a
     * shape steps cannot say (s390x: a branch whose target is the instruction after the next; riscv64: a vector
     * clear's extent, read from its length register); {@code described} says what it finds.
     */
    public static Form shape(Function<List<Instruction>, List<Match>> finder, String described) {
        Form f = new Form(List.of(), null, false, null);
        f.shapes = List.of(new Shape(finder, described));
        return f;
    }

    /** An instruction (or hex group) carrying a JVM note that matches the regex. */
    public static Form note(String regex) {
        return new Form(List.of(), Pattern.compile(regex), false, null);
    }

    /**
     * A JVM note that names a role (see {@link Role}): described as the role says, and with the notes of the
     * same kind ({@code related}) to show when a miss may be a rename.
     */
    static Form role(Pattern note, String described, Pattern related) {
        return new Form(List.of(), note, false, null, described, related);
    }

    /**
     * The distinct notes of this role's kind in the code ({@code {runtime_call ...}} for a runtime call's role),
     * for a failure to show what the code called instead; empty for any other form.
     */
    public List<String> related(List<Instruction> code) {
        if (related == null) {
            return List.of();
        }
        return code.stream().flatMap(i -> i.annotations().stream()).flatMap(a -> related.matcher(a).results()
                .map(java.util.regex.MatchResult::group)).distinct().toList();
    }

    /** A memory access (or, from the hex dump, a hex group) carrying a JVM note that matches the regex. */
    public static Form noteOnMemoryAccess(String regex) {
        return new Form(List.of(), Pattern.compile(regex), true, null);
    }

    /**
     * The ISA has no such instruction; the reason shows in failure messages. Nothing is ever found, so a presence
     * claim fails and an absence claim is inconclusive (skipped with the reason), never a pass.
     */
    public static Form absent(String why) {
        return new Form(List.of(), null, false, why);
    }

    /**
     * The operation is not asserted on this ISA, for the reason given: the port lacks the behaviour (say which
     * HotSpot source makes the difference), or the ISA is being brought up and its form is not written yet. Any
     * assertion over it there, of presence or of absence, is skipped with the reason: neither a pass nor a failure.
     */
    public static Form notOn(String why) {
        Form f = new Form(List.of(), null, false, why);
        f.notOn = why;
        return f;
    }

    /** Why the operation is not asserted on this ISA ({@link #notOn}), or null when it is. */
    public String notOnReason() {
        return notOn;
    }

    /**
     * Why the ISA has no such instruction ({@link #absent}), or null for a form that can be found. An absence of
     * an operation whose form is absent proves nothing: an assertion that it is not there is inconclusive.
     */
    public String absentBecause() {
        return absent;
    }

    /** True when only disassembled instructions, not the JVM's notes, can show this form. */
    public boolean needsInstructions() {
        return note == null && absent == null;
    }

    /** The instructions of {@code code} at which this form occurs, in code order, each once. */
    public List<Instruction> find(List<Instruction> code, Isa isa) {
        return matches(code, isa).stream().map(Match::at).toList();
    }

    /** One occurrence: the instruction it is counted at, and what its steps captured ("off", "card", ...). */
    public record Match(Instruction at, Map<String, String> captured) {
    }

    /**
     * The occurrences of this form in {@code code}, in code order, one per instruction (the first alternative
     * that matches there gives the captures); a note's occurrences capture nothing.
     */
    public List<Match> matches(List<Instruction> code, Isa isa) {
        if (notOn != null) {
            throw new NotJudged(notOn + " (pack.isa=" + isa.label() + ")");   // the ISA explains it: a skip
        }
        if (absent != null) {
            return List.of();
        }
        if (note != null) {
            return code.stream().filter(i -> i.annotations().stream().anyMatch(a -> note.matcher(a).find())
                    && (!noteOnMemoryAccess || i.isHex() || isa.accessesMemory(i.text()))).map(i -> new Match(i, Map.of())).toList();
        }
        java.util.Set<Long> targets = new java.util.HashSet<>();
        if (alternatives.stream().flatMap(List::stream).anyMatch(Step::noJoin)) {
            for (Instruction i : code) {
                long t = isa.branchTarget(i.text());
                if (t >= 0) {
                    targets.add(t);
                }
            }
        }
        java.util.TreeMap<Integer, Map<String, String>> anchors = new java.util.TreeMap<>();
        for (List<Step> steps : alternatives) {
            for (int start = 0; start < code.size(); start++) {
                int[] at = new int[steps.size()];
                java.util.TreeMap<Integer, Map<String, String>> each = new java.util.TreeMap<>();
                Map<String, String> captured = match(steps, 0, start, code, new HashMap<>(Registers.current().bindings()), at, each, targets);
                if (captured != null) {
                    anchors.putIfAbsent(at[anchorIndex(steps)], Map.copyOf(captured));
                    each.forEach((j, c) -> anchors.putIfAbsent(j, Map.copyOf(c)));
                }
            }
        }
        if (!shapes.isEmpty()) {
            java.util.Map<Instruction, Integer> index = new java.util.IdentityHashMap<>();
            for (int j = 0; j < code.size(); j++) {
                index.put(code.get(j), j);
            }
            shapes.forEach(s -> s.finder().apply(code).stream().filter(m -> index.containsKey(m.at()))
                    .forEach(m -> anchors.putIfAbsent(index.get(m.at()), m.captured())));
        }
        if (excluded != null) {
            java.util.Set<Instruction> out = new java.util.HashSet<>(excluded.find(code, isa));
            anchors.keySet().removeIf(j -> out.contains(code.get(j)));
        }
        return anchors.entrySet().stream().map(e -> new Match(code.get(e.getKey()), e.getValue())).toList();
    }

    /**
     * Every occurrence of this instruction-sequence form as the run of instructions from its first step's to its last
     * step's, all between included: a part of the code rather than the one instruction it is counted at (the VM's
     * parts, {@link VmCode}).
     */
    public List<List<Instruction>> spans(List<Instruction> code, Isa isa) {
        if (note != null || absent != null || notOn != null || !shapes.isEmpty()) {
            throw new IllegalArgumentException("spans() takes instruction sequences");
        }
        List<List<Instruction>> spans = new ArrayList<>();
        for (List<Step> steps : alternatives) {
            for (int start = 0; start < code.size(); start++) {
                int[] at = new int[steps.size()];
                if (match(steps, 0, start, code, new HashMap<>(Registers.current().bindings()), at, new java.util.TreeMap<>(), java.util.Set.of()) != null) {
                    spans.add(code.subList(at[0], at[steps.size() - 1] + 1));
                }
            }
        }
        return spans;
    }

    private static int anchorIndex(List<Step> steps) {
        for (int i = 0; i < steps.size(); i++) {
            if (steps.get(i).isAnchor()) {
                return i;
            }
        }
        return steps.size() - 1;
    }

    /**
     * Step k at instruction index i (k = 0) or searched from i on; the nearest consistent match wins. Returns
     * everything the steps captured, or null when they do not match.
     */
    private static Map<String, String> match(List<Step> steps, int k, int i, List<Instruction> code, Map<String, String> bound, int[] at,
            Map<Integer, Map<String, String>> each, java.util.Set<Long> targets) {
        Step s = steps.get(k);
        int last = k == 0 ? i : (int) Math.min(code.size() - 1L, (long) i + s.within() - 1);
        Pattern forbidden = k > 0 && s.noneBetween() != null ? compiled(s.noneBetween(), bound) : null;
        Map<String, String> first = null;
        for (int j = i; j <= last; j++) {
            String text = code.get(j).text();
            if (k > 0 && s.noJoin() && targets.contains(code.get(j).address())) {
                break;    // another path joins here: what the step before set may not hold
            }
            Map<String, String> captured = capture(s, text, bound);
            if (captured != null) {
                Map<String, String> all = k == steps.size() - 1 ? captured : match(steps, k + 1, j + 1, code, captured, at, each, targets);
                if (all != null && !s.every()) {
                    at[k] = j;
                    return all;
                }
                if (all != null) {    // the last step, each one: note it and look on
                    each.put(j, all);
                    if (first == null) {
                        at[k] = j;
                        first = all;
                    }
                }
            }
            if (forbidden != null && forbidden.matcher(text).find()) {
                break;    // an instruction the step forbids before it: no later one can follow the step before
            }
        }
        return first;
    }

    /** A regex with the captures so far put in for its placeholders, compiled to match from the text's start. */
    private static Pattern compiled(String regex, Map<String, String> bound) {
        Matcher ph = PLACEHOLDER.matcher(regex);
        StringBuilder out = new StringBuilder();
        while (ph.find()) {
            String value = bound.get(ph.group(1));
            if (value == null) {
                throw new IllegalStateException("/" + regex + "/ uses {" + ph.group(1) + "}, captured by no earlier step");
            }
            ph.appendReplacement(out, Matcher.quoteReplacement(Pattern.quote(value)));
        }
        ph.appendTail(out);
        return COMPILED.computeIfAbsent(out.toString(), r -> Pattern.compile("^(?:" + r + ")"));
    }

    private static Map<String, String> capture(Step s, String text, Map<String, String> bound) {
        Matcher m = compiled(s.regex(), bound).matcher(text);
        if (!m.find()) {
            return null;
        }
        Map<String, String> out = new HashMap<>(bound);
        Matcher g = GROUP.matcher(s.regex());
        while (g.find()) {
            if (m.group(g.group(1)) != null) {
                out.put(g.group(1), m.group(g.group(1)));
            }
        }
        if (s.group() != null && !s.value().test(parseNumber(out.get(s.group())))) {
            return null;
        }
        return out;
    }

    private static long parseNumber(String imm) {
        boolean negative = imm.startsWith("-");
        String digits = negative ? imm.substring(1) : imm;
        long v = digits.startsWith("0x") ? Long.parseUnsignedLong(digits.substring(2), 16) : Long.parseLong(digits);
        return negative ? -v : v;
    }

    /** What is searched for, for failure messages. */
    public String describe(Isa isa) {
        if (notOn != null) {
            return notOn;
        }
        if (absent != null) {
            return "none on " + isa.label() + ": " + absent;
        }
        if (described != null) {
            return described;
        }
        if (note != null) {
            return "a JVM note matching /" + note.pattern() + "/" + (noteOnMemoryAccess
                    ? " on a memory access /" + isa.memoryAccess().pattern() + "/" : "");
        }
        return java.util.stream.Stream.concat(alternatives.stream().map(steps -> steps.stream().map(Step::toString)
                        .collect(Collectors.joining(" then "))), shapes.stream().map(Shape::described))
                .collect(Collectors.joining("\n or ")) + (excluded == null ? "" : "\n except where this is found: " + excluded.describe(isa));
    }
}
