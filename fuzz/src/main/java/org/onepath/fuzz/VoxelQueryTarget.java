package org.onepath.fuzz;

import java.util.Arrays;
import org.onepath.VoxelAlgorithm;
import org.onepath.VoxelCell;
import org.onepath.VoxelGrid;
import org.onepath.VoxelOptions;
import org.onepath.VoxelPath;
import org.onepath.cells.Cancellation;
import org.onepath.cells.PathStatus;
import org.onepath.cells.VoxelConnectivity;
import org.onepath.cells.VoxelCornerRule;
import org.onepath.grids.AStar;
import org.onepath.grids.DefaultStepCost;
import org.onepath.grids.GridSearchBuffers;
import org.onepath.grids.SearchStatus;
import org.onepath.grids.voxel.ChunkTable;
import org.onepath.grids.voxel.VoxelHeuristic;
import org.onepath.grids.voxel.VoxelTopology;
import org.onepath.grids.voxel.hierarchy.VoxelHierarchy;
import org.onepath.grids.voxel.hierarchy.VoxelHierarchySearch;

/**
 * {@code voxel-query}: a block of up to 7 x 7 x 7 voxels from the input (solids up to about half,
 * area ids 0..3 with multipliers 0.25..4.15 one input in two), 6, 18 or 26 moves and a corner
 * rule, three {@code VoxelGrid.findPath} queries. Checks, from spec 001 "3D voxel grids": status
 * and cost against a Dijkstra over moves enumerated from the definition in {@link #move} (within
 * 1e-9 relative); the path move by move with the cost the sum of its steps; the same query with a
 * never-cancelled token (slices of 256) and through the tier-2 dense A* stepped 1-7 iterations at
 * a time give the same status, cost bits and voxels.
 *
 * <p>Then the same block under {@link VoxelAlgorithm#HPA} (face samples 1..16 from the input),
 * twice: on the grid above (one chunk, open or stored) and carved into a solid grid at an offset
 * that puts it across chunk borders (up to 2 x 2 x 2 chunks, the far ones cut by the grid's
 * edge), three queries each and one more after an edit of one voxel. Checks: found exactly when
 * the Dijkstra finds, never cheaper than it, every step a legal move of the block, the cost the
 * sum of the steps bit for bit; the tier-2 {@code VoxelHierarchySearch} over the hierarchy (built
 * by the target and installed in the grid), stepped 1-7 iterations at a time, gives the same
 * status, cost bits and voxels;
 * a budget below the run's iterations gives BUDGET_EXHAUSTED, and with {@code allowPartial} a
 * legal PARTIAL path from the start. With {@code ALLOW_ALL} and 18 or 26 moves the query runs A*
 * (the path says so) with A*'s answer.
 */
final class VoxelQueryTarget implements Target {
    private static final double SQRT3 = 1.7320508075688772;

    @Override
    public String name() {
        return "voxel-query";
    }

    @Override
    public boolean acceptsEveryInput() {
        return true;
    }

    record Block(int sx, int sy, int sz, int[] area, double[] m, int moves, int rule) {
        boolean open(int x, int y, int z) {
            return x >= 0 && y >= 0 && z >= 0 && x < sx && y < sy && z < sz && area[x + sx * (y + sy * z)] != 255;
        }
    }

