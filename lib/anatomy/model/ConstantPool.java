package anatomy.model;

import java.io.ByteArrayInputStream;
import java.io.DataInputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * The field references of a class file's constant pool, read as the JVM specification (chapter 4.4) lays the
 * pool out. javac puts a field reference there for every field the class reads or writes, and none for a
 * constant variable it inlined, so this tells apart code that reads a field from code that holds its value.
 */
public record ConstantPool(List<String> fieldRefs) {
    public ConstantPool {
        fieldRefs = List.copyOf(fieldRefs);
    }

    /** Parses a class file's bytes; its field references read {@code Owner.name:descriptor}. */
    public static ConstantPool of(byte[] classFile, String source) {
        try (DataInputStream in = new DataInputStream(new ByteArrayInputStream(classFile))) {
            if (in.readInt() != 0xCAFEBABE) {
                throw new ParseException(source, 0, "not a class file (no 0xCAFEBABE)");
            }
            in.readUnsignedShort(); // minor version
            in.readUnsignedShort(); // major version
            int count = in.readUnsignedShort();
            String[] utf8 = new String[count];
            int[] first = new int[count];
            int[] second = new int[count];
            int[] tag = new int[count];
            for (int i = 1; i < count; i++) {
                tag[i] = in.readUnsignedByte();
                switch (tag[i]) {
                    case 1 -> utf8[i] = in.readUTF();
                    case 3, 4 -> in.readInt();
                    case 5, 6 -> { in.readLong(); i++; } // a long or double takes two entries
                    case 7, 8, 16, 19, 20 -> first[i] = in.readUnsignedShort();
                    case 15 -> { in.readUnsignedByte(); in.readUnsignedShort(); }
                    case 9, 10, 11, 12, 17, 18 -> { first[i] = in.readUnsignedShort(); second[i] = in.readUnsignedShort(); }
                    default -> throw new ParseException(source, i, "unknown constant pool tag " + tag[i]);
                }
            }
            List<String> refs = new ArrayList<>();
            for (int i = 1; i < count; i++) {
                if (tag[i] == 9) { // Fieldref: class, then NameAndType
                    int nameAndType = second[i];
                    refs.add(utf8[first[first[i]]].replace('/', '.') + "." + utf8[first[nameAndType]] + ":" + utf8[second[nameAndType]]);
                }
            }
            return new ConstantPool(refs);
        } catch (IOException e) {
            throw new ParseException(source, 0, "truncated class file: " + e);
        }
    }

    /** How many field references name that field, e.g. {@code Limits.LIMIT}. */
    public long countRefs(String ownerDotName) {
        return fieldRefs.stream().filter(r -> r.startsWith(ownerDotName + ":")).count();
    }
}
