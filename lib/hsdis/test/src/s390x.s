# s390x fixture: what C2 emits on the IBM Z port (loads/stores, branches, calls, cs/csg and the
# interlocked-access atomics, serialization, load-on-condition, vector). Assembled by lib/hsdis/test/assemble.sh.
# as: -march=z15
# at: 0x3ff8c0a1000
# also: 0x3ff8c0a2000 e310
# also: 0x3ff8c0a3000 0000
        lg      %r1, 8(%r2)
        stg     %r3, 160(%r15)
        l       %r4, 12(%r5)
        st      %r4, 8(%r5)
        ly      %r1, -8(%r2)
        llgf    %r1, 4(%r2)
        lgf     %r1, 0(%r3,%r4)
        lgr     %r1, %r2
        la      %r1, 16(%r2)
        lay     %r15, -160(%r15)
        larl    %r1, .+64
        agr     %r1, %r2
        aghi    %r1, -1
        agfi    %r1, 100000
        lghi    %r1, 0
        iilf    %r1, 0x12345678
        iihf    %r1, 0x7f
        sllg    %r1, %r2, 3
        risbg   %r1, %r2, 32, 191, 0
        cgr     %r1, %r2
        cghi    %r1, 0
        clg     %r1, 8(%r2)
        tmll    %r1, 1
        je      1f
        jne     1f
        jl      1f
        jh      1f
        j       1f
        jgnh    1f
        cgrjne  %r1, %r2, 1f
        cgij    %r1, 0, 8, 1f
        brct    %r1, 1f
1:      brasl   %r14, .+4096
        basr    %r14, %r1
        br      %r14
        bcr     14, %r0
        bcr     15, %r0
        cs      %r0, %r1, 0(%r2)
        csg     %r0, %r1, 8(%r3)
        csy     %r0, %r1, -8(%r2)
        laa     %r0, %r1, 0(%r2)
        laag    %r0, %r1, 8(%r2)
        lao     %r0, %r1, 0(%r2)
        lan     %r0, %r1, 0(%r2)
        locgr   %r1, %r2, 8
        locghi  %r1, 1, 2
        stmg    %r6, %r15, 48(%r15)
        lmg     %r6, %r15, 208(%r15)
        mvc     0(8,%r1), 0(%r2)
        xc      0(16,%r1), 0(%r1)
        vl      %v16, 0(%r1)
        vst     %v16, 16(%r1)
        vag     %v16, %v17, %v18
        nopr    %r7
        .short  0
        .long   0xffffffff
