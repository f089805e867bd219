/*
 * @test
 * @summary Vm.youngGC and Vm.fullGC under -XX:+DisableExplicitGC either collect or skip naming the flag, never return
 *          without a collection (Shenandoah on JDK 25 ignores WhiteBox requests then; on 17 it collects).
 * @library /lib
 * @build jdk.test.whitebox.WhiteBox jdk.test.whitebox.BootClassPathInstaller
 * @run driver jdk.test.whitebox.BootClassPathInstaller
 * @run junit/othervm -Xbootclasspath/a:. -XX:+UnlockDiagnosticVMOptions -XX:+WhiteBoxAPI -XX:+UseShenandoahGC
 *                    -XX:+DisableExplicitGC -Danatomy.facts=collection-request.facts CollectionRequestTest
 * @run junit/othervm -Xbootclasspath/a:. -XX:+UnlockDiagnosticVMOptions -XX:+WhiteBoxAPI -XX:+UseSerialGC
 *                    -XX:+DisableExplicitGC -Danatomy.facts=collection-request.facts CollectionRequestTest
 */

import static org.junit.jupiter.api.Assertions.assertTrue;

import anatomy.Vm;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

public class CollectionRequestTest {
    @Test
    void youngAndFullCollectOrSkipNamingTheFlag() throws Exception {
        for (Runnable request : new Runnable[] {Vm::youngGC, Vm::fullGC}) {
            long before = Vm.collections();
            try {
                request.run();
                assertTrue(Vm.collections() > before, "a request returned without a collection and without a skip");
            } catch (RuntimeException e) {
                assertTrue(e.getClass().getName().equals("jtreg.SkippedException") && e.getMessage().contains("-XX:+DisableExplicitGC"), e.toString());
                assertTrue(Files.readString(Path.of("collection-request.facts")).contains("skipped="), "the skip is recorded for the driver");
            }
        }
    }
}
