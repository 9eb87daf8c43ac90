package org.onepath.grids.voxel;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.onepath.VoxelGrid;
import org.onepath.VoxelOptions;
import org.onepath.VoxelPath;
import org.onepath.io.VoxelMap;
import org.onepath.io.VoxelScenario;
import org.onepath.io.VoxelScenarios;

/**
 * A measurement, not a test: what the slowest exact voxel queries of a map are made of
 * ({@code docs/voxels.md}, "What the slowest queries are made of"). It times the jump point
 * search ({@code VoxelOptions.JUMP_POINTS}) on every n-th problem, prints the slowest with their
 * expansions and how far the optimum lies above the empty-space estimate of the start, and then,
 * for the slowest few, runs two plain Dijkstras over the whole map (from the start and from the
 * goal, each up to the optimum) to count the voxels v with g + octile estimate at most the
 * optimum C* and how far each lies off an optimal route: its detour d(s, v) + d(v, t) - C*. An
 * admissible estimate leaves v out of that set only where it comes within the detour of the true
 * distance, so the detours say what any lower bound could remove.
 *
 * <pre>
 * java -Xmx6g -cp core-offheap/target/classes:core-offheap/target/test-classes:state-format/target/classes \
 *     org.onepath.grids.voxel.VoxelTailMeasure ../shared/data/movingai3d A1 20 3 [PROBLEM...]
 * </pre>
 *
 * The arguments: the folder of the maps, the map's name, n (every n-th problem is timed), how
 * many of the slowest get the Dijkstras (each a pass over the map's reachable voxels up to C*,
 * minutes on A1) and, optionally, the problems (numbers in the file, from 0) to give them to
 * instead, since which are slowest moves with the machine. The Dijkstras follow the voxel rules of the search: 26 moves of cost 1, sqrt 2
 * and sqrt 3, a move legal when every voxel of its bounding box is open.
 */
public final class VoxelTailMeasure {
    private VoxelTailMeasure() {}

    private static final double SQRT2 = Math.sqrt(2);
    private static final double SQRT3 = Math.sqrt(3);
    private static final double[] DETOUR_BOUNDS = {0.25, 0.5, 1, 2, 5};

    private record Timed(int problem, double millis, int expanded, double optimum, double estimate) {}

    public static void main(String[] args) throws Exception {
        Path dir = Path.of(args[0]);
        String name = args[1];
        int every = Integer.parseInt(args[2]);
        int dijkstras = Integer.parseInt(args[3]);
        VoxelMap map = VoxelMap.read(dir.resolve(name + ".3dmap"));
        List<VoxelScenario> problems = VoxelScenarios.read(dir.resolve(name + ".3dmap.3dscen"));
        List<Timed> timed = new ArrayList<>();
        int mismatches = 0;
        try (VoxelGrid grid = map.toGrid()) {
            for (int i = 0; i < Math.min(200, problems.size()); i++) {
                grid.findPath(problems.get(i).start(), problems.get(i).goal(), VoxelOptions.JUMP_POINTS);
            }
            for (int i = 0; i < problems.size(); i += every) {
                VoxelScenario p = problems.get(i);
                long t0 = System.nanoTime();
                VoxelPath path = grid.findPath(p.start(), p.goal(), VoxelOptions.JUMP_POINTS);
                double millis = (System.nanoTime() - t0) / 1e6;
                if (!(Math.abs(path.cost() - p.optimalLength()) <= 1e-6)) {
                    mismatches++;
                }
                timed.add(new Timed(
                        i,
                        millis,
                        path.expandedCount(),
                        p.optimalLength(),
                        octile(p.startX() - p.goalX(), p.startY() - p.goalY(), p.startZ() - p.goalZ())));
            }
        }
        timed.sort((a, b) -> Double.compare(b.millis(), a.millis()));
        double total = timed.stream().mapToDouble(Timed::millis).sum();
        System.out.printf(
                "%s: every %d-th problem, %d queries, %d mismatches, mean %.1f ms%n",
                name, every, timed.size(), mismatches, total / timed.size());
        for (Timed t : timed.subList(0, Math.min(15, timed.size()))) {
            double gap = t.optimum() - t.estimate();
            System.out.printf(
                    "problem %d: %.1f ms, %d expanded, optimum %.2f, estimate %.2f, gap %.2f (%.2f%%)%n",
                    t.problem(), t.millis(), t.expanded(), t.optimum(), t.estimate(), gap, 100 * gap / t.optimum());
        }
        List<Integer> chosen = new ArrayList<>();
        for (int a = 4; a < args.length; a++) {
            chosen.add(Integer.parseInt(args[a]));
        }
        if (chosen.isEmpty()) {
            timed.subList(0, Math.min(dijkstras, timed.size())).forEach(t -> chosen.add(t.problem()));
        }
        Voxels voxels = new Voxels(map);
        for (int problem : chosen) {
            detours(voxels, problems.get(problem), problem);
        }
    }

