package jdk.test.whitebox;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.JarURLConnection;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Enumeration;
import java.util.List;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;

/**
 * Lays out the WhiteBox classes for {@code -Xbootclasspath/a:}: copies {@code jdk/test/whitebox/WhiteBox.class}
 * and its nested classes ({@code WhiteBox$*.class}), as found on this VM's class path, into a directory, by
 * default the working directory. Nothing else is copied, so the test and the rest of the pack stay with the
 * application class loader.
 *
 * <p>In a jtreg test, run it as a driver before the action that needs WhiteBox; jtreg runs every action of a
 * test in the same scratch directory:
 * <pre>
 *   &#64;library /lib
 *   &#64;build jdk.test.whitebox.WhiteBox jdk.test.whitebox.BootClassPathInstaller
 *   &#64;run driver jdk.test.whitebox.BootClassPathInstaller
 *   &#64;run main/othervm -Xbootclasspath/a:. -XX:+UnlockDiagnosticVMOptions -XX:+WhiteBoxAPI MyTest
 * </pre>
 * Usage: {@code BootClassPathInstaller [directory]}.
 */
public final class BootClassPathInstaller {
    private static final String PACKAGE_DIR = "jdk/test/whitebox/";
    private static final String RESOURCE = PACKAGE_DIR + "WhiteBox.class";

    private BootClassPathInstaller() {
    }

    public static void main(String[] args) throws IOException {
        if (args.length > 1) {
            throw new IllegalArgumentException("usage: BootClassPathInstaller [directory]");
        }
        Path target = Path.of(args.length == 1 ? args[0] : System.getProperty("user.dir")).toAbsolutePath();
        List<String> copied = install(target);
        System.out.println("Installed " + copied + " under " + target + " (use -Xbootclasspath/a:" + target + ")");
    }

    /**
     * Copies the WhiteBox class files into {@code root}/jdk/test/whitebox/.
     *
     * @return the names of the files copied
     * @throws IllegalStateException if WhiteBox is not compiled on the class path
     */
    public static List<String> install(Path root) throws IOException {
        ClassLoader loader = BootClassPathInstaller.class.getClassLoader();
        URL url = loader == null ? ClassLoader.getSystemResource(RESOURCE) : loader.getResource(RESOURCE);
        if (url == null) {
            throw new IllegalStateException(RESOURCE + " is not on the class path " + System.getProperty("java.class.path")
                    + "; build it first (jtreg: @library /lib and @build jdk.test.whitebox.WhiteBox)");
        }
        Path dir = root.resolve(PACKAGE_DIR);
        Files.createDirectories(dir);
        List<String> copied = new ArrayList<>();
        switch (url.getProtocol()) {
            case "file": {
                Path source;
                try {
                    source = Path.of(url.toURI()).getParent();
                } catch (URISyntaxException e) {
                    throw new IllegalStateException("cannot read " + url, e);
                }
                try (var files = Files.list(source)) {
                    for (Path f : (Iterable<Path>) files::iterator) {
                        String name = f.getFileName().toString();
                        if (isWhiteBoxClass(name)) {
                            Files.copy(f, dir.resolve(name), StandardCopyOption.REPLACE_EXISTING);
                            copied.add(name);
                        }
                    }
                }
                break;
            }
            case "jar": {
                JarURLConnection connection = (JarURLConnection) url.openConnection();
                connection.setUseCaches(false);
                try (JarFile jar = connection.getJarFile()) {
                    for (Enumeration<JarEntry> e = jar.entries(); e.hasMoreElements(); ) {
                        JarEntry entry = e.nextElement();
                        String path = entry.getName();
                        if (path.startsWith(PACKAGE_DIR) && isWhiteBoxClass(path.substring(PACKAGE_DIR.length()))) {
                            String name = path.substring(PACKAGE_DIR.length());
                            try (InputStream in = jar.getInputStream(entry)) {
                                Files.copy(in, dir.resolve(name), StandardCopyOption.REPLACE_EXISTING);
                            }
                            copied.add(name);
                        }
                    }
                }
                break;
            }
            default:
                throw new UncheckedIOException(new IOException("cannot copy class files from " + url));
        }
        return copied;
    }

    private static boolean isWhiteBoxClass(String fileName) {
        return fileName.endsWith(".class") && !fileName.contains("/")
                && (fileName.equals("WhiteBox.class") || fileName.startsWith("WhiteBox$"));
    }
}
