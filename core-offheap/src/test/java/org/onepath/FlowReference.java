package org.onepath;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import org.onepath.cells.Cell;
import org.onepath.cells.Connectivity;
import org.onepath.cells.DiagonalRule;

/**
 * Plain flow fields written from the spec's definitions for the flow-field tests, sharing no code
 * with the library: a quadratic multi-goal Dijkstra per cell over {@link ReferenceGrid}'s and
 * {@link HexReference}'s moves, the direction rule, and seeded random cases.
 *
 * <p>The Dijkstra works from each cell's point of view: a cell's tentative cost is the minimum,
 * over the settled cells it has a legal move to, of that cell's cost plus the cost of the move out
 * of it ({@code stepCost(cell, target)}); each round settles the cheapest unsettled cell (smallest
 * index on ties) by a scan of every cell, so the whole run is O(n^2).
 */
final class FlowReference {
    private FlowReference() {}

    /** N, E, S, W, NE, SE, SW, NW as (dx, dy), the normative order. */
    private static final int[][] STEPS = {
        {0, -1}, {1, 0}, {0, 1}, {-1, 0},
        {1, -1}, {1, 1}, {-1, 1}, {-1, -1},
    };

    /** A square-grid case: the grid, the movement options and the goal cells (any cells, walls included). */
    record SquareCase(
            long seed,
            ReferenceGrid grid,
            Connectivity connectivity,
            DiagonalRule rule,
            int agentSize,
            List<Cell> goals) {
        boolean eight() {
            return connectivity == Connectivity.EIGHT;
        }

        GridOptions options() {
            return GridOptions.builder()
                    .connectivity(connectivity)
                    .diagonalRule(rule)
                    .agentSize(agentSize)
                    .build();
        }

        @Override
        public String toString() {
            return "seed " + seed + ": " + connectivity + " " + rule + " agentSize=" + agentSize + " goals=" + goals
                    + "\n" + grid.picture();
        }
    }

    /** A hex case. */
    record HexCase(long seed, HexReference.RefGrid grid, List<Cell> goals) {
        @Override
        public String toString() {
            return "seed " + seed + ": goals=" + goals + "\n" + grid.picture();
        }
    }

    /**
     * A random square case from a seed: sides 1..14, up to 45 % walls, cells from four random areas.
     * Four-connected cases get dyadic multipliers (k / 8, so every sum is exact); eight-connected
     * ones multipliers 1 or 0.05..8 with six decimals. Agent size 1 or 2, any diagonal rule, one to
     * three goals anywhere.
     */
    static SquareCase randomSquare(long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        int w = 1 + random.nextInt(14);
        int h = 1 + random.nextInt(14);
        Connectivity connectivity = random.nextBoolean() ? Connectivity.EIGHT : Connectivity.FOUR;
        DiagonalRule rule = DiagonalRule.values()[random.nextInt(3)];
        int size = random.nextInt(4) == 0 ? 2 : 1;
        ReferenceGrid g = randomGrid(random, w, h, connectivity == Connectivity.FOUR);
        int goalCount = 1 + random.nextInt(3);
        List<Cell> goals = new ArrayList<>();
        for (int i = 0; i < goalCount; i++) {
            goals.add(new Cell(random.nextInt(w), random.nextInt(h)));
        }
        return new SquareCase(seed, g, connectivity, rule, size, goals);
    }

    /** A random grid: up to 45 % walls, four palette areas with random multipliers (dyadic or not). */
    static ReferenceGrid randomGrid(SplittableRandom random, int w, int h, boolean dyadic) {
        ReferenceGrid g = new ReferenceGrid(w, h);
        int wallPercent = random.nextInt(46);
        int[] palette = new int[4];
        for (int i = 0; i < 4; i++) {
            palette[i] = random.nextInt(255);
            double m;
            if (dyadic) {
                m = (1 + random.nextInt(32)) / 8.0;
            } else {
                m = random.nextInt(3) == 0 ? 1.0 : Math.round((0.05 + 7.95 * random.nextDouble()) * 1e6) / 1e6;
            }
            g.setMultiplier(palette[i], m);
        }
        for (int i = 0; i < w * h; i++) {
            int area = random.nextInt(100) < wallPercent ? ReferenceGrid.WALL : palette[random.nextInt(4)];
            g.setArea(i % w, i / w, area);
        }
        return g;
    }

    /** A random hex case: {@link HexReference#random} and one to three goals anywhere. */
    static HexCase randomHex(long seed, int maxSide) {
        HexReference.RefGrid g = HexReference.random(seed, maxSide);
        SplittableRandom random = new SplittableRandom(seed ^ 0x5DEECE66DL);
        int goalCount = 1 + random.nextInt(3);
        List<Cell> goals = new ArrayList<>();
        for (int i = 0; i < goalCount; i++) {
            goals.add(new Cell(random.nextInt(g.width()), random.nextInt(g.height())));
        }
        return new HexCase(seed, g, goals);
    }

