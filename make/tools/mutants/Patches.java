package mutants;

import java.util.HexFormat;

/**
 * The machine-code edits a mutant makes, per ISA: a function that returns at entry, a conditional branch inverted
 * or made unconditional, a constant or a global's address replaced, a call skipped, and the trap that tells
 * whether a site runs at all. Each edit keeps the
 * instruction's length (or ends on an instruction boundary, checked by the caller), so no other code moves.
 * Encodings are the ISA manuals' (Intel SDM vol. 2, Arm ARM A64 base instructions).
 */
public interface Patches {
    /** Bytes that return at once with the value: {@code void} (no value), or 0 / 1 in the result register. */
    byte[] returnWith(String value);

    /** The instruction's bytes, when it is a conditional branch this ISA can invert; else false. */
    boolean isConditionalBranch(byte[] insn);

    /** The same branch with the opposite condition. */
    byte[] invert(byte[] insn);

    /** The branch taken always (an unconditional jump to the same target), same length. */
    byte[] always(byte[] insn);

    /** The branch never taken (no-ops), same length. */
    byte[] never(byte[] insn);

    /**
     * The branch with its condition's boundary moved (PIT's conditionals-boundary operator): less than becomes less
     * or equal and back, greater or equal becomes greater and back, signed and unsigned alike; null for a condition
     * that has no boundary (equality, sign, overflow, parity; a compare-and-branch on zero or a bit).
     */
    byte[] boundary(byte[] insn);

    /**
     * The immediate this instruction puts into a register (a constant the C++ code passes on: the condition code an
     * emitter is asked for, an offset, a threshold), or null when it is no such instruction.
     */
    Long immediate(byte[] insn);

    /** The same instruction with another immediate, same length; null when the value does not fit its field. */
    byte[] withImmediate(byte[] insn, long value);

    /**
     * The address of the global (a static of the C++ code: a klass, a table, a flag) this instruction at that address
     * loads or takes, position-independently, with nothing after its displacement; null when it is no such
     * instruction.
     */
    Long globalAddress(byte[] insn, long address);

    /** The same instruction naming another global, same length; null when that one is out of its reach. */
    byte[] withGlobalAddress(byte[] insn, long address, long target);

    /** A call (direct or through a register or memory). */
    boolean isCall(byte[] insn);

    /** The call skipped: its result register set to 0 and the rest no-ops, same length. */
    byte[] skipCall(byte[] insn);

    /** No-ops of that length. */
    byte[] filler(int length);

    /** An instruction that traps if it ever runs, padded to the length with no-ops. */
    default byte[] trap(int length) {
        byte[] trap = trapInstruction();
        byte[] out = new byte[length];
        System.arraycopy(trap, 0, out, 0, trap.length);
        System.arraycopy(filler(length - trap.length), 0, out, trap.length, length - trap.length);
        return out;
    }

    /** The shortest instruction that traps. */
    byte[] trapInstruction();

    /** A landing-pad instruction a function starts with (IBT, BTI) that an entry patch goes after. */
    boolean isLandingPad(byte[] insn);

    static Patches of(String isa) {
        return switch (isa) {
            case "x86_64" -> new X86_64();
            case "aarch64" -> new AArch64();
            default -> throw new IllegalArgumentException("no machine-code mutants for " + isa + " yet (x86_64, aarch64)");
        };
    }

    static byte[] hex(String s) {
        return HexFormat.of().parseHex(s);
    }

    final class X86_64 implements Patches {
        // multi-byte no-ops of the recommended forms (SDM vol. 2B, NOP), by length
        private static final String[] NOP = {"", "90", "6690", "0f1f00", "0f1f4000", "0f1f440000", "660f1f440000",
                "0f1f8000000000", "0f1f840000000000"};

        static byte[] nops(int n) {
            byte[] out = new byte[n];
            int at = 0;
            while (at < n) {
                byte[] nop = hex(NOP[Math.min(8, n - at)]);
                System.arraycopy(nop, 0, out, at, nop.length);
                at += nop.length;
            }
            return out;
        }

        public byte[] returnWith(String value) {
            return switch (value) {
                case "void" -> hex("c3");                 // ret
                case "0" -> hex("31c0c3");                // xor %eax,%eax ; ret
                case "1" -> hex("b801000000c3");          // mov $1,%eax ; ret
                default -> throw new IllegalArgumentException("return value must be void, 0 or 1: " + value);
            };
        }

        /** jcc rel8 (0x70-0x7f) or jcc rel32 (0x0f 0x80-0x8f). */
        public boolean isConditionalBranch(byte[] b) {
            return (b.length == 2 && (b[0] & 0xf0) == 0x70) || (b.length == 6 && b[0] == 0x0f && (b[1] & 0xf0) == 0x80);
        }

