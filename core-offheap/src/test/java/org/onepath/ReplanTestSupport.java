package org.onepath;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.onepath.cells.Cell;
import org.onepath.cells.Connectivity;
import org.onepath.cells.DiagonalRule;
import org.onepath.cells.PathStatus;

/**
 * Shared pieces of the replanner tests: one replanner over a square or a hex grid behind one
 * interface, random edits, and the check of a result against the plain reference models
 * ({@link ReferenceGrid}, {@link HexReference}) rebuilt from the grid as it is now.
 */
final class ReplanTestSupport {
    private ReplanTestSupport() {}

    /** A replanner and its grid, square or hex. */
    record Setting(Grid grid, HexGrid hex, GridOptions options, GridAlgorithm algorithm, Cell start, Cell goal)
            implements SquareOrHexGrid {
        Replanned create() {
            return grid != null
                    ? new Replanned(grid.createReplanner(start, goal, options), null)
                    : new Replanned(null, hex.createReplanner(start, goal, algorithm, HexOptions.DEFAULT));
        }

        @Override
        public String toString() {
            return (grid != null ? "square " + options : "hex " + hex.layout() + " " + algorithm) + " " + start + " -> "
                    + goal;
        }
    }

    /** A GridReplanner or a HexReplanner. */
    record Replanned(GridReplanner square, HexReplanner hex) implements AutoCloseable {
        Result replan(int budget) {
            if (square != null) {
                GridPath p = square.replan(budget);
                return new Result(p.status(), p.cost(), p.cellIndices(), p.expandedCount());
            }
            HexPath p = hex.replan(budget);
            int[] cells = new int[p.length()];
            for (int i = 0; i < cells.length; i++) {
                Cell c = p.cells().get(i);
                cells[i] = c.y() * hex.grid().width() + c.x();
            }
            return new Result(p.status(), p.cost(), cells, p.expandedCount());
        }

        void moveStart(Cell c) {
            if (square != null) {
                square.moveStart(c);
            } else {
                hex.moveStart(c);
            }
        }

        void setGoal(Cell c) {
            if (square != null) {
                square.setGoal(c);
            } else {
                hex.setGoal(c);
            }
        }

        Cell start() {
            return square != null ? square.start() : hex.start();
        }

        Cell goal() {
            return square != null ? square.goal() : hex.goal();
        }

        byte[] saveState() {
            return square != null ? square.saveState() : hex.saveState();
        }

        void restoreState(byte[] state) {
            if (square != null) {
                square.restoreState(state);
            } else {
                hex.restoreState(state);
            }
        }

        int restartCount() {
            return square != null ? square.restartCount() : hex.restartCount();
        }

        @Override
        public void close() {
            if (square != null) {
                square.close();
            } else {
                hex.close();
            }
        }
    }

    /** A replan's outcome: status, cost, cells (start first) and expansion count. */
    record Result(PathStatus status, double cost, int[] cells, int expanded) {}

    /** A random square (three times in four) or hex setting with a random start and goal. */
    static Setting randomSetting(long seed, SplittableRandom random, int maxSide) {
        GridAlgorithm algorithm = random.nextBoolean() ? GridAlgorithm.LPA_STAR : GridAlgorithm.D_STAR_LITE;
        if (random.nextInt(4) == 0) {
            HexGrid hex = HexReference.random(seed, maxSide).toHexGrid();
            return new Setting(
                    null,
                    hex,
                    null,
                    algorithm,
                    randomCell(random, hex.width(), hex.height()),
                    randomCell(random, hex.width(), hex.height()));
        }
        int w = 3 + random.nextInt(maxSide - 2);
        int h = 3 + random.nextInt(maxSide - 2);
        int agentSize = random.nextInt(3) == 0 ? 1 + random.nextInt(3) : 1;
        ReferenceGrid ref = randomGrid(random, w, h, random.nextBoolean(), agentSize == 1 ? 35 : 12);
        Grid grid = ref.toGrid();
        GridOptions options = GridOptions.builder()
                .algorithm(algorithm)
                .connectivity(random.nextBoolean() ? Connectivity.EIGHT : Connectivity.FOUR)
                .diagonalRule(DiagonalRule.values()[random.nextInt(3)])
                .agentSize(agentSize)
                .build();
        return new Setting(
                grid,
                null,
                options,
                algorithm,
                standingCell(random, ref, agentSize),
                standingCell(random, ref, agentSize));
    }

