package org.onepath.io;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.StringReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Objects;
import org.onepath.Graph;
import org.onepath.PointGraph;

/**
 * Readers for the shortest-path format of the 9th DIMACS Implementation Challenge: a {@code .gr}
 * file of arcs and a {@code .co} file of node coordinates, the form the published road networks
 * (USA-road-d.NY.gr and .co, ...) come in.
 *
 * <pre>
 * .gr   c comment            .co   c comment
 *       p sp NODES ARCS            p aux sp co NODES
 *       a FROM TO WEIGHT           v NODE X Y
 * </pre>
 * Nodes are numbered 1..NODES in the files and 0..NODES-1 here; arc {@code i} (0-based, in file
 * order) becomes edge id {@code i}. Weights are numbers &gt;= 0 (the challenge's are integers);
 * coordinates any finite numbers (the challenge's are millionths of a degree). The problem line
 * must come before the first arc or node line; the arc lines must number exactly ARCS, and
 * every node must have one coordinate line. Any other line, a count out of range (at most 2^26
 * nodes) or a malformed number throws {@link GraphFormatException} naming the file and line (a
 * count that the file's end contradicts names its last line).
 *
 * <p>Lines end with LF, CRLF or CR; fields are separated by spaces and tabs. Counts and node ids
 * are ASCII digits, weights and coordinates plain decimals ({@code D+(.D+)?([eE][+-]?D+)?}, a
 * coordinate after an optional minus); any byte reads (ISO-8859-1), so a stray byte is a format
 * error of its line. The coordinates are read before the point memory is allocated, so a problem
 * line announcing many nodes costs nothing until their lines are there.
 */
public final class DimacsGraphs {
    private DimacsGraphs() {}

    /**
     * A graph of a {@code .gr} file's arcs. The caller closes it.
     *
     * @param gr the {@code .gr} file, read as ISO-8859-1
     * @return a new graph with one node per problem-line node and one edge per arc, in file
     *         order; it owns off-heap memory until closed
     * @throws NullPointerException if {@code gr} is null
     * @throws GraphFormatException naming the file and line of malformed input
     * @throws UncheckedIOException when the file cannot be read
     */
    public static Graph readGraph(Path gr) {
        Objects.requireNonNull(gr, "gr");
        try (BufferedReader in = Files.newBufferedReader(gr, StandardCharsets.ISO_8859_1)) {
            return new ArcReader(gr.toString()).read(in);
        } catch (IOException e) {
            throw new UncheckedIOException(gr + ": " + e.getMessage(), e);
        }
    }

    /**
     * A graph of {@code .gr} text, as {@link #readGraph(Path)} reads a file. The caller closes it.
     *
     * @param source name used in error messages
     * @param gr     the text of a {@code .gr} file
     * @return a new graph with one node per problem-line node and one edge per arc, in text
     *         order; it owns off-heap memory until closed
     * @throws NullPointerException if an argument is null
     * @throws GraphFormatException naming the source and line of malformed input
     */
    public static Graph parseGraph(String source, String gr) {
        Objects.requireNonNull(source, "source");
        Objects.requireNonNull(gr, "gr");
        try (BufferedReader in = new BufferedReader(new StringReader(gr))) {
            return new ArcReader(source).read(in);
        } catch (IOException e) {
            throw new UncheckedIOException(source + ": " + e.getMessage(), e);
        }
    }

