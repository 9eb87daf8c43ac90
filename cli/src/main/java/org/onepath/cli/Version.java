package org.onepath.cli;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Properties;
import picocli.CommandLine.IVersionProvider;

/** {@code onepath --version}: the pom's version, written into {@code version.properties} by the build. */
final class Version implements IVersionProvider {
    /** The version of this build, e.g. {@code 0.1.0}; never typed by hand. */
    static String current() {
        try (InputStream in = Version.class.getResourceAsStream("version.properties")) {
            if (in == null) {
                throw new IllegalStateException("version.properties is missing from the onepath-cli jar");
            }
            Properties p = new Properties();
            p.load(in);
            String v = p.getProperty("version", "");
            if (v.isEmpty() || v.startsWith("${")) {
                throw new IllegalStateException("version.properties was not filtered by the build: '" + v + "'");
            }
            return v;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read version.properties", e);
        }
    }

    @Override
    public String[] getVersion() {
        return new String[] {
            "onepath " + current(),
            "JVM: " + System.getProperty("java.vm.name") + " " + System.getProperty("java.runtime.version")
        };
    }
}
