/*
 * @test
 * @summary pack.finalFieldMutation is the configuration's: a refusal no option asks for, on a release whose default allows the write, keeps it allowed (the tests then fail); an option or a later release's default denies it
 * @library /lib
 * @run testng FinalFieldMutationTest
 */

import static org.testng.Assert.assertEquals;
import static org.testng.Assert.assertTrue;

import anatomy.probe.Probe;
import java.util.List;
import org.testng.annotations.Test;

/*
 * anatomy.probe.Probe.finalFieldMutation decides the precondition of the tests that write a final field through deep
 * reflection. Read from the write alone, a HotSpot that refused every such write (make mutants'
 * final-fields-all-trusted: Reflection::new_field marking every final trusted) made the probe say denied and the test a
 * finding, no failure. The refusal the child reports here is the one 28-ea+18 gave under that mutant.
 */
public class FinalFieldMutationTest {
    private static final String REFUSED = "denied: java.lang.IllegalAccessException: Can not set final int field Probe$Blank.value to (int)2";

    @Test
    public void aRefusalNoOptionAsksForIsNoPrecondition() {
        Probe.FinalFieldMutation d = Probe.finalFieldMutation(REFUSED, List.of(), null, 28);
        assertEquals(d.value(), "allowed");
        assertTrue(d.reason().contains("yet the probe's child could not write"), d.reason());
        assertEquals(Probe.finalFieldMutation(REFUSED, List.of("-Xmx1g"), null, 17).value(), "allowed");
    }

    @Test
    public void theUsersDenyIsOne() {
        assertEquals(Probe.finalFieldMutation(REFUSED, List.of("--illegal-final-field-mutation=deny"), null, 28).value(), "denied");
        // through the launcher's environment too
        assertEquals(Probe.finalFieldMutation(REFUSED, List.of(), " -Xss1m --illegal-final-field-mutation=deny ", 26).value(), "denied");
        // the class path enabled again: the refusal is HotSpot's, not the user's
        assertEquals(Probe.finalFieldMutation(REFUSED, List.of("--illegal-final-field-mutation=deny",
                "--enable-final-field-mutation=ALL-UNNAMED"), null, 28).value(), "allowed");
    }

    @Test
    public void aLaterReleasesChildDecides() {
        Probe.FinalFieldMutation d = Probe.finalFieldMutation(REFUSED, List.of(), null, Probe.FINAL_FIELD_DEFAULT_KNOWN_UP_TO + 1);
        assertEquals(d.value(), "denied");
        assertTrue(d.reason().startsWith("the probe's child could not write"), d.reason());
    }

    @Test
    public void anAllowedWriteAndNoChild() {
        assertEquals(Probe.finalFieldMutation("allowed", List.of(), null, 28).value(), "allowed");
        assertEquals(Probe.finalFieldMutation(null, List.of("--illegal-final-field-mutation=deny"), null, 28).value(), "denied");
        assertEquals(Probe.finalFieldMutation(null, List.of(), null, 28).value(), "allowed");
    }
}
