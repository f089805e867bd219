package anatomy;

/**
 * The pack's vocabulary of runtime facts: claims about objects and the heap that the VM shows at run time
 * (WhiteBox, its reports, its logs) rather than in machine code. A test asserts a number against one,
 * {@code assertThat(SPREAD_IDENTITY_HASH, run.measure("distinct hashes")).isAtLeast(990)}, and a negative
 * control names the one it takes away, {@code killsFact = SPREAD_IDENTITY_HASH}: a failure's first line names it.
 */
public enum Fact {
    // objects (#15)
    IDENTITY_HASH_IN_31_BITS("identity hashes are non-zero and fit in 31 bits"),
    STABLE_IDENTITY_HASH("an object keeps its identity hash when a collection moves it"),
    SPREAD_IDENTITY_HASH("distinct objects get distinct identity hashes"),
    ONE_IDENTITY_HASH_WHICHEVER_THREAD("an object has one identity hash, whichever thread asks first: two threads racing to hash it get the same"),
    HASH_IN_HEADER("an identity hash lives in the object's header: hashing an unlocked object makes no monitor"),
    LOCKED_HASH_FOLLOWS_LOCKING("hashing a locked object makes a monitor exactly where the lock displaced the header: under stack locking, not under lightweight locking"),
    PACKED_LAYOUT("an object is its header and its fields packed into gaps, rounded up to ObjectAlignmentInBytes"),
    HEADER_FOLLOWS_MODE("an object's header is 8 bytes with compact headers, 12 with compressed class pointers, 16 without"),
    OOP_SHIFT_FOLLOWS_ALIGNMENT("compressed oops are shifted by log2(ObjectAlignmentInBytes) unless unscaled"),
    OOPS_RANGE_FOLLOWS_ALIGNMENT("compressed oops reach 4 GB times ObjectAlignmentInBytes: 32 GB at 8, 64 GB at 16, 128 GB at 32"),
    COPIED_IN_TRAVERSAL_ORDER("a young collection copies the objects an array references next to each other, in its order"),
    LEFT_IN_PLACE_WITHOUT_COPYING("a collector that never moves objects (Epsilon) leaves a shuffled array's objects where they were allocated"),
    RETIRED_TLAB_FILLED("retired TLABs are covered by filler arrays, so the heap stays walkable"),
    NO_ALLOCATION_PER_EVENT("a compiled handler allocates no bytes per event"),
    ONE_OBJECT_PER_EVENT("a handler that keeps each event allocates exactly one event object per event"),
    DEAD_LOCAL_COLLECTED("in compiled code a dead local does not keep its object reachable"),
    FENCE_KEEPS_REACHABLE("Reference.reachabilityFence keeps a local's object reachable up to the fence"),

    // concurrency (seed 004): what a lock leaves on its object (WhiteBox), and where C2's code hands it to the runtime
    UNCONTENDED_LOCK_LEAVES_NO_MONITOR("an object locked once, uncontended, by C2's code has no inflated monitor afterwards: the inline fast path took the lock"),
    CONTENDED_LOCK_INFLATES("a lock another thread blocks on while C2's code holds it has an inflated monitor"),
    COMPILED_EXIT_WAKES_WAITER("C2's exit from a monitor another thread is blocked on hands the lock over: that thread gets it"),
    VALUE_BASED_LOCK_REPORTED("C2's code sends each lock of a value-based object to the runtime, which reports it, when"
            + " DiagnoseSyncOnValueBasedClasses asks (JEP 390)"),

    // gc (#16): counts and sizes read from the VM's log, NMT summary, string table and smaps
    YOUNG_PAUSES("stop-the-world pauses that collect the young generation (gc log: Pause Young)"),
    PAUSES("stop-the-world pauses of any kind (gc, gc+phases: Pause ...)"),
    CONCURRENT_PHASES("collector phases that run beside the application (gc, gc+phases: Concurrent ...)"),
    COLLECTIONS("collections the gc log numbers GC(n)"),
    NOTHING_RECLAIMED("a collector that never collects (Epsilon) runs out of memory once about one heap is allocated: nothing is reclaimed"),
    NMT_CATEGORIES("categories the NMT summary names among Java Heap, Class, Thread, Code, GC, Compiler"),
    GC_COMMITTED_KB("memory committed to the GC's own structures (NMT category GC)"),
    HEAP_COMMITTED_KB("memory committed to the Java heap (NMT category Java Heap)"),
    STRING_TABLE_ADDED("entries the string table gained while new strings were interned"),
    STRING_TABLE_RESIZED("the string table's bucket count at the end over its count at the start"),
    STRING_TABLE_RECLAIMED("interned entries the string table dropped once they were unreachable"),
    HEAP_HUGE_PAGES_KB("memory of the heap's reservation backed by transparent huge pages (smaps AnonHugePages)"),
    HEAP_UNCOMMITTED_MB("committed heap given back to the OS after the transient allocation"),
    HEAP_KEPT_AT_FULL_GC("a G1 full GC keeps its committed heap while MaxHeapFreeRatio is 100, G1's default since JDK 27 (JDK-8375300)"),

    // memory (#7): an array's layout (Unsafe) and size (WhiteBox)
    ARRAY_BASE_FOLLOWS_HEADER("a byte array's elements start right after its header: mark word, class pointer (4 bytes compressed, 8 not,"
            + " none with compact headers) and length; 8-byte aligned before JDK 22 (JDK-8139457)"),
    ARRAY_SIZE_FOLLOWS_LENGTH("an array takes its header (the element base offset) plus its elements, rounded up to ObjectAlignmentInBytes"),

    // memory (#23): the mode the VM logs (gc+heap+coops) and WhiteBox's oop size, per heap size and base; C2's compressed constants
    COMPRESSED_OOPS_MODE("the compressed-oops mode follows the heap: 32-bit below 4 GB, zero based below 32 GB, heap based above, off past 32 GB of heap"),
    COMPRESSED_CONSTANT_IN_MODE("C2's code compares a compressed field with a constant object, and a compressed class pointer with a"
            + " constant class, encoded for the VM's own modes: the answers are right in 32-bit, zero-based and heap-based mode"),

    // codegen (#14): what javac compiled into a class file
    CONSTANT_INLINED_BY_JAVAC("a use of a constant variable holds the value it was compiled against: no field reference, no read"),

    // gc, JNI critical regions (#9): collections counted by the GC MXBeans, addresses read with WhiteBox
    HELD_OFF_BY_CRITICAL_REGION("no collection completes while a thread holds an array in a JNI critical region"),
    PINNED_BY_CRITICAL_REGION("a collection while a thread holds an array in a JNI critical region leaves the array in place"),
    UNPINNED_AT_RELEASE("once the critical region is released, a collector that pinned the array may move it again: a full collection does");

    private final String description;

    Fact(String description) {
        this.description = description;
    }

    public String description() {
        return description;
    }
}
