package anatomy.capture;

import java.nio.file.Path;
import java.util.Map;

/**
 * The code a child VM printed, as the text the model reads: the pack's own plugin's, recognised by its signature;
 * the JVM's hex decoded offline by the pack's {@code hsdis-decode}; or, when another disassembler printed it, the
 * code's bytes decoded by {@code hsdis-decode} with the VM's comments kept ({@link ForeignCode}). The text of a
 * disassembler that is not the pack's is never read: its syntax differs (operand order, size suffixes, Intel),
 * so the vocabulary would miss what is there and find absences that are not.
 *
 * @param detail in words, which disassembler was used, for failure and skip messages
 */
public record Disassembly(Mode mode, String text, String detail) {
    /**
     * The option of the pack's plugin, given in {@code -XX:PrintAssemblyOptions}, that makes it sign its text. The
     * flag is a single string: a user's own {@code PrintAssemblyOptions} replace it, and the code is then decoded
     * from its bytes like a foreign plugin's.
     */
    public static final String SIGN_OPTION = "capstone-sign";

    /**
     * The version of the pack's plugin this library reads (lib/hsdis/decode.h, HSDIS_PLUGIN_VERSION: a selftest
     * keeps the two equal). Text signed by another version (a stale build left in a plugin directory) is not read
     * as the pack's.
     */
    public static final String PLUGIN_VERSION = "2.0";

    public enum Mode {
        /** The VM loaded the pack's plugin, which signed its text in the form the vocabulary reads. */
        PLUGIN,
        /** Another disassembler printed the code: the requested compiles were decoded from their bytes. */
        FOREIGN,
        /** The VM printed hex; the pack's decoder turned it into instructions. */
        OFFLINE,
        /** The VM printed hex and no decoder was found: only the JVM's notes can be read. */
        NONE
    }

    /**
     * Disassembles what the VM printed, for the ISA the child ran on, with the bytes of the compiles the child
     * requested ({@link CodeBytes}).
     */
    public static Disassembly of(String printed, InstructionKinds isa, Map<Integer, CodeBytes> bytes) {
        Path decoder = Hsdis.decoder();
        if (OfflineDecoder.hasHexCode(printed)) {
            if (decoder == null) {
                return new Disassembly(Mode.NONE, printed, "none: the VM printed hex and no hsdis-decode was found ("
                        + Hsdis.whereLooked() + ")");
            }
            if (!OfflineDecoder.decodes(decoder, isa)) {
                return new Disassembly(Mode.NONE, printed, "none: the VM printed hex and " + decoder + " has no backend for "
                        + isa.label() + " (its --isa refuses it; make/platforms names the backend)");
            }
            return new Disassembly(Mode.OFFLINE, new OfflineDecoder(decoder, isa).decode(printed),
                    "offline: the VM printed hex (no usable plugin), decoded by " + decoder);
        }
        String form = signedForm(isa);
        ForeignCode.Result r = ForeignCode.rewrite(printed, form, bytes, decoder, isa);
        if (!r.rewritten()) {
            String signer = printed.lines().map(ForeignCode.Signature::find).flatMap(java.util.Optional::stream)
                    .findFirst().map(s -> "the pack's plugin (hsdis-anatomy " + s.version() + " on " + s.backend() + ", " + s.isa() + " " + s.form()
                            + ", signed), loaded by the VM")
                    .orElse("the pack's plugin, if any: the VM printed no compiled code");
            return new Disassembly(Mode.PLUGIN, printed, signer);
        }
        StringBuilder detail = new StringBuilder("foreign: the VM loaded a disassembler that is not the pack's plugin in "
                + form + " form (no '" + SIGN_OPTION + "' signature" + signedOtherwise(printed, form) + "; first line: "
                + r.foreignSample() + "); its text is not read: ");
        if (decoder == null) {
            detail.append("no hsdis-decode was found to decode the code's bytes (").append(Hsdis.whereLooked()).append(')');
        } else {
            detail.append(r.decodedCompiles()).append(" requested compile(s) decoded from their bytes by ").append(decoder)
                  .append(" (main code from WhiteBox, ").append(r.stubsDecoded()).append(" stub section(s) from the code blob)");
        }
        if (r.unreadLines() > 0) {
            detail.append("; ").append(r.unreadLines()).append(" printed instruction(s) without bytes left unread");
        }
        r.problems().forEach(p -> detail.append("; ").append(p));
        return new Disassembly(Mode.FOREIGN, r.text(), detail.toString());
    }

    /**
     * Why the signed text in {@code printed} cannot be read as this pack's plugin's for this ISA: a signature of
     * another version of the plugin ({@code hsdis-anatomy 1.0}, a stale build) or of another ISA; null when every
     * signature is {@link #PLUGIN_VERSION} for {@code isa} (or there is none). The caller makes the verdict
     * inconclusive with it: such code is neither trusted nor silently left unread.
     */
    public static String signatureMismatch(String printed, InstructionKinds isa) {
        java.util.Set<String> differ = new java.util.LinkedHashSet<>();
        printed.lines().map(ForeignCode.Signature::find).flatMap(java.util.Optional::stream).forEach(s -> {
            if (!s.version().equals(PLUGIN_VERSION)) {
                differ.add("version " + s.version() + " where the pack reads " + PLUGIN_VERSION);
            }
            if (!s.isa().equals(isa.label())) {
                differ.add("ISA " + s.isa() + " where the VM runs " + isa.label());
            }
        });
        if (differ.isEmpty()) {
            return null;
        }
        String plugin = printed.lines().map(ForeignCode.Signature::find).flatMap(java.util.Optional::stream).findFirst()
                .map(s -> "hsdis-anatomy " + s.version() + " (" + s.backend() + ", " + s.isa() + " " + s.form() + ")").orElse("?");
        return "the VM loaded a plugin that signs as the pack's but does not match it: " + plugin + ", " + String.join("; ", differ)
                + " (a stale or foreign build in the plugin's directory: rebuild it with make hsdis, or remove it; "
                + Hsdis.whereLooked() + ")";
    }

    /** The form of the pack's plugin's text that the vocabulary reads: AT&T on x86_64, the one syntax elsewhere. */
    static String signedForm(InstructionKinds isa) {
        return isa.label().equals("x86_64") ? "att" : "text";
    }

    /** The pack's plugin signed, but in another form (a user's PrintAssemblyOptions asked for Intel, or bytes). */
    private static String signedOtherwise(String printed, String form) {
        return printed.lines().map(ForeignCode.Signature::find).flatMap(java.util.Optional::stream)
                .filter(s -> !s.form().equals(form)).findFirst()
                .map(s -> ", but the pack's plugin's in form " + s.form()).orElse("");
    }
}