    /** A random grid of four areas with up to maxWallPercent walls; multipliers dyadic (k/8) or arbitrary. */
    static ReferenceGrid randomGrid(SplittableRandom random, int w, int h, boolean dyadic, int maxWallPercent) {
        ReferenceGrid g = new ReferenceGrid(w, h);
        int wallPercent = random.nextInt(maxWallPercent + 1);
        int[] palette = new int[4];
        for (int i = 0; i < 4; i++) {
            palette[i] = i == 0 ? 0 : random.nextInt(255);
            double m = dyadic
                    ? (1 + random.nextInt(32)) / 8.0
                    : random.nextInt(3) == 0 ? 1.0 : Math.round((0.05 + 7.95 * random.nextDouble()) * 1e6) / 1e6;
            g.setMultiplier(palette[i], m);
        }
        for (int i = 0; i < w * h; i++) {
            g.setArea(
                    i % w, i / w, random.nextInt(100) < wallPercent ? ReferenceGrid.WALL : palette[random.nextInt(4)]);
        }
        return g;
    }

    /** A random cell the agent fits on, if a few tries find one, else any cell. */
    static Cell standingCell(SplittableRandom random, ReferenceGrid ref, int size) {
        for (int t = 0; t < 20; t++) {
            Cell c = randomCell(random, ref.width(), ref.height());
            if (ref.fits(c.x(), c.y(), size)) {
                return c;
            }
        }
        return randomCell(random, ref.width(), ref.height());
    }

    static Cell randomCell(SplittableRandom random, int w, int h) {
        return new Cell(random.nextInt(w), random.nextInt(h));
    }

    /** One random edit of cells or multipliers; returns what it did, for failure messages. */
    static String randomEdit(Setting s, SplittableRandom random, List<Integer> nearCells) {
        int w = s.width();
        int h = s.height();
        int kind = random.nextInt(20);
        if (kind == 0) {
            int area = random.nextInt(4) == 0 ? random.nextInt(255) : random.nextInt(4);
            double m = (1 + random.nextInt(24)) / 8.0;
            s.areas().set(area, m);
            return "multiplier of area " + area + " = " + m;
        }
        if (kind <= 4) {
            int x = random.nextInt(w);
            int y = random.nextInt(h);
            int rw = 1 + random.nextInt(Math.min(4, w - x));
            int rh = 1 + random.nextInt(Math.min(4, h - y));
            byte[] areas = new byte[rw * rh];
            for (int i = 0; i < areas.length; i++) {
                areas[i] = (byte) (random.nextInt(4) == 0 ? 255 : random.nextInt(4));
            }
            s.setRect(x, y, rw, rh, areas);
            return "rect (" + x + ", " + y + ") " + rw + " x " + rh;
        }
        int x;
        int y;
        if (kind <= 12 && !nearCells.isEmpty()) {
            int c = nearCells.get(random.nextInt(nearCells.size()));
            x = c % w;
            y = c / w;
        } else {
            x = random.nextInt(w);
            y = random.nextInt(h);
        }
        int area = random.nextInt(2) == 0 ? 255 : random.nextInt(4);
        s.setArea(x, y, area);
        return "cell (" + x + ", " + y + ") = " + area;
    }

    /** The expected outcome from the reference model of the grid as it is now. */
    record Expected(PathStatus status, double cost) {}

    static Expected expected(Setting s, Cell start, Cell goal) {
        if (s.grid() != null) {
            Grid g = s.grid();
            ReferenceGrid ref = mirror(g);
            GridOptions o = s.options();
            int size = o.agentSize();
            if (!ref.fits(start.x(), start.y(), size)) {
                return new Expected(PathStatus.START_INVALID, Double.POSITIVE_INFINITY);
            }
            if (!ref.fits(goal.x(), goal.y(), size)) {
                return new Expected(PathStatus.GOAL_INVALID, Double.POSITIVE_INFINITY);
            }
            double[] d = ref.distancesFrom(
                    start.x(), start.y(), o.connectivity() == Connectivity.EIGHT, o.diagonalRule(), size);
            double c = d[goal.y() * g.width() + goal.x()];
            return new Expected(c == Double.POSITIVE_INFINITY ? PathStatus.NO_PATH : PathStatus.FOUND, c);
        }
        HexReference.RefGrid ref = mirror(s.hex());
        int st = start.y() * ref.width() + start.x();
        int gl = goal.y() * ref.width() + goal.x();
        if (!ref.walkable(st)) {
            return new Expected(PathStatus.START_INVALID, Double.POSITIVE_INFINITY);
        }
        if (!ref.walkable(gl)) {
            return new Expected(PathStatus.GOAL_INVALID, Double.POSITIVE_INFINITY);
        }
        double c = ref.dijkstra(st)[gl];
        return new Expected(c == Double.POSITIVE_INFINITY ? PathStatus.NO_PATH : PathStatus.FOUND, c);
    }

