/*
 * @test
 * @summary The LogCompilation reader and the Logged vocabulary find each kind of event on every recorded JDK and ISA
 * @library /lib
 * @build Fixtures
 * @run testng CompilationLogTest
 */

import static anatomy.Logged.*;
import static org.testng.Assert.assertEquals;
import static org.testng.Assert.assertFalse;
import static org.testng.Assert.assertTrue;
import static org.testng.Assert.expectThrows;

import anatomy.LoggedEvent;
import anatomy.model.CompilationLog;
import anatomy.model.CompileTask;
import anatomy.model.LogEvent;
import anatomy.model.ParseException;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.testng.annotations.DataProvider;
import org.testng.annotations.Test;

public class CompilationLogTest {
    /** A Shapes method, which of its C2 compiles (0 the first, -1 the last), and an event its log must hold. */
    record Case(String method, int nth, LoggedEvent event) {
        @Override
        public String toString() {
            return method + "#" + nth + " " + event.name();
        }
    }

    static final List<Case> CASES = List.of(
            new Case("oneSided", -1, TRAP_COMPILED.reason("unstable_if")),
            new Case("twiceLocked", -1, COARSENED_LOCK),
            new Case("localLock", -1, ELIMINATED_LOCK),
            new Case("localLock", -1, ELIMINATED_ALLOCATION),
            new Case("allocate", -1, INLINE_SUCCESS),
            new Case("bimorphic", -1, PREDICTED_CALL),
            new Case("megamorphic", -1, VIRTUAL_CALL),
            // Shapes.Shape is an interface: the site is an invokeinterface (the log's <bc code='185'>), an itable's dispatch
            new Case("megamorphic", -1, VIRTUAL_CALL.where("invoke", "invokeinterface")),
            new Case("bimorphic", -1, PREDICTED_CALL.where("invoke", "invokeinterface")),
            new Case("field", 0, TRAP_HIT.reason("null_check")),
            new Case("field", 0, MADE_NOT_ENTRANT));

    @DataProvider
    public static Object[][] cases() {
        List<Object[]> rows = new ArrayList<>();
        for (Fixtures.Fixture f : Fixtures.ALL) {
            for (Case c : CASES) {
                if (f.hasC2(c.method())) {
                    rows.add(new Object[] {f, c});
                }
            }
        }
        return rows.toArray(Object[][]::new);
    }

    @Test(dataProvider = "cases")
    public void findsEachKindOfEvent(Fixtures.Fixture f, Case c) {
        CompilationLog log = f.log();
        List<CompileTask> tasks = log.tasks().stream()
                .filter(t -> t.shortName().equals("Shapes::" + c.method()) && t.compiler().equals("c2") && t.osrBci() < 0).toList();
        CompileTask task = tasks.get(c.nth() < 0 ? tasks.size() - 1 : c.nth());
        List<LogEvent> events = new ArrayList<>(task.events());
        events.addAll(log.runtimeEvents().stream().filter(e -> Integer.toString(task.compileId()).equals(e.attribute("compile_id"))).toList());
        assertTrue(events.stream().anyMatch(c.event()::matches), c + " in " + task + " of " + f + ": " + events);
    }

    @DataProvider
    public static Object[][] logs() {
        return Fixtures.rows(f -> true);
    }

    @Test(dataProvider = "logs")
    public void resolvesTypeNamesOfEliminatedAllocations(Fixtures.Fixture f) {
        List<LogEvent> eliminated = f.log().tasks().stream().flatMap(t -> t.events("eliminate_allocation").stream()).toList();
        assertFalse(f.hasC2("localLock") && eliminated.isEmpty(), "no eliminate_allocation in " + f);
        assertTrue(eliminated.stream().allMatch(e -> e.attribute("type_name") != null), eliminated.toString());
    }

