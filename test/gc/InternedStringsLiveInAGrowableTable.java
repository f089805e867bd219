/*
 * @test
 * @summary String.intern fills a native hash table that grows as it fills, and unreachable interned strings are reclaimed (Quark #10)
 * @key gc
 * @requires pack.whitebox & pack.gc != "epsilon"
 * @library /lib
 * @run driver InternedStringsLiveInAGrowableTable
 */

import static anatomy.Assertions.assertThat;
import static anatomy.Fact.STRING_TABLE_ADDED;
import static anatomy.Fact.STRING_TABLE_RECLAIMED;
import static anatomy.Fact.STRING_TABLE_RESIZED;

import anatomy.Jit;
import anatomy.NegativeControl;
import anatomy.Run;
import anatomy.Vm;
import anatomy.model.StringTable;

/*
 * String.intern looks the string up in the VM's StringTable, a native concurrent hash table outside the
 * heap, and adds it if absent. The quark measured a fixed bucket array (-XX:StringTableSize, chains growing
 * without bound): that is obsolete. Since JDK 11 the table grows, by the VM's service thread, once its load
 * factor passes 2, and the entries of strings no longer reachable are dropped after a collection.
 *
 * We intern three strings per bucket of the default table (65536), keep them, then drop them and collect;
 * the statistics (jcmd VM.stringtable, read through the DiagnosticCommand MBean in the child) show:
 *
 *   x86_64, JDK 17:  start: 65536 buckets, 887 entries ; interned 196608 more: 199663 entries
 *                    after a full GC (stringtable=debug: Grown to size:131072): 131072 buckets, 771 entries
 *   x86_64, JDK 25:  the same, but the table grows while we intern (live factor: 2.0755 ... Grown to
 *                    size:131072), then "Cleaned 290651 of 291421" after the collection: 773 entries
 *
 * The service thread decides when, so the child polls the table at each step until it has been idle for 20 s
 * (at most 200 s; a loaded machine cleans slowly but steadily: the test failed there with 20 s in all; while it
 * works, JDK 25 prints no statistics for the table, only for the CDS archive's shared one).
 *
 * The control pre-sizes the table: with a million buckets our strings stay far below the load factor, so
 * the table never grows (nor, we measured, is it cleaned: the VM waits for more dead entries per bucket).
 * Epsilon is a precondition, not a control: it never collects, so nothing could be reclaimed.
 */
@NegativeControl(flags = "-XX:StringTableSize=1048576", killsFact = STRING_TABLE_RESIZED,
        why = "a million buckets never pass their load factor with our 196608 strings, so the table never grows")
public class InternedStringsLiveInAGrowableTable {
    static final int COUNT = 3 * 65536;

    public static class Workload {
        static String[] kept;

        public static void main(String[] args) {
            Vm.awaitStringTable("start", t -> true, 20);
            StringTable start = Vm.stringTable().orElseThrow();
            kept = new String[COUNT];
            for (int i = 0; i < COUNT; i++) {
                kept[i] = ("interned-" + i).intern();
            }
            Vm.awaitStringTable("interned", t -> t.entries() >= start.entries() + COUNT, 20);
            kept = null;
            Vm.fullGC();
            Vm.awaitStringTable("end", t -> t.buckets() > start.buckets() && t.entries() < start.entries() + COUNT / 2, 20);
        }
    }

    public static void main(String[] args) {
        Run run = Jit.run(Workload.class, "-Xlog:stringtable=debug");
        StringTable start = run.stringTable("start");
        StringTable interned = run.stringTable("interned");
        StringTable end = run.stringTable("end");
        assertThat(STRING_TABLE_ADDED, run.measured("string table added", interned.entries() - start.entries())).isAtLeast(COUNT);
        assertThat(STRING_TABLE_RESIZED, run.measured("string table resized", (double) end.buckets() / start.buckets())).isAtLeast(2);
        assertThat(STRING_TABLE_RECLAIMED, run.measured("string table reclaimed", interned.entries() - end.entries())).isAtLeast(COUNT / 2);
    }
}