    /** Costs of a square case, row-major: 0 at goals the agent fits on, +infinity where no way leads. */
    static double[] squareField(SquareCase c) {
        ReferenceGrid g = c.grid();
        int w = g.width();
        int n = w * g.height();
        double[] cost = new double[n];
        boolean[] done = new boolean[n];
        Arrays.fill(cost, Double.POSITIVE_INFINITY);
        for (Cell goal : c.goals()) {
            if (g.fits(goal.x(), goal.y(), c.agentSize())) {
                cost[goal.y() * w + goal.x()] = 0.0;
            }
        }
        int directions = c.eight() ? 8 : 4;
        while (true) {
            int best = -1;
            for (int i = 0; i < n; i++) {
                if (!done[i] && cost[i] < Double.POSITIVE_INFINITY && (best < 0 || cost[i] < cost[best])) {
                    best = i;
                }
            }
            if (best < 0) {
                return cost;
            }
            done[best] = true;
            int ux = best % w;
            int uy = best / w;
            // every cell with a legal move into the settled cell
            for (int d = 0; d < directions; d++) {
                int vx = ux - STEPS[d][0];
                int vy = uy - STEPS[d][1];
                int v = vy * w + vx;
                if (!g.inside(vx, vy)
                        || done[v]
                        || !g.fits(vx, vy, c.agentSize())
                        || !g.isMove(vx, vy, ux, uy, c.eight(), c.rule(), c.agentSize())) {
                    continue;
                }
                double alt = cost[best] + g.stepCost(vx, vy, ux, uy);
                if (alt < cost[v]) {
                    cost[v] = alt;
                }
            }
        }
    }

    /**
     * The direction rule over given costs: for each cell with a finite cost that is not a goal,
     * the first legal move (normative order) attaining the minimum of cost[target] + move; -1
     * otherwise.
     */
    static int[] squareNext(SquareCase c, double[] cost) {
        ReferenceGrid g = c.grid();
        int w = g.width();
        int[] next = new int[cost.length];
        Arrays.fill(next, -1);
        List<Integer> goals = goalIndexes(c.goals(), w);
        for (int i = 0; i < cost.length; i++) {
            if (cost[i] == Double.POSITIVE_INFINITY || (cost[i] == 0 && goals.contains(i))) {
                continue;
            }
            double min = Double.POSITIVE_INFINITY;
            for (ReferenceGrid.Move m : g.moves(i % w, i / w, c.eight(), c.rule(), c.agentSize())) {
                int t = m.y() * w + m.x();
                double s = cost[t] + m.cost();
                if (s < min) {
                    min = s;
                    next[i] = t;
                }
            }
        }
        return next;
    }

    /** Costs of a hex case: the same quadratic Dijkstra over the hex moves. */
    static double[] hexField(HexCase c) {
        HexReference.RefGrid g = c.grid();
        int n = g.cells().length;
        int w = g.width();
        double[] cost = new double[n];
        boolean[] done = new boolean[n];
        Arrays.fill(cost, Double.POSITIVE_INFINITY);
        for (Cell goal : c.goals()) {
            int i = goal.y() * w + goal.x();
            if (g.walkable(i)) {
                cost[i] = 0.0;
            }
        }
        while (true) {
            int best = -1;
            for (int i = 0; i < n; i++) {
                if (!done[i] && cost[i] < Double.POSITIVE_INFINITY && (best < 0 || cost[i] < cost[best])) {
                    best = i;
                }
            }
            if (best < 0) {
                return cost;
            }
            done[best] = true;
            // hex moves are symmetric: the cells with a move into best are its neighbours
            for (int v : g.neighbours(best)) {
                if (done[v]) {
                    continue;
                }
                double alt = cost[best] + g.moveCost(v, best);
                if (alt < cost[v]) {
                    cost[v] = alt;
                }
            }
        }
    }

    /** The direction rule on a hex grid. */
    static int[] hexNext(HexCase c, double[] cost) {
        HexReference.RefGrid g = c.grid();
        int[] next = new int[cost.length];
        Arrays.fill(next, -1);
        List<Integer> goals = goalIndexes(c.goals(), g.width());
        for (int i = 0; i < cost.length; i++) {
            if (cost[i] == Double.POSITIVE_INFINITY || (cost[i] == 0 && goals.contains(i)) || !g.walkable(i)) {
                continue;
            }
            double min = Double.POSITIVE_INFINITY;
            for (int t : g.neighbours(i)) {
                double s = cost[t] + g.moveCost(i, t);
                if (s < min) {
                    min = s;
                    next[i] = t;
                }
            }
        }
        return next;
    }

    static List<Integer> goalIndexes(List<Cell> goals, int width) {
        List<Integer> out = new ArrayList<>();
        for (Cell g : goals) {
            out.add(g.y() * width + g.x());
        }
        return out;
    }

    /** |a - b| within 1e-9 of the larger magnitude (and equal infinities). */
    static boolean close(double a, double b) {
        if (a == b) {
            return true;
        }
        if (Double.isInfinite(a) || Double.isInfinite(b)) {
            return false;
        }
        return Math.abs(a - b) <= 1e-9 * Math.max(1.0, Math.max(Math.abs(a), Math.abs(b)));
    }
}
