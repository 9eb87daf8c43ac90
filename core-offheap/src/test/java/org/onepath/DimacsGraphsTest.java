package org.onepath;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.onepath.io.DimacsGraphs;
import org.onepath.io.GraphFormatException;

/** The DIMACS shortest-path readers: arcs, coordinates, and malformed input named by file and line. */
class DimacsGraphsTest {
    @TempDir
    Path dir;

    private static final String GR = """
            c a small road network
            c (1-based node ids)
            p sp 4 5
            a 1 2 10
            a 2 1 10
            a 2 3 7
            a 3 4 2
            a 1 4 25
            """;
    private static final String CO = """
            c coordinates
            p aux sp co 4
            v 1 0 0
            v 2 8 0
            v 3 8 6
            v 4 10 6
            """;

    private Path write(String name, String text) throws IOException {
        Path p = dir.resolve(name);
        Files.writeString(p, text);
        return p;
    }

    @Test
    void arcsBecomeEdgesInFileOrderWithZeroBasedNodes() throws IOException {
        try (Graph g = DimacsGraphs.readGraph(write("net.gr", GR))) {
            assertEquals(4, g.nodeCount());
            assertEquals(5, g.edgeCount());
            assertEquals(1, g.from(2));
            assertEquals(2, g.to(2));
            assertEquals(7.0, g.weight(2));
            GraphPath p = g.findPath(0, 3);
            assertEquals(19.0, p.cost(), "10 + 7 + 2 beats the direct 25");
            assertArrayEquals(new int[] {0, 2, 3}, p.edges());
        }
    }

    @Test
    void aPointGraphTakesTheCoordinatesBeside() throws IOException {
        Path gr = write("net.gr", GR);
        write("net.co", CO);
        assertEquals(dir.resolve("net.co"), DimacsGraphs.coordinatesBeside(gr));
        try (PointGraph g = DimacsGraphs.readPointGraph(gr, DimacsGraphs.coordinatesBeside(gr))) {
            assertEquals(8.0, g.x(2));
            assertEquals(6.0, g.y(3));
            // ratios weight / length: 10/8, 10/8, 7/6, 2/2, 25/sqrt(136): the smallest is 1
            assertEquals(1.0 * (1 - 1e-9), g.heuristicScale(), 1e-15);
            GraphPath p = g.findPath(0, 3);
            assertEquals(GraphHeuristic.EUCLIDEAN, p.heuristic());
            assertEquals(19.0, p.cost());
            assertTrue(
                    p.expandedCount() <= g.findPath(0, 3, GraphOptions.DIJKSTRA).expandedCount());
        }
    }

    @Test
    void malformedArcFilesNameTheFileLineAndProblem() throws IOException {
        bad("p sp 2 1\na 1 3 1\n", 2, "head node 3 is outside 1..2");
        bad("p sp 2 1\na 1 2 -4\n", 2, "weight -4.0");
        bad("p sp 2 1\na 1 2 x\n", 2, "'x' for the weight");
        bad("p sp 2 1\na 1 2 NaN\n", 2, "'NaN' for the weight; expected a number");
        bad("p sp 2 1\na 1 2 1e999\n", 2, "expected a finite number");
        bad("p sp 2 1\na 1 2 1 9\n", 2, "'9' after the last field");
        bad("a 1 2 1\n", 1, "before the problem line");
        bad("c nothing\n", 1, "no problem line");
        bad("p sp 2 2\na 1 2 1\n", 2, "1 arc lines; the problem line announced 2");
        bad("p sp 2 1\na 1 2 1\na 2 1 1\n", 3, "more arc lines than the 1");
        bad("p sp 2 1\nv 1 2 1\n", 2, "line kind 'v'");
        bad("p sp 67108865 0\n", 1, "node count 67108865 is outside 0..67108864");
        bad("p max 2 1\n", 1, "'max'; expected 'sp'");
        bad("p sp 2 1\np sp 2 1\n", 2, "a second problem line");
    }

    private void bad(String gr, long line, String part) throws IOException {
        Path p = write("bad.gr", gr);
        GraphFormatException e = assertThrows(GraphFormatException.class, () -> DimacsGraphs.readGraph(p), gr);
        assertEquals(line, e.line(), e.getMessage());
        assertTrue(e.getMessage().startsWith(p.toString()), e.getMessage());
        assertTrue(e.getMessage().contains(part), e.getMessage() + " should say " + part);
    }

