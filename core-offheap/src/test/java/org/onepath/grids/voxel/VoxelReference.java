package org.onepath.grids.voxel;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.PriorityQueue;
import java.util.Random;
import org.onepath.VoxelGrid;
import org.onepath.cells.VoxelConnectivity;
import org.onepath.cells.VoxelCornerRule;

/**
 * A plain model of the voxel rules, written from the definitions and sharing no code with the
 * library: a voxel array of area ids, area multipliers, the 26 moves built from their definition,
 * the corner rules evaluated over each move's bounding box, and a heap-based Dijkstra.
 */
public final class VoxelReference {
    /** Area id of a solid voxel. */
    public static final int SOLID = 255;

    public static final double SQRT2 = 1.4142135623730951;
    public static final double SQRT3 = 1.7320508075688772;

    /**
     * The 26 offsets {dx, dy, dz}: faces, then edges, then corners, each group by dz, then dy,
     * then dx, each ascending from -1 to 1.
     */
    public static final int[][] MOVES = buildMoves();

    /** Cost of a move given the grid's cost; NaN, negative or +infinity removes the move. */
    @FunctionalInterface
    public interface Hook {
        double cost(int fx, int fy, int fz, int tx, int ty, int tz, double base);
    }

    /** A legal move out of a voxel: its number in {@link #MOVES}, destination and grid cost. */
    public record Move(int id, int x, int y, int z, double cost) {}

    private final int sx;
    private final int sy;
    private final int sz;
    private final int[] areas;
    private final double[] multipliers = new double[255];

    public VoxelReference(int sx, int sy, int sz, int defaultArea) {
        this.sx = sx;
        this.sy = sy;
        this.sz = sz;
        this.areas = new int[sx * sy * sz];
        Arrays.fill(areas, defaultArea);
        Arrays.fill(multipliers, 1.0);
    }

    /** Random contents: each voxel solid with probability solidPercent %, else one of {@code palette}. */
    public static VoxelReference random(
            int sx, int sy, int sz, int defaultArea, int solidPercent, int[] palette, long seed) {
        VoxelReference r = new VoxelReference(sx, sy, sz, defaultArea);
        Random random = new Random(seed);
        for (int i = 0; i < r.areas.length; i++) {
            r.areas[i] = random.nextInt(100) < solidPercent ? SOLID : palette[random.nextInt(palette.length)];
        }
        return r;
    }

    private static int[][] buildMoves() {
        List<int[]> faces = new ArrayList<>();
        List<int[]> edges = new ArrayList<>();
        List<int[]> corners = new ArrayList<>();
        for (int dz = -1; dz <= 1; dz++) {
            for (int dy = -1; dy <= 1; dy++) {
                for (int dx = -1; dx <= 1; dx++) {
                    int nonZero = (dx != 0 ? 1 : 0) + (dy != 0 ? 1 : 0) + (dz != 0 ? 1 : 0);
                    int[] offset = {dx, dy, dz};
                    switch (nonZero) {
                        case 1 -> faces.add(offset);
                        case 2 -> edges.add(offset);
                        case 3 -> corners.add(offset);
                        default -> {}
                    }
                }
            }
        }
        List<int[]> all = new ArrayList<>(faces);
        all.addAll(edges);
        all.addAll(corners);
        return all.toArray(new int[0][]);
    }

    /** Number of non-zero components of a move. */
    public static int axes(int move) {
        int[] d = MOVES[move];
        return (d[0] != 0 ? 1 : 0) + (d[1] != 0 ? 1 : 0) + (d[2] != 0 ? 1 : 0);
    }

    /** Euclidean length of a move: 1, sqrt 2 or sqrt 3. */
    public static double length(int move) {
        return switch (axes(move)) {
            case 1 -> 1.0;
            case 2 -> SQRT2;
            default -> SQRT3;
        };
    }

    public int sizeX() {
        return sx;
    }

    public int sizeY() {
        return sy;
    }

