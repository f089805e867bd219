# ppc64le fixture: what C2 emits on the POWER port (loads/stores, branches, calls, larx/stcx. atomics,
# sync/lwsync/isync, traps, isel, POWER10 prefixed). Assembled by lib/hsdis/test/assemble.sh.
# as: -mpower10
# at: 0x7fff8c0a1000
# also: 0x7fff8c0a2000 00000060e8
        ld      3, 8(4)
        std     5, -16(1)
        lwz     6, 12(3)
        stw     0, 8(3)
        lbz     7, 0(8)
        lwa     9, 4(10)
        ldx     3, 4, 5
        addi    1, 1, -112
        addis   3, 2, 0x1234
        li      3, -1
        lis     4, 0x7fff
        ori     4, 4, 0xffff
        mr      31, 3
        rldicr  3, 4, 3, 60
        rldicl  3, 4, 61, 3
        extsw   3, 4
        cmpd    3, 4
        cmpwi   6, 5, 0
        cmpld   3, 4
        isel    3, 4, 5, 2
        beq     0, 1f
        bne     6, 1f
        blt     0, 1f
        bge-    7, 1f
        bgt+    0, 1f
        bdnz    1f
1:      bl      2f
        b       1b
2:      mtctr   12
        bctrl
        mflr    0
        mtlr    0
        blr
        beqlr   0
        lwarx   6, 0, 7
        stwcx.  6, 0, 7
        ldarx   6, 0, 7, 1
        stdcx.  6, 0, 7
        lbarx   6, 0, 7
        sync
        lwsync
        isync
        tdi     0, 3, 0
        twi     31, 0, 0
        tdne    3, 4
        cntlzd  3, 4
        popcntd 3, 4
        mfcr    3
        xxlxor  34, 34, 34
        lxvd2x  34, 0, 3
        nop
        pld     3, 16(4), 0
        paddi   3, 4, 100000, 0
        .long   0