    @Test
    void malformedCoordinateFilesNameTheFileLineAndProblem() throws IOException {
        Path gr = write("net.gr", GR);
        badCo(gr, "p aux sp co 5\n", 1, "node count 5 differs from the arc file's 4");
        badCo(gr, "p aux sp co 4\nv 1 0 0\nv 1 1 1\n", 3, "node 1 has a second coordinate line");
        badCo(gr, "p aux sp co 4\nv 1 0 0\nv 2 0 0\nv 4 0 0\n", 4, "node 3 has no coordinate line");
        badCo(gr, "v 1 0 0\n", 1, "before the problem line");
        badCo(gr, "p aux sp co 4\nv 9 0 0\n", 2, "node id 9 is outside 1..4");
        badCo(gr, "p aux sp co 4\nv 1 0 Infinity\n", 2, "'Infinity' for the y coordinate");
        badCo(gr, "p aux sp co 4\nv 1 0 -1e999\n", 2, "finite");
    }

    private void badCo(Path gr, String co, long line, String part) throws IOException {
        Path c = write("bad.co", co);
        GraphFormatException e = assertThrows(GraphFormatException.class, () -> DimacsGraphs.readPointGraph(gr, c), co);
        assertEquals(line, e.line(), e.getMessage());
        assertTrue(e.getMessage().contains(part), e.getMessage() + " should say " + part);
    }

    @Test
    void numbersArePlainDecimalsAndCountsPlainDigits() throws IOException {
        // Lenient JDK parsers would read each of these; the format has none of them.
        bad("p sp +2 1\na 1 2 1\n", 1, "'+2' for the node count; expected an integer");
        bad("p sp 2 1\na 1 2 0x1p0\n", 2, "'0x1p0' for the weight");
        bad("p sp 2 1\na 1 2 1f\n", 2, "'1f' for the weight");
        bad("p sp 2 1\na 1 2 1\u000B\n", 2, "for the weight");
        bad("p sp 2 1\na 1 2 .5\n", 2, "'.5' for the weight");
        try (Graph g = DimacsGraphs.parseGraph("t.gr", "p sp 2 2\na 1 2 1.5e1\na 2 1 -0\n")) {
            assertEquals(15.0, g.weight(0));
            assertEquals(0.0, g.weight(1));
        }
    }

    @Test
    void aByteOutsideAsciiIsAFormatErrorOfItsLine() throws IOException {
        Path p = dir.resolve("latin.gr");
        Files.write(p, new byte[] {'p', ' ', 's', 'p', ' ', '2', ' ', '0', '\n', 'a', ' ', (byte) 0xE9, '\n'});
        GraphFormatException e = assertThrows(GraphFormatException.class, () -> DimacsGraphs.readGraph(p));
        assertEquals(2, e.line(), e.getMessage());
        Files.write(p, new byte[] {'c', ' ', (byte) 0xE9, '\n', 'p', ' ', 's', 'p', ' ', '2', ' ', '0', '\n'});
        try (Graph g = DimacsGraphs.readGraph(p)) {
            assertEquals(2, g.nodeCount(), "a comment may hold any byte");
        }
    }

    @Test
    void textParsesAsTheFilesRead() throws IOException {
        Path gr = write("net.gr", GR);
        Path co = write("net.co", CO);
        try (Graph fromFile = DimacsGraphs.readGraph(gr);
                Graph fromText = DimacsGraphs.parseGraph("net.gr", GR);
                PointGraph points = DimacsGraphs.parsePointGraph("net.gr", GR, "net.co", CO);
                PointGraph pointsFromFile = DimacsGraphs.readPointGraph(gr, co)) {
            assertEquals(fromFile.edgeCount(), fromText.edgeCount());
            for (int e = 0; e < fromFile.edgeCount(); e++) {
                assertEquals(fromFile.from(e), fromText.from(e));
                assertEquals(fromFile.to(e), fromText.to(e));
                assertEquals(fromFile.weight(e), fromText.weight(e));
            }
            for (int v = 0; v < points.nodeCount(); v++) {
                assertEquals(pointsFromFile.x(v), points.x(v));
                assertEquals(pointsFromFile.y(v), points.y(v));
            }
        }
    }

    @Test
    void aProblemLineAnnouncingManyNodesIsRefusedBeforeTheirPointsAreAllocated() {
        // 2^26 nodes would be 1 GiB of points: the missing coordinate lines are found first.
        long before = System.nanoTime();
        for (int i = 0; i < 20; i++) {
            GraphFormatException e = assertThrows(
                    GraphFormatException.class,
                    () -> DimacsGraphs.parsePointGraph(
                            "big.gr", "p sp 67108864 0\n", "big.co", "p aux sp co 67108864\nv 1 0 0\n"));
            assertTrue(e.getMessage().contains("node 2 has no coordinate line (1 of 67108864"), e.getMessage());
            assertEquals(2, e.line());
        }
        assertTrue(System.nanoTime() - before < 2_000_000_000L, "twenty refusals take well under a second each");
    }

    @Test
    void aMissingFileIsAnUncheckedIOException() {
        Path missing = dir.resolve("missing.gr");
        assertThrows(UncheckedIOException.class, () -> DimacsGraphs.readGraph(missing));
    }
}
