package report;

import anatomy.Op;
import anatomy.isa.Isa;
import anatomy.model.Instruction;
import anatomy.model.NMethod;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import results.Results;

/**
 * make compare: two runs of the pack (BASE and NEW, each a BUILD directory run with RETAIN=all), compared. Prints
 * the behaviours whose verdict changed and, for each, the machine code of the methods under test side by side,
 * aligned on the vocabulary operations the test asserts, differing operations marked; then one line counting the
 * methods whose code changed size; "no change" when nothing did. Writes the same as an HTML page.
 *
 * Usage: Compare BASE_DIR BASE_LABEL NEW_DIR NEW_LABEL HTML_OUT
 */
public class Compare {
    static final int WIDTH = 58;

    public static void main(String[] args) throws IOException {
        Results.Run base = Results.load(args[1], Path.of(args[0]));
        Results.Run neu = Results.load(args[3], Path.of(args[2]));
        Path html = Path.of(args[4]);
        TreeSet<String> tests = new TreeSet<>(base.cells().keySet());
        tests.addAll(neu.cells().keySet());
        StringBuilder out = new StringBuilder();
        out.append("compare: BASE ").append(base.label()).append(" (").append(base.jdkHome()).append(base.run().getProperty("vm.options", "").isEmpty() ? "" : ", " + base.run().getProperty("vm.options"))
                .append(")\n         NEW  ").append(neu.label()).append(" (").append(neu.jdkHome()).append(neu.run().getProperty("vm.options", "").isEmpty() ? "" : ", " + neu.run().getProperty("vm.options"))
                .append(")\n");
        int changed = 0, methods = 0;
        List<String> resized = new ArrayList<>();
        for (String t : tests) {
            String vb = verdict(base, t), vn = verdict(neu, t);
            Map<String, NMethod> mb = byMethod(Results.nmethods(base.jtr(t)));
            Map<String, NMethod> mn = byMethod(Results.nmethods(neu.jtr(t)));
            for (String m : mb.keySet()) {
                if (mn.containsKey(m)) {
                    methods++;
                    int a = size(mb.get(m)), b = size(mn.get(m));
                    if (a != b) {
                        resized.add(m + " " + a + " -> " + b);
                    }
                }
            }
            if (vb.equals(vn)) {
                continue;
            }
            changed++;
            out.append("\n== ").append(t).append(": ").append(vb).append(" -> ").append(vn).append('\n');
            if (vb.equals("not run") || vn.equals("not run")) {
                out.append("   (selected on one side only: its @requires, e.g. a variant per JDK; no code to compare)\n");
                continue;
            }
            for (Results.Run r : List.of(base, neu)) {
                Results.Cell c = r.cells().get(t);
                if (c != null && !c.reason().isEmpty()) {
                    out.append("   ").append(r == base ? "BASE" : "NEW ").append(": ").append(ReportModel.abbrev(c.reason(), 300)).append('\n');
                }
            }
            List<Op> ops = Results.opsOf(Results.source(t));
            Set<String> under = methodsUnderTest(base, neu, t, mb, mn);
            for (String m : under) {
                out.append(sideBySide(m, mb.get(m), mn.get(m), ops, Results.isa(base.isa()), Results.isa(neu.isa())));
            }
        }
        out.append('\n');
        if (!resized.isEmpty()) {
            out.append("methods whose code changed size (main-code instructions but hlt padding, BASE -> NEW):\n");
            resized.forEach(r -> out.append("   ").append(r).append('\n'));
        }
        if (changed == 0 && resized.isEmpty()) {
            out.append("no change: ").append(tests.size()).append(" behaviours with the same verdicts, ").append(methods)
                    .append(" methods with the same code size\n");
        } else {
            out.append(changed).append(" behaviour(s) changed verdict; ").append(resized.size()).append(" of ").append(methods)
                    .append(" methods compiled on both sides changed code size\n");
        }
        System.out.print(out);
        Files.createDirectories(html.toAbsolutePath().getParent());
        Files.writeString(html, "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>make compare</title><style>"
                + "body{font:14px system-ui,sans-serif;margin:1.5em}pre{font:12px/1.3 ui-monospace,monospace}mark{background:#ffe36b}"
                + "</style></head><body><h1>make compare</h1><pre>" + ReportModel.esc(out.toString()).replaceAll("(?m)^(.*  !.*)$", "<mark>$1</mark>")
                + "</pre></body></html>\n");
        System.out.println("compare: " + html.toAbsolutePath());
    }

    static String verdict(Results.Run r, String t) {
        Results.Cell c = r.cells().get(t);
        return c == null ? "not run" : c.status();
    }

    /** The method's size: its main code's instructions, without the hlt padding x86_64 code ends with. */
    static int size(NMethod nm) {
        return (int) nm.mainCode().stream().filter(i -> !i.mnemonic().equals("hlt")).count();
    }

    public static Map<String, NMethod> byMethod(List<NMethod> nms) {
        Map<String, NMethod> m = new LinkedHashMap<>();
        for (NMethod nm : nms) {
            // a lambda's or hidden class's name carries a per-run number and address: the same code in both runs
            String method = nm.method().replaceAll("\\$\\$Lambda(\\$\\d+)?/0x[0-9a-f]+", "\\$\\$Lambda");
            m.put(method + " (" + nm.compiler() + ", level " + nm.level() + (nm.isOsr() ? ", osr" : "") + ")", nm);
        }
        return m;
    }

