package report;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.TreeSet;
import results.Results;

/**
 * make report's junit.xml: one testsuite per run (a JDK on an ISA) with its facts as properties, one testcase per
 * behaviour it selected; each outcome's child is the one anatomy.probe.Outcome gives it (a finding and a
 * problem-listed test are skips whose message says what they are, an inconclusive is an error).
 */
final class JunitXml implements ReportFormat {
    static final String FILE = "junit.xml";

    @Override
    public List<Path> write(ReportModel model, Path dir) throws IOException {
        Path file = dir.resolve(FILE);
        Files.writeString(file, junit(model.runs(), model.tests()));
        return List.of(file);
    }

    static String junit(List<Results.Run> runs, TreeSet<String> tests) {
        StringBuilder x = new StringBuilder("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites name=\"hotspot-jit-pack\">\n");
        for (Results.Run r : runs) {
            int[] n = new int[anatomy.probe.Outcome.Junit.values().length];   // by the JUnit child: none, failure, error, skipped
            StringBuilder cases = new StringBuilder();
            double total = 0;
            for (String t : tests) {
                String st = ReportModel.status(r, t);
                if (st.equals("none")) {
                    continue;
                }
                Results.Cell c = r.cells().get(t);
                double secs = c == null || !c.seconds().matches("[0-9]+(\\.[0-9]*)?") ? 0 : Double.parseDouble(c.seconds());
                total += secs;
                String dir = t.contains("/") ? t.substring(0, t.lastIndexOf('/')).replace('/', '.') : "run";
                String cls = "pack." + r.label() + "." + dir;
                cases.append("    <testcase classname=\"").append(ReportModel.xml(cls)).append("\" name=\"").append(ReportModel.xml(t)).append("\" time=\"")
                        .append(String.format(Locale.ROOT, "%.2f", secs)).append("\"");
                anatomy.probe.Outcome o = anatomy.probe.Outcome.of(st, "the cell of " + t);
                String detail = o == anatomy.probe.Outcome.FAILED ? ReportModel.failureText(r, t) : ReportModel.reason(r, t);
                String message = o.junit() == anatomy.probe.Outcome.Junit.SKIPPED ? ReportModel.skipMessage(r, t) : o.qualified(ReportModel.first(detail));
                n[o.junit().ordinal()]++;
                String child = o.junitChild(ReportModel.xml(message), ReportModel.xml(detail));
                cases.append(child.isEmpty() ? "/>\n" : ">\n      " + child + "\n    </testcase>\n");
            }
            x.append("  <testsuite name=\"").append(ReportModel.xml(r.label())).append("\" tests=\"").append(java.util.Arrays.stream(n).sum())
                    .append("\" failures=\"").append(n[1]).append("\" errors=\"").append(n[2]).append("\" skipped=\"").append(n[3]).append("\" time=\"")
                    .append(String.format(Locale.ROOT, "%.2f", total)).append("\">\n    <properties>\n");
            for (String k : List.of("pack.jdk.why", "pack.isa", "pack.gc", "pack.emulated.why", "pack.cpu", "pack.hsdis.mode")) {
                x.append("      <property name=\"").append(k).append("\" value=\"").append(ReportModel.xml(r.probe().getProperty(k, ""))).append("\"/>\n");
            }
            x.append("      <property name=\"jdk.home\" value=\"").append(ReportModel.xml(r.jdkHome())).append("\"/>\n    </properties>\n")
                    .append(cases).append("  </testsuite>\n");
        }
        return x.append("</testsuites>\n").toString();
    }
}
