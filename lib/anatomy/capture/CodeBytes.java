package anatomy.capture;

import java.util.HashMap;
import java.util.HexFormat;
import java.util.Map;

/**
 * The machine code of a compile as bytes, whatever disassembler the VM loaded: what the pack decodes itself
 * when the printed text is not the pack's plugin's.
 *
 * <p>The child records, for each compile it requests, WhiteBox's {@code getNMethod}: the compile id, the entry
 * point, a copy of the main code (the instructions section: entries and body, which is what the VM prints
 * as {@code main code [begin,end] = size}), and where the code blob lies ({@code total in heap}). The layout
 * of that answer ({@code Object[5]}: blob description, level, {@code byte[]} main code, compile id, entry; the
 * blob description {@code name, size, heap, address}, longer on 28) was read on 17.0.2, 17.0.15, 21.0.8,
 * 25.0.3 and 28-ea+18; the WhiteBox binding checks it. The stubs section (call stubs, exception and deopt
 * handlers) is not in WhiteBox's copy: the child reads it from the blob itself, from its own memory
 * ({@code /proc/self/mem}); the driver uses that read only where it repeats WhiteBox's copy of the main code
 * byte for byte.
 *
 * @param compileId  the compile id
 * @param entry      the entry point (inside the main code; not always its first byte: 25.0.3 puts it 2 bytes in)
 * @param main       the main code, as WhiteBox copied it
 * @param blobStart  the code blob's address, or 0 when the VM did not say
 * @param blob       the whole code blob read from memory, or an empty array when it could not be read
 */
public record CodeBytes(int compileId, long entry, byte[] main, long blobStart, byte[] blob) {
    private static final String KEY = "code";

    /** Child side: records the code of a compile the child requested. */
    public static void record(int compileId, long entry, byte[] main, long blobStart, int blobSize) {
        HexFormat hex = HexFormat.of();
        byte[] blob = blobStart != 0 && blobSize > 0 ? readMemory(blobStart, blobSize) : new byte[0];
        Facts.record(KEY, compileId + " " + Long.toHexString(entry) + " " + hex.formatHex(main) + " "
                + Long.toHexString(blobStart) + " " + (blob.length == 0 ? "-" : hex.formatHex(blob)));
    }

    /** Driver side: the code the child recorded, by compile id (the last record of an id wins). */
    public static Map<Integer, CodeBytes> read(Facts facts) {
        Map<Integer, CodeBytes> all = new HashMap<>();
        HexFormat hex = HexFormat.of();
        for (String line : facts.all(KEY)) {
            String[] f = line.split(" ");
            if (f.length != 5) {
                throw new IllegalStateException("a code record is 'id entry main blobStart blob': " + line);
            }
            int id = Integer.parseInt(f[0]);
            all.put(id, new CodeBytes(id, Long.parseUnsignedLong(f[1], 16), hex.parseHex(f[2]),
                    Long.parseUnsignedLong(f[3], 16), f[4].equals("-") ? new byte[0] : hex.parseHex(f[4])));
        }
        return all;
    }

    /**
     * The bytes of {@code [from, to)}: from the main code when the range is the main code, which lies at
     * {@code mainStart}; from the blob when the blob covers the range and repeats the main code exactly there;
     * else null.
     */
    public byte[] range(long mainStart, long from, long to) {
        if (from == mainStart && to - from == main.length) {
            return main.clone();
        }
        if (!blobAgrees(mainStart) || from < blobStart || to > blobStart + blob.length || to < from) {
            return null;
        }
        return java.util.Arrays.copyOfRange(blob, (int) (from - blobStart), (int) (to - blobStart));
    }

    /** True when the blob read from memory holds, at {@code mainStart}, exactly WhiteBox's copy of the main code. */
    public boolean blobAgrees(long mainStart) {
        long off = mainStart - blobStart;
        if (blob.length == 0 || off < 0 || off + main.length > blob.length) {
            return false;
        }
        return java.util.Arrays.equals(blob, (int) off, (int) off + main.length, main, 0, main.length);
    }

    /**
     * Reads memory of this VM from /proc/self/mem (the kernel lets a process read its own), or returns an empty array
     * where that fails (no such file; an emulator's guest addresses that are not the host's): then only WhiteBox's copy
     * of the main code is there to decode, and the driver uses a read only where it repeats that copy byte for byte.
     * java.base's Unsafe would need its package exported to the child, which makes every child VM build its module
     * graph at its start instead of mapping it (7 ms on 17, 17 ms on 25).
     */
    private static byte[] readMemory(long address, int size) {
        try (java.io.RandomAccessFile memory = new java.io.RandomAccessFile("/proc/self/mem", "r")) {
            byte[] bytes = new byte[size];
            memory.seek(address);
            memory.readFully(bytes);
            return bytes;
        } catch (java.io.IOException | RuntimeException e) {
            return new byte[0];
        }
    }
}
