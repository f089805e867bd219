package anatomy.capture;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Turns the JVM's hex fallback ("abstract disassembly", printed when it could not load an hsdis plugin)
 * into disassembled code, by decoding the bytes with the pack's {@code hsdis-decode} and placing the JVM's
 * annotations on the instructions they belong to.
 *
 * <p>The fallback walks the code in 4-byte steps and prints an annotation before the step that holds its pc,
 * so on x86_64 a step can hold the starts of several instructions. An annotation tied to the return address
 * of a call (oop map, bytecode scope) goes to the instruction that ends in (step, step+4], preferring a call;
 * any other (relocation, implicit exception) goes to an instruction that starts in the step, preferring a
 * call or jump for call relocations and a memory access for polls. On AArch64 every instruction is one
 * step, so nothing is guessed. The result is the text the plugin would have printed, for the one parser.
 */
public final class OfflineDecoder {
    private static final Pattern ADDRESSED = Pattern.compile("^\\s*0x([0-9a-fA-F]+):\\s?(.*)$");
    private static final Pattern CONTINUATION = Pattern.compile("^\\s+;(.*)$");
    private static final Pattern HEX = Pattern.compile("^[0-9a-f]{2,4}(?:\\s+(?:\\|\\s+)?[0-9a-f]{2,4})*\\s*$");
    private static final Pattern DECODED = Pattern.compile("^0x([0-9a-f]+)\t(\\d+)\t(.*)$");
    private static final int GROUP = 4;

    private final Path decoder;
    private final InstructionKinds isa;

    public OfflineDecoder(Path decoder, InstructionKinds isa) {
        this.decoder = decoder;
        this.isa = isa;
    }

    /** True when the text holds code printed as hex. */
    public static boolean hasHexCode(String printAssemblyOutput) {
        return printAssemblyOutput.contains("[MachCode]");
    }

    /** One instruction hsdis-decode printed: its address, length and text (one blank between mnemonic and operands). */
    record Decoded(long address, int length, String text) {
        long end() {
            return address + length;
        }
    }

    private record Note(long address, List<String> lines) {
    }

    public String decode(String text) {
        String[] lines = text.split("\r?\n", -1);
        StringBuilder input = new StringBuilder();
        // Pass 1: collect every hex chunk, joined into runs of contiguous bytes per labelled section.
        long runStart = -1;
        long runEnd = -1;
        StringBuilder run = new StringBuilder();
        boolean inCode = false;
        for (String line : lines) {
            if (line.startsWith("[MachCode]")) {
                inCode = true;
                continue;
            }
            if (line.startsWith("[/MachCode]") || (inCode && line.startsWith("["))) {
                runStart = flush(input, runStart, run);
                inCode = !line.startsWith("[/MachCode]");
                continue;
            }
            if (!inCode) {
                continue;
            }
            Matcher a = ADDRESSED.matcher(line);
            if (a.matches() && HEX.matcher(a.group(2).trim()).matches()) {
                long address = Long.parseUnsignedLong(a.group(1), 16);
                String bytes = a.group(2).replaceAll("[\\s|]", "");
                if (runStart < 0 || address != runEnd) {
                    runStart = flush(input, runStart, run);
                    runStart = address;
                    runEnd = address;
                }
                run.append(bytes);
                runEnd += bytes.length() / 2;
            }
        }
        flush(input, runStart, run);
        TreeMap<Long, Decoded> decoded = markData(runDecoder(input.toString()), isa);

        // Pass 2: rewrite each [MachCode] block as instruction lines with their annotations.
        StringBuilder out = new StringBuilder();
        List<String> block = new ArrayList<>();
        inCode = false;
        for (String line : lines) {
            if (line.startsWith("[MachCode]")) {
                inCode = true;
                out.append(line).append('\n');
                continue;
            }
            if (!inCode) {
                out.append(line).append('\n');
                continue;
            }
            block.add(line);
            if (line.startsWith("[/MachCode]")) {
                out.append(rewrite(block, decoded));
                block.clear();
                inCode = false;
            }
        }
        return out.toString();
    }

    private static long flush(StringBuilder input, long runStart, StringBuilder run) {
        if (runStart >= 0 && run.length() > 0) {
            input.append("0x").append(Long.toHexString(runStart)).append(' ').append(run).append('\n');
        }
        run.setLength(0);
        return -1;
    }

