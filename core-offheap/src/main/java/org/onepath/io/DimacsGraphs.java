package org.onepath.io;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
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
 * nodes) or a malformed number throws {@link GraphFormatException} naming the file and line.
 */
public final class DimacsGraphs {
    private DimacsGraphs() {}

    /**
     * A graph of a {@code .gr} file's arcs. The caller closes it.
     *
     * @throws GraphFormatException naming the file and line of malformed input
     * @throws UncheckedIOException when the file cannot be read
     */
    public static Graph readGraph(Path gr) {
        Objects.requireNonNull(gr, "gr");
        try (BufferedReader in = Files.newBufferedReader(gr, StandardCharsets.US_ASCII)) {
            return new ArcReader(gr.toString()).read(in);
        } catch (IOException e) {
            throw new UncheckedIOException(gr + ": " + e.getMessage(), e);
        }
    }

    /**
     * A point graph of a {@code .gr} file's arcs and a {@code .co} file's coordinates (2D). The
     * caller closes it.
     *
     * @throws GraphFormatException naming the file and line of malformed input, or the node
     *                              counts of the two files when they differ
     * @throws UncheckedIOException when a file cannot be read
     */
    public static PointGraph readPointGraph(Path gr, Path co) {
        Objects.requireNonNull(gr, "gr");
        Objects.requireNonNull(co, "co");
        PointGraph.Builder builder = null;
        try (BufferedReader arcsIn = Files.newBufferedReader(gr, StandardCharsets.US_ASCII);
                BufferedReader coordsIn = Files.newBufferedReader(co, StandardCharsets.US_ASCII)) {
            ArcReader arcs = new ArcReader(gr.toString());
            int n = arcs.problem(arcsIn);
            builder = PointGraph.builder(n, 2);
            arcs.arcs(arcsIn, builder);
            readCoordinates(coordsIn, co.toString(), n, builder);
            PointGraph built = builder.build();
            builder = null;
            return built;
        } catch (IOException e) {
            throw new UncheckedIOException(e.getMessage(), e);
        } finally {
            if (builder != null) {
                builder.close();
            }
        }
    }

    /** The .co file beside a .gr file: the same name with {@code .co} for {@code .gr}. */
    public static Path coordinatesBeside(Path gr) {
        String name = gr.getFileName().toString();
        String base = name.endsWith(".gr") ? name.substring(0, name.length() - 3) : name;
        return gr.resolveSibling(base + ".co");
    }

    private static void readCoordinates(BufferedReader in, String source, int nodes, PointGraph.Builder builder)
            throws IOException {
        Tokens t = new Tokens(source);
        boolean problem = false;
        long[] seen = new long[(nodes + 63) >>> 6];
        int placed = 0;
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
                double x = t.number("the x coordinate");
                double y = t.number("the y coordinate");
                t.end();
                if ((seen[node >>> 6] & 1L << node) != 0) {
                    throw t.error("node " + (node + 1) + " has a second coordinate line");
                }
                seen[node >>> 6] |= 1L << node;
                placed++;
                builder.point(node, x, y);
            } else {
                throw t.error("line kind '" + kind + "'; expected c, p or v");
            }
        }
        if (!problem) {
            throw new GraphFormatException(source, 0, "no problem line 'p aux sp co NODES'");
        }
        if (placed != nodes) {
            for (int v = 0; v < nodes; v++) {
                if ((seen[v >>> 6] & 1L << v) == 0) {
                    throw new GraphFormatException(
                            source,
                            0,
                            "node " + (v + 1) + " has no coordinate line (" + placed + " of " + nodes
                                    + " nodes placed)");
                }
            }
        }
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
                    throw t.error("an '" + kind + "' line before the problem line 'p sp NODES ARCS'");
                }
                t.expectWord("sp");
                nodes = (int) t.integer("the node count", 0, Graph.MAX_NODES);
                arcs = t.integer("the arc count", 0, Graph.MAX_EDGES);
                t.end();
                return nodes;
            }
            throw new GraphFormatException(t.source, 0, "no problem line 'p sp NODES ARCS'");
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
                    throw t.error("line kind '" + kind + "'; expected c or a");
                }
                if (read == arcs) {
                    throw t.error("more arc lines than the " + arcs + " the problem line announced");
                }
                int from = (int) t.integer("the tail node", 1, nodes) - 1;
                int to = (int) t.integer("the head node", 1, nodes) - 1;
                double w = t.number("the weight");
                if (w < 0) {
                    throw t.error("weight " + w + "; expected a number >= 0");
                }
                t.end();
                if (target instanceof Graph g) {
                    g.addEdge(from, to, w);
                } else {
                    ((PointGraph.Builder) target).edge(from, to, w);
                }
                read++;
            }
            if (read != arcs) {
                throw new GraphFormatException(t.source, 0, read + " arc lines; the problem line announced " + arcs);
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
                v = Long.parseLong(w);
            } catch (NumberFormatException e) {
                throw error("'" + w + "' for " + what + "; expected an integer");
            }
            if (v < min || v > max) {
                throw error(what + " " + v + " is outside " + min + ".." + max);
            }
            return v;
        }

        double number(String what) {
            String w = word(what);
            double v;
            try {
                v = Double.parseDouble(w);
            } catch (NumberFormatException e) {
                throw error("'" + w + "' for " + what + "; expected a number");
            }
            if (!Double.isFinite(v)) {
                throw error(what + " " + w + "; expected a finite number");
            }
            return v;
        }

        void end() {
            skipSpace();
            if (at != line.length()) {
                throw error("'" + line.substring(at) + "' after the last field");
            }
        }

        GraphFormatException error(String detail) {
            return new GraphFormatException(source, lineNumber, detail);
        }

        private void skipSpace() {
            while (at < line.length() && isSpace(line.charAt(at))) {
                at++;
            }
        }

        private static boolean isSpace(char c) {
            return c == ' ' || c == '\t' || c == '\r';
        }
    }
}
