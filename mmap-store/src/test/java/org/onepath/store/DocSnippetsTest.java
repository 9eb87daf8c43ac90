package org.onepath.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.lang.reflect.InvocationTargetException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.spi.ToolProvider;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every Java code block of {@code README.md} and {@code docs/*.md}, read from the pages (the page
 * is the source), compiled against this build's library and run. A block that no longer matches
 * the API fails here, naming the page and line javac complains about.
 *
 * <p>A block is the body of a method. A complete example needs nothing more; a fragment that uses
 * variables it does not declare names, in an HTML comment on the line before its fence (hidden
 * when the page is shown), the context that declares them: {@code <!-- snippet: grid -->}. The
 * contexts are in {@link #CONTEXTS}, each the opening and the closing text around the block. Each
 * block runs in a folder of its own holding the files the examples open ({@code brc000d.map},
 * {@code arena.map}, {@code A1.3dmap}: small maps made here, not the benchmark data), and
 * {@code Path.of} in a block names a file in that folder. The library's packages,
 * {@code java.util}, {@code java.util.concurrent} and {@code java.lang.foreign} are imported.
 *
 * <p>Left out: the pages of {@link #LEFT_OUT}, each with its reason.
 */
class DocSnippetsTest {
    /** Pages whose Java blocks are not compiled, and why. */
    static final Map<String, String> LEFT_OUT = Map.of();

    /** A context: what is written before a block and after it. */
    record Context(String open, String close) {}

    /** The contexts a page may name; see the class comment. */
    static final Map<String, Context> CONTEXTS = contexts();

    private static Map<String, Context> contexts() {
        Map<String, Context> c = new LinkedHashMap<>();
        c.put("grid", new Context("""
                try (Grid grid = Grid.create(64, 48)) {
                    grid.setRect(20, 0, 2, 40, Grid.WALL);
                    Cell start = new Cell(2, 3);
                    Cell goal = new Cell(60, 40);
                    GridOptions options = GridOptions.DEFAULT;
                    Cancellation cancellation = new Cancellation();
                    Executor executor = Runnable::run;
                """, "}\n"));
        c.put("grid-nodes", new Context("""
                try (Grid grid = Grid.create(64, 48)) {
                    grid.setRect(20, 0, 2, 40, Grid.WALL);
                    int start = grid.indexOf(2, 3);
                    int goal = grid.indexOf(60, 40);
                """, "}\n"));
        c.put("hex-grid", new Context("""
                try (HexGrid grid = HexGrid.create(8, 6, HexLayout.POINTY_ODD_ROW)) {
                """, "}\n"));
        c.put("voxel-grid", new Context("""
                try (VoxelGrid grid = VoxelGrid.create(64, 32, 16)) {
                    grid.setWalkable(20, 12, 7, false);
                """, "}\n"));
        c.put("graph", new Context("""
                try (Graph graph = new Graph(16)) {
                    for (int i = 0; i + 1 < 16; i++) {
                        graph.addUndirectedEdge(i, i + 1, 1.0 + i % 3);
                    }
                    int start = 0;
                    int goal = 15;
                """, "}\n"));
        c.put("rollback", new Context("""
                try (Grid grid = Grid.create(32, 32);
                        GridSearch search = grid.createSearch(GridOptions.DEFAULT);
                        GridFlowField field = grid.createFlowField(new Cell(31, 31));
                        GridReplanner replanner = grid.createReplanner(new Cell(0, 0), new Cell(31, 31))) {
                    MemorySegment buffer = MemorySegment.ofArray(new byte[1 << 20]);
                """, "}\n"));
        c.put("many-goals", new Context("""
                try (Grid grid = Grid.create(64, 64);
                        VoxelGrid world = VoxelGrid.create(32, 32, 16)) {
                    Cell start = new Cell(32, 32);
                    VoxelCell drone = new VoxelCell(1, 1, 1);
                    VoxelCell padA = new VoxelCell(30, 30, 0);
                    VoxelCell padB = new VoxelCell(5, 28, 3);
                """, "}\n"));
        c.put("path-service", new Context("""
                java.nio.file.Path path = Path.of("arena.map");
                java.nio.file.Path file = Path.of("arena.opstore");
                try (Grid baked = MovingAiMap.read(path).toGrid()) {
                    GridStore.bake(baked, "arena.map", file);
                }
                Cell a = new Cell(3, 5);
                Cell b = new Cell(40, 30);
                GridOptions options = GridOptions.DEFAULT;
                List<PathService.Query> batch = List.of(new PathService.Query(a, b), new PathService.Query(b, a, options));
                """, ""));
        c.put("smoothing", new Context("""
                try (Grid grid = MovingAiMap.read(Path.of("arena.map")).toGrid();
                        VoxelGrid world = VoxelGrid.create(32, 32, 8)) {
                    Cell start = new Cell(3, 5);
                    Cell goal = new Cell(40, 30);
                    VoxelCell from = new VoxelCell(0, 0, 0);
                    VoxelCell to = new VoxelCell(31, 31, 7);
                """, "}\n"));
        return Map.copyOf(c);
    }

    private static final List<String> IMPORTS = List.of(
            "org.onepath.*",
            "org.onepath.cells.*",
            "org.onepath.io.*",
            "org.onepath.grids.*",
            "org.onepath.grids.jps.*",
            "org.onepath.grids.theta.*",
            "org.onepath.grids.voxel.*",
            "org.onepath.grids.voxel.hierarchy.*",
            "org.onepath.graphs.CsrGraph",
            "org.onepath.graphs.GraphAStar",
            "org.onepath.graphs.Landmarks",
            "org.onepath.store.*",
            "org.onepath.state.Snapshottable",
            "java.util.*",
            "java.util.concurrent.*",
            "java.lang.foreign.*");

    /**
     * A Java block of a page.
     *
     * @param page the page, relative to the repository root
     * @param line the page's line of the block's first line of code
     * @param context the context the page names, or null
     * @param code the block's text
     */
    record Snippet(String page, int line, String context, String code) {
        /** The generated class's name: the page and line, as a Java identifier. */
        String className() {
            return "Snippet_" + page.replaceAll("[^A-Za-z0-9]", "_") + "_" + line;
        }

        @Override
        public String toString() {
            return page + ":" + line;
        }
    }

    private static final Pattern FENCE = Pattern.compile("^(\\s*)```java\\s*$");
    private static final Pattern MARKER = Pattern.compile("^\\s*<!--\\s*snippet:\\s*([a-z-]+)\\s*-->\\s*$");

    /** The Java blocks of one page's text, with the context each names. */
    static List<Snippet> snippets(String page, String text) {
        List<String> lines = text.lines().toList();
        List<Snippet> out = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            Matcher fence = FENCE.matcher(lines.get(i));
            if (!fence.matches()) {
                continue;
            }
            String indent = fence.group(1);
            Matcher marker = i > 0 ? MARKER.matcher(lines.get(i - 1)) : null;
            String context = marker != null && marker.matches() ? marker.group(1) : null;
            StringBuilder code = new StringBuilder();
            int j = i + 1;
            while (j < lines.size() && !lines.get(j).strip().equals("```")) {
                String l = lines.get(j);
                code.append(l.startsWith(indent) ? l.substring(indent.length()) : l.strip())
                        .append('\n');
                j++;
            }
            if (j == lines.size()) {
                throw new AssertionError(page + ":" + (i + 1) + ": the java block is not closed");
            }
            out.add(new Snippet(page, i + 2, context, code.toString()));
            i = j;
        }
        return out;
    }

    /** Every Java block of the README and the pages under docs, the left-out pages aside. */
    static List<Snippet> allSnippets(Path root) throws IOException {
        List<String> pages = new ArrayList<>();
        pages.add("README.md");
        try (Stream<Path> docs = Files.list(root.resolve("docs"))) {
            docs.filter(p -> p.getFileName().toString().endsWith(".md"))
                    .map(p -> "docs/" + p.getFileName())
                    .sorted()
                    .forEach(pages::add);
        }
        List<Snippet> all = new ArrayList<>();
        for (String page : pages) {
            if (!LEFT_OUT.containsKey(page)) {
                all.addAll(snippets(page, Files.readString(root.resolve(page))));
            }
        }
        return all;
    }

    /** The generated source of a block and where the block starts in it. */
    record Source(Snippet snippet, String text, int firstCodeLine, int lastCodeLine) {}

    static Source source(Snippet s) {
        Context context = s.context() == null ? new Context("", "") : CONTEXTS.get(s.context());
        if (context == null) {
            throw new AssertionError(
                    s + ": unknown snippet context '" + s.context() + "', known: " + CONTEXTS.keySet());
        }
        StringBuilder b = new StringBuilder();
        for (String i : IMPORTS) {
            b.append("import ").append(i).append(";\n");
        }
        b.append("public final class ").append(s.className()).append(" {\n");
        b.append("    private static java.nio.file.Path folder;\n");
        b.append("    /** Path.of in a block: a file in the block's folder. */\n");
        b.append("    static final class Path {\n");
        b.append("        static java.nio.file.Path of(String first, String... more) {\n");
        b.append("            return folder.resolve(java.nio.file.Path.of(first, more));\n");
        b.append("        }\n");
        b.append("    }\n");
        b.append("    public static void run(java.nio.file.Path dir) throws Exception {\n");
        b.append("        folder = dir;\n");
        b.append(context.open());
        int first = (int) b.chars().filter(c -> c == '\n').count() + 1;
        b.append(s.code());
        int last = (int) b.chars().filter(c -> c == '\n').count();
        b.append(context.close());
        b.append("    }\n}\n");
        return new Source(s, b.toString(), first, last);
    }

    /**
     * Compiles the blocks into {@code out}; returns javac's complaints per block, each line
     * turned to the page's line where it falls inside the block.
     */
    static Map<Snippet, String> compile(List<Snippet> snippets, Path src, Path out) throws IOException {
        Files.createDirectories(out);
        if (snippets.isEmpty()) {
            return Map.of();
        }
        Map<String, Source> byFile = new LinkedHashMap<>();
        List<String> args = new ArrayList<>(List.of("--release", "25", "-proc:none", "-nowarn", "-d", out.toString()));
        String modulePath = System.getProperty("jdk.module.path", "");
        if (!modulePath.isEmpty()) {
            args.addAll(List.of("--module-path", modulePath, "--add-modules", "org.onepath.store"));
        } else {
            args.addAll(List.of(
                    "--class-path",
                    System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"))));
        }
        Files.createDirectories(src);
        for (Snippet s : snippets) {
            Source source = source(s);
            Path file = src.resolve(s.className() + ".java");
            Files.writeString(file, source.text());
            byFile.put(file.toString(), source);
            args.add(file.toString());
        }
        StringWriter log = new StringWriter();
        ToolProvider javac = ToolProvider.findFirst("javac").orElseThrow();
        int status = javac.run(new PrintWriter(log), new PrintWriter(log), args.toArray(String[]::new));
        Map<Snippet, String> errors = new LinkedHashMap<>();
        if (status == 0) {
            return errors;
        }
        Pattern at = Pattern.compile("^(.*\\.java):(\\d+): (.*)$");
        Source current = null;
        for (String line : log.toString().lines().toList()) {
            Matcher m = at.matcher(line);
            if (m.matches() && byFile.containsKey(m.group(1))) {
                current = byFile.get(m.group(1));
                int generated = Integer.parseInt(m.group(2));
                String where = generated >= current.firstCodeLine() && generated <= current.lastCodeLine()
                        ? current.snippet().page() + ":"
                                + (current.snippet().line() + generated - current.firstCodeLine())
                        : current.snippet() + " (context " + current.snippet().context() + ", line " + generated
                                + " of " + m.group(1) + ")";
                errors.merge(current.snippet(), where + ": " + m.group(3) + "\n", String::concat);
            } else if (current != null) {
                errors.merge(current.snippet(), line + "\n", String::concat);
            }
        }
        if (errors.isEmpty()) {
            throw new AssertionError("javac failed without naming a block:\n" + log);
        }
        return errors;
    }

    /** Writes the files the examples open into {@code dir}. */
    static void writeExampleFiles(Path dir) throws IOException {
        Files.writeString(dir.resolve("brc000d.map"), movingAiMap(256, 256, 1));
        Files.writeString(dir.resolve("arena.map"), movingAiMap(64, 64, 2));
        StringBuilder voxels = new StringBuilder("voxel 100 100 20\n");
        for (int z = 0; z < 12; z++) {
            voxels.append(50).append(' ').append(40 + z).append(' ').append(z).append('\n');
        }
        Files.writeString(dir.resolve("A1.3dmap"), voxels.toString());
    }

    /**
     * An octile map, open but for {@code blocks} x {@code blocks} squares of 6 x 6 walls about
     * its middle: few jump points, so that the goal bounds of {@code docs/jps.md} bake at once.
     */
    private static String movingAiMap(int width, int height, int blocks) {
        StringBuilder b = new StringBuilder("type octile\nheight " + height + "\nwidth " + width + "\nmap\n");
        for (int y = 0; y < height; y++) {
            for (int x = 0; x < width; x++) {
                int bx = x - width / 2 + 10 * blocks;
                int by = y - height / 2 + 10 * blocks;
                boolean wall = bx >= 0 && by >= 0 && bx < 20 * blocks && by < 20 * blocks && bx % 20 < 6 && by % 20 < 6;
                b.append(wall ? '@' : '.');
            }
            b.append('\n');
        }
        return b.toString();
    }

    /** Runs a compiled block in its own folder; what it throws fails the test. */
    static void run(Snippet s, Path classes, Path folder) throws Throwable {
        Files.createDirectories(folder);
        writeExampleFiles(folder);
        try (URLClassLoader loader =
                new URLClassLoader(new URL[] {classes.toUri().toURL()}, DocSnippetsTest.class.getClassLoader())) {
            Class<?> c = loader.loadClass(s.className());
            try {
                c.getMethod("run", Path.class).invoke(null, folder);
            } catch (InvocationTargetException e) {
                throw e.getCause();
            }
        }
    }

    static Path repositoryRoot() {
        return Path.of("").toAbsolutePath().getParent();
    }

    @TempDir
    Path dir;

    @TestFactory
    Stream<DynamicTest> everyJavaBlockOfTheReadmeAndTheDocsCompilesAndRuns() throws IOException {
        List<Snippet> snippets = allSnippets(repositoryRoot());
        Path classes = dir.resolve("classes");
        Map<Snippet, String> errors = compile(snippets, dir.resolve("src"), classes);
        if (!errors.isEmpty()) {
            // javac writes no class when any file fails: the others are compiled again alone, so
            // that they still run and one stale block fails alone.
            classes = dir.resolve("classes-of-the-rest");
            List<Snippet> rest =
                    snippets.stream().filter(s -> !errors.containsKey(s)).toList();
            Map<Snippet, String> again = compile(rest, dir.resolve("src-of-the-rest"), classes);
            assertTrue(again.isEmpty(), () -> "blocks that compiled with the others fail alone: " + again);
        }
        Path compiled = classes;
        return snippets.stream()
                .map(s -> DynamicTest.dynamicTest(s.toString(), () -> {
                    if (errors.containsKey(s)) {
                        fail(s + " does not compile against the library:\n" + errors.get(s));
                    }
                    run(s, compiled, dir.resolve("run").resolve(s.className()));
                }));
    }

    /**
     * What the pages hold: the README's example among the blocks, every context named is known,
     * and a left-out page exists (a rename would otherwise drop it silently).
     */
    @Test
    void thePagesNameKnownContextsAndTheLeftOutPagesExist() throws IOException {
        Path root = repositoryRoot();
        List<Snippet> snippets = allSnippets(root);
        assertTrue(snippets.stream().anyMatch(s -> s.page().equals("README.md")), "the README's example");
        assertTrue(snippets.size() >= 25, "blocks found: " + snippets);
        for (Snippet s : snippets) {
            assertTrue(s.context() == null || CONTEXTS.containsKey(s.context()), s + ": context " + s.context());
        }
        for (String page : LEFT_OUT.keySet()) {
            assertTrue(Files.exists(root.resolve(page)), page);
        }
    }

    /**
     * The harness catches drift: a README whose example calls a method the library does not have
     * fails to compile, and the complaint names the README's line of the call.
     */
    @Test
    void aBlockThatNoLongerMatchesTheApiIsReportedAtItsPageLine() throws IOException {
        String page = """
                # Example

                ```java
                try (Grid grid = Grid.create(8, 8)) {
                    grid.findPath(0, 0, 7, 7);
                }
                ```
                """;
        List<Snippet> snippets = snippets("README.md", page);
        assertEquals(1, snippets.size());
        Map<Snippet, String> errors = compile(snippets, dir.resolve("src"), dir.resolve("classes"));
        String error = errors.get(snippets.getFirst());
        assertFalse(error == null, "the call with coordinates compiled");
        assertTrue(error.startsWith("README.md:5: error: "), error);
    }

    /** A fragment runs inside the context its marker names, and only there. */
    @Test
    void aMarkerWrapsTheBlockInItsContext() throws Throwable {
        String page = """
                <!-- snippet: grid -->
                ```java
                GridPath path = grid.findPath(start, goal);
                if (!path.found()) {
                    throw new AssertionError(path.status());
                }
                ```

                ```java
                GridPath path = grid.findPath(start, goal);
                ```
                """;
        List<Snippet> snippets = snippets("docs/example.md", page);
        assertEquals("grid", snippets.get(0).context());
        assertEquals(3, snippets.get(0).line());
        Map<Snippet, String> errors = compile(snippets, dir.resolve("src"), dir.resolve("classes"));
        assertFalse(errors.containsKey(snippets.get(0)), () -> errors.get(snippets.get(0)));
        assertTrue(
                errors.get(snippets.get(1)).startsWith("docs/example.md:10: error: cannot find symbol"),
                errors::toString);
    }
}
