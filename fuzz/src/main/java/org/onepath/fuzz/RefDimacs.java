package org.onepath.fuzz;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.onepath.fuzz.RefText.Reject;

/**
 * A plain reference reader of DIMACS shortest-path files (the 9th Challenge's {@code .gr} and
 * {@code .co}), written from the format's rules: comment lines start with the field {@code c};
 * {@code p sp NODES ARCS} before any arc, then exactly ARCS lines {@code a FROM TO WEIGHT} (nodes
 * 1..NODES, weight a number &gt;= 0); {@code p aux sp co NODES} with the arc file's count before
 * any {@code v NODE X Y}, one per node.
 */
final class RefDimacs {
    static final long MAX_NODES = 1L << 26;
    static final long MAX_ARCS = Integer.MAX_VALUE;

    private RefDimacs() {}

    record Arc(int from, int to, double weight) {}

    record Graph(int nodes, List<Arc> arcs) {}

    static Graph graph(String gr, long maxArcs) {
        List<String> lines = RefText.anyBreakLines(gr);
        long nodes = -1;
        long announced = -1;
        List<Arc> arcs = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            long at = i + 1;
            String[] f = RefText.fields(lines.get(i));
            if (f.length == 0 || f[0].equals("c")) {
                continue;
            }
            if (nodes < 0) {
                if (!f[0].equals("p") || f.length != 4 || !f[1].equals("sp")) {
                    throw new Reject(at, "not the problem line");
                }
                nodes = RefText.integer(f[2], 0, MAX_NODES, at);
                announced = RefText.integer(f[3], 0, maxArcs, at);
                continue;
            }
            if (!f[0].equals("a") || f.length != 4 || arcs.size() == announced) {
                throw new Reject(at, "not an arc line, or one too many");
            }
            int from = (int) RefText.integer(f[1], 1, nodes, at);
            int to = (int) RefText.integer(f[2], 1, nodes, at);
            double w = RefText.number(f[3], true, at);
            if (w < 0) {
                throw new Reject(at, "negative weight");
            }
            arcs.add(new Arc(from - 1, to - 1, w));
        }
        if (nodes < 0 || arcs.size() != announced) {
            throw new Reject(lines.size(), "no problem line, or too few arcs");
        }
        return new Graph((int) nodes, arcs);
    }

    /** The coordinates of every node, by node (held in a map: only the lines read take memory). */
    static Map<Integer, double[]> coordinates(String co, int nodes) {
        List<String> lines = RefText.anyBreakLines(co);
        boolean problem = false;
        Map<Integer, double[]> at = new HashMap<>();
        for (int i = 0; i < lines.size(); i++) {
            long line = i + 1;
            String[] f = RefText.fields(lines.get(i));
            if (f.length == 0 || f[0].equals("c")) {
                continue;
            }
            if (!problem) {
                if (f.length != 5
                        || !f[0].equals("p")
                        || !f[1].equals("aux")
                        || !f[2].equals("sp")
                        || !f[3].equals("co")) {
                    throw new Reject(line, "not the problem line");
                }
                if (RefText.integer(f[4], 0, MAX_NODES, line) != nodes) {
                    throw new Reject(line, "another node count");
                }
                problem = true;
                continue;
            }
            if (f.length != 4 || !f[0].equals("v")) {
                throw new Reject(line, "not a node line");
            }
            int v = (int) RefText.integer(f[1], 1, nodes, line) - 1;
            double x = RefText.number(f[2], true, line);
            double y = RefText.number(f[3], true, line);
            if (at.put(v, new double[] {x, y}) != null) {
                throw new Reject(line, "second line of a node");
            }
        }
        if (!problem || at.size() != nodes) {
            throw new Reject(lines.size(), "no problem line, or nodes without coordinates");
        }
        return at;
    }
}
