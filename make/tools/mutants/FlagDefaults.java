package mutants;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A libjvm.so whose bool product flag has another default: a build with one default changed, as a release that
 * flips it would ship, made without the build's debug symbols. HotSpot keeps each flag's value in a variable of its
 * own, initialised with the default (so in the file's writable data), and lists the flags in a table of JVMFlag
 * records, each with the variable's address and the flag's name. In a shared library both are pointers the
 * dynamic loader relocates: R_X86_64_RELATIVE / R_AARCH64_RELATIVE entries whose addends are the addresses. So the
 * flag's name string is found in the read-only segments, the record's name field by the relocation whose addend is
 * that string, the variable by the relocation in the field next to it (before it since JDK 16's JVMFlag, after it
 * before), and the variable's byte in the file is rewritten. So only a default of true can be turned off: a variable
 * initialised to false is in .bss, which the file does not hold. Anything that does not fit (no such name, no record,
 * two candidates, a byte that is not 0 or 1, the default already that value) is refused with the reason.
 */
public final class FlagDefaults {
    private FlagDefaults() {
    }

    /** A copy of LIBRARY (libjvm.so's bytes) whose bool flag FLAG defaults to VALUE. */
    public static byte[] withDefault(byte[] library, String flag, boolean value) {
        ByteBuffer elf = ByteBuffer.wrap(library).order(ByteOrder.LITTLE_ENDIAN);
        if (library.length < 64 || elf.getInt(0) != 0x464c457f || library[4] != 2 || library[5] != 1) {
            throw new IllegalArgumentException("not a little-endian 64-bit ELF file");
        }
        int relative = switch (elf.getShort(0x12)) {
            case 62 -> 8;        // R_X86_64_RELATIVE
            case 183 -> 1027;    // R_AARCH64_RELATIVE
            default -> throw new IllegalArgumentException("ELF machine " + elf.getShort(0x12) + ": x86_64 and aarch64 only");
        };
        List<long[]> loads = new ArrayList<>();   // {vaddr, offset, filesz, writable}
        long dynamic = -1, dynamicSize = 0;
        long phoff = elf.getLong(0x20);
        int phentsize = elf.getShort(0x36) & 0xffff, phnum = elf.getShort(0x38) & 0xffff;
        for (int i = 0; i < phnum; i++) {
            int at = (int) (phoff + (long) i * phentsize);
            int type = elf.getInt(at);
            if (type == 1) {                                        // PT_LOAD
                loads.add(new long[] {elf.getLong(at + 0x10), elf.getLong(at + 0x08), elf.getLong(at + 0x20), elf.getInt(at + 4) & 2});
            } else if (type == 2) {                                 // PT_DYNAMIC
                dynamic = elf.getLong(at + 0x08);
                dynamicSize = elf.getLong(at + 0x20);
            }
        }
        long rela = -1, relaSize = 0, relaEntry = 24;
        for (long at = dynamic; dynamic >= 0 && at + 16 <= dynamic + dynamicSize; at += 16) {
            long tag = elf.getLong((int) at), val = elf.getLong((int) at + 8);
            if (tag == 7) {
                rela = val;                                         // DT_RELA
            } else if (tag == 8) {
                relaSize = val;                                     // DT_RELASZ
            } else if (tag == 9) {
                relaEntry = val;                                    // DT_RELAENT
            }
        }
        if (rela < 0) {
            throw new IllegalArgumentException("no DT_RELA in the dynamic section: not a shared library the pack knows");
        }
        // where each relative relocation points: its place -> its addend, and an addend -> its places
        Map<Long, Long> target = new HashMap<>();
        Map<Long, List<Long>> placesOf = new HashMap<>();
        long relaOffset = offset(loads, rela);
        for (long at = relaOffset; at + relaEntry <= relaOffset + relaSize; at += relaEntry) {
            if ((elf.getLong((int) at + 8) & 0xffffffffL) == relative) {
                long place = elf.getLong((int) at), addend = elf.getLong((int) at + 16);
                target.put(place, addend);
                placesOf.computeIfAbsent(addend, k -> new ArrayList<>()).add(place);
            }
        }
        byte[] name = (flag + "\0").getBytes(StandardCharsets.US_ASCII);
        List<Long> variables = new ArrayList<>();
        for (long[] seg : loads) {
            if (seg[3] != 0) {
                continue;   // names are read-only data
            }
            for (int at = indexOf(library, name, (int) seg[1], (int) (seg[1] + seg[2])); at >= 0;
                    at = indexOf(library, name, at + 1, (int) (seg[1] + seg[2]))) {
                for (long field : placesOf.getOrDefault(at - seg[1] + seg[0], List.of())) {
                    for (long next : new long[] {field - 8, field + 8}) {
                        Long variable = target.get(next);
                        if (variable != null && writableInFile(loads, variable) && !variables.contains(variable)) {
                            variables.add(variable);
                        }
                    }
                }
            }
        }
        if (variables.size() != 1) {
            throw new IllegalArgumentException(variables.isEmpty() ? "no JVMFlag record names " + flag + " with a variable in the file's data"
                    + " (a variable initialised to false is in .bss, which the file does not hold)"
                    : flag + " has " + variables.size() + " candidate variables: the record's layout is not the one this knows");
        }
        int at = (int) offset(loads, variables.get(0));
        if (library[at] != 0 && library[at] != 1) {
            throw new IllegalArgumentException(flag + "'s variable holds " + library[at] + ", not a bool");
        }
        if ((library[at] == 1) == value) {
            throw new IllegalArgumentException(flag + " already defaults to " + value);
        }
        byte[] out = library.clone();
        out[at] = (byte) (value ? 1 : 0);
        return out;
    }

    private static boolean writableInFile(List<long[]> loads, long address) {
        for (long[] s : loads) {
            if (s[3] != 0 && address >= s[0] && address < s[0] + s[2]) {
                return true;
            }
        }
        return false;
    }

    private static long offset(List<long[]> loads, long address) {
        for (long[] s : loads) {
            if (address >= s[0] && address < s[0] + s[2]) {
                return address - s[0] + s[1];
            }
        }
        throw new IllegalArgumentException(String.format("0x%x is in no loaded segment", address));
    }

    private static int indexOf(byte[] hay, byte[] needle, int from, int to) {
        outer:
        for (int i = from; i + needle.length <= to; i++) {
            for (int j = 0; j < needle.length; j++) {
                if (hay[i + j] != needle[j]) {
                    continue outer;
                }
            }
            return i;
        }
        return -1;
    }
}
