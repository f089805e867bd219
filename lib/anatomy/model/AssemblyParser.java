package anatomy.model;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads the nmethods out of {@code -XX:+PrintAssembly} output (JDK 17 and later, x86_64 and AArch64),
 * whether the code was printed through an hsdis plugin ({@code [Disassembly]}) or as the JVM's hex
 * fallback ({@code [MachCode]}). Everything outside an nmethod's code (other output of the program, the
 * nmethod's size table, its constant pool, JDK 25's bytecode and profile listing) is passed over.
 *
 * <p>The early updates of JDK 17 (Temurin 17.0.2, say) print the plugin's code without the
 * {@code [Disassembly]} / {@code [/Disassembly]} lines around it (17.0.15 and 21.0.2 have them): there the
 * code is what follows the constant pool, up to the rule of dashes that closes the nmethod's print.
 */
public final class AssemblyParser {
    private static final Pattern HEADER = Pattern.compile(
            "^Compiled method \\((c1|c2|jvmci)\\)\\s+\\d+\\s+(\\d+)\\s+(.*?)\\s*(\\S+::\\S+)(?: @ (\\d+))? \\((\\d+) bytes\\)\\s*$");
    private static final Pattern CODE_START = Pattern.compile("^\\[(MachCode|Disassembly)\\]\\s*$");
    private static final Pattern NULL_CHECK_TABLE = Pattern.compile("^\\s*nul chk table\\s+\\[[^\\]]*\\]\\s*=\\s*(\\d+)");
    /** The header's line for the method's own code: {@code  main code [0x...,0x...] = 592} (JDK 17 to 28-ea). */
    private static final Pattern MAIN_CODE = Pattern.compile("^\\s*main code\\s+\\[0x([0-9a-f]+),0x([0-9a-f]+)\\]");
    private static final Pattern CODE_END = Pattern.compile("^\\[/(MachCode|Disassembly)\\]\\s*$");
    private static final Pattern LABEL = Pattern.compile("^\\[([^\\]/][^\\]]*)\\]\\s*$");
    /** The rule of dashes the JVM prints around an nmethod's constant pool and after its code. */
    private static final Pattern RULE = Pattern.compile("^-{40,}\\s*$");
    private static final String CONSTANT_POOL = "Constant Pool";
    private static final Pattern ADDRESSED = Pattern.compile("^\\s*0x([0-9a-fA-F]+):\\s?(.*)$");
    private static final Pattern CONTINUATION = Pattern.compile("^\\s+;(.*)$");
    private static final Pattern HEX_GROUPS = Pattern.compile("^[0-9a-f]{2,4}(?:\\s+(?:\\|\\s+)?[0-9a-f]{2,4})*\\s*$");
    /* The patterns of a split or replace that runs on every line: compiled once here, not once per call as String's are. */
    private static final Pattern SPACES = Pattern.compile("\\s+");
    private static final Pattern HEX_SEPARATORS = Pattern.compile("[\\s|]+");
    private static final Pattern LEVEL = Pattern.compile("[0-4]");
    private static final Pattern ATTRIBUTES = Pattern.compile("[%sbn!]+");
    private static final Pattern LINE_END = Pattern.compile("\r?\n");
    private static final List<String> PREFIXES = List.of("lock", "rep", "repe", "repz", "repne", "repnz",
            "notrack", "bnd", "xacquire", "xrelease", "data16", "addr32");

    private final String source;

    private AssemblyParser(String source) {
        this.source = source;
    }

    /**
     * Parses every nmethod in the text, in the order printed.
     *
     * @param source names the text in error messages (a file name)
     * @throws ParseException when an nmethod's header is mangled or its code is cut off
     */
    public static List<NMethod> parse(String text, String source) {
        return new AssemblyParser(source).parseAll(text);
    }