    @Test
    public void tiesRunTimeTrapsToTheirCompile() {
        CompilationLog log = parse("""
                <?xml version='1.0' encoding='UTF-8'?>
                <hotspot_log version='160 1' process='1' time_ms='1'>
                <tty>
                <uncommon_trap thread='7' reason='unstable_if' action='reinterpret' debug_id='0' compile_id='38' compiler='c2' level='4' stamp='0.2'>
                <jvms bci='1' method='Trap test (Z)V' bytes='28' count='10000' iicount='10000'/>
                </uncommon_trap>
                <make_not_entrant thread='7' compile_id='38' compiler='c2' level='4' stamp='0.2'/>
                </tty>
                </hotspot_log>
                """);
        assertEquals(log.runtimeEvents("uncommon_trap", 38).get(0).scopes().get(0).get("bci"), "1");
        assertEquals(log.runtimeEvents("make_not_entrant", 38).size(), 1);
        assertTrue(log.runtimeEvents("make_not_entrant", 39).isEmpty());
        assertTrue(TRAP_HIT.reason("unstable_if").matches(log.runtimeEvents().get(0)));
        assertFalse(TRAP_COMPILED.matches(log.runtimeEvents().get(0)));
    }

    /**
     * C2 logs {@code <intrinsic id=..>} for each intrinsic it expands; the JDK's own methods compiled during a
     * recording (StringLatin1, Math.min) hold some on each ISA. The hex recordings ran too briefly to compile them.
     */
    @Test(dataProvider = "logs")
    public void findsIntrinsics(Fixtures.Fixture f) {
        List<LogEvent> found = f.log().tasks().stream().flatMap(t -> t.events().stream()).filter(INTRINSIC::matches).toList();
        assertTrue(f.hex() || !found.isEmpty(), "no INTRINSIC event in " + f);
        assertTrue(found.stream().allMatch(e -> e.attribute("id") != null && e.attribute("id").startsWith("_")), found.toString());
    }

    /** No recording holds boxing elimination yet (Shapes' valueOf is inlined); the element as C2 writes it. */
    @Test
    public void readsBoxingElimination() {
        CompilationLog log = parse("""
                <?xml version='1.0' encoding='UTF-8'?>
                <hotspot_log version='160 1' process='1' time_ms='1'>
                <task compile_id='5' method='T m (I)I' bytes='12' count='1' iicount='1' level='4' stamp='0.1'>
                <type id='700' name='java.lang.Integer'/>
                <eliminate_boxing type='700'/>
                <task_done success='1' nmsize='120' count='1' stamp='0.2'/>
                </task>
                </hotspot_log>
                """);
        LogEvent e = log.task(5).orElseThrow().events().get(0);
        assertTrue(ELIMINATED_BOXING.matches(e), e.toString());
        assertEquals(e.attribute("type_name"), "java.lang.Integer");
    }

    @Test
    public void anUndeclaredAttributeIsAnErrorNamingTheDeclaredOnes() {
        IllegalArgumentException e = expectThrows(IllegalArgumentException.class, () -> TRAP_COMPILED.where("reasn", "x"));
        assertTrue(e.getMessage().contains("[action, bci, comment, reason]"), e.getMessage());
    }

    @Test
    public void truncatedLogIsAClearError() {
        String half = "<?xml version='1.0' encoding='UTF-8'?>\n<hotspot_log version='160 1'>\n<task compile_id='1' method='A b ()V'>\n<phase name='parse'>";
        ParseException e = expectThrows(ParseException.class, () -> parse(half));
        assertTrue(e.getMessage().contains("truncated or malformed"), e.getMessage());
    }

    @Test
    public void otherXmlIsAClearError() {
        ParseException e = expectThrows(ParseException.class, () -> parse("<html></html>"));
        assertTrue(e.getMessage().contains("not a compilation log"), e.getMessage());
        expectThrows(ParseException.class, () -> parse("garbage \u0000 here"));
        expectThrows(ParseException.class, () -> parse(""));
    }

    private static CompilationLog parse(String text) {
        return CompilationLog.parse(new ByteArrayInputStream(text.strip().getBytes(StandardCharsets.UTF_8)), "test.xml");
    }
}
