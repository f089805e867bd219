package anatomy.model;

import java.util.List;
import java.util.regex.Pattern;

/**
 * A part of an nmethod as the JVM labels it when printing: {@code Entry Point}, {@code Verified Entry
 * Point} (the code proper), {@code Exception Handler}, {@code Deopt Handler Code}, {@code Stub Code}, ...
 * Code printed before any label belongs to the section named {@value #UNLABELLED}.
 */
public record Section(String name, List<Instruction> instructions) {
    public static final String UNLABELLED = "";
    public static final String ENTRY = "Entry Point";
    public static final String VERIFIED_ENTRY = "Verified Entry Point";
    public static final String EXCEPTION_HANDLER = "Exception Handler";
    public static final String DEOPT_HANDLER = "Deopt Handler Code";
    public static final String STUBS = "Stub Code";
    /** The padding before the entry of an nmethod whose entry is aligned (JDK 25 and later print it so). */
    public static final String INSTRUCTIONS_BEGIN = "Instructions begin";

    private static final Pattern ENTRY_LABEL = Pattern.compile("(Verified )?(Value )?Entry Point( \\(RO\\))?");

    public Section {
        instructions = List.copyOf(instructions);
    }

    /**
     * True for a label of an entry point: {@code Entry Point}, {@code Verified Entry Point}, and the labels JDK
     * 26 and later print beside them at the same address ({@code Value Entry Point}, {@code Verified Value
     * Entry Point}, {@code Verified Value Entry Point (RO)}, measured on 26.0.2 to 28-ea+18).
     */
    public static boolean isEntryLabel(String label) {
        return ENTRY_LABEL.matcher(label).matches();
    }

    /**
     * The method's own code (the padding before its entry, the entry and the body), as opposed to the handlers and
     * stubs after it. The nmethod's header says where that code ends ({@link NMethod#mainCode}); the labels are
     * read only where it does not.
     */
    public boolean isMainCode() {
        return name.equals(UNLABELLED) || name.equals(INSTRUCTIONS_BEGIN) || name.equals(ENTRY) || name.equals(VERIFIED_ENTRY);
    }
}
