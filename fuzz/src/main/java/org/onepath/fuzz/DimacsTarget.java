package org.onepath.fuzz;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.onepath.Graph;
import org.onepath.PointGraph;
import org.onepath.graphs.CsrGraph;
import org.onepath.io.DimacsGraphs;
import org.onepath.io.GraphFormatException;

/**
 * {@code dimacs}: a DIMACS {@code .gr} text, optionally followed by a NUL byte and a {@code .co}
 * text. Without one, {@link DimacsGraphs#parseGraph} against {@link RefDimacs#graph}: the same
 * accept/reject, node count and arcs (edge id = arc order, ends, weight). With one,
 * {@link DimacsGraphs#parsePointGraph}: also every node's coordinates and the compiled arcs of
 * every node. What is accepted is written back in canonical text and read again to the same.
 * Rules of {@link ReaderTarget}; a rejection names a line of the file its source names.
 */
final class DimacsTarget extends ReaderTarget<DimacsTarget.Read, DimacsTarget.Ref> {
    static final String GR = "input.gr";
    static final String CO = "input.co";

    /** What the library read: a graph, or a point graph when the input had coordinates. */
    record Read(Graph graph, PointGraph points) {}

    record Ref(RefDimacs.Graph graph, Map<Integer, double[]> coordinates) {}

    DimacsTarget() {
        super(GraphFormatException.class);
    }

    @Override
    public String name() {
        return "dimacs";
    }

    private static String[] parts(byte[] input) {
        String s = new String(input, StandardCharsets.ISO_8859_1);
        int nul = s.indexOf('\0');
        return nul < 0 ? new String[] {s} : new String[] {s.substring(0, nul), s.substring(nul + 1)};
    }

    @Override
    long lines(byte[] input, String source) {
        String[] p = parts(input);
        String part = source.equals(CO) && p.length == 2 ? p[1] : p[0];
        return Math.max(1, RefText.anyBreakLines(part).size());
    }

    @Override
    Read read(byte[] input) {
        String[] p = parts(input);
        return p.length == 1
                ? new Read(DimacsGraphs.parseGraph(GR, p[0]), null)
                : new Read(null, DimacsGraphs.parsePointGraph(GR, p[0], CO, p[1]));
    }

    @Override
    Ref reference(byte[] input) {
        String[] p = parts(input);
        RefDimacs.Graph g = RefDimacs.graph(p[0], Graph.MAX_EDGES);
        return new Ref(g, p.length == 1 ? null : RefDimacs.coordinates(p[1], g.nodes()));
    }

    @Override
    void close(Read r) {
        if (r.graph() != null) {
            r.graph().close();
        }
        if (r.points() != null) {
            r.points().close();
        }
    }

    @Override
    void compare(Read r, Ref ref) {
        List<RefDimacs.Arc> arcs = ref.graph().arcs();
        if (r.graph() != null) {
            Graph g = r.graph();
            same(g.nodeCount(), ref.graph().nodes(), "nodes");
            same(g.edgeCount(), arcs.size(), "arcs");
            for (int e = 0; e < arcs.size(); e++) {
                same(g.from(e), arcs.get(e).from(), "tail of arc " + e);
                same(g.to(e), arcs.get(e).to(), "head of arc " + e);
                same(g.weight(e) == arcs.get(e).weight(), true, "weight of arc " + e + " " + g.weight(e));
            }
            return;
        }
        PointGraph pg = r.points();
        same(pg.nodeCount(), ref.graph().nodes(), "nodes");
        for (int v = 0; v < pg.nodeCount(); v++) {
            double[] xy = ref.coordinates().get(v);
            same(pg.x(v), xy[0], "x of node " + v);
            same(pg.y(v), xy[1], "y of node " + v);
        }
        CsrGraph csr = pg.graph();
        same(csr.arcCount(), arcs.size(), "compiled arcs");
        for (int v = 0; v < pg.nodeCount(); v++) {
            for (int a = csr.firstArc(v); a < csr.endArc(v); a++) {
                RefDimacs.Arc arc = arcs.get(csr.edgeId(a));
                same(v, arc.from(), "tail of compiled arc " + a);
                same(csr.target(a), arc.to(), "head of compiled arc " + a);
                same(csr.weight(a) == arc.weight(), true, "weight of compiled arc " + a);
            }
        }
    }

    @Override
    Read reread(Read r) {
        StringBuilder gr = new StringBuilder("c canonical\n");
        if (r.graph() != null) {
            Graph g = r.graph();
            gr.append("p sp ")
                    .append(g.nodeCount())
                    .append(' ')
                    .append(g.edgeCount())
                    .append('\n');
            for (int e = 0; e < g.edgeCount(); e++) {
                arc(gr, g.from(e), g.to(e), g.weight(e));
            }
            return new Read(DimacsGraphs.parseGraph(GR, gr.toString()), null);
        }
        PointGraph pg = r.points();
        CsrGraph csr = pg.graph();
        int[] from = new int[csr.arcCount()];
        int[] to = new int[csr.arcCount()];
        double[] w = new double[csr.arcCount()];
        for (int v = 0; v < pg.nodeCount(); v++) {
            for (int a = csr.firstArc(v); a < csr.endArc(v); a++) {
                int e = csr.edgeId(a);
                from[e] = v;
                to[e] = csr.target(a);
                w[e] = csr.weight(a);
            }
        }
        gr.append("p sp ")
                .append(pg.nodeCount())
                .append(' ')
                .append(from.length)
                .append('\n');
        for (int e = 0; e < from.length; e++) {
            arc(gr, from[e], to[e], w[e]);
        }
        StringBuilder co =
                new StringBuilder("p aux sp co ").append(pg.nodeCount()).append('\n');
        for (int v = 0; v < pg.nodeCount(); v++) {
            co.append("v ")
                    .append(v + 1)
                    .append(' ')
                    .append(pg.x(v))
                    .append(' ')
                    .append(pg.y(v))
                    .append('\n');
        }
        return new Read(null, DimacsGraphs.parsePointGraph(GR, gr.toString(), CO, co.toString()));
    }

    private static void arc(StringBuilder s, int from, int to, double w) {
        s.append(String.format(Locale.ROOT, "a %d %d ", from + 1, to + 1))
                .append(w)
                .append('\n');
    }
}
