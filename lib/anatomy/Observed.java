package anatomy;

/**
 * The vocabulary of runtime claims: what a test counts or measures in the VM's own evidence (its unified log, its
 * NMT summary, its string table, its heap). A test asserts a number under one of these names,
 * {@code assertThat(run.observed(YOUNG_PAUSES, n)).isAtLeast(1)}, and a negative control names the one it takes
 * away ({@code killsFact = YOUNG_PAUSES}); the failure's first line names it, and its facts name the VM's log.
 */
public enum Observed {
    YOUNG_PAUSES("stop-the-world pauses that collect the young generation (gc log: Pause Young)"),
    PAUSES("stop-the-world pauses of any kind (gc, gc+phases: Pause ...)"),
    CONCURRENT_PHASES("collector phases that run beside the application (gc, gc+phases: Concurrent ...)"),
    COLLECTIONS("collections the gc log numbers GC(n)"),
    NMT_CATEGORIES("categories the NMT summary names among Java Heap, Class, Thread, Code, GC, Compiler"),
    GC_COMMITTED_KB("memory committed to the GC's own structures (NMT category GC)"),
    HEAP_COMMITTED_KB("memory committed to the Java heap (NMT category Java Heap)"),
    STRING_TABLE_ADDED("entries the string table gained while new strings were interned"),
    STRING_TABLE_RESIZED("the string table's bucket count at the end over its count at the start"),
    STRING_TABLE_RECLAIMED("interned entries the string table dropped once they were unreachable"),
    HEAP_HUGE_PAGES_KB("memory of the heap's reservation backed by transparent huge pages (smaps AnonHugePages)"),
    HEAP_UNCOMMITTED_MB("committed heap given back to the OS after the transient allocation");

    private final String description;

    Observed(String description) {
        this.description = description;
    }

    public String description() {
        return description;
    }

}
