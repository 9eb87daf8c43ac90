package org.onepath.bench;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.SplittableRandom;
import org.onepath.PointGraph;

/**
 * A generated road-like network for the graph benchmarks, since no real road network ships with
 * the repository: a side x side lattice of junctions with jittered integer coordinates (1000
 * units apart, up to 600 off), two-way roads to the right and downward neighbours present with
 * probability 0.85, a diagonal road with probability 0.05, and every 50th row and column a
 * complete straight "highway". A road's weight is its length rounded up, times 1 to 1.4 on
 * ordinary roads (curves and detours) and exactly 1 on highways, so weights are integers at
 * least the straight-line length, like the distance graphs of the DIMACS road networks. Missing
 * roads leave a few small pieces unconnected, so some random pairs have no path.
 *
 * <p>Deterministic for a (side, seed). {@code main} writes it as DIMACS .gr and .co files for
 * {@code onepath graph}: {@code java -cp bench/target/benchmarks.jar org.onepath.bench.RoadLikeGraph DIR 1000}.
 */
final class RoadLikeGraph {
    static final long DEFAULT_SEED = 20261130L;
    private static final int SPACING = 1000;
    private static final int JITTER = 600;
    private static final int HIGHWAY_EVERY = 50;

    private RoadLikeGraph() {}

    /** Receives the generated network. */
    interface Sink {
        void node(int node, long x, long y);

        void road(int a, int b, long weight);
    }

    static void generate(int side, long seed, Sink sink) {
        SplittableRandom r = new SplittableRandom(seed);
        int n = side * side;
        long[] x = new long[n];
        long[] y = new long[n];
        for (int i = 0; i < n; i++) {
            x[i] = (long) (i % side) * SPACING + r.nextInt(JITTER);
            y[i] = (long) (i / side) * SPACING + r.nextInt(JITTER);
            sink.node(i, x[i], y[i]);
        }
        for (int i = 0; i < n; i++) {
            int col = i % side;
            int row = i / side;
            if (col + 1 < side) {
                road(sink, r, x, y, i, i + 1, row % HIGHWAY_EVERY == 0, 0.85);
            }
            if (row + 1 < side) {
                road(sink, r, x, y, i, i + side, col % HIGHWAY_EVERY == 0, 0.85);
            }
            if (col + 1 < side && row + 1 < side) {
                road(sink, r, x, y, i, i + side + 1, false, 0.05);
            }
        }
    }

    private static void road(
            Sink sink, SplittableRandom r, long[] x, long[] y, int a, int b, boolean highway, double p) {
        double roll = r.nextDouble();
        double detour = 1 + 0.4 * r.nextDouble();
        if (!highway && roll >= p) {
            return;
        }
        double length = Math.hypot(x[a] - x[b], y[a] - y[b]);
        sink.road(a, b, (long) Math.ceil(highway ? length : length * detour));
    }

    /** The network as a point graph (each road two edges, a -> b then b -> a). */
    static PointGraph build(int side, long seed) {
        try (PointGraph.Builder b = PointGraph.builder(side * side, 2)) {
            generate(side, seed, new Sink() {
                @Override
                public void node(int node, long x, long y) {
                    b.point(node, x, y);
                }

                @Override
                public void road(int a, int c, long weight) {
                    b.undirectedEdge(a, c, weight);
                }
            });
            return b.build();
        }
    }

    /** Writes {@code DIR/road-SIDE.gr} and {@code .co}. */
    static Path write(Path dir, int side, long seed) {
        Path gr = dir.resolve("road-" + side + ".gr");
        Path co = dir.resolve("road-" + side + ".co");
        try {
            Files.createDirectories(dir);
            long[] arcs = new long[1];
            generate(side, seed, new Sink() {
                public void node(int node, long x, long y) {}

                public void road(int a, int b, long weight) {
                    arcs[0] += 2;
                }
            });
            try (BufferedWriter g = Files.newBufferedWriter(gr, StandardCharsets.US_ASCII);
                    BufferedWriter c = Files.newBufferedWriter(co, StandardCharsets.US_ASCII)) {
                g.write("c road-like network, side " + side + ", seed " + seed
                        + " (org.onepath.bench.RoadLikeGraph)\n");
                g.write("p sp " + side * side + " " + arcs[0] + "\n");
                c.write("c road-like network, side " + side + ", seed " + seed + "\n");
                c.write("p aux sp co " + side * side + "\n");
                generate(side, seed, new Sink() {
                    public void node(int node, long x, long y) {
                        line(c, "v " + (node + 1) + " " + x + " " + y);
                    }

                    public void road(int a, int b, long weight) {
                        line(g, "a " + (a + 1) + " " + (b + 1) + " " + weight);
                        line(g, "a " + (b + 1) + " " + (a + 1) + " " + weight);
                    }
                });
            }
            return gr;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void line(BufferedWriter w, String s) {
        try {
            w.write(s);
            w.write('\n');
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public static void main(String[] args) {
        if (args.length < 2) {
            System.err.println("usage: RoadLikeGraph DIR SIDE [SEED]");
            System.exit(2);
        }
        long seed = args.length > 2 ? Long.parseLong(args[2]) : DEFAULT_SEED;
        System.out.println(write(Path.of(args[0]), Integer.parseInt(args[1]), seed));
    }
}
