package anatomy.capture;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** A child VM that could not start, crashed, failed or hung; the message carries its command and output. */
public final class ChildVmException extends RuntimeException {
    private static final long serialVersionUID = 1L;
    private static final int TAIL_LINES = 30;

    private final String stderrText;
    private final String outputText;
    private final String fatalError;

    ChildVmException(String what, List<String> command, Path stdout, Path stderr, int exitCode) {
        super(what + "\n"
                + "command  : " + String.join(" ", command) + "\n"
                + "stdout   : " + stdout + "\n"
                + "stderr   : " + stderr + "\n"
                + "stderr (last " + TAIL_LINES + " lines):\n" + tail(stderr)
                + "stdout (last " + TAIL_LINES + " lines):\n" + tail(stdout));
        this.stderrText = text(stderr);
        this.outputText = text(stdout) + "\n" + stderrText;
        this.fatalError = fatalErrorIn(outputText);
    }

    /**
     * The VM's own report of a crash, when the child died of one ("A fatal error has been detected"): the error
     * line and the problematic frame, e.g. {@code SIGSEGV (0xb) at pc=0x...; V [libjvm.so+0x7a380c]
     * java_lang_Thread::set_thread_status(...)}; null when it exited otherwise.
     */
    public String fatalError() {
        return fatalError;
    }

    /** The crash a VM reported in its output (see {@link #fatalError()}), or null. */
    public static String fatalErrorIn(String output) {
        if (!output.contains("A fatal error has been detected")) {
            return null;
        }
        List<String> lines = output.lines().map(String::strip).toList();
        String error = null;
        String frame = null;
        for (int i = 0; i < lines.size(); i++) {
            String l = lines.get(i);
            if (error == null && l.matches("#\\s+(SIG[A-Z]+ .*|Internal Error .*|Out of Memory .*|guarantee.*)")) {
                error = l.replaceFirst("^#\\s+", "");
            }
            if (frame == null && l.startsWith("# Problematic frame:") && i + 1 < lines.size()) {
                frame = lines.get(i + 1).replaceFirst("^#\\s+", "");
            }
        }
        return (error == null ? "a fatal error" : error) + (frame == null ? "" : "; problematic frame: " + frame);
    }

    /**
     * The first frame of the crash's hs_err report (the file the VM names in its output), e.g. {@code V
     * [libjvm.so+0x7a380c] PhaseChaitin::Split(unsigned int, ResourceArea*)+0x1c}; null when there is none to read.
     */
    public String hsErrFirstFrame() {
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("#\\s+(/\\S*hs_err_pid\\d+\\.log)").matcher(outputText);
        return m.find() ? firstFrameIn(text(Path.of(m.group(1)))) : null;
    }

    /** The first frame listed under "Native frames:" (else "Java frames:") of an hs_err report's text, or null. */
    public static String firstFrameIn(String hsErr) {
        for (String section : new String[] {"Native frames:", "Java frames:"}) {
            int at = hsErr.indexOf(section);
            if (at >= 0) {
                String frame = hsErr.substring(at).lines().skip(1).map(String::strip).filter(l -> !l.isEmpty())
                        .findFirst().orElse(null);
                if (frame != null && !frame.startsWith("...")) {
                    return frame.replaceAll("\\s+", " ");
                }
            }
        }
        return null;
    }

    /** Both of the child's streams, stdout first: the VM prints some start-up errors on stdout. */
    public String outputText() {
        return outputText;
    }

    /** The child's whole stderr, to recognise a skip or an assertion the child itself raised. */
    public String stderrText() {
        return stderrText;
    }

    private static String text(Path p) {
        try {
            return Files.exists(p) ? Files.readString(p) : "";
        } catch (IOException e) {
            return "";
        }
    }

    private static String tail(Path p) {
        List<String> lines = text(p).lines().toList();
        StringBuilder sb = new StringBuilder();
        for (String l : lines.subList(Math.max(0, lines.size() - TAIL_LINES), lines.size())) {
            sb.append("    ").append(l).append('\n');
        }
        return sb.toString();
    }
}
