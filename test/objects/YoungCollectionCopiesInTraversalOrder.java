/*
 * @test
 * @summary A young collection copies the objects an array references next to each other in the array's order, undoing a shuffle; a non-moving collector leaves them scattered (Quark #11)
 * @key objects
 * @requires pack.whitebox & (pack.gc == "g1" | pack.gc == "serial" | pack.gc == "parallel")
 * @library /lib
 * @run driver YoungCollectionCopiesInTraversalOrder
 */

import static anatomy.Assertions.assertThat;
import static anatomy.Fact.COPIED_IN_TRAVERSAL_ORDER;
import static anatomy.Fact.LEFT_IN_PLACE_WITHOUT_COPYING;

import anatomy.Jit;
import anatomy.NegativeControl;
import anatomy.Run;
import anatomy.Vm;
import java.util.Arrays;
import java.util.Collections;
import java.util.Random;

/*
 * A copying collector evacuates live objects in the order it reaches them. We allocate 4096 small objects,
 * shuffle the array that holds them, so that neighbours in the array sit far apart in memory, and let a
 * young collection copy them: scanning the array, it copies element after element, and they land next to
 * each other (in a survivor space, or in the old generation when they are tenured at once, as with
 * -XX:MaxTenuringThreshold=0). A program that walks the array after the collection walks memory in order.
 *
 * Serial scans the copies in order and lays them out forwards; G1 and Parallel push each reference on a
 * work stack and copy when they pop it, so they lay out the same neighbours backwards. We count neighbours
 * in the array whose addresses (WhiteBox) differ by exactly one object's size, either way:
 *
 *   x86_64, JDK 17:  shuffled 2 of 4095; after the collection G1 4012, Parallel 4093 (backwards), Serial 4095
 *   x86_64, JDK 25:  shuffled 2; G1 4011, Parallel 4010 (backwards), Serial 4095
 *   aarch64, JDK 17 and 25 (G1):  shuffled 2; after 4012 and 4011
 *   Epsilon, the quark's contrast (run when the VM options choose no collector):  2 before, 2 after the request
 *
 * Z and Shenandoah choose which regions to evacuate: the test requires a collector whose young collection
 * copies every live young object. No flag keeps such a collector and makes its young collection copy in
 * another order, so the control changes the program: with -Dobjects.tenureFirst=true a full collection
 * moves the objects into the old generation before the shuffle, and the young collection leaves them there.
 */
@NegativeControl(flags = "-Dobjects.tenureFirst=true", killsFact = COPIED_IN_TRAVERSAL_ORDER,
        why = "a program change (no flag exists): the objects are old when shuffled, and a young collection does not move them")
public class YoungCollectionCopiesInTraversalOrder {
    static final int OBJECTS = 4096;

    static class Node {
        final int value;

        Node(int value) {
            this.value = value;
        }
    }

    static long adjacentNeighbours(Node[] nodes) {
        long size = Vm.sizeOf(nodes[0]);
        long adjacent = 0;
        for (int i = 0; i + 1 < nodes.length; i++) {
            adjacent += Math.abs(Vm.addressOf(nodes[i + 1]) - Vm.addressOf(nodes[i])) == size ? 1 : 0;
        }
        return adjacent;
    }

    public static class Workload {
        public static void main(String[] args) {
            Node[] nodes = new Node[OBJECTS];
            for (int i = 0; i < OBJECTS; i++) {
                nodes[i] = new Node(i);
            }
            if (Boolean.getBoolean("objects.tenureFirst")) {
                Vm.fullGC();    // the control: the objects are old before the shuffle
            }
            Collections.shuffle(Arrays.asList(nodes), new Random(42));
            Jit.measure("adjacent neighbours when shuffled", adjacentNeighbours(nodes));
            Vm.youngGC();
            Jit.measure("adjacent neighbours after a young collection", adjacentNeighbours(nodes));
        }
    }

    public static void main(String[] args) {
        Run run = Jit.run(Workload.class);
        assertThat(run.measure("adjacent neighbours when shuffled")).isAtMost(OBJECTS * 0.1);
        assertThat(COPIED_IN_TRAVERSAL_ORDER, run.measure("adjacent neighbours after a young collection")).isAtLeast(OBJECTS * 0.9);
        String options = String.join(" ", anatomy.capture.ChildVm.jtregOptions());
        if (!options.matches("(?s).*-XX:\\+Use\\w+GC\\b.*")) {   // the quark's contrast, where no option picks a collector
            Run epsilon = Jit.run(Workload.class, "-XX:+UnlockExperimentalVMOptions", "-XX:+UseEpsilonGC");
            assertThat(LEFT_IN_PLACE_WITHOUT_COPYING, epsilon.measure("adjacent neighbours after a young collection")).isAtMost(OBJECTS * 0.1);
        }
    }
}
