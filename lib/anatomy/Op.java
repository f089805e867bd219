package anatomy;

import anatomy.isa.Isa;
import anatomy.model.Instruction;
import anatomy.model.NMethod;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.LongPredicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The pack's arch-neutral vocabulary: an operation the JIT may or may not emit, found in an nmethod's code
 * either by the JVM's own annotations (the same on every ISA) or by instruction patterns that each ISA's
 * vocabulary ({@code anatomy.isa.X86_64}, {@code anatomy.isa.AArch64}) defines for it.
 */
public abstract class Op {
    /** A conditional move or select: cmov on x86_64, csel on AArch64. */
    public static final Op CMOV = instruction("CMOV", "conditional move/select");
    /** A compare-and-swap: lock cmpxchg on x86_64, cas* or an LL/SC load-exclusive on AArch64. */
    public static final Op CAS = instruction("CAS", "compare-and-swap");
    /** A full (StoreLoad) fence. */
    public static final Op FULL_FENCE = instruction("FULL_FENCE", "full memory fence");
    /** An integer division instruction. */
    public static final Op INTEGER_DIVISION = instruction("INTEGER_DIVISION", "integer division");
    /** The StoreLoad barrier of a volatile store: a locked add or mfence on x86_64, stlr on AArch64. */
    public static final Op VOLATILE_STORE_BARRIER = instruction("VOLATILE_STORE_BARRIER", "StoreLoad barrier of a volatile store");
    /** A register tested against null (zero) before use: test r,r on x86_64, cbz/cbnz on AArch64. */
    public static final Op EXPLICIT_NULL_CHECK = instruction("EXPLICIT_NULL_CHECK", "explicit null check (register tested against zero)");

    /**
     * A memory access whose fault the nmethod maps to a handler: the JVM's implicit-exception entry on an
     * instruction with a memory operand (x86_64 also maps a faulting idiv, a zero check, which this is not).
     */
    public static final Op IMPLICIT_NULL_CHECK = new Op("IMPLICIT_NULL_CHECK", "implicit null check (faulting memory access)", false) {
        private static final String NOTE = "implicit exception: dispatches to";

        @Override
        public List<Instruction> find(List<Instruction> code, Isa isa) {
            Pattern memory = isa.vocabulary().memoryAccess();
            return code.stream().filter(i -> i.hasAnnotation(NOTE) && (i.isHex() || memory.matcher(i.text()).find())).toList();
        }

        @Override
        String patterns(Isa isa) {
            return "annotation \"" + NOTE + "\" on a memory access " + isa.vocabulary().memoryAccess();
        }

        /** The hex dump prints a note only on a 4-byte step; the header still says the table is there. */
        @Override
        String hiddenIn(NMethod code) {
            return code.fromHexDump() && code.nullCheckTableBytes() > 0
                    ? "it has an implicit exception table, but the VM's hex dump drops its notes off 4-byte steps,"
                            + " so the faulting access cannot be placed"
                    : null;
        }
    };
    /** A safepoint poll in a loop or method body ({poll}). */
    public static final Op SAFEPOINT_POLL = annotation("SAFEPOINT_POLL", "safepoint poll", "{poll}");
    /** The poll at a method's return ({poll_return}). */
    public static final Op RETURN_POLL = annotation("RETURN_POLL", "return poll", "{poll_return}");
    /** A call into the uncommon-trap blob: the compiled code gives up and deoptimizes here. */
    public static final Op UNCOMMON_TRAP = annotation("UNCOMMON_TRAP", "uncommon trap",
            "{runtime_call UncommonTrapBlob}");
    /** The out-of-line call that allocates an object or array in the runtime (JDK 17 and JDK 21+ names). */
    public static final Op ALLOCATION_SLOW_CALL = matching("ALLOCATION_SLOW_CALL", "allocation slow-path call",
            Pattern.compile("\\{runtime_call (_new_instance_Java|_new_array_Java|_new_array_nozero_Java|_multianewarray\\d_Java"
                    + "|C2 Runtime new_instance|C2 Runtime new_array|C2 Runtime new_array_nozero|C2 Runtime multianewarray\\d"
                    + "|C2 Runtime multianewarrayN)"));
    /**
     * The inline TLAB bump: the thread's TLAB top loaded, compared with a limit (the TLAB end), and stored back.
     * The compare tells it from other read-modify-writes of thread fields, such as G1's SATB queue index.
     */
    public static final Op TLAB_ALLOCATION = new Op("TLAB_ALLOCATION", "TLAB bump-pointer allocation", true) {
        @Override
        public List<Instruction> find(List<Instruction> code, Isa isa) {
            Pattern load = isa.vocabulary().loadFromThread();
            Pattern store = isa.vocabulary().storeToThread();
            Pattern limit = isa.vocabulary().limitCompare();
            Set<String> loaded = new HashSet<>();
            Set<String> compared = new HashSet<>();
            List<Instruction> found = new ArrayList<>();
            for (Instruction i : code) {
                Matcher l = load.matcher(i.text());
                if (l.find()) {
                    loaded.add(l.group("off"));
                    compared.remove(l.group("off"));
                }
                if (limit.matcher(i.text()).find()) {
                    compared.addAll(loaded);
                }
                Matcher s = store.matcher(i.text());
                if (s.find() && compared.contains(s.group("off"))) {
                    found.add(i);
                }
            }
            return found;
        }

        @Override
        String patterns(Isa isa) {
            return "load from [thread+off] " + isa.vocabulary().loadFromThread() + ", compare with a limit "
                    + isa.vocabulary().limitCompare() + ", store to [thread+off] " + isa.vocabulary().storeToThread();
        }
    };

