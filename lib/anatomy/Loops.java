package anatomy;

import anatomy.isa.Isa;
import anatomy.model.Instruction;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The natural loops of a method's code, found from its control flow rather than its layout: C2 rotates loops and
 * enters an outer loop in the middle of the inner one, so address ranges overlap without nesting. The code is cut
 * into blocks at branches and their targets; an edge to a block that dominates its source is a back edge, and its
 * loop is the header with every block that reaches the edge's source without passing the header. A jump that
 * neither the ISA's unconditional forms nor its returns match is taken to fall through as well: more edges, never
 * fewer, so a loop can be missed but none is invented.
 */
final class Loops {
    private final int[] blockOf;
    /** Each block's first instruction. */
    private final List<Integer> starts = new ArrayList<>();
    /** Per loop header (a block), the blocks of its loop. */
    private final Map<Integer, BitSet> loops = new HashMap<>();

    private static List<Instruction> lastCode;
    private static Isa lastIsa;
    private static Loops last;

    /** The loops of this code, computed once for the code asked about last (a claim asks per instruction). */
    static synchronized Loops of(List<Instruction> code, Isa isa) {
        if (code != lastCode || isa != lastIsa) {
            last = new Loops(code, isa);
            lastCode = code;
            lastIsa = isa;
        }
        return last;
    }

    private Loops(List<Instruction> code, Isa isa) {
        int n = code.size();
        Map<Long, Integer> index = new HashMap<>();
        for (int i = 0; i < n; i++) {
            index.putIfAbsent(code.get(i).address(), i);
        }
        BitSet leaders = new BitSet(n);
        leaders.set(0);
        for (int i = 0; i < n; i++) {
            String text = code.get(i).text();
            Integer target = index.get(isa.branchTarget(text));
            if (target != null) {
                leaders.set(target);
            }
            if (isa.isJump(text) || isa.isReturn(text) || isa.neverFallsThrough(text)) {
                leaders.set(i + 1);
            }
        }
        blockOf = new int[n];
        for (int i = 0; i < n; i++) {
            if (leaders.get(i)) {
                starts.add(i);
            }
            blockOf[i] = starts.size() - 1;
        }
        int blocks = starts.size();
        List<List<Integer>> succ = new ArrayList<>();
        List<List<Integer>> pred = new ArrayList<>();
        for (int b = 0; b < blocks; b++) {
            succ.add(new ArrayList<>());
            pred.add(new ArrayList<>());
        }
        for (int b = 0; b < blocks; b++) {
            int end = (b + 1 < blocks ? starts.get(b + 1) : n) - 1;
            String text = code.get(end).text();
            Integer target = index.get(isa.branchTarget(text));
            if (target != null) {
                succ.get(b).add(blockOf[target]);
            }
            if (!isa.neverFallsThrough(text) && b + 1 < blocks) {
                succ.get(b).add(b + 1);
            }
            for (int s : succ.get(b)) {
                pred.get(s).add(b);
            }
        }
        BitSet reachable = new BitSet(blocks);
        ArrayDeque<Integer> work = new ArrayDeque<>(List.of(0));
        while (!work.isEmpty()) {
            int b = work.pop();
            if (!reachable.get(b)) {
                reachable.set(b);
                work.addAll(succ.get(b));
            }
        }
        BitSet[] dom = new BitSet[blocks];
        for (int b = 0; b < blocks; b++) {
            dom[b] = new BitSet(blocks);
            if (b == 0) {
                dom[b].set(0);
            } else {
                dom[b].or(reachable);
            }
        }
        for (boolean changed = true; changed; ) {
            changed = false;
            for (int b = reachable.nextSetBit(1); b >= 0; b = reachable.nextSetBit(b + 1)) {
                BitSet d = (BitSet) reachable.clone();
                for (int p : pred.get(b)) {
                    if (reachable.get(p)) {
                        d.and(dom[p]);
                    }
                }
                d.set(b);
                if (!d.equals(dom[b])) {
                    dom[b] = d;
                    changed = true;
                }
            }
        }
        for (int u = reachable.nextSetBit(0); u >= 0; u = reachable.nextSetBit(u + 1)) {
            for (int h : succ.get(u)) {
                if (dom[u].get(h)) {
                    BitSet body = loops.computeIfAbsent(h, k -> {
                        BitSet s = new BitSet(blocks);
                        s.set(k);
                        return s;
                    });
                    ArrayDeque<Integer> back = new ArrayDeque<>(List.of(u));
                    while (!back.isEmpty()) {
                        int b = back.pop();
                        if (!body.get(b)) {
                            body.set(b);
                            pred.get(b).stream().filter(reachable::get).forEach(back::push);
                        }
                    }
                }
            }
        }
    }

    boolean any() {
        return !loops.isEmpty();
    }

    /** Whether the instruction lies in a loop that holds no other loop's header. */
    boolean inInnermost(int instruction) {
        int block = blockOf[instruction];
        return loops.entrySet().stream().anyMatch(l -> l.getValue().get(block)
                && loops.keySet().stream().noneMatch(h -> h != l.getKey().intValue() && l.getValue().get(h)));
    }

    /**
     * Whether the instruction lies in the innermost loop around {@code of}: the smallest loop whose body holds {@code of}'s
     * block (a loop nested in it, such as a CAS's retry loop on ppc64le, lies in it too; a loop beside it does not).
     */
    boolean inLoopOf(int instruction, int of) {
        int block = blockOf[instruction];
        int ofBlock = blockOf[of];
        return loops.values().stream().filter(body -> body.get(ofBlock)).min(java.util.Comparator.comparingInt(BitSet::cardinality))
                .map(body -> body.get(block)).orElse(false);
    }

    /** The first instruction of each innermost loop's header block, in code order. */
    List<Integer> innermostHeaders() {
        List<Integer> heads = new ArrayList<>();
        loops.forEach((h, body) -> {
            if (loops.keySet().stream().noneMatch(o -> !o.equals(h) && body.get(o))) {
                heads.add(starts.get(h));
            }
        });
        heads.sort(null);
        return heads;
    }
}