    public int sizeZ() {
        return sz;
    }

    public int count() {
        return areas.length;
    }

    public int node(int x, int y, int z) {
        return x + sx * (y + sy * z);
    }

    public int[] cell(int node) {
        return new int[] {node % sx, (node / sx) % sy, node / (sx * sy)};
    }

    public boolean inside(int x, int y, int z) {
        return x >= 0 && y >= 0 && z >= 0 && x < sx && y < sy && z < sz;
    }

    public int area(int x, int y, int z) {
        return areas[node(x, y, z)];
    }

    public void setArea(int x, int y, int z, int area) {
        areas[node(x, y, z)] = area;
    }

    public void setMultiplier(int area, double m) {
        multipliers[area] = m;
    }

    public double multiplier(int area) {
        return multipliers[area];
    }

    public double minMultiplier() {
        double min = Double.POSITIVE_INFINITY;
        for (double m : multipliers) {
            min = Math.min(min, m);
        }
        return min;
    }

    /** Inside the block and not solid; outside counts as solid. */
    public boolean open(int x, int y, int z) {
        return inside(x, y, z) && areas[node(x, y, z)] != SOLID;
    }

    /** A library grid with these contents and multipliers (default area given). */
    public VoxelGrid toGrid(int defaultArea) {
        VoxelGrid grid = VoxelGrid.create(sx, sy, sz, defaultArea);
        for (int i = 0; i < multipliers.length; i++) {
            if (multipliers[i] != 1.0) {
                grid.areas().set(i, multipliers[i]);
            }
        }
        for (int z = 0; z < sz; z++) {
            for (int y = 0; y < sy; y++) {
                for (int x = 0; x < sx; x++) {
                    grid.setArea(x, y, z, area(x, y, z));
                }
            }
        }
        return grid;
    }

    /** Whether move {@code move} out of (x, y, z) is legal: destination open and the corner rule holds. */
    public boolean legal(int x, int y, int z, int move, VoxelCornerRule rule) {
        int[] d = MOVES[move];
        int tx = x + d[0];
        int ty = y + d[1];
        int tz = z + d[2];
        if (!open(tx, ty, tz)) {
            return false;
        }
        if (axes(move) == 1) {
            return true;
        }
        return switch (rule) {
            case ALLOW_ALL -> true;
            case NO_CORNER_CUTTING -> sweptAllOpen(x, y, z, tx, ty, tz);
            case NO_SQUEEZING -> monotoneRoute(x, y, z, tx, ty, tz);
        };
    }

    /** Every cell of the bounding box of start and destination, other than those two, is open. */
    private boolean sweptAllOpen(int x, int y, int z, int tx, int ty, int tz) {
        for (int cz = Math.min(z, tz); cz <= Math.max(z, tz); cz++) {
            for (int cy = Math.min(y, ty); cy <= Math.max(y, ty); cy++) {
                for (int cx = Math.min(x, tx); cx <= Math.max(x, tx); cx++) {
                    boolean start = cx == x && cy == y && cz == z;
                    boolean dest = cx == tx && cy == ty && cz == tz;
                    if (!start && !dest && !open(cx, cy, cz)) {
                        return false;
                    }
                }
            }
        }
        return true;
    }

    /** Some sequence of unit face steps, each towards the destination, passes through open cells only. */
    private boolean monotoneRoute(int x, int y, int z, int tx, int ty, int tz) {
        if (x == tx && y == ty && z == tz) {
            return true;
        }
        int[][] steps = {{Integer.signum(tx - x), 0, 0}, {0, Integer.signum(ty - y), 0}, {0, 0, Integer.signum(tz - z)}
        };
        for (int[] s : steps) {
            if (s[0] == 0 && s[1] == 0 && s[2] == 0) {
                continue;
            }
            int nx = x + s[0];
            int ny = y + s[1];
            int nz = z + s[2];
            boolean last = nx == tx && ny == ty && nz == tz;
            if ((last || open(nx, ny, nz)) && monotoneRoute(nx, ny, nz, tx, ty, tz)) {
                return true;
            }
        }
        return false;
    }