    /**
     * Bulk zeroing of new memory: rep stos or vector stores of a zeroed register on x86_64; stp xzr, dc zva
     * or the zero_blocks stub on AArch64.
     */
    public static final Op ZEROING = new Op("ZEROING", "bulk zeroing of memory", true) {
        @Override
        public List<Instruction> find(List<Instruction> code, Isa isa) {
            Pattern zeroing = isa.vocabulary().zeroingStore();
            Pattern zeroed = isa.vocabulary().zeroedVectorRegister();
            Pattern store = isa.vocabulary().vectorStore();
            Set<String> zeroRegisters = new HashSet<>();
            List<Instruction> found = new ArrayList<>();
            for (Instruction i : code) {
                Matcher z = zeroed.matcher(i.text());
                if (z.find()) {
                    zeroRegisters.add(z.group("reg"));
                }
                Matcher s = store.matcher(i.text());
                if (zeroing.matcher(i.text()).find() || (s.find() && zeroRegisters.contains(s.group("reg")))) {
                    found.add(i);
                }
            }
            return found;
        }

        @Override
        String patterns(Isa isa) {
            return isa.vocabulary().zeroingStore() + ", or " + isa.vocabulary().vectorStore() + " of a register zeroed by "
                    + isa.vocabulary().zeroedVectorRegister();
        }
    };

    /** A card mark: the dirty value stored to the card of an updated reference, found by a shift by 9. */
    public static final Op CARD_MARK = new Op("CARD_MARK", "card mark (GC post-write barrier)", true) {
        @Override
        public List<Instruction> find(List<Instruction> code, Isa isa) {
            Pattern shift = isa.vocabulary().cardShift();
            Pattern dirty = isa.vocabulary().dirtyCardStore();
            boolean shifted = false;
            List<Instruction> found = new ArrayList<>();
            for (Instruction i : code) {
                shifted |= shift.matcher(i.text()).find();
                if (shifted && dirty.matcher(i.text()).find()) {
                    found.add(i);
                }
            }
            return found;
        }

        @Override
        String patterns(Isa isa) {
            return isa.vocabulary().dirtyCardStore() + " after " + isa.vocabulary().cardShift();
        }
    };

    /** A call to a named runtime stub, e.g. {@code runtimeCall("SafepointBlob")}. */
    public static Op runtimeCall(String stub) {
        return annotation("RUNTIME_CALL(" + stub + ")", "call to runtime stub " + stub, "{runtime_call " + stub);
    }

    /** An add of an immediate that satisfies the predicate, described for failure messages. */
    public static Op addImmediate(String described, LongPredicate immediate) {
        return new Op("ADD_IMMEDIATE(" + described + ")", "add of an immediate " + described, true) {
            @Override
            public List<Instruction> find(List<Instruction> code, Isa isa) {
                Pattern p = isa.vocabulary().addImmediate();
                List<Instruction> found = new ArrayList<>();
                for (Instruction i : code) {
                    Matcher m = p.matcher(i.text());
                    if (m.find() && immediate.test(parse(m.group("imm")))) {
                        found.add(i);
                    }
                }
                return found;
            }

            @Override
            String patterns(Isa isa) {
                return isa.vocabulary().addImmediate().pattern() + " with imm " + described;
            }
        };
    }

    private final String name;
    private final String meaning;
    private final boolean needsInstructions;

    private Op(String name, String meaning, boolean needsInstructions) {
        this.name = name;
        this.meaning = meaning;
        this.needsInstructions = needsInstructions;
    }

    public String name() {
        return name;
    }

    public String meaning() {
        return meaning;
    }

    /** The instructions of {@code code} that are this operation. */
    public abstract List<Instruction> find(List<Instruction> code, Isa isa);

    /** What is searched for on that ISA, for failure messages. */
    abstract String patterns(Isa isa);

    /** True when only disassembled instructions (not the JVM's annotations) can show this operation. */
    boolean needsInstructions() {
        return needsInstructions;
    }

    /**
     * Why the code may hold this operation although {@link #find} sees none (the VM printed it as hex, and its
     * hex dump loses notes this operation is found by), or null when a miss is a real absence.
     */
    String hiddenIn(NMethod code) {
        return null;
    }

    @Override
    public String toString() {
        return name + " (" + meaning + ")";
    }

    private static long parse(String imm) {
        boolean negative = imm.startsWith("-");
        String digits = negative ? imm.substring(1) : imm;
        long v = digits.startsWith("0x") ? Long.parseUnsignedLong(digits.substring(2), 16) : Long.parseLong(digits);
        return negative ? -v : v;
    }

    private static Op instruction(String name, String meaning) {
        return new Op(name, meaning, true) {
            @Override
            public List<Instruction> find(List<Instruction> code, Isa isa) {
                Pattern p = pattern(isa);
                return code.stream().filter(i -> p.matcher(i.text()).find()).toList();
            }

            @Override
            String patterns(Isa isa) {
                return pattern(isa).pattern();
            }

            private Pattern pattern(Isa isa) {
                Pattern p = isa.vocabulary().instructions().get(name);
                if (p == null) {
                    throw new IllegalStateException("the " + isa.label() + " vocabulary has no pattern for " + name);
                }
                return p;
            }
        };
    }

    private static Op annotation(String name, String meaning, String fragment) {
        return matching(name, meaning, Pattern.compile(Pattern.quote(fragment)));
    }

    private static Op matching(String name, String meaning, Pattern annotation) {
        return new Op(name, meaning, false) {
            @Override
            public List<Instruction> find(List<Instruction> code, Isa isa) {
                return code.stream().filter(i -> i.annotations().stream().anyMatch(a -> annotation.matcher(a).find())).toList();
            }

            @Override
            String patterns(Isa isa) {
                return "annotation matching " + annotation.pattern() + " (any ISA)";
            }
        };
    }
}
