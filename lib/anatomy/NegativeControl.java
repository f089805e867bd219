package anatomy;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Repeatable;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * VM flags that switch off the behaviour a test asserts. {@code make sensitivity} reruns the test with
 * them (through jtreg's -vmoptions) and requires a failure whose message names {@link #kills()}.
 *
 * <p>Written one per line, with literal strings, so that the sensitivity runner can read it from the
 * source: {@code @NegativeControl(flags = "-XX:ConditionalMoveLimit=0", kills = "CMOV", why = "...")}.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
@Repeatable(NegativeControl.List.class)
public @interface NegativeControl {
    /** The VM flags, space separated, exactly as given to java. */
    String flags();

    /** The name of the operation or event whose absence the failure must report, e.g. {@code CMOV}. */
    String kills();

    /** One line: why these flags take the behaviour away. */
    String why();

    /** The first JDK feature release that has the flags; older JDKs report the control as not applicable. */
    int since() default 17;

    @Documented
    @Retention(RetentionPolicy.RUNTIME)
    @Target(ElementType.TYPE)
    @interface List {
        NegativeControl[] value();
    }
}