    /**
     * A point graph of {@code .gr} and {@code .co} text, as {@link #readPointGraph(Path, Path)}
     * reads files. The caller closes it.
     *
     * @param grSource name of the arc text in error messages
     * @param gr       the text of a {@code .gr} file
     * @param coSource name of the coordinate text in error messages
     * @param co       the text of the matching {@code .co} file, with the same node count
     * @return a new point graph with 2D points; it owns off-heap memory until closed
     * @throws NullPointerException if an argument is null
     * @throws GraphFormatException naming the source and line of malformed input, or the node
     *                              counts of the two texts when they differ
     */
    public static PointGraph parsePointGraph(String grSource, String gr, String coSource, String co) {
        Objects.requireNonNull(grSource, "grSource");
        Objects.requireNonNull(gr, "gr");
        Objects.requireNonNull(coSource, "coSource");
        Objects.requireNonNull(co, "co");
        try (BufferedReader arcsIn = new BufferedReader(new StringReader(gr));
                BufferedReader coordsIn = new BufferedReader(new StringReader(co))) {
            return pointGraph(grSource, arcsIn, coSource, coordsIn);
        } catch (IOException e) {
            throw new UncheckedIOException(e.getMessage(), e);
        }
    }

    /**
     * A point graph of a {@code .gr} file's arcs and a {@code .co} file's coordinates (2D). The
     * caller closes it.
     *
     * @param gr the {@code .gr} file of arcs, read as ISO-8859-1
     * @param co the {@code .co} file of coordinates, with the same node count (see
     *           {@link #coordinatesBeside(Path)})
     * @return a new point graph with 2D points; it owns off-heap memory until closed
     * @throws NullPointerException if an argument is null
     * @throws GraphFormatException naming the file and line of malformed input, or the node
     *                              counts of the two files when they differ
     * @throws UncheckedIOException when a file cannot be read
     */
    public static PointGraph readPointGraph(Path gr, Path co) {
        Objects.requireNonNull(gr, "gr");
        Objects.requireNonNull(co, "co");
        try (BufferedReader arcsIn = Files.newBufferedReader(gr, StandardCharsets.ISO_8859_1);
                BufferedReader coordsIn = Files.newBufferedReader(co, StandardCharsets.ISO_8859_1)) {
            return pointGraph(gr.toString(), arcsIn, co.toString(), coordsIn);
        } catch (IOException e) {
            throw new UncheckedIOException(e.getMessage(), e);
        }
    }

    /** The problem line of the arcs, every coordinate, then the arcs into a builder of that many nodes. */
    private static PointGraph pointGraph(
            String grSource, BufferedReader arcsIn, String coSource, BufferedReader coordsIn) throws IOException {
        ArcReader arcs = new ArcReader(grSource);
        int n = arcs.problem(arcsIn);
        Coordinates coordinates = readCoordinates(coordsIn, coSource, n);
        PointGraph.Builder builder = PointGraph.builder(n, 2);
        try {
            for (int i = 0; i < coordinates.count; i++) {
                builder.point(coordinates.node[i], coordinates.x[i], coordinates.y[i]);
            }
            arcs.arcs(arcsIn, builder);
            PointGraph built = builder.build();
            builder = null;
            return built;
        } finally {
            if (builder != null) {
                builder.close();
            }
        }
    }

    /** The coordinate lines in file order, in heap arrays that grow with the lines read. */
    private static final class Coordinates {
        int count;
        int[] node = new int[64];
        double[] x = new double[64];
        double[] y = new double[64];
        long[] line = new long[64];

        void add(int v, double px, double py, long at) {
            if (count == node.length) {
                int grown = 2 * count;
                node = Arrays.copyOf(node, grown);
                x = Arrays.copyOf(x, grown);
                y = Arrays.copyOf(y, grown);
                line = Arrays.copyOf(line, grown);
            }
            node[count] = v;
            x[count] = px;
            y[count] = py;
            line[count] = at;
            count++;
        }
    }

    /**
     * The .co file beside a .gr file: the same name with {@code .co} for {@code .gr}. The file
     * system is not consulted.
     *
     * @param gr the path of a {@code .gr} file; a name not ending in {@code .gr} gets {@code .co}
     *           appended
     * @return the sibling path of the coordinates, which may not exist
     */
    public static Path coordinatesBeside(Path gr) {
        String name = gr.getFileName().toString();
        String base = name.endsWith(".gr") ? name.substring(0, name.length() - 3) : name;
        return gr.resolveSibling(base + ".co");
    }

