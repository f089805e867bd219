package anatomy.capture;

import java.nio.file.Path;

/**
 * The code a child VM printed, as disassembled text: through the hsdis plugin the VM loaded, or, when the VM
 * printed hex, decoded offline by the pack's {@code hsdis-decode}, or left as hex when no decoder is built.
 */
public record Disassembly(Mode mode, String text, String detail) {
    public enum Mode {
        /** The VM loaded an hsdis plugin and printed instructions. */
        PLUGIN,
        /** The VM printed hex; the pack's decoder turned it into instructions. */
        OFFLINE,
        /** The VM printed hex and no decoder was found: only the JVM's notes can be read. */
        NONE
    }

    /** Disassembles what the VM printed, for the ISA the child ran on. */
    public static Disassembly of(String printed, InstructionKinds isa) {
        if (!OfflineDecoder.hasHexCode(printed)) {
            return new Disassembly(Mode.PLUGIN, printed, "hsdis plugin loaded by the VM");
        }
        Path decoder = Hsdis.decoder();
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
}
