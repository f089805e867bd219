/*
 * @test id=serial
 * @summary A reference store into an existing object dirties its card (Serial, Parallel: unconditionally; G1 and -XX:+UseCondCardMark: after checks); a store into an object just allocated needs none (Quark #13)
 * @key memory
 * @requires pack.c2 & pack.whitebox & pack.profiled & pack.gc == "serial" & pack.gcChosen
 * @library /lib
 * @run driver ReferenceStoreIsCardMarked serial
 */

/*
 * @test id=serialAndEpsilon
 * @summary A reference store into an existing object dirties its card (Serial, Parallel: unconditionally; G1 and -XX:+UseCondCardMark: after checks); a store into an object just allocated needs none (Quark #13)
 * @key memory
 * @requires pack.c2 & pack.whitebox & pack.profiled & !pack.gcChosen
 * @library /lib
 * @run driver ReferenceStoreIsCardMarked serial epsilon
 */

/*
 * @test id=parallel
 * @summary A reference store into an existing object dirties its card (Serial, Parallel: unconditionally; G1 and -XX:+UseCondCardMark: after checks); a store into an object just allocated needs none (Quark #13)
 * @key memory
 * @requires pack.c2 & pack.whitebox & pack.profiled & (pack.gc == "parallel" | !pack.gcChosen)
 * @library /lib
 * @run driver ReferenceStoreIsCardMarked parallel
 */

/*
 * @test id=g1
 * @summary A reference store into an existing object dirties its card (Serial, Parallel: unconditionally; G1 and -XX:+UseCondCardMark: after checks); a store into an object just allocated needs none (Quark #13)
 * @key memory
 * @requires pack.c2 & pack.whitebox & pack.profiled & (pack.gc == "g1" | !pack.gcChosen)
 * @library /lib
 * @run driver ReferenceStoreIsCardMarked g1
 */

/*
 * @test id=condCardMark
 * @summary A reference store into an existing object dirties its card (Serial, Parallel: unconditionally; G1 and -XX:+UseCondCardMark: after checks); a store into an object just allocated needs none (Quark #13)
 * @key memory
 * @requires pack.c2 & pack.whitebox & pack.profiled & (pack.gc == "serial" | !pack.gcChosen)
 * @library /lib
 * @run driver ReferenceStoreIsCardMarked condCardMark
 */

import static anatomy.Assertions.assertThat;
import static anatomy.Count.exactly;
import static anatomy.Op.CARD_MARK;
import static anatomy.Op.CONDITIONAL_CARD_MARK;
import static anatomy.Op.CROSS_REGION_FILTER;
import static anatomy.Op.FIELD_STORE;

import anatomy.Jit;
import anatomy.NegativeControl;

