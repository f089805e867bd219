package anatomy.capture;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Code that a disassembler other than the pack's printed (a plugin the JDK ships or the system installed, found by
 * the VM before the pack's: docs/hsdis.md), rewritten so that nothing of its text is read.
 *
 * <p>The VM's part of each line stays: the address, its comments (relocations such as {@code {runtime_call ...}},
 * oop maps, scopes, {@code implicit exception}), the section labels and the block comments ({@code # {method}}).
 * The instructions are the pack's own: each compile the test requested left its bytes ({@link CodeBytes}), which
 * {@code hsdis-decode} decodes; the comments of a foreign line go to the decoded instruction at its address (or the
 * one that holds it, where the two disassemblers disagree on a boundary). An instruction line without bytes (a
 * compile the test did not request, the stubs of a blob that could not be read) becomes {@value #UNREAD}, with its
 * comments: the model counts it as code the pack could not read, so no verdict rests on it.
 */
final class ForeignCode {
    /** The text of an instruction line whose bytes the pack does not have (anatomy.model.Instruction.UNREAD). */
    static final String UNREAD = ".unread";

    private static final Pattern HEADER = Pattern.compile("^Compiled method \\((?:c1|c2|jvmci)\\)\\s+\\d+\\s+(\\d+)\\s");
    private static final Pattern SIZE = Pattern.compile("^\\s*(main|stub) code\\s+\\[0x([0-9a-fA-F]+),\\s*0x([0-9a-fA-F]+)\\]");
    private static final Pattern ADDRESSED = Pattern.compile("^\\s*0x([0-9a-fA-F]+):\\s?(.*)$");
    private static final Pattern CONTINUATION = Pattern.compile("^\\s+;(.*)$");
    private static final Pattern HEX = Pattern.compile("^[0-9a-f]{2,4}(?:\\s+(?:\\|\\s+)?[0-9a-f]{2,4})*\\s*$");

    private ForeignCode() {
    }

    /** One nmethod's print, from its header to the next one. */
    private static final class Block {
        final List<String> lines = new ArrayList<>();
        int compileId = -1;
        long mainStart = -1;
        long mainEnd = -1;
        long stubStart = -1;
        long stubEnd = -1;
        final List<Signature> signs = new ArrayList<>();
        /** The byte ranges the pack decoded for this block: start -> end. */
        final TreeMap<Long, Long> covered = new TreeMap<>();

        long codeEnd() {
            return stubEnd > 0 ? stubEnd : mainEnd;
        }

        boolean isCodeLine(String line) {
            Matcher a = ADDRESSED.matcher(line);
            if (!a.matches()) {
                return false;
            }
            String rest = a.group(2).trim();
            if (rest.isEmpty() || rest.startsWith(";") || HEX.matcher(rest).matches()) {
                return false;
            }
            if (mainStart < 0) {
                return true;
            }
            long address = Long.parseUnsignedLong(a.group(1), 16);
            return address >= mainStart && address < codeEnd();
        }

        boolean hasCode() {
            return lines.stream().anyMatch(this::isCodeLine);
        }

        /** True when a signature of the pack's plugin, in the form the vocabulary reads, covers the code. */
        boolean signedIn(String form) {
            for (Signature s : signs) {
                if (s.form().equals(form) && (mainStart < 0 || (s.from() <= mainStart && s.to() >= codeEnd()))) {
                    return true;
                }
            }
            return false;
        }
    }

    /** What the rewrite did: the text, and in words what was decoded from bytes and what was left unread. */
    record Result(String text, boolean rewritten, String foreignSample, List<String> problems, int decodedCompiles,
                  int stubsDecoded, int unreadLines) {
    }

    /**
     * Rewrites every nmethod print in {@code printed} that the pack's plugin did not sign in {@code form}; signed
     * ones stay as printed.
     */
    static Result rewrite(String printed, String form, Map<Integer, CodeBytes> bytes, Path decoder, InstructionKinds isa) {
        List<Object> parts = new ArrayList<>();   // String lines outside any nmethod, or Blocks
        Block current = null;
        for (String line : printed.split("\r?\n", -1)) {
            if (line.startsWith("Compiled method (")) {   // a native wrapper's header has no compile id: -1
                Matcher h = HEADER.matcher(line);
                current = new Block();
                current.compileId = h.find() ? Integer.parseInt(h.group(1)) : -1;
                parts.add(current);
            }
            if (current == null) {
                parts.add(line);
                continue;
            }
            current.lines.add(line);
            Matcher size = SIZE.matcher(line);
            if (size.find()) {
                long from = Long.parseUnsignedLong(size.group(2), 16);
                long to = Long.parseUnsignedLong(size.group(3), 16);
                if (size.group(1).equals("main")) {
                    current.mainStart = from;
                    current.mainEnd = to;
                } else {
                    current.stubStart = from;
                    current.stubEnd = to;
                }
            }
            Signature.find(line).ifPresent(current.signs::add);
        }

        // Which blocks to rewrite, and the bytes to decode for them, in one run of the decoder.
        List<String> problems = new ArrayList<>();
        StringBuilder input = new StringBuilder();
        HexFormat hex = HexFormat.of();
        int decodedCompiles = 0;
        int stubsDecoded = 0;
        String sample = null;
        List<Block> rewrite = new ArrayList<>();
        for (Object part : parts) {
            if (!(part instanceof Block b) || !b.hasCode() || b.signedIn(form)) {
                continue;
            }
            rewrite.add(b);
            if (sample == null) {
                sample = b.lines.stream().filter(b::isCodeLine).findFirst().map(String::trim).orElse(null);
            }
            CodeBytes code = bytes.get(b.compileId);
            if (code == null) {
                continue;   // a compile the test did not request: nothing of it is read
            }
            if (decoder == null) {
                problems.add("compile id " + b.compileId + ": no hsdis-decode to decode its bytes");
                continue;
            }
            if (b.mainStart < 0) {
                problems.add("compile id " + b.compileId + ": the VM printed no 'main code [begin,end]' line to place its bytes");
                continue;
            }
            if (b.mainEnd - b.mainStart != code.main().length || code.entry() < b.mainStart || code.entry() >= b.mainEnd) {
                problems.add("compile id " + b.compileId + ": WhiteBox's " + code.main().length + " bytes (entry 0x"
                        + Long.toHexString(code.entry()) + ") are not the printed main code [0x" + Long.toHexString(b.mainStart)
                        + ",0x" + Long.toHexString(b.mainEnd) + ")");
                continue;
            }
            input.append("0x").append(Long.toHexString(b.mainStart)).append(' ').append(hex.formatHex(code.main())).append('\n');
            b.covered.put(b.mainStart, b.mainEnd);
            decodedCompiles++;
            if (b.stubStart >= 0 && b.stubEnd > b.stubStart) {
                byte[] stubs = code.range(b.mainStart, b.stubStart, b.stubEnd);
                if (stubs != null) {
                    input.append("0x").append(Long.toHexString(b.stubStart)).append(' ').append(hex.formatHex(stubs)).append('\n');
                    b.covered.put(b.stubStart, b.stubEnd);
                    stubsDecoded++;
                } else {
                    problems.add("compile id " + b.compileId + ": its stubs [0x" + Long.toHexString(b.stubStart) + ",0x"
                            + Long.toHexString(b.stubEnd) + ") could not be read from the code blob");
                }
            }
        }
        TreeMap<Long, OfflineDecoder.Decoded> decoded = input.length() == 0 ? new TreeMap<>()
                : OfflineDecoder.decode(decoder, isa, input.toString());

        StringBuilder out = new StringBuilder();
        int[] unread = {0};
        Set<Block> toRewrite = new LinkedHashSet<>(rewrite);
        for (Object part : parts) {
            if (part instanceof String line) {
                out.append(line).append('\n');
            } else if (part instanceof Block b) {
                if (toRewrite.contains(b)) {
                    rewriteBlock(b, decoded, out, unread);
                } else {
                    b.lines.forEach(l -> out.append(l).append('\n'));
                }
            }
        }
        if (out.length() > 0 && !printed.endsWith("\n")) {
            out.setLength(out.length() - 1);
        }
        return new Result(out.toString(), !rewrite.isEmpty(), sample, problems, decodedCompiles, stubsDecoded, unread[0]);
    }

    /** A foreign instruction line: its address and the VM's comments on it. */
    private record Line(long address, List<String> notes) {
    }

    private static void rewriteBlock(Block b, TreeMap<Long, OfflineDecoder.Decoded> decoded, StringBuilder out, int[] unread) {
        List<Object> items = new ArrayList<>();   // verbatim String lines, or Lines
        Line open = null;
        for (String line : b.lines) {
            Matcher cont = CONTINUATION.matcher(line);
            if (open != null && cont.matches()) {
                open.notes().add(cont.group(1).trim());
                continue;
            }
            if (b.isCodeLine(line)) {
                Matcher a = ADDRESSED.matcher(line);
                a.matches();
                String rest = a.group(2);
                List<String> notes = new ArrayList<>();
                int semi = rest.indexOf(';');
                if (semi >= 0) {
                    notes.add(rest.substring(semi + 1).trim());
                }
                open = new Line(Long.parseUnsignedLong(a.group(1), 16), notes);
                items.add(open);
                continue;
            }
            open = null;
            items.add(line);
        }

        // The comments of each line go to the decoded instruction at (or holding) its address.
        Map<Long, List<String>> notes = new HashMap<>();
        for (Object item : items) {
            if (item instanceof Line l) {
                Long target = target(b, decoded, l.address());
                if (target != null) {
                    notes.computeIfAbsent(target, k -> new ArrayList<>()).addAll(l.notes());
                }
            }
        }
        // Each line stands for the decoded instructions from its address to the next line's; the first line of a
        // decoded range also for those before it, the last for those up to the range's end.
        Set<Long> emitted = new java.util.HashSet<>();
        for (int i = 0; i < items.size(); i++) {
            Object item = items.get(i);
            if (item instanceof String line) {
                out.append(line).append('\n');
                continue;
            }
            Line l = (Line) item;
            Map.Entry<Long, Long> range = b.covered.floorEntry(l.address());
            if (range == null || l.address() >= range.getValue()) {
                out.append(String.format("  0x%016x:   %s", l.address(), UNREAD));
                for (int k = 0; k < l.notes().size(); k++) {
                    out.append(k == 0 ? "\t;" : "\n                                        ;").append(l.notes().get(k));
                }
                out.append('\n');
                unread[0]++;
                continue;
            }
            long end = range.getValue();
            for (int j = i + 1; j < items.size(); j++) {
                if (items.get(j) instanceof Line next && next.address() >= range.getKey() && next.address() < end) {
                    end = Math.max(next.address(), l.address());
                    break;
                }
            }
            for (OfflineDecoder.Decoded d : decoded.subMap(range.getKey(), true, end, false).values()) {
                if (emitted.add(d.address())) {
                    OfflineDecoder.appendLine(out, d, notes.getOrDefault(d.address(), List.of()));
                }
            }
        }
    }

    /** The decoded instruction at {@code address}, or the one holding it, inside the same decoded range; else null. */
    private static Long target(Block b, TreeMap<Long, OfflineDecoder.Decoded> decoded, long address) {
        Map.Entry<Long, Long> range = b.covered.floorEntry(address);
        if (range == null || address >= range.getValue()) {
            return null;
        }
        Long at = decoded.floorKey(address);
        return at != null && at >= range.getKey() ? at : null;
    }

    /**
     * The line the pack's plugin prints before the code it decodes when asked to sign ({@code capstone-sign}):
     * {@code # hsdis-anatomy 1.0 (capstone 5.0.1) x86_64 att: [0x..., 0x...)} (the backend that decoded, and
     * its version, in the parentheses: capstone, or llvm when asked for with {@code decoder-llvm}).
     */
    record Signature(String version, String backend, String isa, String form, long from, long to) {
        private static final Pattern SIGN = Pattern.compile(
                "# hsdis-anatomy (\\S+) \\((\\w+) [^)]*\\) (\\w+) ([\\w+]+): \\[0x([0-9a-f]+), 0x([0-9a-f]+)\\)");

        static java.util.Optional<Signature> find(String line) {
            Matcher m = SIGN.matcher(line);
            if (!m.find()) {
                return java.util.Optional.empty();
            }
            return java.util.Optional.of(new Signature(m.group(1), m.group(2), m.group(3), m.group(4),
                    Long.parseUnsignedLong(m.group(5), 16), Long.parseUnsignedLong(m.group(6), 16)));
        }
    }
}
