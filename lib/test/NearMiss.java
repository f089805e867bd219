import anatomy.Compiled;
import anatomy.Inconclusive;
import anatomy.Operation;
import anatomy.Run;
import anatomy.isa.Isa;
import anatomy.model.Instruction;
import anatomy.model.NMethod;
import anatomy.model.Section;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.function.UnaryOperator;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Near-miss fixtures: recorded code (a {@link Fixtures.Fixture}'s C2 code of a Shapes method) edited into the shape a
 * regression would emit, to be run through a test's own assertion chain, which must reject it. An {@link Edit} names
 * the instruction it changes by the operation found there (its nth occurrence in the method's own code), so an edit
 * reads as the regression it stands for: the CAS made plain, the fence moved after the return, the call instead of the
 * inline path. The code is laid out again after an edit (each instruction 4 bytes on from the one before, every
 * address the code names, branch targets among them, moved with it), so that an instruction can be moved or inserted
 * anywhere and the order, scopes and branch targets still read as the edit means them.
 */
final class NearMiss {
    private NearMiss() {
    }

    /**
     * One edit of recorded code: {@code name} says what a regression did ("lock prefix dropped from the entry's CAS").
     * It gets the whole nmethod's instructions, in order, and the method's own code among them, and returns the new
     * order: instructions kept (the same objects), replaced or new. {@code task}, when given, rewrites the compile's task
     * in the compilation log instead (the log's account of a decision: the call site's bytecode, an inlining).
     */
    record Edit(String name, Rewrite rewrite, UnaryOperator<String> task, UnaryOperator<String> log) {
        Edit(String name, Rewrite rewrite) {
            this(name, rewrite, null, null);
        }

        Edit(String name, Rewrite rewrite, UnaryOperator<String> task) {
            this(name, rewrite, task, null);
        }

        @Override
        public String toString() {
            return name;
        }
    }

    /** The rewrite itself. */
    interface Rewrite {
        List<Instruction> apply(List<Instruction> all, List<Instruction> own, Isa isa);
    }

    /** Where an operation's occurrences are looked for: the VM's own code (a poll) in all of it, any other in the method's own. */
    private static List<Instruction> searched(Operation op, List<Instruction> all, List<Instruction> own) {
        return op.isVmCode() ? all : own;
    }

    /** A recording's code of a method, as a test's chain sees it (a run replayed from the fixture's facts). */
    static Compiled recorded(Fixtures.Fixture f, String method) {
        return new Compiled(c2(f, method), run(f));
    }

    /** A Shapes method's C2 code: {@code "field"} its last compile, {@code "field#0"} its first. */
    static NMethod c2(Fixtures.Fixture f, String method) {
        int hash = method.indexOf('#');
        return hash < 0 ? f.c2(method) : f.c2(method.substring(0, hash), Integer.parseInt(method.substring(hash + 1)));
    }

    /** Whether a fixture has C2 code of the method ({@link #c2}'s names). */
    static boolean hasC2(Fixtures.Fixture f, String method) {
        int hash = method.indexOf('#');
        if (hash < 0) {
            return f.hasC2(method);
        }
        String name = method.substring(0, hash);
        return f.hasC2(name) && f.printed().stream().filter(n -> n.compiler().equals("c2") && !n.isOsr()
                && n.method().equals(name.contains("::") ? name : "Shapes::" + name)).count() > Integer.parseInt(method.substring(hash + 1));
    }

    /** The same code after the edit. */
    static Compiled edited(Fixtures.Fixture f, String method, Edit edit) {
        NMethod n = c2(f, method);
        List<Instruction> own = ownCode(n, f.isa());
        return new Compiled(relaid(n, edit.rewrite().apply(n.instructions(), own, f.isa())), edit.log() != null
                ? replayed(f, Path.of("near-miss", f.name(), "run-" + Integer.toHexString(edit.name().hashCode())), log -> changed(edit, log))
                : edit.task() == null ? run(f) : run(f, n.compileId(), edit));
    }

    /**
     * The run's log rewritten outside the compile's task: what happened at run time (a trap hit, the nmethod made not
     * entrant, record-child.sh keeps those of the recorded compiles), the code as recorded.
     */
    static Edit relogged(String name, UnaryOperator<String> log) {
        return new Edit(name, (all, own, isa) -> all, null, log);
    }

    private static String changed(Edit edit, String log) {
        String edited = edit.log().apply(log);
        if (edited.equals(log)) {
            throw new IllegalStateException(edit.name() + ": the rewrite leaves the log as it was");
        }
        return edited;
    }

    /** The compile's task in the compilation log rewritten: the code as recorded, the log's account of it edited. */
    static Edit logged(String name, UnaryOperator<String> task) {
        return new Edit(name, (all, own, isa) -> all, task);
    }

    /**
     * Runs the chain on the code: it must fail, an AssertionError. A pass, an inconclusive verdict or a skip is the
     * hole this class exists to find, and is reported as an AssertionError naming the edit (so the unit test fails).
     */
    static AssertionError rejected(Compiled code, String edit, Consumer<Compiled> chain) {
        try {
            chain.accept(code);
        } catch (AssertionError e) {
            return e;
        } catch (Inconclusive | jtreg.SkippedException e) {
            throw new AssertionError("near miss not rejected (" + e.getClass().getSimpleName() + " instead of a failure): "
                    + edit + " in " + code.nmethod().describe() + ": " + e.getMessage(), e);
        }
        throw new AssertionError("near miss passed the chain: " + edit + " in " + code.nmethod().describe() + "\n  "
                + String.join("\n  ", code.nmethod().mainCode().stream().filter(i -> !i.mnemonic().equals("hlt"))
                        .map(Instruction::toString).toList()));
    }

    /** The method's own code: its main code without the VM's parts (what an operation other than a poll is searched in). */
    static List<Instruction> ownCode(NMethod n, Isa isa) {
        java.util.Set<Instruction> vm = anatomy.isa.VmCode.all(n, isa);
        return n.mainCode().stream().filter(i -> !vm.contains(i)).toList();
    }

    // ---- the edits ----

    /** The nth (0-based; -1 the last) occurrence of the operation in the method's own code. */
    static Instruction at(Operation op, int nth, List<Instruction> own, Isa isa) {
        List<Instruction> found = op.find(own, isa);
        if (found.isEmpty() || nth >= found.size()) {
            throw new IllegalStateException("no occurrence " + nth + " of " + op.name() + " to edit: " + found.size() + " found");
        }
        return found.get(nth < 0 ? found.size() - 1 : nth);
    }

    /** The instruction where the operation's nth occurrence is counted, its text rewritten (a prefix dropped, an ordering weakened). */
    static Edit retext(String name, Operation op, int nth, UnaryOperator<String> text) {
        return new Edit(name, (all, own, isa) -> {
            Instruction i = at(op, nth, searched(op, all, own), isa);
            String t = text.apply(i.text());
            if (t.equals(i.text())) {
                throw new IllegalStateException(name + ": the rewrite leaves " + i + " as it was");
            }
            return replace(all, i, instructions(t, i.annotations()));
        });
    }

    /** The instruction where the operation's nth occurrence is counted, replaced by these (none: removed). */
    static Edit replaced(String name, Operation op, int nth, String... texts) {
        return new Edit(name, (all, own, isa) -> {
            Instruction i = at(op, nth, searched(op, all, own), isa);
            return replace(all, i, List.of(texts).stream().map(t -> instruction(t, List.of())).toList());
        });
    }

    /** The instruction where the operation's nth occurrence is counted, replaced by a call carrying the note (a runtime call's role). */
    static Edit calledInstead(String name, Operation op, int nth, String call, String note) {
        return new Edit(name, (all, own, isa) -> replace(all, at(op, nth, searched(op, all, own), isa), List.of(instruction(call, List.of(note)))));
    }

    /** The nth occurrence of the operation replaced by an unconditional jump ({@code jump}: jmp, b, jg, j) to where {@code to} is. */
    static Edit jumpInstead(String name, Operation op, int nth, String jump, Operation to) {
        return new Edit(name, (all, own, isa) -> {
            Instruction target = at(to, 0, searched(to, all, own), isa);
            return replace(all, at(op, nth, searched(op, all, own), isa), List.of(instruction(jump + " 0x"
                    + Long.toHexString(target.address()), List.of())));
        });
    }

    /**
     * The last instruction before the operation's nth occurrence that matches {@code regex}, replaced by these (a step of
     * the occurrence's sequence: the or that sets the unlocked bit, the fence before the store).
     */
    static Edit replacedBefore(String name, Operation op, int nth, String regex, String... texts) {
        return new Edit(name, (all, own, isa) -> replace(all, before(name, op, nth, regex, all, own, isa),
                List.of(texts).stream().map(t -> instruction(t, List.of())).toList()));
    }

    /** The last instruction before the operation's nth occurrence that matches {@code regex}, its text rewritten. */
    static Edit retextBefore(String name, Operation op, int nth, String regex, UnaryOperator<String> text) {
        return new Edit(name, (all, own, isa) -> {
            Instruction step = before(name, op, nth, regex, all, own, isa);
            return replace(all, step, instructions(text.apply(step.text()), step.annotations()));
        });
    }

    private static Instruction before(String name, Operation op, int nth, String regex, List<Instruction> all, List<Instruction> own, Isa isa) {
        Pattern p = Pattern.compile(regex);
        Instruction anchor = at(op, nth, searched(op, all, own), isa);
        Instruction step = null;
        for (Instruction i : all) {
            if (i == anchor) {
                break;
            }
            step = p.matcher(i.text()).find() ? i : step;
        }
        if (step == null) {
            throw new IllegalStateException(name + ": nothing matching /" + regex + "/ before " + anchor);
        }
        return step;
    }

    /**
     * The operation's nth occurrence copied whole (its form's instructions, from its first step to its last, all between
     * included) right after itself: the barrier or check emitted twice.
     */
    static Edit duplicatedWhole(String name, anatomy.Op op, int nth) {
        return new Edit(name, (all, own, isa) -> {
            Instruction anchor = at(op, nth, searched(op, all, own), isa);
            List<Instruction> span = op.form(isa).spans(searched(op, all, own), isa).stream().filter(sp -> sp.contains(anchor))
                    .findFirst().orElseThrow(() -> new IllegalStateException(name + ": no span of " + op.name() + " holds " + anchor));
            List<Instruction> out = new ArrayList<>(all);
            int after = indexOf(out, span.get(span.size() - 1)) + 1;
            out.addAll(after, span.stream().map(i -> new Instruction(-1, i.mnemonic(), i.operands(), i.annotations())).toList());
            return out;
        });
    }

    /** The first instruction after the operation's nth occurrence that matches {@code regex}, replaced by these (the fence after a pair). */
    static Edit replacedAfter(String name, Operation op, int nth, String regex, String... texts) {
        Pattern p = Pattern.compile(regex);
        return new Edit(name, (all, own, isa) -> {
            Instruction anchor = at(op, nth, searched(op, all, own), isa);
            for (int k = indexOf(all, anchor) + 1; k < all.size(); k++) {
                if (p.matcher(all.get(k).text()).find()) {
                    return replace(all, all.get(k), List.of(texts).stream().map(t -> instruction(t, List.of())).toList());
                }
            }
            throw new IllegalStateException(name + ": nothing matching /" + regex + "/ after " + anchor);
        });
    }

    /** The first instruction after the operation's nth occurrence that matches {@code regex}, its text rewritten (a condition flipped). */
    static Edit retextAfter(String name, Operation op, int nth, String regex, UnaryOperator<String> text) {
        Pattern p = Pattern.compile(regex);
        return new Edit(name, (all, own, isa) -> {
            Instruction anchor = at(op, nth, searched(op, all, own), isa);
            for (int k = indexOf(all, anchor) + 1; k < all.size(); k++) {
                if (p.matcher(all.get(k).text()).find()) {
                    return replace(all, all.get(k), instructions(text.apply(all.get(k).text()), all.get(k).annotations()));
                }
            }
            throw new IllegalStateException(name + ": nothing matching /" + regex + "/ after " + anchor);
        });
    }

    /** The instruction where the operation's nth occurrence is counted, a copy of it (notes and all) right after it. */
    static Edit duplicated(String name, Operation op, int nth) {
        return new Edit(name, (all, own, isa) -> {
            Instruction i = at(op, nth, searched(op, all, own), isa);
            return replace(all, i, List.of(i, new Instruction(-1, i.mnemonic(), i.operands(), i.annotations())));
        });
    }

    /** Every occurrence of the operation, its instruction's text rewritten (each zeroing store made a no-op). */
    static Edit retextEach(String name, Operation op, UnaryOperator<String> text) {
        return new Edit(name, (all, own, isa) -> {
            List<Instruction> out = new ArrayList<>(all);
            List<Instruction> in = new ArrayList<>(searched(op, all, own));
            List<Instruction> found = op.find(in, isa);
            if (found.isEmpty()) {
                throw new IllegalStateException("no occurrence of " + op.name() + " to edit");
            }
            for (int round = 0; !found.isEmpty(); round++) {    // an edit may uncover another occurrence (the next store of a zeroed register)
                if (round == 100) {
                    throw new IllegalStateException(name + ": occurrences of " + op.name() + " left after 100 rounds: " + found);
                }
                for (Instruction i : found) {
                    Instruction t = instruction(text.apply(i.text()), i.annotations());
                    Instruction now = new Instruction(i.address(), t.mnemonic(), t.operands(), t.annotations());
                    out.set(indexOf(out, i), now);
                    in.set(indexOf(in, i), now);
                }
                found = op.find(in, isa);
            }
            return out;
        });
    }

    /** Every occurrence of the operation, its instruction's notes rewritten (a call noted as another stub's), or dropped where the rewrite gives null. */
    static Edit renotedEach(String name, Operation op, UnaryOperator<String> note) {
        return new Edit(name, (all, own, isa) -> {
            List<Instruction> out = new ArrayList<>(all);
            List<Instruction> found = op.find(searched(op, all, own), isa);
            if (found.isEmpty()) {
                throw new IllegalStateException("no occurrence of " + op.name() + " to edit");
            }
            for (Instruction i : found) {
                List<String> notes = i.annotations().stream().map(note).filter(java.util.Objects::nonNull).toList();
                out.set(indexOf(out, i), new Instruction(i.address(), i.mnemonic(), i.operands(), notes));
            }
            return out;
        });
    }

    /** The instruction where the operation's nth occurrence is counted, without the JVM's notes on it (a note the VM no longer writes). */
    static Edit unnoted(String name, Operation op, int nth) {
        return new Edit(name, (all, own, isa) -> {
            Instruction i = at(op, nth, searched(op, all, own), isa);
            return replace(all, i, List.of(new Instruction(i.address(), i.mnemonic(), i.operands(), List.of())));
        });
    }

    /** The first instruction after the operation's nth occurrence that matches {@code regex}, given the note too. */
    static Edit notedAfter(String name, Operation op, int nth, String regex, String note) {
        Pattern p = Pattern.compile(regex);
        return new Edit(name, (all, own, isa) -> {
            Instruction anchor = at(op, nth, searched(op, all, own), isa);
            for (int k = indexOf(all, anchor) + 1; k < all.size(); k++) {
                Instruction i = all.get(k);
                if (p.matcher(i.text()).find()) {
                    List<String> notes = new ArrayList<>(i.annotations());
                    notes.add(note);
                    return replace(all, i, List.of(new Instruction(i.address(), i.mnemonic(), i.operands(), notes)));
                }
            }
            throw new IllegalStateException(name + ": nothing matching /" + regex + "/ after " + anchor);
        });
    }

    /** These instructions inserted right before the operation's nth occurrence. */
    static Edit insertedBefore(String name, Operation op, int nth, String... texts) {
        return new Edit(name, (all, own, isa) -> {
            List<Instruction> out = new ArrayList<>(all);
            out.addAll(indexOf(out, at(op, nth, searched(op, all, own), isa)), instructions(String.join("\n", texts), List.of()));
            return out;
        });
    }

    /** These instructions inserted right after the operation's nth occurrence. */
    static Edit insertedAfter(String name, Operation op, int nth, String... texts) {
        return new Edit(name, (all, own, isa) -> {
            Instruction i = at(op, nth, searched(op, all, own), isa);
            List<Instruction> with = new ArrayList<>(List.of(i));
            List.of(texts).forEach(t -> with.add(instruction(t, List.of())));
            return replace(all, i, with);
        });
    }

    /**
     * The instruction where the operation's nth occurrence is counted moved to right after the method's first return
     * (its out-of-line code, which the fast path never runs), the rest of its occurrence left where it was.
     */
    static Edit movedAfterReturn(String name, Operation op, int nth) {
        return new Edit(name, (all, own, isa) -> {
            Instruction i = at(op, nth, searched(op, all, own), isa);
            List<Instruction> out = new ArrayList<>(all);
            out.remove(indexOf(out, i));
            Instruction ret = out.stream().filter(r -> own.contains(r) && isa.isReturn(r.text())).findFirst()
                    .orElseThrow(() -> new IllegalStateException("no return in " + own));
            out.add(indexOf(out, ret) + 1, i);
            return out;
        });
    }

    /**
     * The instruction where the operation's nth occurrence is counted moved to right before the first occurrence of
     * {@code other} (the slow call laid out before the return poll, on the fast path).
     */
    static Edit movedBefore(String name, Operation op, int nth, Operation other) {
        return new Edit(name, (all, own, isa) -> {
            Instruction i = at(op, nth, searched(op, all, own), isa);
            List<Instruction> out = new ArrayList<>(all);
            out.remove(indexOf(out, i));
            out.add(indexOf(out, at(other, 0, searched(other, all, own), isa)), i);
            return out;
        });
    }

    /**
     * Code C2 emitted elsewhere put into this method: the donor's occurrence of {@code op} (the nth in the donor's own
     * code; for a sequence its whole span, first step to last) inserted right before the first occurrence of {@code at}
     * here, or, with {@code at} null, right after this method's first return (out-of-line code, where C2 lays a slow
     * call). What a regression keeps where C2 removes it (an allocation, a division), copied from recorded code of the
     * same ISA and JDK rather than written by hand.
     */
    static Edit transplanted(String name, java.util.function.Supplier<NMethod> donor, anatomy.Op op, int nth, Operation at) {
        return new Edit(name, (all, own, isa) -> {
            List<Instruction> copy = donated(name, donor.get(), op, nth, isa);
            List<Instruction> out = new ArrayList<>(all);
            if (at == null) {
                Instruction ret = out.stream().filter(r -> own.contains(r) && isa.isReturn(r.text())).findFirst()
                        .orElseThrow(() -> new IllegalStateException("no return in " + own));
                out.addAll(indexOf(out, ret) + 1, copy);
            } else {
                out.addAll(indexOf(out, at(at, 0, searched(at, all, own), isa)), copy);
            }
            return out;
        });
    }

    /** The nth occurrence of {@code op} here replaced by the donor's occurrence of {@code by} (the division by the record's multiply). */
    static Edit replacedByTransplant(String name, Operation op, int nth, java.util.function.Supplier<NMethod> donor, anatomy.Op by) {
        return new Edit(name, (all, own, isa) -> replace(all, at(op, nth, searched(op, all, own), isa), donated(name, donor.get(), by, 0, isa)));
    }

    /** The donor's nth occurrence of the operation, its span copied as new instructions (laid out where they are put). */
    private static List<Instruction> donated(String name, NMethod donor, anatomy.Op op, int nth, Isa isa) {
        List<Instruction> donorOwn = ownCode(donor, isa);
        Instruction anchor = at(op, nth, donorOwn, isa);
        List<Instruction> span;
        try {
            span = op.form(isa).spans(donorOwn, isa).stream().filter(sp -> sp.contains(anchor)).findFirst()
                    .orElseThrow(() -> new IllegalStateException(name + ": no span of " + op.name() + " holds " + anchor));
        } catch (IllegalArgumentException noSequence) {    // a form by the VM's note (a runtime call): the one instruction
            span = List.of(anchor);
        }
        return span.stream().map(i -> new Instruction(-1, i.mnemonic(), i.operands(), i.annotations())).toList();
    }

    /** The edits applied one after the other (each finds its occurrence in the method's code as recorded). */
    static Edit together(String name, Edit... edits) {
        return new Edit(name, (all, own, isa) -> {
            List<Instruction> out = all;
            for (Edit e : edits) {
                out = e.rewrite().apply(out, own, isa);
            }
            return out;
        });
    }

    /** Every occurrence of the operation replaced by these (none: removed), its notes gone with it (each slow call gone). */
    static Edit replacedEach(String name, Operation op, String... texts) {
        return new Edit(name, (all, own, isa) -> {
            List<Instruction> found = op.find(searched(op, all, own), isa);
            if (found.isEmpty()) {
                throw new IllegalStateException("no occurrence of " + op.name() + " to edit");
            }
            List<Instruction> out = all;
            for (Instruction i : found) {
                out = replace(out, i, List.of(texts).stream().map(t -> instruction(t, List.of())).toList());
            }
            return out;
        });
    }

    /**
     * The nth occurrence of a sequence operation, its whole span (first step to last) rewritten as one text, a line an
     * instruction (the narrow load made a full one and the decode dropped); the first line keeps the span's first notes.
     */
    static Edit retextSpan(String name, anatomy.Op op, int nth, UnaryOperator<String> text) {
        return new Edit(name, (all, own, isa) -> {
            Instruction anchor = at(op, nth, searched(op, all, own), isa);
            List<Instruction> span = op.form(isa).spans(searched(op, all, own), isa).stream().filter(sp -> sp.contains(anchor))
                    .findFirst().orElseThrow(() -> new IllegalStateException(name + ": no span of " + op.name() + " holds " + anchor));
            String was = String.join("\n", span.stream().map(Instruction::text).toList());
            String now = text.apply(was);
            if (now.equals(was)) {
                throw new IllegalStateException(name + ": the rewrite leaves " + span + " as it was");
            }
            List<Instruction> out = new ArrayList<>(all);
            int k = indexOf(out, span.get(0));
            out.subList(k, k + span.size()).clear();
            List<Instruction> with = instructions(now, span.get(0).annotations());
            Instruction first = with.get(0);
            with.set(0, new Instruction(span.get(0).address(), first.mnemonic(), first.operands(), first.annotations()));
            out.addAll(k, with);
            return out;
        });
    }

    /** A recording's run with its facts rewritten (a measure just over the claim's bound), for a claim on measured numbers. */
    static Run measured(Fixtures.Fixture f, String edit, UnaryOperator<String> facts) {
        Path dir = Path.of("near-miss", f.name(), "facts-" + Integer.toHexString(edit.hashCode()));
        Run run = replayed(f, dir, log -> log);
        try {
            Files.writeString(dir.resolve("facts"), facts.apply(Files.readString(dir.resolve("facts"))));
            return Run.replayUnsigned(NearMiss.class, dir.resolve("stdout"), dir.resolve("facts"), dir.resolve("compilation.xml"));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The instructions of a text, one a line; the first carries the notes given (those of the instruction it replaces). */
    static List<Instruction> instructions(String text, List<String> notes) {
        List<Instruction> out = new ArrayList<>();
        for (String line : text.split("\n")) {
            out.add(instruction(line, out.isEmpty() ? notes : List.of()));
        }
        return out;
    }

    /**
     * A new instruction, "mnemonic operands", with the JVM's notes given after " ;" ({@code "testl %eax, (%r10) ;{poll}"});
     * its address is given when the code is laid out again.
     */
    static Instruction instruction(String text, List<String> annotations) {
        String[] noted = text.split(" ;");
        List<String> notes = new ArrayList<>(annotations);
        notes.addAll(List.of(noted).subList(1, noted.length));
        String[] parts = noted[0].split(" ", 2);
        String mnemonic = parts[0].equals("lock") && parts.length > 1 ? "lock " + parts[1].split(" ", 2)[0] : parts[0];
        String operands = noted[0].substring(Math.min(noted[0].length(), mnemonic.length() + 1));
        return new Instruction(-1, mnemonic, operands, notes);
    }

    private static List<Instruction> replace(List<Instruction> all, Instruction at, List<Instruction> with) {
        List<Instruction> out = new ArrayList<>(all);
        int k = indexOf(out, at);
        out.remove(k);
        List<Instruction> in = new ArrayList<>(with);
        if (!in.isEmpty() && in.get(0).address() < 0) {    // the first takes its place: a branch to it comes here
            Instruction first = in.get(0);
            in.set(0, new Instruction(at.address(), first.mnemonic(), first.operands(), first.annotations()));
        }
        out.addAll(k, in);
        return out;
    }

    private static int indexOf(List<Instruction> all, Instruction i) {
        for (int k = 0; k < all.size(); k++) {
            if (all.get(k) == i) {
                return k;
            }
        }
        throw new IllegalStateException(i + " is not in the code");
    }

    // ---- laying the code out again ----

    private static final Pattern ADDRESS = Pattern.compile("0x([0-9a-f]+)");

    /**
     * The nmethod with its instructions in the new order, 4 bytes apart from where it began; each old instruction keeps
     * its section (a new one joins the section of the instruction before it), and an address the code names (a branch's
     * target, an internal word) that was an old instruction's is rewritten to where that instruction is now. The main
     * code's range moves with its first and last instructions.
     */
    static NMethod relaid(NMethod n, List<Instruction> order) {
        Map<Long, String> sectionOf = new java.util.HashMap<>();
        for (Section s : n.sections()) {
            s.instructions().forEach(i -> sectionOf.put(i.address(), s.name()));
        }
        long start = n.instructions().get(0).address();
        Map<Long, Long> moved = new java.util.HashMap<>();
        for (int k = 0; k < order.size(); k++) {
            if (order.get(k).address() >= 0) {
                moved.putIfAbsent(order.get(k).address(), start + 4L * k);
            }
        }
        List<Section> sections = new ArrayList<>();
        String current = n.sections().get(0).name();
        List<Instruction> run = new ArrayList<>();
        for (int k = 0; k < order.size(); k++) {
            Instruction i = order.get(k);
            String section = sectionOf.getOrDefault(i.address(), current);
            if (!section.equals(current) && !run.isEmpty()) {
                sections.add(new Section(current, run));
                run = new ArrayList<>();
            }
            current = section;
            run.add(new Instruction(start + 4L * k, i.mnemonic(), readdressed(i.operands(), moved), i.annotations()));
        }
        sections.add(new Section(current, run));
        long mainStart = n.mainCodeStart() < 0 ? n.mainCodeStart() : newAddressOfFirstAtOrAfter(n, n.mainCodeStart(), moved, start + 4L * order.size());
        long mainEnd = n.mainCodeEnd() < 0 ? n.mainCodeEnd() : newAddressOfFirstAtOrAfter(n, n.mainCodeEnd(), moved, start + 4L * order.size());
        return new NMethod(n.method(), n.compiler(), n.level(), n.compileId(), n.osrBci(), n.nullCheckTableBytes(),
                mainStart, mainEnd, n.fromHexDump(), sections);
    }

    private static long newAddressOfFirstAtOrAfter(NMethod n, long old, Map<Long, Long> moved, long end) {
        return n.instructions().stream().filter(i -> i.address() >= old && moved.containsKey(i.address()))
                .map(i -> moved.get(i.address())).findFirst().orElse(end);
    }

    private static String readdressed(String operands, Map<Long, Long> moved) {
        Matcher m = ADDRESS.matcher(operands);
        StringBuilder out = new StringBuilder();
        while (m.find()) {
            String digits = m.group(1);
            Long now = digits.length() > 16 ? null : moved.get(Long.parseUnsignedLong(digits, 16));
            m.appendReplacement(out, now == null ? m.group() : String.format("0x%0" + digits.length() + "x", now));
        }
        m.appendTail(out);
        return out.toString();
    }

    // ---- a run to judge the code in ----

    private static final Map<String, Run> RUNS = new java.util.concurrent.ConcurrentHashMap<>();

    /**
     * A run of no child, that knows the fixture's ISA, JDK and compilation log (the chain's failure messages name them);
     * for a recording of a test's child, its facts (its measures, how it set up compressed references).
     */
    private static Run run(Fixtures.Fixture f) {
        return RUNS.computeIfAbsent(f.name(), k -> replayed(f, Path.of("near-miss", f.name()), log -> log));
    }

    /** A run whose log has the compile's task rewritten by the edit (a fresh one for each edit). */
    private static Run run(Fixtures.Fixture f, int compileId, Edit edit) {
        Pattern task = Pattern.compile("(?s)<task compile_id='" + compileId + "'.*?</task>");
        return replayed(f, Path.of("near-miss", f.name(), "log-" + Integer.toHexString(edit.name().hashCode())), log -> {
            Matcher m = task.matcher(log);
            if (!m.find()) {
                throw new IllegalStateException(edit.name() + ": no task of compile " + compileId + " in the log of " + f.name());
            }
            String edited = edit.task().apply(m.group());
            if (edited.equals(m.group())) {
                throw new IllegalStateException(edit.name() + ": the rewrite leaves the task of compile " + compileId + " as it was");
            }
            return log.substring(0, m.start()) + edited + log.substring(m.end());
        });
    }

    private static Run replayed(Fixtures.Fixture f, Path where, UnaryOperator<String> logged) {
        try {
            Path dir = Files.createDirectories(where);
            Files.writeString(dir.resolve("stdout"), "");
            Path log = Fixtures.dir().resolve(f.name() + ".xml.gz");
            Files.writeString(dir.resolve("compilation.xml"),
                    logged.apply(Files.exists(log) ? Fixtures.read(f.name() + ".xml.gz") : "<hotspot_log></hotspot_log>"));
            Path facts = Fixtures.dir().resolve(f.name() + ".facts");    // a child's own (record-child.sh): its measures too
            Files.writeString(dir.resolve("facts"), Files.exists(facts) ? Files.readString(facts)
                    : "os.arch=" + f.isa().label() + "\njava.runtime.version=" + f.name() + "\n");
            return Run.replayUnsigned(NearMiss.class, dir.resolve("stdout"), dir.resolve("facts"), dir.resolve("compilation.xml"));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