    private List<NMethod> parseAll(String text) {
        List<NMethod> result = new ArrayList<>();
        String[] lines = LINE_END.split(text, -1);
        NMethodBuilder current = null;
        Code code = Code.NOT_YET;
        boolean inConstantPool = false;
        for (int i = 0; i < lines.length; i++) {
            String line = lines[i];
            int lineNo = i + 1;
            if (line.startsWith("Compiled method (")) {
                if (code != Code.NOT_YET && current != null) {
                    throw new ParseException(source, lineNo, "a new nmethod starts before the code of "
                            + current.describe() + " ended (truncated output?)");
                }
                Matcher h = HEADER.matcher(line);
                if (!h.matches()) {
                    if (line.contains("(native)")) {
                        current = null;
                        continue;
                    }
                    throw new ParseException(source, lineNo, "unreadable nmethod header: " + line);
                }
                current = new NMethodBuilder(h, lineNo);
                inConstantPool = false;
                continue;
            }
            if (current == null) {
                continue;
            }
            if (code == Code.NOT_YET) {
                Matcher start = CODE_START.matcher(line);
                Matcher table = NULL_CHECK_TABLE.matcher(line);
                Matcher main = MAIN_CODE.matcher(line);
                Matcher label = LABEL.matcher(line);
                if (start.matches()) {
                    code = Code.MARKED;
                    current.fromHexDump = start.group(1).equals("MachCode");
                } else if (table.find()) {
                    current.nullCheckTableBytes = Integer.parseInt(table.group(1));
                } else if (main.find()) {
                    current.mainCodeStart = Long.parseUnsignedLong(main.group(1), 16);
                    current.mainCodeEnd = Long.parseUnsignedLong(main.group(2), 16);
                } else if (label.matches() && label.group(1).startsWith(CONSTANT_POOL)) {
                    inConstantPool = true;
                } else if (RULE.matcher(line).matches()) {
                    inConstantPool = false;
                } else if (!inConstantPool && (label.matches() || ADDRESSED.matcher(line).matches())) {
                    // No [Disassembly] line (early JDK 17 updates): this is the first line of the code.
                    code = Code.UNMARKED;
                    current.line(line, lineNo);
                }
                continue;
            }
            boolean ends = code == Code.MARKED ? CODE_END.matcher(line).matches() : RULE.matcher(line).matches();
            if (ends) {
                result.add(current.build());
                current = null;
                code = Code.NOT_YET;
                continue;
            }
            current.line(line, lineNo);
        }
        if (code != Code.NOT_YET) {
            throw new ParseException(source, lines.length, "the code of " + current.describe() + " has no closing "
                    + (code == Code.MARKED ? "[/MachCode] or [/Disassembly]" : "rule of dashes") + " (truncated output?)");
        }
        return result;
    }

    /** Where the parser is in an nmethod's print: before its code, or in code opened by a line or without one. */
    private enum Code {
        NOT_YET,
        /** After {@code [Disassembly]} or {@code [MachCode]}, up to the matching closing line. */
        MARKED,
        /** Plugin code printed without {@code [Disassembly]}: up to the next rule of dashes. */
        UNMARKED
    }

    private final class NMethodBuilder {
        final String method;
        final String compiler;
        final int level;
        final int compileId;
        final int osrBci;
        int nullCheckTableBytes;
        long mainCodeStart = -1;
        long mainCodeEnd = -1;
        boolean fromHexDump;
        final List<Section> sections = new ArrayList<>();
        String sectionName = Section.UNLABELLED;
        List<Instruction> instructions = new ArrayList<>();
        /** Annotations the hex fallback prints on their own line before the bytes they belong to. */
        List<String> pending = new ArrayList<>();
        long pendingAddress = -1;
        Instruction last;
        int lastIndex = -1;

        NMethodBuilder(Matcher h, int lineNo) {
            compiler = h.group(1);
            compileId = Integer.parseInt(h.group(2));
            int lvl = -1;
            for (String token : SPACES.split(h.group(3).trim())) {
                if (LEVEL.matcher(token).matches()) {
                    lvl = Integer.parseInt(token);
                } else if (!token.isEmpty() && !ATTRIBUTES.matcher(token).matches()) {
                    throw new ParseException(source, lineNo, "unexpected attribute '" + token + "' in nmethod header");
                }
            }
            level = lvl;
            method = h.group(4);
            osrBci = h.group(5) == null ? -1 : Integer.parseInt(h.group(5));
        }

