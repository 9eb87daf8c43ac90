package org.onepath.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.io.InputStream;
import java.lang.module.ModuleDescriptor;
import java.net.URISyntaxException;
import java.nio.file.FileSystem;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The published Javadoc covers exactly the public API: for each library module, the packages
 * its pom keeps out of javadoc ({@code excludePackageNames}) are the packages its module
 * descriptor does not export to everyone. The javadoc plugin runs in legacy mode (it cannot read
 * Java 25 module descriptors inside an older Maven JVM), so the list is written twice and this
 * test keeps the two copies equal.
 */
final class PublishedApiTest {
    private static final Pattern EXCLUDES = Pattern.compile("<excludePackageNames>([^<]*)</excludePackageNames>");

    @ParameterizedTest
    @CsvSource({
        "state-format, org.onepath.state.StateKind",
        "core-offheap, org.onepath.Grid",
        "mmap-store, org.onepath.store.GridStore"
    })
    void javadocExcludesExactlyTheUnexportedPackages(String module, String member) throws Exception {
        Path location = locationOf(Class.forName(member));
        ModuleDescriptor descriptor = descriptorOf(location);
        Set<String> exported = descriptor.exports().stream()
                .filter(e -> !e.isQualified())
                .map(ModuleDescriptor.Exports::source)
                .collect(Collectors.toSet());
        // javac writes no ModulePackages attribute, so the packages are read off the classes.
        Set<String> internal = packagesAt(location);
        internal.removeAll(exported);

        Path pom = repositoryRoot().resolve(module).resolve("pom.xml");
        Matcher m = EXCLUDES.matcher(Files.readString(pom));
        Set<String> excluded = new TreeSet<>();
        if (m.find()) {
            Arrays.stream(m.group(1).split(":"))
                    .map(String::strip)
                    .filter(s -> !s.isEmpty())
                    .forEach(excluded::add);
        }
        assertEquals(
                internal,
                excluded,
                pom + ": excludePackageNames must list the packages " + descriptor.name()
                        + " does not export to everyone");
    }

    /**
     * What the release profile publishes: the modules whose pom does not set
     * {@code maven.deploy.skip} are exactly those the Central plugin does not exclude, and they
     * are the BOM and the four library modules (spark among them), which the BOM lists.
     */
    @Test
    void releaseProfilePublishesTheBomAndTheFourLibraries() throws IOException {
        Path root = repositoryRoot();
        String parent = Files.readString(root.resolve("pom.xml"));
        Set<String> deployed = new TreeSet<>();
        Set<String> skipped = new TreeSet<>(Set.of(tag(parent, "artifactId")));
        for (String module : all(parent, "module")) {
            String pom = Files.readString(root.resolve(module).resolve("pom.xml"));
            String artifactId = artifactIdOf(pom);
            (pom.contains("<maven.deploy.skip>true</maven.deploy.skip>") ? skipped : deployed).add(artifactId);
        }
        Set<String> libraries =
                Set.of("onepath-state-format", "onepath-core-offheap", "onepath-mmap-store", "onepath-spark");
        Set<String> expected = new TreeSet<>(libraries);
        expected.add("onepath-bom");
        assertEquals(expected, deployed, "modules deployed by the release profile");
        assertEquals(skipped, new TreeSet<>(all(parent, "artifact")), "the Central plugin's excludeArtifacts");
        String bom = Files.readString(root.resolve("bom/pom.xml"));
        String managed = bom.substring(bom.indexOf("<dependencyManagement>"), bom.indexOf("</dependencyManagement>"));
        assertEquals(libraries, new TreeSet<>(all(managed, "artifactId")), "the BOM's entries");
    }

    /** The project's own artifactId: the first one after the parent block. */
    private static String artifactIdOf(String pom) {
        return tag(pom.substring(pom.indexOf("</parent>")), "artifactId");
    }

    private static String tag(String xml, String name) {
        return all(xml, name).getFirst();
    }

    private static List<String> all(String xml, String name) {
        Matcher m = Pattern.compile("<" + name + ">([^<]*)</" + name + ">").matcher(xml);
        List<String> found = new ArrayList<>();
        while (m.find()) {
            found.add(m.group(1).strip());
        }
        return found;
    }

    private static Path locationOf(Class<?> type) throws URISyntaxException {
        return Path.of(type.getProtectionDomain().getCodeSource().getLocation().toURI());
    }

    private static Set<String> packagesAt(Path location) throws IOException {
        if (Files.isDirectory(location)) {
            return packagesUnder(location);
        }
        try (FileSystem jar = FileSystems.newFileSystem(location)) {
            return packagesUnder(jar.getPath("/"));
        }
    }

    private static Set<String> packagesUnder(Path root) throws IOException {
        try (Stream<Path> files = Files.walk(root)) {
            return files.filter(f -> f.toString().endsWith(".class"))
                    .map(f -> root.relativize(f.getParent()).toString())
                    .filter(d -> !d.isEmpty() && !d.startsWith("META-INF"))
                    .map(d -> d.replace('/', '.'))
                    .collect(Collectors.toCollection(TreeSet::new));
        }
    }

    private static ModuleDescriptor descriptorOf(Path location) throws IOException {
        if (Files.isDirectory(location)) {
            try (InputStream in = Files.newInputStream(location.resolve("module-info.class"))) {
                return ModuleDescriptor.read(in);
            }
        }
        try (FileSystem jar = FileSystems.newFileSystem(location);
                InputStream in = Files.newInputStream(jar.getPath("module-info.class"))) {
            return ModuleDescriptor.read(in);
        }
    }

    /** Surefire runs in the module's folder, one below the repository root. */
    private static Path repositoryRoot() {
        return Path.of("").toAbsolutePath().getParent();
    }
}
