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

    ChildVmException(String what, List<String> command, Path stdout, Path stderr, int exitCode) {
        super(what + "\n"
                + "command  : " + String.join(" ", command) + "\n"
                + "stdout   : " + stdout + "\n"
                + "stderr   : " + stderr + "\n"
                + "stderr (last " + TAIL_LINES + " lines):\n" + tail(stderr)
                + "stdout (last " + TAIL_LINES + " lines):\n" + tail(stdout));
        this.stderrText = text(stderr);
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