    private String rewrite(List<String> block, TreeMap<Long, Decoded> decoded) {
        StringBuilder out = new StringBuilder();
        List<Note> notes = new ArrayList<>();
        List<long[]> ranges = new ArrayList<>();
        List<String> bodyLines = new ArrayList<>();
        Note open = null;
        // First gather the annotations and the byte ranges of this block, keeping labels in place.
        for (String line : block) {
            Matcher cont = CONTINUATION.matcher(line);
            if (cont.matches() && open != null) {
                open.lines().add(cont.group(1).trim());
                continue;
            }
            Matcher a = ADDRESSED.matcher(line);
            if (a.matches()) {
                long address = Long.parseUnsignedLong(a.group(1), 16);
                String rest = a.group(2).trim();
                if (rest.startsWith(";")) {
                    open = new Note(address, new ArrayList<>(List.of(rest.substring(1).trim())));
                    notes.add(open);
                    continue;
                }
                open = null;
                if (HEX.matcher(rest).matches()) {
                    int n = rest.replaceAll("[\\s|]", "").length() / 2;
                    ranges.add(new long[] {address, address + n});
                    bodyLines.add("@" + address + "," + (address + n));
                    continue;
                }
            }
            open = null;
            bodyLines.add(line);
        }
        Map<Long, List<String>> attached = attach(notes, decoded);
        for (String line : bodyLines) {
            if (!line.startsWith("@")) {
                out.append(line).append('\n');
                continue;
            }
            String[] r = line.substring(1).split(",");
            long from = Long.parseLong(r[0]);
            long to = Long.parseLong(r[1]);
            for (Decoded d : decoded.subMap(from, true, to, false).values()) {
                appendLine(out, d, attached.getOrDefault(d.address(), List.of()));
            }
        }
        return out.toString();
    }

    /** An instruction line as the VM prints it with a plugin: address, text, then the notes after {@code ;}. */
    static void appendLine(StringBuilder out, Decoded d, List<String> notes) {
        out.append(String.format("  0x%016x:   %s", d.address(), d.text()));
        for (int i = 0; i < notes.size(); i++) {
            out.append(i == 0 ? "\t;" : "\n                                        ;").append(notes.get(i));
        }
        out.append('\n');
    }

    private static boolean isReturnAddressNote(String note) {
        return note.startsWith("ImmutableOopMap") || note.startsWith("OopMap") || note.startsWith("*") || note.startsWith("- ");
    }

    private Map<Long, List<String>> attach(List<Note> notes, TreeMap<Long, Decoded> decoded) {
        Map<Long, List<String>> attached = new HashMap<>();
        for (Note note : notes) {
            long lo = note.address();
            long hi = lo + GROUP;
            List<Decoded> starting = new ArrayList<>(decoded.subMap(lo, true, hi, false).values());
            // The hex dump prints a note at the 4-byte step [lo, lo+4) that holds its pc: a relocation's pc
            // is an instruction's start; an oop map's or scope's pc is a call's return address, its end, and
            // lies in (lo, lo+4].
            List<Decoded> ending = decoded.subMap(lo - 16, true, hi, false).values().stream()
                    .filter(d -> d.end() > lo && d.end() <= hi).toList();
            Decoded containing = decoded.floorEntry(lo) == null ? null : decoded.floorEntry(lo).getValue();
            for (String line : note.lines()) {
                Decoded target;
                if (isReturnAddressNote(line)) {
                    target = prefer(ending, this::isCall, containing);
                } else if (line.contains("_call") || line.contains("{runtime_call")) {
                    target = prefer(starting, d -> isCall(d) || isJump(d), containing);
                } else if (line.contains("{poll") || line.startsWith("implicit exception")) {
                    target = prefer(starting, this::accessesMemory, containing);
                } else {
                    target = prefer(starting, d -> true, containing);
                }
                if (target != null) {
                    attached.computeIfAbsent(target.address(), k -> new ArrayList<>()).add(line);
                }
            }
        }
        return attached;
    }

    private static Decoded prefer(List<Decoded> candidates, java.util.function.Predicate<Decoded> kind, Decoded otherwise) {
        for (Decoded d : candidates) {
            if (kind.test(d)) {
                return d;
            }
        }
        return candidates.isEmpty() ? otherwise : candidates.get(0);
    }

