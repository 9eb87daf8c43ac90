package org.onepath.state;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.function.BiConsumer;
import java.util.function.Function;

/** Random valid pieces, each with its codec, for the round-trip and hostile-bytes properties. */
final class ValidPieces {
    private ValidPieces() {}

    /**
     * One valid piece with the calls that write and read it, and the kind its document uses.
     *
     * @param name  what the piece is, for reports
     * @param value the piece
     */
    record Sample<T>(
            String name, StateKind kind, T value, BiConsumer<StateWriter, T> write, Function<StateReader, T> read) {
        /** Header, piece, nothing after. */
        byte[] document() {
            try (StateWriter w = new StateWriter(64)) {
                w.header(kind);
                write.accept(w, value);
                return w.toByteArray();
            }
        }

        /** Reads a whole document: header, piece, end. */
        T readDocument(StateReader r) {
            r.header(kind);
            T t = read.apply(r);
            r.expectEnd();
            return t;
        }

        @Override
        public String toString() {
            return name + " " + value;
        }
    }

    static Sample<?> any(Random rnd) {
        return switch (rnd.nextInt(6)) {
            case 0 -> {
                SpacePiece.Grid s = grid(rnd);
                yield new Sample<>("grid space", StateKind.GRID, s, SpacePiece::writeGrid, SpacePiece::readGrid);
            }
            case 1 -> {
                SpacePiece.Voxel s = voxel(rnd);
                yield new Sample<>(
                        "voxel space", StateKind.VOXEL_GRID, s, SpacePiece::writeVoxel, SpacePiece::readVoxel);
            }
            case 2 -> {
                AreasPiece.Areas a = areas(rnd);
                yield new Sample<>("areas", StateKind.GRID, a, AreasPiece::write, AreasPiece::read);
            }
            case 3 -> {
                int n = 1 + rnd.nextInt(24);
                OpenSetPiece.Heap h = openSet(rnd, n);
                yield new Sample<>(
                        "open set over " + n,
                        StateKind.A_STAR,
                        h,
                        (w, v) -> OpenSetPiece.write(w, v, n),
                        r -> OpenSetPiece.read(r, n));
            }
            case 4 -> {
                int n = 1 + rnd.nextInt(24);
                ReplanOpenSetPiece.Heap h = replanOpenSet(rnd, n);
                yield new Sample<>(
                        "replan open set over " + n,
                        StateKind.GRID_REPLANNER,
                        h,
                        (w, v) -> ReplanOpenSetPiece.write(w, v, n),
                        r -> ReplanOpenSetPiece.read(r, n));
            }
            default -> {
                int n = 1 + rnd.nextInt(24);
                SearchBuffersPiece.Buffers b = searchBuffers(rnd, n);
                yield new Sample<>(
                        "search buffers over " + n,
                        StateKind.GRID_SEARCH,
                        b,
                        (w, v) -> SearchBuffersPiece.write(w, v, n),
                        r -> SearchBuffersPiece.read(r, n));
            }
        };
    }

    static SpacePiece.Grid grid(Random rnd) {
        if (rnd.nextInt(4) == 0) {
            return SpacePiece.Grid.UNASSIGNED;
        }
        return new SpacePiece.Grid(origin(rnd), origin(rnd), cellSize(rnd));
    }

    static SpacePiece.Voxel voxel(Random rnd) {
        if (rnd.nextInt(4) == 0) {
            return SpacePiece.Voxel.UNASSIGNED;
        }
        return new SpacePiece.Voxel(origin(rnd), origin(rnd), origin(rnd), cellSize(rnd));
    }

    private static double origin(Random rnd) {
        return switch (rnd.nextInt(5)) {
            case 0 -> SpacePiece.LIMIT;
            case 1 -> -SpacePiece.LIMIT;
            case 2 -> 0.0;
            default -> (rnd.nextDouble() * 2 - 1) * SpacePiece.LIMIT;
        };
    }

    private static double cellSize(Random rnd) {
        return switch (rnd.nextInt(4)) {
            case 0 -> SpacePiece.LIMIT;
            case 1 -> Double.MIN_VALUE;
            default -> 0.01 + rnd.nextDouble() * 100;
        };
    }

    static AreasPiece.Areas areas(Random rnd) {
        double[] m = new double[AreasLayout.AREA_COUNT];
        for (int a = 0; a < m.length; a++) {
            m[a] = switch (rnd.nextInt(8)) {
                case 0 -> Double.MIN_VALUE;
                case 1 -> Double.MAX_VALUE;
                case 2, 3 -> 1.0;
                default -> 0.1 + rnd.nextDouble() * 10;
            };
        }
        return new AreasPiece.Areas(rnd.nextInt(Integer.MAX_VALUE), m);
    }

