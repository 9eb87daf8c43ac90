package org.onepath;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import org.onepath.cells.HexLayout;

/**
 * Hex geometry written from the picture of the layouts, not from the library's conversions, for
 * the hex tests to compare against; and a plain quadratic Dijkstra over it.
 *
 * <p>Offset cells are placed in "doubled" integer coordinates where every centre is a lattice
 * point. Pointy layouts: {@code X = 2 * col + shift * (row & 1)}, {@code Y = row} (units: half a
 * cell across, one row of sqrt3/2 down), with shift +1 when odd rows sit to the right (odd row),
 * -1 when they sit to the left (even row). Flat layouts: {@code X = col},
 * {@code Y = 2 * row + shift * (col & 1)}. The six axial directions are the six lattice steps to
 * the adjacent centres, named by compass point and listed in the spec's axial order.
 */
final class HexReference {
    private HexReference() {}

    /** Pointy: east, north-east, north-west, west, south-west, south-east (doubled X, Y). */
    static final int[][] POINTY_STEPS = {{2, 0}, {1, -1}, {-1, -1}, {-2, 0}, {-1, 1}, {1, 1}};
    /** Flat: south-east, north-east, north, north-west, south-west, south (X, doubled Y). */
    static final int[][] FLAT_STEPS = {{1, 1}, {1, -1}, {0, -2}, {-1, -1}, {-1, 1}, {0, 2}};

    static int shift(HexLayout layout) {
        return layout == HexLayout.POINTY_ODD_ROW || layout == HexLayout.FLAT_ODD_COLUMN ? 1 : -1;
    }

    /** Doubled coordinates {X, Y} of an offset cell. */
    static int[] doubled(HexLayout layout, int col, int row) {
        if (layout.isPointy()) {
            return new int[] {2 * col + shift(layout) * (row & 1), row};
        }
        return new int[] {col, 2 * row + shift(layout) * (col & 1)};
    }

    /** The offset cell {col, row} at doubled coordinates, or null when no centre lies there. */
    static int[] offsetAt(HexLayout layout, int x, int y) {
        if (layout.isPointy()) {
            int rest = x - shift(layout) * (y & 1);
            return (rest & 1) != 0 ? null : new int[] {rest / 2, y};
        }
        int rest = y - shift(layout) * (x & 1);
        return (rest & 1) != 0 ? null : new int[] {x, rest / 2};
    }

    /** The lattice step of direction 0..5. */
    static int[] step(HexLayout layout, int direction) {
        return (layout.isPointy() ? POINTY_STEPS : FLAT_STEPS)[direction];
    }

    /** The offset cell one step from (col, row) in direction 0..5 (inside the grid or not). */
    static int[] neighbour(HexLayout layout, int col, int row, int direction) {
        int[] d = doubled(layout, col, row);
        int[] s = step(layout, direction);
        int[] n = offsetAt(layout, d[0] + s[0], d[1] + s[1]);
        if (n == null) {
            throw new AssertionError("no centre one step from (" + col + ", " + row + ") in direction " + direction);
        }
        return n;
    }

    /** Whether two offset cells are adjacent (their centres one step apart). */
    static boolean adjacent(HexLayout layout, int c1, int r1, int c2, int r2) {
        for (int d = 0; d < 6; d++) {
            int[] n = neighbour(layout, c1, r1, d);
            if (n[0] == c2 && n[1] == r2) {
                return true;
            }
        }
        return false;
    }

    /** World centre of an offset cell: the spec's formula applied to the doubled coordinates. */
    static double[] centre(HexLayout layout, HexSpace space, int col, int row) {
        int[] d = doubled(layout, col, row);
        double size = space.effectiveCellSize();
        if (layout.isPointy()) {
            return new double[] {
                space.originX() + size * (d[0] / 2.0), space.originY() + size * (HexSpace.SQRT3_OVER_2 * d[1])
            };
        }
        return new double[] {
            space.originX() + size * (HexSpace.SQRT3_OVER_2 * d[0]), space.originY() + size * (d[1] / 2.0)
        };
    }

    /** A grid for the reference: cells row-major (255 a wall) and multipliers per area id. */
    record RefGrid(int width, int height, HexLayout layout, int[] cells, double[] multipliers) {
        boolean walkable(int node) {
            return cells[node] != 255;
        }

