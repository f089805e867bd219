package jdks;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;

/**
 * The dynamic loader a JDK's launcher asks for (its program interpreter, /lib/ld-linux-aarch64.so.1), read from its ELF
 * header and program headers in the file's own byte order (s390x's is big-endian) and class (32 or 64 bits): a qemu
 * facade's C library must have it. The machine it is for is Homes.elfMachine's.
 */
public final class Elf {
    private static final int PT_INTERP = 3;

    private Elf() {
    }

    /** The program interpreter an ELF executable asks for; "" when it asks for none (or is no ELF file). */
    public static String interpreter(Path file) {
        try (FileChannel c = FileChannel.open(file)) {
            ByteBuffer h = header(c);
            if (h == null) {
                return "";
            }
            boolean wide = h.get(4) == 2;
            long phoff = wide ? h.getLong(32) : Integer.toUnsignedLong(h.getInt(28));
            int size = Short.toUnsignedInt(h.getShort(wide ? 54 : 42)), count = Short.toUnsignedInt(h.getShort(wide ? 56 : 44));
            if (size < (wide ? 56 : 32)) {
                return "";
            }
            for (int i = 0; i < count; i++) {
                ByteBuffer ph = read(c, phoff + (long) i * size, size, h.order());
                if (ph == null || ph.getInt(0) != PT_INTERP) {
                    continue;
                }
                long offset = wide ? ph.getLong(8) : Integer.toUnsignedLong(ph.getInt(4));
                long length = wide ? ph.getLong(32) : Integer.toUnsignedLong(ph.getInt(16));
                ByteBuffer name = read(c, offset, (int) Math.min(length, 4096), h.order());
                if (name == null) {
                    return "";
                }
                String s = new String(name.array(), StandardCharsets.ISO_8859_1);
                return s.indexOf('\0') < 0 ? s : s.substring(0, s.indexOf('\0'));
            }
            return "";
        } catch (IOException e) {
            return "";
        }
    }

    /** The first 64 bytes (an ELF64 header; an ELF32 one and more) in the file's byte order, or null for no ELF file. */
    private static ByteBuffer header(FileChannel c) throws IOException {
        ByteBuffer h = read(c, 0, 64, ByteOrder.LITTLE_ENDIAN);
        if (h == null || h.getInt(0) != 0x464c457f) {   // \177ELF
            return null;
        }
        return h.order(h.get(5) == 2 ? ByteOrder.BIG_ENDIAN : ByteOrder.LITTLE_ENDIAN);
    }

    /** LENGTH bytes at OFFSET, or null when the file is shorter. */
    private static ByteBuffer read(FileChannel c, long offset, int length, ByteOrder order) throws IOException {
        ByteBuffer b = ByteBuffer.allocate(length);
        while (b.hasRemaining()) {
            if (c.read(b, offset + b.position()) < 0) {
                return null;
            }
        }
        return b.order(order);
    }
}
