# riscv64 fixture: what C2 emits on the RISC-V port (loads/stores, branches, calls, atomics, fences, RVC,
# Zba/Zbb/Zbs, Zicond, Zacas, V). Assembled by lib/hsdis/test/assemble.sh; the labels are offsets.
# as: -march=rv64gcv_zba_zbb_zbs_zfh
# at: 0x3f8c0a1000
# also: 0x3f8c0a2000 13
# also: 0x3f8c0a3000 0000
        .option norvc
        ld      a0, 16(s1)
        sd      a1, -8(sp)
        lw      t0, 12(a0)
        lwu     a2, 0(t0)
        sw      zero, 8(a0)
        lbu     a3, 1(a4)
        addi    sp, sp, -48
        addiw   a0, a0, 1
        lui     t1, 0x12345
        slli    a5, a5, 3
        add     a0, a0, a1
        mul     a0, a1, a2
        beq     a0, a1, 1f
        bne     a0, zero, 1f
        bltu    a2, a3, 1f
        bge     a4, a5, back
1:      jal     ra, 2f
        jalr    ra, 0(t0)
        auipc   t0, 0
        jalr    zero, 12(t0)
2:      jal     zero, 1b
back:
        lr.w.aq t0, (a0)
        sc.w.rl t1, a1, (a0)
        lr.d.aqrl t0, (a0)
        sc.d.aqrl t1, a1, (a0)
        amoadd.w.aqrl a0, a1, (a2)
        amoadd.d.aqrl a0, a1, (a2)
        amoswap.d.aqrl a0, a1, (a2)
        amoor.w.aqrl zero, zero, (sp)
        fence   rw, rw
        fence   r, rw
        fence   rw, w
        fence.i
        sh1add  a0, a1, a2
        sh3add  a0, a1, a2
        add.uw  a0, a1, zero
        slli.uw a0, a1, 2
        andn    a0, a1, a2
        clz     a0, a1
        ctz     a0, a1
        cpop    a0, a1
        rev8    a0, a1
        max     a0, a1, a2
        sext.h  a0, a1
        rori    a0, a1, 7
        bset    a0, a1, a2
        bexti   a0, a1, 3
        .insn r 0x33, 5, 7, a0, a1, a2          # czero.eqz a0, a1, a2 (Zicond)
        .insn r 0x33, 7, 7, a3, a4, a5          # czero.nez a3, a4, a5
        .insn r 0x2f, 2, 0x17, a0, a2, a1       # amocas.w.aqrl a0, a1, (a2) (Zacas)
        .insn r 0x2f, 3, 0x16, t0, a0, t1       # amocas.d.aq t0, t1, (a0)
        vsetvli t0, a0, e32, m1, ta, ma
        vle32.v v1, (a1)
        vadd.vv v1, v1, v2
        vse32.v v1, (a2)
        fld     fa0, 8(a0)
        fmv.d.x fa1, a1
        fcvt.h.s fa0, fa1
        ebreak
        ecall
        .option rvc
        c.ld    a0, 8(a1)
        c.sd    a2, 16(a1)
        c.li    a0, 5
        c.addi  a0, -1
        c.mv    a0, a1
        c.add   a0, a1
        c.ldsp  ra, 40(sp)
        c.beqz  a0, 3f
        c.bnez  a1, 3f
        c.j     3f
        c.jr    ra
        c.jalr  t0
3:      c.nop
        c.ebreak
        .word   0xffffffff
        .half   0x0000