    @Override
    public void run(byte[] input) {
        InputBytes in = new InputBytes(input);
        int sx = 1 + in.below(7);
        int sy = 1 + in.below(7);
        int sz = 1 + in.below(7);
        VoxelConnectivity connectivity = VoxelConnectivity.values()[in.below(3)];
        VoxelCornerRule rule = VoxelCornerRule.values()[in.below(3)];
        boolean areas = in.flag();
        double[] m = new double[255];
        Arrays.fill(m, 1.0);
        if (areas) {
            for (int a = 0; a < 4; a++) {
                m[a] = 0.25 + in.below(40) * 0.1;
            }
        }
        int density = in.next() / 2;
        int n = sx * sy * sz;
        int[] area = new int[n];
        for (int i = 0; i < n; i++) {
            int b = in.next();
            area[i] = b < density ? 255 : areas ? b & 3 : 0;
        }
        Block block = new Block(sx, sy, sz, area, m, connectivity.moves(), rule.ordinal());
        try (ChunkTable table = new ChunkTable(sx, sy, sz, 0);
                VoxelGrid grid = VoxelGrid.over(table)) {
            for (int a = 0; a < 4; a++) {
                grid.areas().set(a, m[a]);
            }
            for (int i = 0; i < n; i++) {
                grid.setArea(i % sx, i / sx % sy, i / (sx * sy), area[i]);
            }
            VoxelOptions options = VoxelOptions.builder()
                    .connectivity(connectivity)
                    .cornerRule(rule)
                    .build();
            for (int k = 0; k < 3; k++) {
                int s = in.below(n);
                int g = in.below(n);
                query(grid, block, options, s, g, 1 + in.below(7));
            }
            int samples = in.flag() ? 1 + in.below(16) : 1 + in.below(4);
            hierarchyQueries(in, grid, table, block, new int[3], samples);
            // The block carved into a solid grid, across chunk borders on each axis it can cross.
            int[] offset = new int[3];
            int[] size = {sx, sy, sz};
            int[] grown = new int[3];
            for (int a = 0; a < 3; a++) {
                offset[a] = in.below(4) == 0 ? 0 : 16 - 1 - in.below(size[a]);
                grown[a] = offset[a] + size[a] + in.below(3);
            }
            try (ChunkTable carved = new ChunkTable(grown[0], grown[1], grown[2], 255);
                    VoxelGrid solid = VoxelGrid.over(carved)) {
                for (int a = 0; a < 4; a++) {
                    solid.areas().set(a, m[a]);
                }
                for (int i = 0; i < n; i++) {
                    solid.setArea(offset[0] + i % sx, offset[1] + i / sx % sy, offset[2] + i / (sx * sy), area[i]);
                }
                hierarchyQueries(in, solid, carved, block, offset, samples);
            }
        }
    }

    /**
     * Three HPA queries between voxels of the block (at {@code offset} in the grid), one more after
     * an edit of one voxel; {@code block} is edited with the grid and put back after.
     */
    private static void hierarchyQueries(
            InputBytes in, VoxelGrid grid, ChunkTable table, Block b, int[] offset, int samples) {
        VoxelConnectivity connectivity = VoxelConnectivity.values()[b.moves == 6 ? 0 : b.moves == 18 ? 1 : 2];
        VoxelCornerRule rule = VoxelCornerRule.values()[b.rule];
        VoxelOptions hpa = VoxelOptions.builder()
                .algorithm(VoxelAlgorithm.HPA)
                .connectivity(connectivity)
                .cornerRule(rule)
                .hierarchyFaceSamples(samples)
                .build();
        int n = b.sx * b.sy * b.sz;
        if (rule == VoxelCornerRule.ALLOW_ALL && connectivity != VoxelConnectivity.SIX) {
            // The hierarchy refuses this rule: the query runs A* and says so.
            VoxelCell s = inGrid(b, offset, in.below(n));
            VoxelCell g = inGrid(b, offset, in.below(n));
            VoxelPath path = grid.findPath(s, g, hpa);
            VoxelPath astar = grid.findPath(
                    s, g, hpa.toBuilder().algorithm(VoxelAlgorithm.ASTAR).build());
            if (path.algorithm() != VoxelAlgorithm.ASTAR) {
                throw new AssertionError("HPA with " + rule + " and " + connectivity + " ran " + path.algorithm());
            }
            same(path, astar.status(), astar.cost(), astar.nodeIndices(), "HPA falling back to A*, " + hpa);
            return;
        }
        // Built here and handed to the grid, as a store hands over its tables: the grid's queries
        // and the tier-2 search below read the same tables, and the grid closes them.
        VoxelHierarchy hierarchy = new VoxelHierarchy(table, grid.areas(), connectivity, rule, samples);
        grid.installHierarchy(hierarchy);
        try (VoxelHierarchySearch search = new VoxelHierarchySearch(hierarchy)) {
            for (int k = 0; k < 4; k++) {
                int edited = -1;
                int before = 0;
                if (k == 3) {
                    edited = in.below(n);
                    before = b.area[edited];
                    b.area[edited] = before == 255 ? 0 : 255;
                    VoxelCell c = inGrid(b, offset, edited);
                    grid.setArea(c.x(), c.y(), c.z(), b.area[edited]);
                }
                try {
                    hierarchyQuery(grid, search, b, offset, hpa, in.below(n), in.below(n), 1 + in.below(7), in);
                } finally {
                    if (edited >= 0) {
                        b.area[edited] = before;
                        VoxelCell c = inGrid(b, offset, edited);
                        grid.setArea(c.x(), c.y(), c.z(), before);
                    }
                }
            }
        }
    }