        public byte[] invert(byte[] b) {
            byte[] out = b.clone();
            out[b.length == 2 ? 0 : 1] ^= 1;              // the condition's low bit negates it
            return out;
        }

        public byte[] always(byte[] b) {
            byte[] out = b.clone();
            if (b.length == 2) {
                out[0] = (byte) 0xeb;                      // jmp rel8, same displacement
            } else {
                out[0] = (byte) 0x90;                      // nop ; jmp rel32 ends where the jcc did: same displacement
                out[1] = (byte) 0xe9;
            }
            return out;
        }

        public byte[] never(byte[] b) {
            return nops(b.length);
        }

        /** b (2) <-> be (6), ae (3) <-> a (7); l (c) <-> le (e), ge (d) <-> g (f). */
        public byte[] boundary(byte[] b) {
            int at = b.length == 2 ? 0 : 1, cc = b[at] & 0x0f;
            int to = switch (cc) {
                case 0x2, 0x3, 0x6, 0x7 -> cc ^ 0x4;
                case 0xc, 0xd, 0xe, 0xf -> cc ^ 0x2;
                default -> -1;
            };
            if (to < 0) {
                return null;
            }
            byte[] out = b.clone();
            out[at] = (byte) ((b[at] & 0xf0) | to);
            return out;
        }

        /** mov $imm32, %r32 (0xb8+r, an optional REX.B prefix): how a constant argument reaches a register. */
        public Long immediate(byte[] b) {
            int at = b.length == 6 && (b[0] & 0xff) == 0x41 ? 1 : 0;
            if (b.length != at + 5 || (b[at] & 0xf8) != 0xb8) {
                return null;
            }
            return (long) ((b[at + 1] & 0xff) | (b[at + 2] & 0xff) << 8 | (b[at + 3] & 0xff) << 16 | (b[at + 4] & 0xff) << 24);
        }

        public byte[] withImmediate(byte[] b, long value) {
            if (immediate(b) == null || value < Integer.MIN_VALUE || value > 0xffffffffL) {
                return null;
            }
            byte[] out = b.clone();
            for (int k = 0; k < 4; k++) {
                out[b.length - 4 + k] = (byte) (value >>> (8 * k));
            }
            return out;
        }

        /**
         * mov or lea with a RIP-relative operand (8b or 8d, an optional REX prefix, ModRM mod 00 r/m 101, disp32
         * last): how x86_64's position-independent code reads a static or takes its address.
         */
        public Long globalAddress(byte[] b, long address) {
            int at = b.length == 7 && (b[0] & 0xf0) == 0x40 ? 1 : 0;
            if (b.length != at + 6 || ((b[at] & 0xff) != 0x8b && (b[at] & 0xff) != 0x8d) || (b[at + 1] & 0xc7) != 0x05) {
                return null;
            }
            int disp = (b[at + 2] & 0xff) | (b[at + 3] & 0xff) << 8 | (b[at + 4] & 0xff) << 16 | (b[at + 5] & 0xff) << 24;
            return address + b.length + disp;
        }

        public byte[] withGlobalAddress(byte[] b, long address, long target) {
            long disp = target - (address + b.length);
            if (globalAddress(b, address) == null || disp != (int) disp) {
                return null;
            }
            byte[] out = b.clone();
            for (int k = 0; k < 4; k++) {
                out[b.length - 4 + k] = (byte) (disp >>> (8 * k));
            }
            return out;
        }

        public byte[] filler(int length) {
            return nops(length);
        }

        /** call rel32 (0xe8), or call r/m64 (0xff /2, with an optional REX prefix). */
        public boolean isCall(byte[] b) {
            if (b.length == 5 && (b[0] & 0xff) == 0xe8) {
                return true;
            }
            int at = (b[0] & 0xf0) == 0x40 ? 1 : 0;
            return b.length > at + 1 && (b[at] & 0xff) == 0xff && ((b[at + 1] >> 3) & 7) == 2;
        }

        public byte[] skipCall(byte[] b) {
            byte[] out = nops(b.length);
            System.arraycopy(hex("31c0"), 0, out, 0, 2);  // xor %eax,%eax, then no-ops
            if (b.length > 2) {
                System.arraycopy(nops(b.length - 2), 0, out, 2, b.length - 2);
            }
            return out;
        }

        public byte[] trapInstruction() {
            return hex("0f0b");                            // ud2
        }

        public boolean isLandingPad(byte[] b) {
            return b.length == 4 && HexFormat.of().formatHex(b).equals("f30f1efa");   // endbr64
        }
    }

    /** A64: every instruction one little-endian 32-bit word. */
    final class AArch64 implements Patches {
        static int word(byte[] b) {
            return (b[0] & 0xff) | (b[1] & 0xff) << 8 | (b[2] & 0xff) << 16 | (b[3] & 0xff) << 24;
        }