    /** Prints the voxels with f at most C* and the shares of them within each detour bound. */
    private static void detours(Voxels voxels, VoxelScenario q, int problem) {
        long t0 = System.nanoTime();
        double optimum = q.optimalLength();
        double[] fromGoal = voxels.dijkstra(voxels.index(q.goalX(), q.goalY(), q.goalZ()), optimum);
        double[] fromStart = voxels.dijkstra(voxels.index(q.startX(), q.startY(), q.startZ()), optimum);
        long inSet = 0;
        long[] within = new long[DETOUR_BOUNDS.length];
        for (int v = 0; v < fromStart.length; v++) {
            double g = fromStart[v];
            if (g == Double.POSITIVE_INFINITY) {
                continue;
            }
            int x = v % voxels.sizeX;
            int y = v / voxels.sizeX % voxels.sizeY;
            int z = v / voxels.sizeX / voxels.sizeY;
            if (g + octile(x - q.goalX(), y - q.goalY(), z - q.goalZ()) > optimum + 1e-6) {
                continue;
            }
            inSet++;
            double detour = g + fromGoal[v] - optimum; // +infinity when the goal's pass did not reach v
            for (int b = 0; b < DETOUR_BOUNDS.length; b++) {
                if (detour < DETOUR_BOUNDS[b]) {
                    within[b]++;
                }
            }
        }
        StringBuilder shares = new StringBuilder();
        for (int b = 0; b < DETOUR_BOUNDS.length; b++) {
            shares.append(String.format(", detour < %s %.1f%%", DETOUR_BOUNDS[b], 100.0 * within[b] / inSet));
        }
        System.out.printf(
                "problem %d, optimum %.2f: %d voxels with f <= C*%s (%.0f s)%n",
                problem, optimum, inSet, shares, (System.nanoTime() - t0) / 1e9);
    }

    /** The empty-space distance of an offset under 26 moves. */
    static double octile(int dx, int dy, int dz) {
        int[] d = {Math.abs(dx), Math.abs(dy), Math.abs(dz)};
        Arrays.sort(d);
        return d[0] * SQRT3 + (d[1] - d[0]) * SQRT2 + (d[2] - d[1]);
    }

    /** The map's voxels as one byte each (1 solid) and a plain Dijkstra over them. */
    private static final class Voxels {
        final int sizeX;
        final int sizeY;
        final int sizeZ;
        final byte[] solid;

        Voxels(VoxelMap map) {
            sizeX = map.sizeX();
            sizeY = map.sizeY();
            sizeZ = map.sizeZ();
            solid = new byte[Math.toIntExact((long) sizeX * sizeY * sizeZ)];
            for (int i = 0; i < map.solidCount(); i++) {
                int[] c = map.solid(i);
                solid[index(c[0], c[1], c[2])] = 1;
            }
        }

        int index(int x, int y, int z) {
            return x + sizeX * (y + sizeY * z);
        }

        boolean open(int x, int y, int z) {
            return x >= 0 && y >= 0 && z >= 0 && x < sizeX && y < sizeY && z < sizeZ && solid[index(x, y, z)] == 0;
        }

        /** Whether the move (dx, dy, dz) from (x, y, z) is legal: every voxel of its bounding box open. */
        boolean legal(int x, int y, int z, int dx, int dy, int dz) {
            for (int a = 0; a <= Math.abs(dx); a++) {
                for (int b = 0; b <= Math.abs(dy); b++) {
                    for (int c = 0; c <= Math.abs(dz); c++) {
                        if (!open(x + a * dx, y + b * dy, z + c * dz)) {
                            return false;
                        }
                    }
                }
            }
            return true;
        }

        /**
         * Distances from {@code source} to every voxel settled at most {@code limit} away (+infinity
         * for the others), by a binary heap of (distance, voxel) without decrease-key.
         */
        double[] dijkstra(int source, double limit) {
            double[] best = new double[solid.length];
            Arrays.fill(best, Double.POSITIVE_INFINITY);
            boolean[] settled = new boolean[solid.length];
            double[] keys = new double[1 << 16];
            int[] ids = new int[1 << 16];
            int size = 1;
            best[source] = 0;
            keys[0] = 0;
            ids[0] = source;
            while (size > 0) {
                double d = keys[0];
                int v = ids[0];
                size--;
                if (size > 0) {
                    double key = keys[size];
                    int id = ids[size];
                    int i = 0;
                    while (true) {
                        int c = 2 * i + 1;
                        if (c >= size) {
                            break;
                        }
                        if (c + 1 < size && keys[c + 1] < keys[c]) {
                            c++;
                        }
                        if (keys[c] >= key) {
                            break;
                        }
                        keys[i] = keys[c];
                        ids[i] = ids[c];
                        i = c;
                    }
                    keys[i] = key;
                    ids[i] = id;
                }
                if (settled[v] || d > best[v]) {
                    continue;
                }
                if (d > limit + 1e-6) {
                    break;
                }
                settled[v] = true;
                int x = v % sizeX;
                int y = v / sizeX % sizeY;
                int z = v / sizeX / sizeY;
                for (int dz = -1; dz <= 1; dz++) {
                    for (int dy = -1; dy <= 1; dy++) {
                        for (int dx = -1; dx <= 1; dx++) {
                            int axes = Math.abs(dx) + Math.abs(dy) + Math.abs(dz);
                            if (axes == 0 || !open(x + dx, y + dy, z + dz)) {
                                continue;
                            }
                            int t = index(x + dx, y + dy, z + dz);
                            double next = d + (axes == 1 ? 1 : axes == 2 ? SQRT2 : SQRT3);
                            if (settled[t] || !(next < best[t]) || !legal(x, y, z, dx, dy, dz)) {
                                continue;
                            }
                            best[t] = next;
                            if (size == keys.length) {
                                keys = Arrays.copyOf(keys, size * 2);
                                ids = Arrays.copyOf(ids, size * 2);
                            }
                            int i = size++;
                            while (i > 0) {
                                int p = (i - 1) / 2;
                                if (keys[p] <= next) {
                                    break;
                                }
                                keys[i] = keys[p];
                                ids[i] = ids[p];
                                i = p;
                            }
                            keys[i] = next;
                            ids[i] = t;
                        }
                    }
                }
            }
            for (int v = 0; v < best.length; v++) {
                if (!settled[v]) {
                    best[v] = Double.POSITIVE_INFINITY;
                }
            }
            return best;
        }
    }
}