/*
 * A young collection scans only young objects, so it must learn which old ones point into them. The heap is
 * split into cards (512 bytes, or -XX:GCCardSizeInBytes from JDK 18), and compiled code follows every reference
 * store with a post-barrier dirtying the field's card: the address shifted by log2 of the card size indexes the
 * card table, and zero (dirty) is stored there. Serial and Parallel store unconditionally; -XX:+UseCondCardMark
 * reads the card first. G1 first skips stores within a region (the addresses xor-ed, shifted by the region
 * size) and of null, then young and dirty cards, then stores out of line. Since JDK 26 (JEP 522) G1 drops the
 * young check and the fence, takes the table's base from the thread (it swaps tables) and compares the card
 * with clean (0xff): the vocabulary reads the structure (a card-size shift, the base added from wherever it
 * lives, a compare with any card value, a branch over the dirty store), never one release's constants.
 *
 *   x86_64, JDK 25, Serial:    shrq $9, %r10 ; movabsq $TABLE, %r11 ; movb %r12b, (%r11, %r10)
 *   x86_64, JDK 17, Cond:      shrq $9, %r10 ; movabsq $TABLE, %r11 ; addq %r10, %r11 ; cmpb $0, (%r11) ; je ; movb %r12b, (%r11)
 *   x86_64, JDK 25, G1:        xorq %rdx, %r10 ; shrq $0x16, %r10 ; je ; cmpq $0, %rdx ; je ; shrq $9, %r10
 *                              addq %r8, %r10 ; cmpb $2, (%r10) ; jne OUT ... OUT: lock addl ; cmpb $0, (%r10) ; movb $0, (%r10)
 *   x86_64, JDK 26 to 28, G1:  xorq ; shrq $0x16 ; je ; testq %rdx, %rdx ; je ; shrq $9, %r10 ; addq 0x50(%r15), %r10
 *                              cmpb $0xff, (%r10) ; jne ; movb $0, (%r10)
 *   aarch64, JDK 17, Serial:   lsr x10, x1, #9 ; mov/movk x12, TABLE ; strb wzr, [x12, x10, lsl #0]
 *   aarch64, JDK 28, G1:       eor ; lsr #0x16 ; cbz ; cbz x2 ; lsr x13, x10, #9 ; ldr x11, [x28, #0x50] ; ... strb wzr
 *
 * A store into an object C2 has just allocated needs no card (it is young, or its allocation dirtied its cards):
 * with ReduceInitialCardMarks, the default, storeIntoFresh has none; -XX:-ReduceInitialCardMarks marks it. Epsilon
 * keeps no cards (a second child of the Serial variant where no collector is chosen). No product flag drops the
 * existing object's mark under a card-table collector, so the headline's control changes the program:
 * -Dmemory.storeNull=true stores a constant null, and C2 emits no post-barrier for it.
 */
@NegativeControl(flags = "-Dmemory.storeNull=true", kills = CARD_MARK, in = "storeIntoExisting", why = "a null store needs no card")
@NegativeControl(flags = "-XX:-ReduceInitialCardMarks", kills = CARD_MARK, in = "storeIntoFresh", why = "C2 then marks a fresh object's store too")
public class ReferenceStoreIsCardMarked {
    static final boolean STORE_NULL = Boolean.getBoolean("memory.storeNull");   // the control
    Object ref;
    static void storeIntoExisting(ReferenceStoreIsCardMarked holder, Object value) {
        holder.ref = STORE_NULL ? null : value;
    }

    static Object storeIntoFresh(Object value) {
        ReferenceStoreIsCardMarked fresh = new ReferenceStoreIsCardMarked();
        fresh.ref = value;
        return fresh;
    }

    public static class Workload {
        public static void main(String[] args) {
            ReferenceStoreIsCardMarked holder = new ReferenceStoreIsCardMarked();
            storeIntoExisting(holder, storeIntoFresh(args));
            Jit.compileAtC2(ReferenceStoreIsCardMarked.class, "storeIntoExisting");
            Jit.compileAtC2(ReferenceStoreIsCardMarked.class, "storeIntoFresh");
        }
    }

    public static void main(String[] args) {
        String gc = args[0].equals("parallel") ? "-XX:+UseParallelGC" : args[0].equals("g1") ? "-XX:+UseG1GC" : "-XX:+UseSerialGC";
        var run = args[0].equals("condCardMark") ? Jit.run(Workload.class, gc, "-XX:+UseCondCardMark") : Jit.run(Workload.class, gc);
        assertThat(run.c2("storeIntoFresh")).given(FIELD_STORE).hasNo(CARD_MARK);
        switch (args[0]) {
            case "g1" -> assertThat(run.c2("storeIntoExisting")).has(exactly(1), CROSS_REGION_FILTER).has(exactly(1), CONDITIONAL_CARD_MARK);
            case "condCardMark" -> assertThat(run.c2("storeIntoExisting")).has(exactly(1), CONDITIONAL_CARD_MARK);
            default -> assertThat(run.c2("storeIntoExisting")).has(exactly(1), CARD_MARK);
        }
        if (args.length > 1) {
            var epsilon = Jit.run(Workload.class, "-XX:+UnlockExperimentalVMOptions", "-XX:+UseEpsilonGC");
            assertThat(epsilon.c2("storeIntoExisting")).given(FIELD_STORE).hasNo(CARD_MARK).hasNo(CONDITIONAL_CARD_MARK).hasNo(CROSS_REGION_FILTER);
        }
    }
}