    private static VoxelCell inGrid(Block b, int[] offset, int i) {
        return new VoxelCell(offset[0] + i % b.sx, offset[1] + i / b.sx % b.sy, offset[2] + i / (b.sx * b.sy));
    }

    /** The block's voxel of a grid node, or -1 outside the block. */
    private static int inBlock(VoxelGrid grid, Block b, int[] offset, int node) {
        int x = node % grid.sizeX() - offset[0];
        int y = node / grid.sizeX() % grid.sizeY() - offset[1];
        int z = node / (grid.sizeX() * grid.sizeY()) - offset[2];
        boolean inside = x >= 0 && y >= 0 && z >= 0 && x < b.sx && y < b.sy && z < b.sz;
        return inside ? x + b.sx * (y + b.sy * z) : -1;
    }

    private static void hierarchyQuery(
            VoxelGrid grid,
            VoxelHierarchySearch search,
            Block b,
            int[] offset,
            VoxelOptions hpa,
            int s,
            int g,
            int slice,
            InputBytes in) {
        String where = "HPA " + s + " -> " + g + " in " + b.sx + " x " + b.sy + " x " + b.sz + " at "
                + Arrays.toString(offset) + " of " + grid.sizeX() + " x " + grid.sizeY() + " x " + grid.sizeZ() + " "
                + hpa;
        VoxelCell start = inGrid(b, offset, s);
        VoxelCell goal = inGrid(b, offset, g);
        VoxelPath whole = grid.findPath(start, goal, hpa);
        double[] d = dijkstra(b, s);
        PathStatus expected = b.area[s] == 255
                ? PathStatus.START_INVALID
                : b.area[g] == 255
                        ? PathStatus.GOAL_INVALID
                        : d[g] < Double.POSITIVE_INFINITY ? PathStatus.FOUND : PathStatus.NO_PATH;
        if (whole.status() != expected || whole.algorithm() != VoxelAlgorithm.HPA) {
            throw new AssertionError(
                    whole.status() + " by " + whole.algorithm() + " where Dijkstra says " + expected + ": " + where);
        }
        if (expected == PathStatus.FOUND) {
            checkLegal(grid, b, offset, whole.nodeIndices(), s, g, whole.cost(), where);
            if (whole.cost() < d[g] && !RefGrid.close(whole.cost(), d[g])) {
                throw new AssertionError("cost " + whole.cost() + " below Dijkstra's " + d[g] + ": " + where);
            }
        }
        if (expected != PathStatus.FOUND && expected != PathStatus.NO_PATH) {
            return;
        }
        // Tier 2 over the same hierarchy, stepped a few iterations at a time.
        int sNode = grid.indexOf(start.x(), start.y(), start.z());
        int gNode = grid.indexOf(goal.x(), goal.y(), goal.z());
        search.begin(sNode, gNode);
        while (search.status() == SearchStatus.RUNNING) {
            search.step(slice);
        }
        PathStatus stepped = search.status() == SearchStatus.FOUND ? PathStatus.FOUND : PathStatus.NO_PATH;
        same(
                whole,
                stepped,
                search.pathCost(),
                stepped == PathStatus.FOUND ? search.path() : new int[0],
                "tier-2 search stepped " + slice + " at a time, " + where);
        if (whole.iterations() != search.iterations()) {
            throw new AssertionError(whole.iterations() + " iterations, stepped " + search.iterations() + ": " + where);
        }
        // A budget: below the run's iterations it stops the query, and a partial path is legal.
        int budget = 1 + in.below(Math.max(1, whole.iterations()));
        VoxelPath cut = grid.findPath(
                start, goal, hpa.toBuilder().iterationBudget(budget).build());
        VoxelPath partial = grid.findPath(
                start,
                goal,
                hpa.toBuilder().iterationBudget(budget).allowPartial(true).build());
        if (budget < whole.iterations()) {
            if (cut.status() != PathStatus.BUDGET_EXHAUSTED || partial.status() != PathStatus.PARTIAL) {
                throw new AssertionError(cut + " and " + partial + " within a budget of " + budget + " of "
                        + whole.iterations() + " iterations: " + where);
            }
        } else {
            same(cut, whole.status(), whole.cost(), whole.nodeIndices(), "budget " + budget + ", " + where);
            if (whole.status() == PathStatus.FOUND) {
                same(partial, whole.status(), whole.cost(), whole.nodeIndices(), "partial allowed, " + where);
            } else if (partial.status() != PathStatus.PARTIAL) {
                throw new AssertionError(partial + " for a goal out of reach with allowPartial: " + where);
            }
        }
        if (partial.status() == PathStatus.PARTIAL) {
            int[] p = partial.nodeIndices();
            checkLegal(grid, b, offset, p, s, inBlock(grid, b, offset, p[p.length - 1]), partial.cost(), where);
        }
    }

