package mutants;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

/**
 * libjvm.so as a mutant sees it: its bytes and load segments (ELF64), the functions its separate debug file
 * names (binutils' nm, demangled), their instructions as the pack's own decoder reads them (hsdis-decode), and
 * each instruction's source lines with their inline chain (binutils' addr2line on the DWARF line tables).
 * The symbol table and each function's lines are cached beside the mutants' work.
 */
public final class Binary {
    record Symbol(long address, long size, String name) {
        /** The name without GCC's clone suffix: "f(int) [clone .part.0]" is a clone of "f(int)". */
        String function() {
            int at = name.indexOf(" [clone ");
            return at < 0 ? name : name.substring(0, at);
        }

        boolean isColdPart() {
            return name.contains("[clone .cold");
        }
    }

    record Instruction(long address, byte[] bytes, String text) {
        long end() {
            return address + bytes.length;
        }

        @Override
        public String toString() {
            return String.format("0x%x %-16s %s", address, HexFormat.of().formatHex(bytes), text.replace('\t', ' '));
        }
    }

    final Path library;
    final Path debug;
    final Path decoder;
    final String isa;
    final byte[] bytes;
    final Path cache;
    private final List<long[]> segments = new ArrayList<>();   // {vaddr, offset, filesz}
    private Map<String, List<Symbol>> byFunction;

    /** binutils' nm and addr2line for this ISA: the host's own for its ISA, else the GNU triple's (tools()). */
    private final String nm, addr2line;

