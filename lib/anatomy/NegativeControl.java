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
 * (through jtreg's -vmoptions) and requires a failure whose first line names what the control kills.
 *
 * <p>What it kills is a constant of the vocabulary, so a misspelt name does not compile:
 * {@code @NegativeControl(flags = "-XX:ConditionalMoveLimit=0", kills = CMOV, why = "...")}, or
 * {@code killsEvent = COARSENED_LOCK} for an event of the compilation log, or {@code killsFact = YOUNG_PAUSES} for
 * a runtime observation ({@link Observed}). Give exactly one of the three.
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

    /** The runtime observation (a count or size in the VM's evidence) whose failure the control must cause. */
    Observed[] killsFact() default {};

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