    /** Grid cost of a move: length * ((m[from] + m[to]) * 0.5). */
    public double gridCost(int x, int y, int z, int move) {
        int[] d = MOVES[move];
        double mf = multipliers[area(x, y, z)];
        double mt = multipliers[area(x + d[0], y + d[1], z + d[2])];
        return length(move) * ((mf + mt) * 0.5);
    }

    /** The legal moves out of an open voxel in the normative order. */
    public List<Move> moves(int x, int y, int z, VoxelConnectivity connectivity, VoxelCornerRule rule) {
        int n = switch (connectivity) {
            case SIX -> 6;
            case EIGHTEEN -> 18;
            case TWENTY_SIX -> 26;
        };
        List<Move> out = new ArrayList<>();
        for (int j = 0; j < n; j++) {
            if (legal(x, y, z, j, rule)) {
                int[] d = MOVES[j];
                out.add(new Move(j, x + d[0], y + d[1], z + d[2], gridCost(x, y, z, j)));
            }
        }
        return out;
    }

    /** Optimal cost from each node to every node (+infinity when unreachable). */
    public double[] distancesFrom(int start, VoxelConnectivity connectivity, VoxelCornerRule rule, Hook hook) {
        double[] dist = new double[areas.length];
        Arrays.fill(dist, Double.POSITIVE_INFINITY);
        boolean[] done = new boolean[areas.length];
        dist[start] = 0.0;
        PriorityQueue<double[]> queue = new PriorityQueue<>((a, b) -> Double.compare(a[0], b[0]));
        queue.add(new double[] {0.0, start});
        while (!queue.isEmpty()) {
            double[] top = queue.poll();
            int n = (int) top[1];
            if (done[n]) {
                continue;
            }
            done[n] = true;
            int[] c = cell(n);
            for (Move m : moves(c[0], c[1], c[2], connectivity, rule)) {
                double step = hook == null ? m.cost() : hook.cost(c[0], c[1], c[2], m.x(), m.y(), m.z(), m.cost());
                if (!(step >= 0) || step == Double.POSITIVE_INFINITY) {
                    continue;
                }
                int t = node(m.x(), m.y(), m.z());
                double g = dist[n] + step;
                if (g < dist[t]) {
                    dist[t] = g;
                    queue.add(new double[] {g, t});
                }
            }
        }
        return dist;
    }

    /** Optimal cost between two nodes, +infinity when unreachable. */
    public double distance(int start, int goal, VoxelConnectivity connectivity, VoxelCornerRule rule, Hook hook) {
        return distancesFrom(start, connectivity, rule, hook)[goal];
    }

    /** Whether the moves from a to b is a legal move and its grid cost (NaN when not a legal move). */
    public double moveCost(int a, int b, VoxelConnectivity connectivity, VoxelCornerRule rule) {
        int[] c = cell(a);
        for (Move m : moves(c[0], c[1], c[2], connectivity, rule)) {
            if (node(m.x(), m.y(), m.z()) == b) {
                return m.cost();
            }
        }
        return Double.NaN;
    }

    /** The open nodes. */
    public List<Integer> openNodes() {
        List<Integer> out = new ArrayList<>();
        for (int i = 0; i < areas.length; i++) {
            if (areas[i] != SOLID) {
                out.add(i);
            }
        }
        return out;
    }

    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder(sx + " x " + sy + " x " + sz + " voxels");
        if (areas.length <= 400) {
            for (int z = 0; z < sz; z++) {
                sb.append("\nz=").append(z);
                for (int y = 0; y < sy; y++) {
                    sb.append("\n  ");
                    for (int x = 0; x < sx; x++) {
                        int a = area(x, y, z);
                        sb.append(a == SOLID ? '#' : a == 0 ? '.' : (char) ('a' + a % 26));
                    }
                }
            }
        }
        return sb.toString();
    }
}