    /**
     * A path of grid nodes from the block's voxel {@code s} to its voxel {@code e}: every step a
     * legal move of the block, the cost the sum of the steps in path order, bit for bit.
     */
    static void checkLegal(VoxelGrid grid, Block b, int[] offset, int[] p, int s, int e, double cost, String where) {
        if (p.length == 0 || inBlock(grid, b, offset, p[0]) != s || inBlock(grid, b, offset, p[p.length - 1]) != e) {
            throw new AssertionError("the path does not join its ends: " + Arrays.toString(p) + ": " + where);
        }
        double sum = 0;
        for (int i = 0; i + 1 < p.length; i++) {
            int u = inBlock(grid, b, offset, p[i]);
            int v = inBlock(grid, b, offset, p[i + 1]);
            double c = u < 0 || v < 0 ? Double.NaN : move(b, u, v);
            if (Double.isNaN(c)) {
                throw new AssertionError("step " + i + " " + p[i] + " -> " + p[i + 1] + " is no legal move: " + where);
            }
            sum += c;
        }
        if (Double.doubleToRawLongBits(sum) != Double.doubleToRawLongBits(cost)) {
            throw new AssertionError("cost " + cost + " is not the sum of the steps " + sum + ": " + where);
        }
    }

    private static VoxelCell cell(Block b, int i) {
        return new VoxelCell(i % b.sx, i / b.sx % b.sy, i / (b.sx * b.sy));
    }

    private static void query(VoxelGrid grid, Block b, VoxelOptions options, int s, int g, int slice) {
        String where = s + " -> " + g + " in " + b.sx + " x " + b.sy + " x " + b.sz + " " + options;
        VoxelPath whole = grid.findPath(cell(b, s), cell(b, g), options);
        double[] d = dijkstra(b, s);
        PathStatus expected = b.area[s] == 255
                ? PathStatus.START_INVALID
                : b.area[g] == 255
                        ? PathStatus.GOAL_INVALID
                        : d[g] < Double.POSITIVE_INFINITY ? PathStatus.FOUND : PathStatus.NO_PATH;
        if (whole.status() != expected) {
            throw new AssertionError(whole.status() + " where Dijkstra says " + expected + ": " + where);
        }
        if (expected == PathStatus.FOUND) {
            if (!RefGrid.close(whole.cost(), d[g])) {
                throw new AssertionError("cost " + whole.cost() + ", Dijkstra " + d[g] + ": " + where);
            }
            int[] p = whole.nodeIndices();
            if (p[0] != s || p[p.length - 1] != g) {
                throw new AssertionError("the path does not join its ends: " + where);
            }
            double sum = 0;
            for (int i = 0; i + 1 < p.length; i++) {
                double c = move(b, p[i], p[i + 1]);
                if (Double.isNaN(c)) {
                    throw new AssertionError(
                            "step " + i + " " + p[i] + " -> " + p[i + 1] + " is no legal move: " + where);
                }
                sum += c;
            }
            if (!RefGrid.close(sum, whole.cost())) {
                throw new AssertionError("cost " + whole.cost() + " is not the sum of the steps " + sum + ": " + where);
            }
        }
        VoxelPath tokened = grid.findPath(cell(b, s), cell(b, g), options, new Cancellation());
        same(tokened, whole.status(), whole.cost(), whole.nodeIndices(), "with a token, " + where);
        if (expected == PathStatus.FOUND || expected == PathStatus.NO_PATH) {
            VoxelTopology topology = grid.createTopology(options.connectivity(), options.cornerRule());
            try (GridSearchBuffers buffers = new GridSearchBuffers(topology.nodeCount())) {
                AStar<VoxelTopology, DefaultStepCost, VoxelHeuristic> astar =
                        new AStar<>(topology, DefaultStepCost.INSTANCE, new VoxelHeuristic(topology), buffers);
                astar.begin(s, g);
                while (astar.status() == SearchStatus.RUNNING) {
                    astar.step(slice);
                }
                PathStatus status = astar.status() == SearchStatus.FOUND ? PathStatus.FOUND : PathStatus.NO_PATH;
                int[] path = status == PathStatus.FOUND ? astar.path() : new int[0];
                same(
                        whole,
                        status,
                        status == PathStatus.FOUND ? astar.pathCost() : whole.cost(),
                        path,
                        "dense A* stepped " + slice + " at a time, " + where);
            }
        }
    }

