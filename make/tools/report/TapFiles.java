package report;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import results.Results;

/**
 * make report's TAP 13 files, tap/LABEL.tap, one per run: comments with the pack's commit, its tools, the JDK's
 * java -version and the disassembly mode, then one line per behaviour in anatomy.probe.Outcome's TAP form (a
 * failure's message follows as comments).
 */
final class TapFiles implements ReportFormat {
    static final String DIR = "tap";

    @Override
    public List<Path> write(ReportModel model, Path dir) throws IOException {
        List<Path> files = new ArrayList<>();
        Files.createDirectories(dir.resolve(DIR));
        for (Results.Run r : model.runs()) {
            Path file = dir.resolve(DIR).resolve(r.label() + ".tap");
            Files.writeString(file, tap(r, model.tests()));
            files.add(file);
        }
        return files;
    }

    static String tap(Results.Run r, TreeSet<String> tests) {
        StringBuilder t = new StringBuilder("TAP version 13\n");
        t.append("# hotspot-jit-pack ").append(ReportModel.packVersion).append('\n');
        t.append("# ").append(ReportModel.packTools).append('\n');
        t.append("# platform ").append(r.label()).append(": ").append(r.jdkHome()).append('\n');
        r.javaVersion().forEach(l -> t.append("# java -version: ").append(l).append('\n'));
        t.append("# disassembly: ").append(r.probe().getProperty("pack.hsdis.why", r.probe().getProperty("pack.hsdis.mode", "?"))).append('\n');
        List<String> mine = tests.stream().filter(x -> !ReportModel.status(r, x).equals("none")).toList();
        t.append("1..").append(mine.size()).append('\n');
        int i = 0;
        for (String test : mine) {
            String st = ReportModel.status(r, test);
            i++;
            anatomy.probe.Outcome o = anatomy.probe.Outcome.of(st, "the cell of " + test);
            String why = o.tap() == anatomy.probe.Outcome.Tap.SKIP ? ReportModel.skipMessage(r, test).replace('\n', ' ') : ReportModel.reason(r, test);
            t.append(o.tapLine(i, test, why)).append('\n');
            if (o == anatomy.probe.Outcome.FAILED) {
                ReportModel.failureText(r, test).lines().limit(12).forEach(l -> t.append("# ").append(l).append('\n'));
            }
        }
        return t.toString();
    }
}