        HexGrid toHexGrid() {
            HexGrid g = HexGrid.create(width, height, layout);
            byte[] bytes = new byte[cells.length];
            for (int i = 0; i < cells.length; i++) {
                bytes[i] = (byte) cells[i];
            }
            g.setRect(0, 0, width, height, bytes);
            for (int a = 0; a < 255; a++) {
                if (multipliers[a] != 1.0) {
                    g.areas().set(a, multipliers[a]);
                }
            }
            return g;
        }

        /** The cost of a move, as the spec writes it: {@code 1 * ((m[a] + m[b]) * 0.5)}. */
        double moveCost(int a, int b) {
            return 1 * ((multipliers[cells[a]] + multipliers[cells[b]]) * 0.5);
        }

        /** The walkable in-grid neighbours of a node, in the axial order. */
        int[] neighbours(int node) {
            int col = node % width;
            int row = node / width;
            int[] out = new int[6];
            int k = 0;
            for (int d = 0; d < 6; d++) {
                int[] n = neighbour(layout, col, row, d);
                if (n[0] >= 0 && n[1] >= 0 && n[0] < width && n[1] < height && walkable(n[1] * width + n[0])) {
                    out[k++] = n[1] * width + n[0];
                }
            }
            return Arrays.copyOf(out, k);
        }

        /** Plain O(n^2) Dijkstra from a walkable start: the cost to every node, +infinity if unreachable. */
        double[] dijkstra(int start) {
            int n = cells.length;
            double[] dist = new double[n];
            boolean[] done = new boolean[n];
            Arrays.fill(dist, Double.POSITIVE_INFINITY);
            dist[start] = 0;
            while (true) {
                int best = -1;
                for (int i = 0; i < n; i++) {
                    if (!done[i] && dist[i] < Double.POSITIVE_INFINITY && (best < 0 || dist[i] < dist[best])) {
                        best = i;
                    }
                }
                if (best < 0) {
                    return dist;
                }
                done[best] = true;
                for (int m : neighbours(best)) {
                    double d = dist[best] + moveCost(best, m);
                    if (d < dist[m]) {
                        dist[m] = d;
                    }
                }
            }
        }

        String picture() {
            StringBuilder sb = new StringBuilder(layout + " " + width + " x " + height + ", costs");
            for (int a = 0; a < 255; a++) {
                if (multipliers[a] != 1.0) {
                    sb.append(" m[").append(a).append("]=").append(multipliers[a]);
                }
            }
            sb.append('\n');
            for (int row = 0; row < height; row++) {
                for (int col = 0; col < width; col++) {
                    int a = cells[row * width + col];
                    sb.append(a == 255 ? " #" : String.format("%2d", a));
                }
                sb.append('\n');
            }
            return sb.toString();
        }
    }

    /**
     * A random grid from a seed: any layout, sides 1..maxSide, up to 45 % walls, cells from four
     * area ids whose multipliers are random multiples of 1/8 in 1/8..4 (dyadic, so every sum of
     * step costs on these grids is exact and costs can be compared bit for bit).
     */
    static RefGrid random(long seed, int maxSide) {
        SplittableRandom random = new SplittableRandom(seed);
        HexLayout layout = HexLayout.values()[random.nextInt(4)];
        int w = 1 + random.nextInt(maxSide);
        int h = 1 + random.nextInt(maxSide);
        int wallPercent = random.nextInt(46);
        int[] palette = new int[4];
        double[] multipliers = new double[255];
        Arrays.fill(multipliers, 1.0);
        for (int i = 0; i < 4; i++) {
            palette[i] = random.nextInt(255);
            multipliers[palette[i]] = (1 + random.nextInt(32)) / 8.0;
        }
        int[] cells = new int[w * h];
        for (int i = 0; i < cells.length; i++) {
            cells[i] = random.nextInt(100) < wallPercent ? 255 : palette[random.nextInt(4)];
        }
        return new RefGrid(w, h, layout, cells, multipliers);
    }

    /** The walkable nodes of a grid. */
    static List<Integer> walkable(RefGrid g) {
        List<Integer> out = new ArrayList<>();
        for (int i = 0; i < g.cells().length; i++) {
            if (g.walkable(i)) {
                out.add(i);
            }
        }
        return out;
    }
}