    private static Coordinates readCoordinates(BufferedReader in, String source, int nodes) throws IOException {
        Tokens t = new Tokens(source);
        boolean problem = false;
        Coordinates c = new Coordinates();
        String line;
        while ((line = in.readLine()) != null) {
            t.next(line);
            if (t.isBlankOrComment()) {
                continue;
            }
            String kind = t.word("a line kind (c, p or v)");
            if (kind.equals("p")) {
                if (problem) {
                    throw t.error("a second problem line");
                }
                t.expectWord("aux");
                t.expectWord("sp");
                t.expectWord("co");
                long n = t.integer("the node count", 0, Graph.MAX_NODES);
                if (n != nodes) {
                    throw t.error("the node count " + n + " differs from the arc file's " + nodes);
                }
                t.end();
                problem = true;
            } else if (kind.equals("v")) {
                if (!problem) {
                    throw t.error("a node line before the problem line 'p aux sp co NODES'");
                }
                int node = (int) t.integer("a node id", 1, nodes) - 1;
                double x = t.number("the x coordinate", true);
                double y = t.number("the y coordinate", true);
                t.end();
                c.add(node, x, y, t.lineNumber());
            } else {
                throw t.error("line kind '" + Tokens.abbreviate(kind) + "'; expected c, p or v");
            }
        }
        if (!problem) {
            throw t.atEnd("no problem line 'p aux sp co NODES'");
        }
        // Node ids with their position in the file, sorted: a repeated id is a second line, a gap a missing node.
        long[] byNode = new long[c.count];
        for (int i = 0; i < c.count; i++) {
            byNode[i] = (long) c.node[i] << 32 | i;
        }
        Arrays.sort(byNode);
        int repeated = -1;
        for (int i = 1; i < byNode.length; i++) {
            if (byNode[i] >>> 32 == byNode[i - 1] >>> 32) {
                int at = (int) byNode[i];
                if (repeated < 0 || at < repeated) {
                    repeated = at;
                }
            }
        }
        if (repeated >= 0) {
            throw new GraphFormatException(
                    source, c.line[repeated], "node " + (c.node[repeated] + 1) + " has a second coordinate line");
        }
        if (c.count != nodes) {
            int missing = 0;
            while (missing < byNode.length && byNode[missing] >>> 32 == missing) {
                missing++;
            }
            throw t.atEnd("node " + (missing + 1) + " has no coordinate line (" + c.count + " of " + nodes
                    + " nodes placed)");
        }
        return c;
    }

    /** Reads a .gr file: the problem line, then the arcs. */
    private static final class ArcReader {
        private final Tokens t;
        private int nodes = -1;
        private long arcs = -1;

        ArcReader(String source) {
            this.t = new Tokens(source);
        }

        Graph read(BufferedReader in) throws IOException {
            int n = problem(in);
            Graph graph = new Graph(n);
            try {
                arcs(in, graph);
                return graph;
            } catch (RuntimeException e) {
                graph.close();
                throw e;
            }
        }

        /** Reads up to and including the problem line; returns the node count. */
        int problem(BufferedReader in) throws IOException {
            String line;
            while ((line = in.readLine()) != null) {
                t.next(line);
                if (t.isBlankOrComment()) {
                    continue;
                }
                String kind = t.word("a line kind (c, p or a)");
                if (!kind.equals("p")) {
                    throw t.error(
                            "an '" + Tokens.abbreviate(kind) + "' line before the problem line 'p sp NODES ARCS'");
                }
                t.expectWord("sp");
                nodes = (int) t.integer("the node count", 0, Graph.MAX_NODES);
                arcs = t.integer("the arc count", 0, Graph.MAX_EDGES);
                t.end();
                return nodes;
            }
            throw t.atEnd("no problem line 'p sp NODES ARCS'");
        }