    /** The methods a failure message names (either side), else every C2 method of the test's code. */
    static Set<String> methodsUnderTest(Results.Run base, Results.Run neu, String t, Map<String, NMethod> mb, Map<String, NMethod> mn) {
        Set<String> named = new TreeSet<>();
        for (Results.Run r : List.of(base, neu)) {
            String msg = r.jtr(t) == null ? null : Results.assertion(Results.read(r.jtr(t)));
            Matcher m = Pattern.compile("(?m)^method\\s+:\\s+(\\S+)").matcher(msg == null ? "" : msg);
            while (m.find()) {
                named.add(m.group(1));
            }
        }
        Set<String> keys = new TreeSet<>(mb.keySet());
        keys.addAll(mn.keySet());
        Set<String> under = new TreeSet<>();
        for (String k : keys) {
            String method = k.substring(0, k.indexOf(' '));
            if (named.isEmpty() ? k.contains("(c2,") : named.contains(method) && k.contains("(c2,")) {
                under.add(k);
            }
        }
        return under;
    }

    record Line(Instruction insn, String tags) {
    }

    static List<Line> tagged(NMethod nm, List<Op> ops, Isa isa) {
        List<Line> lines = new ArrayList<>();
        if (nm == null) {
            return lines;
        }
        Map<Instruction, Set<Op>> at = Results.matches(nm, ops, isa);
        for (Instruction i : nm.mainCode()) {
            if (i.mnemonic().equals("hlt")) {
                continue;   // x86_64's padding after the code
            }
            Set<Op> m = at.get(i);
            lines.add(new Line(i, m == null ? "" : String.join(",", m.stream().map(Op::name).toList())));
        }
        return lines;
    }

    /** Two listings in columns, the instructions matched by the same operations on one row (LCS of the tags). */
    static String sideBySide(String method, NMethod a, NMethod b, List<Op> ops, Isa ia, Isa ib) {
        List<Line> la = tagged(a, ops, ia), lb = tagged(b, ops, ib);
        StringBuilder s = new StringBuilder("\n   ").append(method).append(": BASE ").append(a == null ? "not compiled" : la.size() + " instructions in its main code (hlt padding left out)")
                .append(", NEW ").append(b == null ? "not compiled" : lb.size()).append('\n');
        if (ia == null || ib == null) {
            s.append("     (the pack has no vocabulary for ").append(ia == null && ib == null ? "either side" : ia == null ? "BASE" : "NEW")
                    .append("'s ISA: its operations are not counted)\n");
        }
        for (Op op : ops) {
            long ca = la.stream().filter(l -> List.of(l.tags().split(",")).contains(op.name())).count();
            long cb = lb.stream().filter(l -> List.of(l.tags().split(",")).contains(op.name())).count();
            s.append(String.format("     %-22s BASE %d, NEW %d%s%n", op.name(), ca, cb, ca != cb ? "  ! differs" : ""));
        }
        List<Integer> ta = new ArrayList<>(), tb = new ArrayList<>();
        for (int i = 0; i < la.size(); i++) if (!la.get(i).tags().isEmpty()) ta.add(i);
        for (int i = 0; i < lb.size(); i++) if (!lb.get(i).tags().isEmpty()) tb.add(i);
        int[][] lcs = new int[ta.size() + 1][tb.size() + 1];
        for (int i = ta.size() - 1; i >= 0; i--) {
            for (int j = tb.size() - 1; j >= 0; j--) {
                lcs[i][j] = la.get(ta.get(i)).tags().equals(lb.get(tb.get(j)).tags()) ? lcs[i + 1][j + 1] + 1 : Math.max(lcs[i + 1][j], lcs[i][j + 1]);
            }
        }
        s.append(String.format("     %-" + WIDTH + "s | %s%n", "BASE", "NEW"));
        int i = 0, j = 0, pa = 0, pb = 0, rows = 0;
        while (pa < la.size() || pb < lb.size()) {
            int na = i < ta.size() ? ta.get(i) : la.size(), nb = j < tb.size() ? tb.get(j) : lb.size();
            boolean both = i < ta.size() && j < tb.size() && la.get(ta.get(i)).tags().equals(lb.get(tb.get(j)).tags());
            boolean onlyA = !both && i < ta.size() && (j >= tb.size() || lcs[i + 1][j] >= lcs[i][j + 1]);
            boolean onlyB = !both && !onlyA && j < tb.size();
            // the instructions before the next anchor, in parallel; the other side of a one-sided anchor keeps pace
            int ea = onlyB ? Math.min(na, pa + (nb - pb)) : na, eb = onlyA ? Math.min(nb, pb + (na - pa)) : nb;
            while (pa < ea || pb < eb) {
                s.append(row(pa < ea ? la.get(pa) : null, pb < eb ? lb.get(pb) : null, ' '));
                if (pa < ea) pa++;
                if (pb < eb) pb++;
                rows++;
            }
            if (both) {
                s.append(row(la.get(pa++), lb.get(pb++), '='));
                i++;
                j++;
            } else if (onlyA) {
                s.append(row(la.get(pa++), pb < nb ? lb.get(pb++) : null, '!'));
                i++;
            } else if (onlyB) {
                s.append(row(pa < na ? la.get(pa++) : null, lb.get(pb++), '!'));
                j++;
            }
            rows++;
            if (rows > 150) {
                s.append("     ... (cut at 150 rows)\n");
                break;
            }
        }
        return s.toString();
    }

    static String row(Line a, Line b, char mark) {
        String left = a == null ? "" : cut(a.insn().text() + (a.tags().isEmpty() ? "" : "  <" + a.tags() + ">"));
        String right = b == null ? "" : cut(b.insn().text() + (b.tags().isEmpty() ? "" : "  <" + b.tags() + ">"));
        return String.format("   %c %-" + WIDTH + "s | %s%s%n", mark, left, right, mark == '!' ? "  !" : "");
    }

    static String cut(String s) {
        return s.length() <= WIDTH ? s : s.substring(0, WIDTH - 1) + "~";
    }
}