    static ReferenceGrid mirror(Grid g) {
        ReferenceGrid ref = new ReferenceGrid(g.width(), g.height());
        for (int y = 0; y < g.height(); y++) {
            for (int x = 0; x < g.width(); x++) {
                ref.setArea(x, y, g.area(x, y));
            }
        }
        for (int a = 0; a < 255; a++) {
            ref.setMultiplier(a, g.areas().get(a));
        }
        return ref;
    }

    static HexReference.RefGrid mirror(HexGrid g) {
        int[] cells = new int[g.width() * g.height()];
        for (int i = 0; i < cells.length; i++) {
            cells[i] = g.area(i % g.width(), i / g.width());
        }
        double[] m = new double[255];
        for (int a = 0; a < 255; a++) {
            m[a] = g.areas().get(a);
        }
        return new HexReference.RefGrid(g.width(), g.height(), g.layout(), cells, m);
    }

    /** Relative 1e-9, as the proof asks. */
    static boolean close(double a, double b) {
        return a == b || Math.abs(a - b) <= 1e-9 * Math.max(1.0, Math.max(Math.abs(a), Math.abs(b)));
    }

    /**
     * Checks a result against the reference: same status, cost within 1e-9, and a path that
     * starts at the start, ends at the goal, moves legally and sums (bit for bit, in path order)
     * to the reported cost.
     */
    static void check(Setting s, Cell start, Cell goal, Result r, String context) {
        Expected e = expected(s, start, goal);
        if (r.status() != e.status()) {
            fail(context + ": status " + r.status() + ", expected " + e.status() + "\n" + picture(s));
        }
        if (e.status() != PathStatus.FOUND) {
            return;
        }
        if (!close(r.cost(), e.cost())) {
            fail(context + ": cost " + r.cost() + ", Dijkstra " + e.cost() + "\n" + picture(s));
        }
        checkPath(s, start, goal, r, context);
    }

    /** A found path starts at the start, ends at the goal, moves legally and sums exactly to the reported cost. */
    static void checkPath(Setting s, Cell start, Cell goal, Result r, String context) {
        int w = s.width();
        int[] cells = r.cells();
        assertTrue(cells.length >= 1, context + ": a found path has cells");
        assertEquals(start.y() * w + start.x(), cells[0], context + ": the path starts at the start");
        assertEquals(goal.y() * w + goal.x(), cells[cells.length - 1], context + ": the path ends at the goal");
        double sum = 0.0;
        if (s.grid() != null) {
            ReferenceGrid ref = mirror(s.grid());
            GridOptions o = s.options();
            for (int i = 1; i < cells.length; i++) {
                int ax = cells[i - 1] % w;
                int ay = cells[i - 1] / w;
                int bx = cells[i] % w;
                int by = cells[i] / w;
                if (!ref.isMove(
                        ax, ay, bx, by, o.connectivity() == Connectivity.EIGHT, o.diagonalRule(), o.agentSize())) {
                    fail(context + ": (" + ax + ", " + ay + ") -> (" + bx + ", " + by + ") is not a legal move\n"
                            + picture(s));
                }
                sum += ref.stepCost(ax, ay, bx, by);
            }
        } else {
            HexReference.RefGrid ref = mirror(s.hex());
            for (int i = 1; i < cells.length; i++) {
                boolean legal = false;
                for (int n : ref.neighbours(cells[i - 1])) {
                    legal |= n == cells[i];
                }
                if (!legal) {
                    fail(context + ": " + cells[i - 1] + " -> " + cells[i] + " is not a legal hex move\n" + picture(s));
                }
                sum += ref.moveCost(cells[i - 1], cells[i]);
            }
        }
        assertEquals(
                Double.doubleToLongBits(sum),
                Double.doubleToLongBits(r.cost()),
                context + ": the reported cost " + r.cost() + " is the exact sum along the path, " + sum);
    }

    static String picture(Setting s) {
        return s.grid() != null ? mirror(s.grid()).picture() : mirror(s.hex()).picture();
    }

    /** The cells of a result's path, as a list for random picks. */
    static List<Integer> cells(Result r) {
        List<Integer> out = new ArrayList<>();
        for (int c : r.cells()) {
            out.add(c);
        }
        return out;
    }
}