        /** Reads the arc lines into a Graph or a PointGraph.Builder. */
        void arcs(BufferedReader in, Object target) throws IOException {
            long read = 0;
            String line;
            while ((line = in.readLine()) != null) {
                t.next(line);
                if (t.isBlankOrComment()) {
                    continue;
                }
                String kind = t.word("a line kind (c or a)");
                if (kind.equals("p")) {
                    throw t.error("a second problem line");
                }
                if (!kind.equals("a")) {
                    throw t.error("line kind '" + Tokens.abbreviate(kind) + "'; expected c or a");
                }
                if (read == arcs) {
                    throw t.error("more arc lines than the " + arcs + " the problem line announced");
                }
                int from = (int) t.integer("the tail node", 1, nodes) - 1;
                int to = (int) t.integer("the head node", 1, nodes) - 1;
                double w = t.number("the weight", true);
                if (w < 0) {
                    throw t.error("weight " + w + "; expected a number >= 0");
                }
                t.end();
                w = w + 0.0; // -0 is weight 0
                if (target instanceof Graph g) {
                    g.addEdge(from, to, w);
                } else {
                    ((PointGraph.Builder) target).edge(from, to, w);
                }
                read++;
            }
            if (read != arcs) {
                throw t.atEnd(read + " arc lines; the problem line announced " + arcs);
            }
        }
    }

    /** Whitespace-separated fields of one line, with the line number for errors. */
    private static final class Tokens {
        final String source;
        private long lineNumber;
        private String line;
        private int at;

        Tokens(String source) {
            this.source = source;
        }

        void next(String text) {
            lineNumber++;
            line = text;
            at = 0;
        }

        boolean isBlankOrComment() {
            skipSpace();
            return at == line.length()
                    || line.charAt(at) == 'c' && (at + 1 == line.length() || isSpace(line.charAt(at + 1)));
        }

        String word(String what) {
            skipSpace();
            int start = at;
            while (at < line.length() && !isSpace(line.charAt(at))) {
                at++;
            }
            if (start == at) {
                throw error("end of line; expected " + what);
            }
            return line.substring(start, at);
        }

        void expectWord(String word) {
            String w = word("'" + word + "'");
            if (!w.equals(word)) {
                throw error("'" + w + "'; expected '" + word + "'");
            }
        }

        long integer(String what, long min, long max) {
            String w = word(what);
            long v;
            try {
                if (!TextFields.isDigits(w)) {
                    throw new NumberFormatException(w);
                }
                v = Long.parseLong(w);
            } catch (NumberFormatException e) {
                throw error("'" + abbreviate(w) + "' for " + what + "; expected an integer");
            }
            if (v < min || v > max) {
                throw error(what + " " + v + " is outside " + min + ".." + max);
            }
            return v;
        }

        /** A plain decimal, after a minus if {@code signed}. */
        double number(String what, boolean signed) {
            String w = word(what);
            if (!TextFields.isDecimal(w, signed)) {
                throw error("'" + abbreviate(w) + "' for " + what + "; expected a number");
            }
            double v = Double.parseDouble(w);
            if (!Double.isFinite(v)) {
                throw error(what + " " + abbreviate(w) + "; expected a finite number");
            }
            return v;
        }

        void end() {
            skipSpace();
            if (at != line.length()) {
                throw error("'" + abbreviate(line.substring(at)) + "' after the last field");
            }
        }

        long lineNumber() {
            return lineNumber;
        }

        GraphFormatException error(String detail) {
            return new GraphFormatException(source, lineNumber, detail);
        }

        /** A problem the end of the file shows: named at the last line (line 1 of an empty file). */
        GraphFormatException atEnd(String detail) {
            return new GraphFormatException(source, Math.max(1, lineNumber), detail + " at the end of the file");
        }

        static String abbreviate(String s) {
            return s.length() <= 40 ? s : s.substring(0, 40) + "...";
        }

        private void skipSpace() {
            while (at < line.length() && isSpace(line.charAt(at))) {
                at++;
            }
        }

        private static boolean isSpace(char c) {
            return TextFields.isBlank(c);
        }
    }
}