    /** A valid heap over distinct nodes, built by pushes with sift-up so it is not simply sorted. */
    static OpenSetPiece.Heap openSet(Random rnd, int nodeCount) {
        int count = rnd.nextInt(nodeCount + 1);
        int[] nodes = distinctNodes(rnd, nodeCount, count);
        double[] f = new double[count];
        double[] g = new double[count];
        for (int i = 0; i < count; i++) {
            // Few distinct values so the G and node tie-breaks matter.
            f[i] = rnd.nextInt(6) * 0.5;
            g[i] = rnd.nextInt(4) * 0.5;
        }
        return heapify(nodes, f, g);
    }

    static OpenSetPiece.Heap heapify(int[] nodes, double[] f, double[] g) {
        int n = nodes.length;
        int[] hn = new int[n];
        double[] hf = new double[n];
        double[] hg = new double[n];
        for (int k = 0; k < n; k++) {
            int i = k;
            while (i > 0) {
                int p = (i - 1) / 4;
                if (!OpenSetPiece.precedes(f[k], g[k], nodes[k], hf[p], hg[p], hn[p])) {
                    break;
                }
                hn[i] = hn[p];
                hf[i] = hf[p];
                hg[i] = hg[p];
                i = p;
            }
            hn[i] = nodes[k];
            hf[i] = f[k];
            hg[i] = g[k];
        }
        return new OpenSetPiece.Heap(hn, hf, hg);
    }

    static ReplanOpenSetPiece.Heap replanOpenSet(Random rnd, int nodeCount) {
        int count = rnd.nextInt(nodeCount + 1);
        int[] nodes = distinctNodes(rnd, nodeCount, count);
        double[] k1 = new double[count];
        double[] k2 = new double[count];
        for (int i = 0; i < count; i++) {
            k1[i] = key(rnd);
            k2[i] = key(rnd);
        }
        return new ReplanOpenSetPiece.Heap(nodes, k1, k2);
    }

    private static double key(Random rnd) {
        return switch (rnd.nextInt(6)) {
            case 0 -> Double.POSITIVE_INFINITY;
            case 1 -> -0.0;
            default -> rnd.nextInt(100) * 0.25;
        };
    }

    /**
     * Valid buffers: parents are assigned in a random order, each to a node assigned before it, so
     * the links form a forest; g never drops along a link (zero steps included).
     */
    static SearchBuffersPiece.Buffers searchBuffers(Random rnd, int nodeCount) {
        double density = rnd.nextDouble();
        List<Integer> chosen = new ArrayList<>();
        for (int node = 0; node < nodeCount; node++) {
            if (rnd.nextDouble() < density) {
                chosen.add(node);
            }
        }
        int v = chosen.size();
        int[] nodes = chosen.stream().mapToInt(Integer::intValue).toArray();
        int[] order = shuffled(rnd, v);
        double[] g = new double[v];
        int[] parents = new int[v];
        boolean[] closed = new boolean[v];
        for (int k = 0; k < v; k++) {
            int i = order[k];
            closed[i] = rnd.nextBoolean();
            if (k == 0 || rnd.nextInt(5) == 0) {
                parents[i] = SearchBuffersPieceLayout.NO_PARENT;
                g[i] = rnd.nextInt(3);
            } else {
                int parent = order[rnd.nextInt(k)];
                parents[i] = nodes[parent];
                g[i] = g[parent] + rnd.nextInt(3) * 0.5;
            }
        }
        List<Integer> open = new ArrayList<>();
        for (int i = 0; i < v; i++) {
            if (!closed[i] && rnd.nextBoolean()) {
                open.add(i);
            }
        }
        int o = open.size();
        int[] on = new int[o];
        double[] of = new double[o];
        double[] og = new double[o];
        for (int s = 0; s < o; s++) {
            int i = open.get(s);
            on[s] = nodes[i];
            og[s] = g[i];
            of[s] = g[i] + rnd.nextInt(3);
        }
        int[] expanded = new int[rnd.nextInt(nodeCount + 1)];
        for (int i = 0; i < expanded.length; i++) {
            expanded[i] = rnd.nextInt(nodeCount);
        }
        return new SearchBuffersPiece.Buffers(nodes, closed, g, parents, heapify(on, of, og), expanded);
    }

    private static int[] distinctNodes(Random rnd, int nodeCount, int count) {
        int[] all = shuffled(rnd, nodeCount);
        int[] out = new int[count];
        System.arraycopy(all, 0, out, 0, count);
        return out;
    }

    private static int[] shuffled(Random rnd, int n) {
        int[] a = new int[n];
        for (int i = 0; i < n; i++) {
            a[i] = i;
        }
        for (int i = n - 1; i > 0; i--) {
            int j = rnd.nextInt(i + 1);
            int t = a[i];
            a[i] = a[j];
            a[j] = t;
        }
        return a;
    }
}