    Binary(Path library, Path debug, Path decoder, String isa, Path cache) throws IOException {
        this.nm = tool(isa, hostIsa(), "nm");
        this.addr2line = tool(isa, hostIsa(), "addr2line");
        this.library = library;
        this.debug = debug;
        this.decoder = decoder;
        this.isa = isa;
        this.cache = cache;
        this.bytes = Files.readAllBytes(library);
        ByteBuffer elf = ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN);
        if (elf.getInt(0) != 0x464c457f || bytes[4] != 2) {
            throw new IOException(library + " is not a 64-bit ELF file");
        }
        long phoff = elf.getLong(0x20);
        int phentsize = elf.getShort(0x36) & 0xffff, phnum = elf.getShort(0x38) & 0xffff;
        for (int i = 0; i < phnum; i++) {
            int at = (int) (phoff + (long) i * phentsize);
            if (elf.getInt(at) == 1) {                              // PT_LOAD
                segments.add(new long[] {elf.getLong(at + 0x10), elf.getLong(at + 0x08), elf.getLong(at + 0x20)});
            }
        }
        Files.createDirectories(cache);
    }

    /** The host's ISA, the pack's name for it (make/platforms). */
    static String hostIsa() {
        return anatomy.capture.Platforms.byName(System.getProperty("os.arch")).map(anatomy.capture.Platforms.Row::isa)
                .orElseThrow(() -> new IllegalStateException("os.arch " + System.getProperty("os.arch") + " has no row in make/platforms"));
    }

    /**
     * The binutils tool that reads libjvm.so of an ISA on a host: the host's own (nm, addr2line) for its own ISA,
     * the cross tool of the ISA's GNU triple (make/platforms' triple column: aarch64-linux-gnu-nm) for another, as
     * Debian's binutils-<triple> installs it (make/mutants.sh provisions it): the host's are not proven on another
     * ISA's DWARF.
     */
    public static String tool(String isa, String host, String name) {
        if (isa.equals(host)) {
            return name;
        }
        return anatomy.capture.Platforms.byName(isa).map(r -> r.triple() + "-" + name)
                .orElseThrow(() -> new IllegalArgumentException("no ISA " + isa + " in make/platforms"));
    }

    /** The file offset of a virtual address in a loaded segment. */
    long offset(long address) {
        for (long[] s : segments) {
            if (address >= s[0] && address < s[0] + s[2]) {
                return address - s[0] + s[1];
            }
        }
        throw new IllegalArgumentException(String.format("0x%x is in no loaded segment of %s", address, library));
    }

    /** The symbols of a function (demangled, as nm -C prints it) and of its clones, in address order. */
    List<Symbol> symbols(String function) throws IOException {
        return table().getOrDefault(function, List.of());
    }

    private Map<Long, String> byAddress;

    /** The name of the symbol that starts at an address (a call's target), or "". */
    String nameAt(Long address) throws IOException {
        if (address == null) {
            return "";
        }
        if (byAddress == null) {
            byAddress = new java.util.HashMap<>();
            table().values().forEach(l -> l.forEach(x -> byAddress.putIfAbsent(x.address(), x.name())));
        }
        return byAddress.getOrDefault(address, "");
    }

    /** The address of a global by its demangled name, or null. */
    Long globalNamed(String name) throws IOException {
        table();
        return globals.values().stream().filter(g -> g.name().equals(name)).map(Symbol::address).findFirst().orElse(null);
    }

    /** The global an address falls in, as "name" or "name+offset", or "". */
    String globalAt(long address) throws IOException {
        table();
        Map.Entry<Long, Symbol> e = globals.floorEntry(address);
        if (e == null || address >= e.getKey() + Math.max(1, e.getValue().size())) {
            return "";
        }
        return e.getValue().name() + (address == e.getKey() ? "" : "+" + (address - e.getKey()));
    }

    /** Every function name of the table (for the sample mode). */
    java.util.Set<String> functions() throws IOException {
        return table().keySet();
    }

    /** The debug file's data symbols (statics, defined or zeroed), by address; table() reads them. */
    private java.util.TreeMap<Long, Symbol> globals;

    /**
     * The debug file's function symbols by function (clones under their function), each list in address order; its
     * data symbols into {@link #globals} on the way.
     */
    private Map<String, List<Symbol>> table() throws IOException {
        if (byFunction == null) {
            Path file = cache.resolve("symbols.txt");
            if (!Files.exists(file)) {
                Files.write(file, run(List.of(nm, "-SC", "--defined-only", debug.toString()), null));
            }
            byFunction = new LinkedHashMap<>();
            globals = new java.util.TreeMap<>();
            for (String line : Files.readAllLines(file)) {
                String[] f = line.split(" ", 4);
                if (f.length == 4 && "tTwWbBdDrRvV".contains(f[2])) {
                    Symbol s = new Symbol(Long.parseLong(f[0], 16), Long.parseLong(f[1], 16), f[3]);
                    if ("tTwW".contains(f[2])) {
                        byFunction.computeIfAbsent(s.function(), k -> new ArrayList<>()).add(s);
                    } else {
                        globals.put(s.address(), s);
                    }
                }
            }
            byFunction.values().forEach(l -> l.sort((a, b) -> Long.compare(a.address(), b.address())));
        }
        return byFunction;
    }

    /** The instructions of a symbol, decoded by the pack's decoder from the library's bytes. */
    List<Instruction> decode(Symbol s) throws IOException {
        return decode(s.address(), slice(s.address(), (int) s.size()));
    }

    List<Instruction> decode(long address, byte[] code) throws IOException {
        String input = String.format("0x%x %s%n", address, HexFormat.of().formatHex(code));
        List<Instruction> out = new ArrayList<>();
        for (String line : run(List.of(decoder.toString(), "--isa", isa), input)) {
            String[] f = line.split("\t", 3);
            long a = Long.decode(f[0]);
            int n = Integer.parseInt(f[1]);
            byte[] b = new byte[n];
            System.arraycopy(code, (int) (a - address), b, 0, n);
            out.add(new Instruction(a, b, f.length > 2 ? f[2] : ""));
        }
        return out;
    }

    byte[] slice(long address, int length) {
        byte[] out = new byte[length];
        System.arraycopy(bytes, (int) offset(address), out, 0, length);
        return out;
    }

    /**
     * The source file of the function an address lies in, with its path as the DWARF names it
     * ("./src/hotspot/share/opto/block.cpp"): the outermost of addr2line's inline chain there.
     */
    String sourceFile(long address) throws IOException {
        List<String> out = run(List.of(addr2line, "-e", debug.toString(), "-i"), String.format("0x%x%n", address));
        return out.isEmpty() ? "" : out.get(out.size() - 1).replaceFirst(":[0-9?]+( \\(discriminator \\d+\\))?$", "");
    }

    /**
     * The source lines of each instruction of a symbol: the innermost first, as addr2line -i gives the inline chain
     * ("loopopts.cpp:735", the file's base name). Cached per symbol.
     */
    Map<Long, List<String>> lines(Symbol s, List<Instruction> code) throws IOException {
        Path file = cache.resolve(String.format("lines-%x.txt", s.address()));
        List<String> out;
        if (Files.exists(file)) {
            out = Files.readAllLines(file);
        } else {
            StringBuilder in = new StringBuilder();
            code.forEach(i -> in.append(String.format("0x%x%n", i.address())));
            out = run(List.of(addr2line, "-e", debug.toString(), "-i", "-a"), in.toString());
            Files.write(file, out);
        }
        return chains(out);
    }

    /**
     * The source lines of many addresses in one addr2line run: the debug file is loaded once, not once per function
     * (a claim's frame has hundreds of functions). Not cached.
     */
    Map<Long, List<String>> lines(java.util.Collection<Long> addresses) throws IOException {
        StringBuilder in = new StringBuilder();
        addresses.forEach(a -> in.append(String.format("0x%x%n", a)));
        return addresses.isEmpty() ? Map.of() : chains(run(List.of("addr2line", "-e", debug.toString(), "-i", "-a"), in.toString()));
    }

    /** addr2line -i -a's output as each address's inline chain, innermost first, each a file's base name and line. */
    private static Map<Long, List<String>> chains(List<String> out) {
        Map<Long, List<String>> lines = new LinkedHashMap<>();
        List<String> current = null;
        for (String l : out) {
            if (l.startsWith("0x")) {
                current = new ArrayList<>();
                lines.put(Long.decode(l.trim()), current);
            } else if (current != null) {
                String where = l.replaceFirst(" \\(discriminator \\d+\\)$", "");
                current.add(where.substring(where.lastIndexOf('/') + 1));
            }
        }
        return lines;
    }

    /** Runs a tool, feeding it the input (if any), and returns its stdout's lines; a failure is an IOException. */
    static List<String> run(List<String> command, String input) throws IOException {
        Process p = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.INHERIT).start();
        CompletableFuture<Void> feed = CompletableFuture.runAsync(() -> {
            try (Writer w = p.outputWriter(StandardCharsets.UTF_8)) {
                if (input != null) {
                    w.write(input);
                }
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        });
        List<String> lines = new ArrayList<>();
        try (BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
            for (String l; (l = r.readLine()) != null; ) {
                lines.add(l);
            }
        }
        try {
            feed.join();
            if (p.waitFor() != 0) {
                throw new IOException(String.join(" ", command.subList(0, 1)) + " failed (exit " + p.exitValue() + ")");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException(e);
        }
        return lines;
    }
}
