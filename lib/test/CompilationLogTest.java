/*
 * @test
 * @summary The LogCompilation reader finds tasks, decisions and run-time events, and rejects broken logs clearly
 * @library /lib
 * @build Fixtures
 * @run junit CompilationLogTest
 */

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import anatomy.model.CompilationLog;
import anatomy.model.CompileTask;
import anatomy.model.ParseException;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

public class CompilationLogTest {

    @ParameterizedTest
    @ValueSource(strings = {"x86_64-jdk17", "x86_64-jdk25", "aarch64-jdk17"})
    void findsTasksAndTheirDecisions(String fixture) {
        CompilationLog log = Fixtures.log(fixture);
        CompileTask oneSided = log.tasks().stream()
                .filter(t -> t.shortName().equals("Shapes::oneSided") && t.compiler().equals("c2")).findFirst().orElseThrow();
        assertTrue(oneSided.succeeded());
        assertTrue(oneSided.events("uncommon_trap").stream().anyMatch(e -> "unstable_if".equals(e.attribute("reason"))),
                oneSided.events().toString());
    }

    @ParameterizedTest
    @ValueSource(strings = {"x86_64-jdk17", "x86_64-jdk25", "aarch64-jdk17"})
    void findsRunTimeEvents(String fixture) {
        CompilationLog log = Fixtures.log(fixture);
        assertFalse(log.runtimeEvents().isEmpty());
        assertTrue(log.runtimeEvents().stream().anyMatch(e -> e.name().equals("make_not_entrant")), log.runtimeEvents().toString());
    }

    @Test
    void tiesRunTimeTrapsToTheirCompile() {
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
        assertTrue(log.runtimeEvents("uncommon_trap", 38).get(0).scopes().get(0).get("bci").equals("1"));
        assertTrue(log.runtimeEvents("make_not_entrant", 38).size() == 1);
        assertTrue(log.runtimeEvents("make_not_entrant", 39).isEmpty());
    }

    @Test
    void resolvesTypeNamesOfEliminatedAllocations() {
        CompilationLog log = Fixtures.log("x86_64-jdk25");
        assertTrue(log.tasks().stream().flatMap(t -> t.events("eliminate_allocation").stream())
                .allMatch(e -> e.attribute("type_name") != null));
    }

    @Test
    void truncatedLogIsAClearError() {
        String half = "<?xml version='1.0' encoding='UTF-8'?>\n<hotspot_log version='160 1'>\n<task compile_id='1' method='A b ()V'>\n<phase name='parse'>";
        ParseException e = assertThrows(ParseException.class, () -> parse(half));
        assertTrue(e.getMessage().contains("truncated or malformed"), e.getMessage());
    }

    @Test
    void otherXmlIsAClearError() {
        ParseException e = assertThrows(ParseException.class, () -> parse("<html></html>"));
        assertTrue(e.getMessage().contains("not a compilation log"), e.getMessage());
    }

    @Test
    void garbageIsAClearError() {
        assertThrows(ParseException.class, () -> parse("garbage \u0000 here"));
        assertThrows(ParseException.class, () -> parse(""));
    }

    private static CompilationLog parse(String text) {
        return CompilationLog.parse(new ByteArrayInputStream(text.strip().getBytes(StandardCharsets.UTF_8)), "test.xml");
    }
}
