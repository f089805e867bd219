/*
 * @test
 * @summary String.intern fills a native hash table that grows as it fills, and unreachable interned strings are reclaimed (Quark #10)
 * @key gc
 * @requires pack.whitebox & pack.jdk < 25
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
 * We intern three strings per bucket the table starts with, keep them, then drop them and collect; the
 * statistics (jcmd VM.stringtable, read through the DiagnosticCommand MBean in the child) show:
 *
 *   x86_64, JDK 17:  start: 65536 buckets, 887 entries ; interned 196608 more: 199663 entries
 *                    after a full GC (stringtable=debug: Grown to size:131072): 131072 buckets, 771 entries
 *   x86_64, JDK 25:  the same, but the table grows while we intern (live factor: 2.0755 ... Grown to
 *                    size:131072), then "Cleaned 290651 of 291421" after the collection: 773 entries
 *
 * The service thread decides when, so the child polls the table for at most 20 s (tens of ms here).
 *
 * The control is Epsilon: it never collects, so no interned string becomes unreclaimable garbage the VM
 * could drop: the table keeps every entry (and never sees the collection that triggers its resize).
 */
@NegativeControl(flags = "-XX:+UnlockExperimentalVMOptions -XX:+UseEpsilonGC", killsFact = STRING_TABLE_RECLAIMED,
        why = "Epsilon never collects, so interned strings stay in the table")
public class InternedStringsLiveInAGrowableTable {
    public static class Workload {
        static String[] kept;

        public static void main(String[] args) {
            Vm.recordStringTable("start");
            StringTable start = Vm.stringTable().orElseThrow();
            int count = (int) (3 * start.buckets());
            kept = new String[count];
            for (int i = 0; i < count; i++) {
                kept[i] = ("interned-" + i).intern();
            }
            Vm.recordStringTable("interned");
            kept = null;
            Vm.fullGC();
            Vm.awaitStringTable("end", t -> t.buckets() > start.buckets() && t.entries() < start.entries() + count / 2, 20);
        }
    }

    public static void main(String[] args) {
        Run run = Jit.run(Workload.class, "-Xlog:stringtable=debug");
        StringTable start = run.stringTable("start");
        StringTable interned = run.stringTable("interned");
        StringTable end = run.stringTable("end");
        long count = 3 * start.buckets();
        assertThat(STRING_TABLE_ADDED, run.measured("string table added", interned.entries() - start.entries())).isAtLeast(count);
        assertThat(STRING_TABLE_RECLAIMED, run.measured("string table reclaimed", interned.entries() - end.entries())).isAtLeast(count / 2);
        assertThat(STRING_TABLE_RESIZED, run.measured("string table resized", (double) end.buckets() / start.buckets())).isAtLeast(2);
    }
}
