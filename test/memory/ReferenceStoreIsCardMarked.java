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

import anatomy.Jit;
import anatomy.NegativeControl;
import anatomy.Run;

/*
 * A young collection scans only the young generation, so it must learn which old objects point into it. The
 * heap is divided into cards (512 bytes unless -XX:GCCardSizeInBytes says otherwise, JDK 18+), and compiled code
 * follows every reference store with a post-barrier that dirties the card of the updated field: the address
 * shifted right by log2 of the card size indexes the card table, and zero (dirty) is stored there. Serial
 * and Parallel store unconditionally; -XX:+UseCondCardMark reads the card first to spare the cache line when
 * it is dirty already. G1 first skips stores within one region (xor of the two addresses, shifted by the
 * region size) and of null, then young and dirty cards, and only then, out of line, stores.
 *
 *   x86_64, JDK 25, Serial:    shrq $9, %r10 ; movabsq $TABLE, %r11 ; movb %r12b, (%r11, %r10)
 *   x86_64, JDK 17, Cond:      shrq $9, %r10 ; movabsq $TABLE, %r11 ; addq %r10, %r11 ; cmpb $0, (%r11) ; je ; movb %r12b, (%r11)
 *   x86_64, JDK 25, G1:        xorq %rdx, %r10 ; shrq $0x16, %r10 ; je ; cmpq $0, %rdx ; je ; shrq $9, %r10
 *                              addq %r8, %r10 ; cmpb $2, (%r10) ; jne OUT ... OUT: lock addl ; cmpb $0, (%r10) ; movb $0, (%r10)
 *   aarch64, JDK 17, Serial:   lsr x10, x1, #9 ; mov/movk x12, TABLE ; strb wzr, [x12, x10, lsl #0]
 *   aarch64, JDK 25, G1:       eor x13, x10, x2 ; lsr x13, x13, #0x16 ; cbz x13 ; cbz x2 ; lsr x13, x10, #9 ...
 *
 * An object allocated in the same compiled code is young (or its allocation already dirtied its cards), so
 * with ReduceInitialCardMarks, the default, C2 leaves stores into it unmarked: storeIntoFresh has no card
 * mark. Epsilon never collects and keeps no cards: the store alone (JDK 17 and 25, both ISAs). No flag brings
 * a barrier back, so Epsilon is a second child of the Serial variant where no collector is chosen; the control
 * kills its Serial child: -XX:-ReduceInitialCardMarks marks the fresh object's store too, under any collector.
 */
@NegativeControl(flags = "-XX:-ReduceInitialCardMarks", kills = CARD_MARK,
        why = "C2 then marks the card of a store into an object it has just allocated as well")
public class ReferenceStoreIsCardMarked {
    Object ref;

    static void storeIntoExisting(ReferenceStoreIsCardMarked holder, Object value) {
        holder.ref = value;
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
        String gc = switch (args[0]) {
            case "parallel" -> "-XX:+UseParallelGC";
            case "g1" -> "-XX:+UseG1GC";
            default -> "-XX:+UseSerialGC";
        };
        Run run = args[0].equals("condCardMark") ? Jit.run(Workload.class, gc, "-XX:+UseCondCardMark") : Jit.run(Workload.class, gc);
        assertThat(run.c2("storeIntoFresh")).hasNo(CARD_MARK);
        switch (args[0]) {
            case "g1" -> assertThat(run.c2("storeIntoExisting")).has(exactly(1), CROSS_REGION_FILTER).has(exactly(1), CONDITIONAL_CARD_MARK);
            case "condCardMark" -> assertThat(run.c2("storeIntoExisting")).has(exactly(1), CONDITIONAL_CARD_MARK);
            default -> assertThat(run.c2("storeIntoExisting")).has(exactly(1), CARD_MARK);
        }
        if (args.length > 1) {
            Run epsilon = Jit.run(Workload.class, "-XX:+UnlockExperimentalVMOptions", "-XX:+UseEpsilonGC");
            assertThat(epsilon.c2("storeIntoExisting")).hasNo(CARD_MARK).hasNo(CONDITIONAL_CARD_MARK).hasNo(CROSS_REGION_FILTER);
        }
    }
}