    private static void same(VoxelPath a, PathStatus status, double cost, int[] path, String where) {
        if (a.status() != status
                || status == PathStatus.FOUND
                        && (Double.doubleToRawLongBits(a.cost()) != Double.doubleToRawLongBits(cost)
                                || !Arrays.equals(a.nodeIndices(), path))) {
            throw new AssertionError(
                    a + " against " + status + " " + cost + " " + Arrays.toString(path) + ": " + where);
        }
    }

    /**
     * The cost of the move from voxel a to voxel b, NaN when it is not a move: b open, at most
     * {@code moves} neighbours (6 faces, 18 with edges, 26 with corners), and the corner rule over
     * the cells swept inside the move's cube.
     */
    static double move(Block b, int a, int c) {
        int ax = a % b.sx, ay = a / b.sx % b.sy, az = a / (b.sx * b.sy);
        int cx = c % b.sx, cy = c / b.sx % b.sy, cz = c / (b.sx * b.sy);
        int dx = cx - ax, dy = cy - ay, dz = cz - az;
        int axes = (dx != 0 ? 1 : 0) + (dy != 0 ? 1 : 0) + (dz != 0 ? 1 : 0);
        if (Math.abs(dx) > 1 || Math.abs(dy) > 1 || Math.abs(dz) > 1 || axes == 0 || !b.open(cx, cy, cz)) {
            return Double.NaN;
        }
        if (axes == 2 && b.moves < 18 || axes == 3 && b.moves < 26) {
            return Double.NaN;
        }
        int[][] unit = {{dx, 0, 0}, {0, dy, 0}, {0, 0, dz}};
        boolean legal;
        if (axes == 1 || b.rule == 2) {
            legal = true;
        } else {
            // the face cells (one component) and, for a corner move, the edge cells (two components)
            boolean allOpen = true;
            boolean route = false;
            for (int i = 0; i < 3; i++) {
                if (unit[i][0] + unit[i][1] + unit[i][2] == 0) {
                    continue;
                }
                boolean face = b.open(ax + unit[i][0], ay + unit[i][1], az + unit[i][2]);
                allOpen &= face;
                if (axes == 2) {
                    route |= face;
                    continue;
                }
                for (int j = 0; j < 3; j++) {
                    if (j == i) {
                        continue;
                    }
                    boolean edge = b.open(
                            ax + unit[i][0] + unit[j][0], ay + unit[i][1] + unit[j][1], az + unit[i][2] + unit[j][2]);
                    allOpen &= edge;
                    route |= face && edge;
                }
            }
            legal = b.rule == 0 ? allOpen : route;
        }
        if (!legal) {
            return Double.NaN;
        }
        double length = axes == 1 ? 1.0 : axes == 2 ? Math.sqrt(2.0) : SQRT3;
        return length * ((b.m[b.area[a]] + b.m[b.area[c]]) * 0.5);
    }

    static double[] dijkstra(Block b, int s) {
        int n = b.sx * b.sy * b.sz;
        double[] d = new double[n];
        boolean[] done = new boolean[n];
        Arrays.fill(d, Double.POSITIVE_INFINITY);
        if (b.area[s] == 255) {
            return d;
        }
        d[s] = 0;
        while (true) {
            int u = -1;
            for (int i = 0; i < n; i++) {
                if (!done[i] && d[i] < Double.POSITIVE_INFINITY && (u < 0 || d[i] < d[u])) {
                    u = i;
                }
            }
            if (u < 0) {
                return d;
            }
            done[u] = true;
            int ux = u % b.sx, uy = u / b.sx % b.sy, uz = u / (b.sx * b.sy);
            for (int dz = -1; dz <= 1; dz++) {
                for (int dy = -1; dy <= 1; dy++) {
                    for (int dx = -1; dx <= 1; dx++) {
                        int x = ux + dx, y = uy + dy, z = uz + dz;
                        if (x < 0 || y < 0 || z < 0 || x >= b.sx || y >= b.sy || z >= b.sz) {
                            continue;
                        }
                        int v = x + b.sx * (y + b.sy * z);
                        double c = move(b, u, v);
                        if (!Double.isNaN(c) && d[u] + c < d[v]) {
                            d[v] = d[u] + c;
                        }
                    }
                }
            }
        }
    }
}