        static byte[] bytes(int... words) {
            byte[] out = new byte[4 * words.length];
            for (int i = 0; i < words.length; i++) {
                for (int k = 0; k < 4; k++) {
                    out[4 * i + k] = (byte) (words[i] >>> (8 * k));
                }
            }
            return out;
        }

        static final int RET = 0xd65f03c0, NOP = 0xd503201f, MOV_X0_0 = 0xd2800000, MOV_X0_1 = 0xd2800020, UDF = 0x00000000;

        public byte[] returnWith(String value) {
            return switch (value) {
                case "void" -> bytes(RET);
                case "0" -> bytes(MOV_X0_0, RET);
                case "1" -> bytes(MOV_X0_1, RET);
                default -> throw new IllegalArgumentException("return value must be void, 0 or 1: " + value);
            };
        }

        // b.cond: 0101 0100 imm19 0 cond; cbz/cbnz: x011 010x; tbz/tbnz: x011 011x
        static boolean isBcond(int w) { return (w & 0xff000010) == 0x54000000; }
        static boolean isCb(int w) { return (w & 0x7e000000) == 0x34000000; }
        static boolean isTb(int w) { return (w & 0x7e000000) == 0x36000000; }

        public boolean isConditionalBranch(byte[] b) {
            if (b.length != 4) {
                return false;
            }
            int w = word(b);
            return (isBcond(w) && (w & 0xe) != 0xe) || isCb(w) || isTb(w);   // not b.al / b.nv
        }

        public byte[] invert(byte[] b) {
            int w = word(b);
            return bytes(isBcond(w) ? w ^ 1 : w ^ (1 << 24));
        }

        public byte[] always(byte[] b) {
            int w = word(b);
            int offset = isBcond(w) || isCb(w) ? (w << 8 >> 13) : (w << 13 >> 18);   // words, sign-extended
            return bytes(0x14000000 | (offset & 0x03ffffff));                      // b to the same target
        }

        public byte[] never(byte[] b) {
            return bytes(NOP);
        }

        /** b.cond: hs (2) <-> hi (8), lo (3) <-> ls (9); ge (a) <-> gt (c), lt (b) <-> le (d). */
        public byte[] boundary(byte[] b) {
            int w = word(b);
            if (!isBcond(w)) {
                return null;
            }
            int to = switch (w & 0xf) {
                case 0x2 -> 0x8;
                case 0x8 -> 0x2;
                case 0x3 -> 0x9;
                case 0x9 -> 0x3;
                case 0xa -> 0xc;
                case 0xc -> 0xa;
                case 0xb -> 0xd;
                case 0xd -> 0xb;
                default -> -1;
            };
            return to < 0 ? null : bytes((w & ~0xf) | to);
        }

        /** movz Wd/Xd, #imm16 (no shift): how a constant argument reaches a register. */
        public Long immediate(byte[] b) {
            int w = word(b);
            return b.length == 4 && (w & 0x7fe00000) == 0x52800000 ? (long) ((w >>> 5) & 0xffff) : null;
        }

        public byte[] withImmediate(byte[] b, long value) {
            if (immediate(b) == null || value < 0 || value > 0xffff) {
                return null;
            }
            return bytes((word(b) & ~(0xffff << 5)) | (int) value << 5);
        }

        /**
         * libjvm.so for A64 reaches a static through the GOT: adrp, a load of the static's slot, then the load of the
         * static (28-ea+18's fill_with_object: `adrp x4, #0x1738000 ; ldr x4, [x4, #0x8d8] ; ... ldr x?, [x4]`), so
         * another static is another slot, not an edit of one instruction: refused.
         */
        public Long globalAddress(byte[] b, long address) {
            return null;
        }

        public byte[] withGlobalAddress(byte[] b, long address, long target) {
            return null;
        }

        /** bl, or blr Xn. */
        public boolean isCall(byte[] b) {
            int w = word(b);
            return b.length == 4 && ((w & 0xfc000000) == 0x94000000 || (w & 0xfffffc1f) == 0xd63f0000);
        }

        public byte[] skipCall(byte[] b) {
            return bytes(MOV_X0_0);
        }

        public byte[] filler(int length) {
            int[] words = new int[length / 4];
            java.util.Arrays.fill(words, NOP);
            return bytes(words);
        }

        public byte[] trapInstruction() {
            return bytes(UDF);
        }

        /** bti c / bti jc (hint space); paciasp is not a landing pad: an entry patch replaces it. */
        public boolean isLandingPad(byte[] b) {
            int w = word(b);
            return b.length == 4 && (w & 0xffffff3f) == 0xd503241f;
        }
    }
}