    private boolean isCall(Decoded d) {
        return isa.isCall(d.text());
    }

    private boolean isJump(Decoded d) {
        return isa.isJump(d.text());
    }

    private boolean accessesMemory(Decoded d) {
        return isa.accessesMemory(d.text());
    }

    private static final java.util.Map<String, Boolean> SUPPORTS = new java.util.concurrent.ConcurrentHashMap<>();

    /**
     * True when the decoder takes {@code --isa} for this ISA: it exits 0 on no input. A decoder built before a
     * backend for the ISA exists refuses it (exit 2, naming the ISAs it has).
     */
    public static boolean decodes(Path decoder, InstructionKinds isa) {
        return SUPPORTS.computeIfAbsent(decoder + " " + isa.label(), k -> {
            try {
                Process p = new ProcessBuilder(decoder.toString(), "--isa", isa.label())
                        .redirectOutput(ProcessBuilder.Redirect.DISCARD).redirectError(ProcessBuilder.Redirect.DISCARD).start();
                p.getOutputStream().close();
                return p.waitFor(60, TimeUnit.SECONDS) && p.exitValue() == 0;
            } catch (IOException e) {
                return false;
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return false;
            }
        });
    }

    /** The text of data among the instructions (anatomy.model.Instruction.DATA). */
    static final String DATA = ".data";

    /**
     * The decoded code with the doublewords its instructions load pc-relatively, or that the VM puts right after an
     * instruction (riscv64's stop and its message), shown as data ({@code .data}), not as the instructions their bytes
     * would decode to: what the code reads is no code it runs.
     */
    static TreeMap<Long, Decoded> markData(TreeMap<Long, Decoded> decoded, InstructionKinds isa) {
        List<Decoded> in = new ArrayList<>(decoded.values());
        for (int i = 0; i + 1 < in.size(); i++) {
            long at = isa.embedsDataAfter(in.get(i).text()) ? in.get(i).end()
                    : isa.dataLoadedBy(in.get(i).text(), in.get(i).address(), in.get(i + 1).text());
            if (at < 0) {
                continue;
            }
            var covered = new ArrayList<>(decoded.subMap(at, at + 8).keySet());
            if (!covered.isEmpty()) {
                covered.forEach(decoded::remove);
                decoded.put(at, new Decoded(at, 8, DATA));
            }
        }
        return decoded;
    }

    private TreeMap<Long, Decoded> runDecoder(String input) {
        return decode(decoder, isa, input);
    }

    /** Runs {@code hsdis-decode} on chunks of {@code 0x<address> <hex bytes>} lines: every instruction, by address. */
    static TreeMap<Long, Decoded> decode(Path decoder, InstructionKinds isa, String input) {
        TreeMap<Long, Decoded> result = new TreeMap<>();
        if (input.isEmpty()) {
            return result;
        }
        try {
            Path out = Files.createTempFile("hsdis-decode", ".out");
            Path err = Files.createTempFile("hsdis-decode", ".err");
            try {
                Process p = new ProcessBuilder(decoder.toString(), "--isa", isa.label())
                        .redirectOutput(out.toFile()).redirectError(err.toFile()).start();
                try (OutputStream in = p.getOutputStream()) {
                    in.write(input.getBytes(StandardCharsets.US_ASCII));
                }
                if (!p.waitFor(60, TimeUnit.SECONDS)) {
                    p.destroyForcibly();
                    throw new IllegalStateException(decoder + " did not finish within 60 s");
                }
                if (p.exitValue() != 0) {
                    throw new IllegalStateException(decoder + " failed with exit code " + p.exitValue() + ": "
                            + Files.readString(err).trim());
                }
                for (String line : Files.readAllLines(out)) {
                    Matcher m = DECODED.matcher(line);
                    if (m.matches()) {
                        long address = Long.parseUnsignedLong(m.group(1), 16);
                        result.put(address, new Decoded(address, Integer.parseInt(m.group(2)), m.group(3).replace('\t', ' ')));
                    }
                }
            } finally {
                Files.deleteIfExists(out);
                Files.deleteIfExists(err);
            }
        } catch (IOException e) {
            throw new IllegalStateException("cannot run " + decoder + ": " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while decoding", e);
        }
        return result;
    }
}