        String describe() {
            return method + " (compile id " + compileId + ")";
        }

        void line(String line, int lineNo) {
            Matcher label = LABEL.matcher(line);
            if (label.matches()) {
                String name = label.group(1);
                if (instructions.isEmpty() && Section.isEntryLabel(sectionName) && Section.isEntryLabel(name)) {
                    // entry labels of one address (JDK 26+ prints [Verified Entry Point] [Verified Value Entry
                    // Point] [Verified Value Entry Point (RO)] in a row): the code after them is in the section of
                    // the last plain one (Entry Point, Verified Entry Point), as before 26
                    if (!name.contains("Value")) {
                        sectionName = name;
                    }
                    return;
                }
                closeSection();
                sectionName = name;
                return;
            }
            Matcher cont = CONTINUATION.matcher(line);
            if (cont.matches()) {
                String note = cont.group(1).trim();
                if (pendingAddress >= 0) {
                    pending.add(note);
                } else if (last != null) {
                    annotateLast(note);
                }
                return;
            }
            Matcher a = ADDRESSED.matcher(line);
            if (!a.matches()) {
                return; // block comments (# {method}, # parm0: ...), blank lines
            }
            long address;
            try {
                address = Long.parseUnsignedLong(a.group(1), 16);
            } catch (NumberFormatException e) {
                throw new ParseException(source, lineNo, "address out of range: " + a.group(1));
            }
            String rest = a.group(2).trim();
            if (rest.startsWith(";")) {
                pendingAddress = address;
                pending.add(rest.substring(1).trim());
                return;
            }
            if (rest.isEmpty()) {
                return;
            }
            if (HEX_GROUPS.matcher(rest).matches()) {
                add(new Instruction(address, Instruction.HEX, HEX_SEPARATORS.matcher(rest).replaceAll(" ").trim(), takePending(address)));
                return;
            }
            String insn = rest;
            List<String> notes = new ArrayList<>(takePending(address));
            int semi = rest.indexOf(';');
            if (semi >= 0) {
                insn = rest.substring(0, semi).trim();
                notes.add(rest.substring(semi + 1).trim());
            }
            String[] tokens = SPACES.split(insn, 2);
            String mnemonic = tokens[0];
            String operands = tokens.length > 1 ? tokens[1] : "";
            if (PREFIXES.contains(mnemonic) && !operands.isEmpty()) {
                String[] more = SPACES.split(operands, 2);
                mnemonic = mnemonic + " " + more[0];
                operands = more.length > 1 ? more[1] : "";
            }
            add(new Instruction(address, mnemonic, SPACES.matcher(operands).replaceAll(" ").trim(), notes));
        }

        private List<String> takePending(long address) {
            if (pendingAddress < 0) {
                return List.of();
            }
            List<String> notes = pending;
            pending = new ArrayList<>();
            pendingAddress = -1;
            return notes;
        }

        private void add(Instruction insn) {
            instructions.add(insn);
            last = insn;
            lastIndex = instructions.size() - 1;
        }

        private void annotateLast(String note) {
            List<String> notes = new ArrayList<>(last.annotations());
            notes.add(note);
            last = new Instruction(last.address(), last.mnemonic(), last.operands(), notes);
            instructions.set(lastIndex, last);
        }

        private void closeSection() {
            if (!instructions.isEmpty()) {
                sections.add(new Section(sectionName, instructions));
            }
            instructions = new ArrayList<>();
            last = null;
            lastIndex = -1;
        }

        NMethod build() {
            closeSection();
            return new NMethod(method, compiler, level, compileId, osrBci, nullCheckTableBytes, mainCodeStart, mainCodeEnd,
                    fromHexDump, sections);
        }
    }
}
