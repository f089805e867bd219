package anatomy;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Repeatable;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * VM flags that take away the behaviour a test asserts while keeping its preconditions. {@code make
 * sensitivity} compiles the test, reads this annotation from its class, reruns the test with the flags
 * (through jtreg's -vmoptions) and requires that the assertion the control names is the one that failed.
 *
 * <p>What it kills is a constant of the vocabulary, so a misspelt name does not compile, and an operation or an event
 * is named in the method whose assertion it fails ({@link #in}):
 * {@code @NegativeControl(flags = "-XX:ConditionalMoveLimit=0", kills = CMOV, in = "fairSelect", why = "...")}, or
 * {@code killsEvent = COARSENED_LOCK} for an event of the compilation log, {@code killsFact = STABLE_IDENTITY_HASH}
 * for a runtime fact ({@link Fact}), which is its assertion's name by itself. Give exactly one of the three. Every
 * failure of the pack carries the line {@code assertion: CMOV in fairSelect} (the operation's or event's own name,
 * not its meaning, and the method's name as given to {@code run.c2}); sensitivity compares it with the control's
 * word for word, so a kill is credited only by the assertion it names.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
@Repeatable(NegativeControl.List.class)
public @interface NegativeControl {
    /** The VM flags, space separated, exactly as given to java. */
    String flags();

    /** The operation whose absence (or count) the failure must report. */
    Op[] kills() default {};

    /** The compilation-log event whose absence the failure must report. */
    Logged[] killsEvent() default {};

    /** The runtime fact whose assertion must fail. */
    Fact[] killsFact() default {};

    /**
     * The method whose assertion the control fails, as the test names it ({@code run.c2("fairSelect")}: "fairSelect");
     * required with {@code kills} and {@code killsEvent}, where a test asserts the operation or event of more than one
     * method, and not given with {@code killsFact}.
     */
    String in() default "";

    /**
     * Where the control applies, in jtreg's {@code @requires} language over the probe's properties, e.g.
     * {@code "pack.jdk >= 22"} where the flags first exist; elsewhere the control is reported {@code n/a}.
     */
    String requires() default "";

    /** One line: why these flags take the behaviour away. */
    String why();

    @Documented
    @Retention(RetentionPolicy.RUNTIME)
    @Target(ElementType.TYPE)
    @interface List {
        NegativeControl[] value();
    }
}
