package anatomy.probe;

import com.sun.management.HotSpotDiagnosticMXBean;
import com.sun.management.VMOption;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The VM flags the probe reads its properties from: this VM's (HotSpotDiagnosticMXBean), or those another VM
 * printed with {@code -XX:+PrintFlagsFinal -version}. Each flag has a value and tells whether the user set it
 * (an origin other than the VM's default or its ergonomics). The flags read since the last {@link #taken()}
 * are remembered, so that each property knows which flags decided it.
 */
public final class Flags {
    private record Flag(String value, boolean userSet) {
    }

    private final Map<String, Flag> known;   // null: ask this VM's MXBean
    private final String vmInfo;
    private final Set<String> read = new LinkedHashSet<>();

    private Flags(Map<String, Flag> known, String vmInfo) {
        this.known = known;
        this.vmInfo = vmInfo;
    }

    /** This VM's flags, and its java.vm.info ("mixed mode, sharing"). */
    static Flags thisVm() {
        return new Flags(null, System.getProperty("java.vm.info", ""));
    }

    // "     bool UseFPUForSpilling                        = false                {C2 product} {default}"
    private static final Pattern FLAG = Pattern.compile("^\\s*\\S+\\s+(\\w+)\\s+:?=\\s*(.*?)\\s*\\{[^}]*}\\s*\\{([^}]*)}\\s*$");
    // "OpenJDK 64-Bit Server VM (build 28-ea+18-1-Debian, mixed mode, sharing)"
    private static final Pattern VM_INFO = Pattern.compile("(?m)^.* VM \\(build [^,]*, (.*)\\)\\s*$");

    /** The flags and the java.vm.info of a VM that ran {@code -XX:+PrintFlagsFinal -version} (its stdout and stderr). */
    public static Flags parse(String printFlagsFinalAndVersion) {
        Map<String, Flag> flags = new LinkedHashMap<>();
        for (String line : printFlagsFinalAndVersion.split("\n")) {
            Matcher m = FLAG.matcher(line);
            if (m.matches()) {
                String origin = m.group(3).trim();
                flags.put(m.group(1), new Flag(m.group(2), !origin.equals("default") && !origin.equals("ergonomic")));
            }
        }
        Matcher info = VM_INFO.matcher(printFlagsFinalAndVersion);
        return new Flags(flags, info.find() ? info.group(1).trim() : "");
    }

    public boolean has(String name) {
        Flag f = flag(name);
        if (f != null) {
            read.add(name);
        }
        return f != null;
    }

    /** The flag's value as the MXBean writes it ("true", "8"); the flag must exist. */
    public String value(String name) {
        Flag f = flag(name);
        if (f == null) {
            throw new IllegalArgumentException("no flag " + name + " in this VM");
        }
        read.add(name);
        return f.value();
    }

    /** Whether the user's options set the flag (command line, environment, a flags file), not the VM. */
    public boolean userSet(String name) {
        Flag f = flag(name);
        return f != null && f.userSet();
    }

    public String vmInfo() {
        return vmInfo;
    }

    /** The flags read since the last call, in the order first read; forgets them. */
    List<String> taken() {
        List<String> names = new ArrayList<>(read);
        read.clear();
        return names;
    }

    /** A flag as an option would set it: -XX:+Name, -XX:-Name, -XX:Name=value. */
    public String text(String name) {
        Flag f = flag(name);
        if (f == null) {
            return name + " does not exist in this VM";
        }
        return f.value().equals("true") ? "-XX:+" + name : f.value().equals("false") ? "-XX:-" + name : "-XX:" + name + "=" + f.value();
    }

    private Flag flag(String name) {
        if (known != null) {
            return known.get(name);
        }
        try {
            VMOption o = ManagementFactory.getPlatformMXBean(HotSpotDiagnosticMXBean.class).getVMOption(name);
            return new Flag(o.getValue(), o.getOrigin() != VMOption.Origin.DEFAULT && o.getOrigin() != VMOption.Origin.ERGONOMIC);
        } catch (IllegalArgumentException e) {
            return null;
        }
    }
}
