package org.onepath.bench;

import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.onepath.Grid;
import org.onepath.GridAlgorithm;
import org.onepath.GridOptions;
import org.onepath.GridPath;
import org.onepath.GridReplanner;
import org.onepath.cells.Cell;
import org.onepath.cells.PathStatus;
import org.onepath.cli.RoomsAndCorridors;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Incremental replanning on the 1024 x 1024 map of {@code onepath demo} (seed 1), eight moves
 * without corner cutting, one long query ({@link #START} to the goal {@link #goalOf}):
 *
 * <ul>
 *   <li>{@code replanAfterEditNearPath}: a cell in the middle of the planned path is toggled (a
 *       wall, then open again at the next call) and the replanner repairs its path.</li>
 *   <li>{@code replanAfterEditFarFromPath}: the same with a cell at least {@link #FAR} cells
 *       (Chebyshev) from every cell of the path.</li>
 *   <li>{@code replanAfterCorridorBlocked}: the same with the first path cell from the middle on
 *       that lies in a one-cell-wide passage, so the wall forces a detour (cost +2.93).</li>
 *   <li>{@code freshAStar} and {@code freshGenericAStar}: the near edit, then a new one-line A*
 *       query (the specialised octile engine, and the generic core the replanners share their
 *       rules with).</li>
 * </ul>
 * Each operation is one toggle and one search, so a wall's repair and its removal's are averaged.
 * Expansion counts come from {@link ReplanFigures}. Ratios are taken between lines of one run; see
 * {@code docs/performance.md}.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(value = 1, jvmArgsAppend = "--enable-native-access=ALL-UNNAMED")
@State(Scope.Thread)
public class ReplanBenchmark {
    static final int SIDE = 1024;
    /** Smallest Chebyshev distance of the far edit from the path. */
    static final int FAR = 100;

    static final Cell START = new Cell(40, 40);

    @Param({"LPA_STAR", "D_STAR_LITE"})
    public String algorithm;

    private Grid grid;
    private GridReplanner replanner;
    private Cell goal;
    private Cell near;
    private Cell far;
    private Cell corridor;
    private GridOptions generic;
    private int next;

    /** The map, with the start and goal moved to the nearest open cells. */
    static Grid map() {
        return RoomsAndCorridors.generate(SIDE, 1);
    }

    static Cell open(Grid grid, int x, int y) {
        for (int r = 0; ; r++) {
            for (int dy = -r; dy <= r; dy++) {
                for (int dx = -r; dx <= r; dx++) {
                    if (grid.contains(x + dx, y + dy) && grid.isWalkable(x + dx, y + dy)) {
                        return new Cell(x + dx, y + dy);
                    }
                }
            }
        }
    }

    static Cell goalOf(Grid grid) {
        return open(grid, SIDE - 40, SIDE - 40);
    }

    /**
     * The middle cell of the path, an open cell at least FAR from every path cell, and the first
     * path cell from the middle on in a one-cell-wide passage (walls on both sides), whose wall
     * forces a detour.
     */
    static Cell[] edits(Grid grid, GridPath path) {
        Cell middle = path.cells().get(path.length() / 2);
        Cell corridor = null;
        for (int i = path.length() / 2; i < path.length() - 1 && corridor == null; i++) {
            Cell c = path.cells().get(i);
            boolean ns = !walkable(grid, c.x(), c.y() - 1) && !walkable(grid, c.x(), c.y() + 1);
            boolean ew = !walkable(grid, c.x() - 1, c.y()) && !walkable(grid, c.x() + 1, c.y());
            if (ns || ew) {
                corridor = c;
            }
        }
        if (corridor == null) {
            throw new IllegalStateException("the benchmark path crosses no one-cell-wide passage");
        }
        SplittableRandom random = new SplittableRandom(7);
        while (true) {
            int x = random.nextInt(SIDE);
            int y = random.nextInt(SIDE);
            if (!grid.isWalkable(x, y)) {
                continue;
            }
            boolean farEnough = true;
            for (Cell c : path.cells()) {
                if (Math.max(Math.abs(c.x() - x), Math.abs(c.y() - y)) < FAR) {
                    farEnough = false;
                    break;
                }
            }
            if (farEnough) {
                return new Cell[] {middle, new Cell(x, y), corridor};
            }
        }
    }

    private static boolean walkable(Grid grid, int x, int y) {
        return grid.contains(x, y) && grid.isWalkable(x, y);
    }

    @Setup
    public void setUp() {
        grid = map();
        Cell start = open(grid, START.x(), START.y());
        goal = goalOf(grid);
        GridOptions options = GridOptions.builder()
                .algorithm(GridAlgorithm.valueOf(algorithm))
                .build();
        replanner = grid.createReplanner(start, goal, options);
        GridPath path = replanner.replan();
        if (path.status() != PathStatus.FOUND) {
            throw new IllegalStateException("no path on the benchmark map: " + path.status());
        }
        Cell[] e = edits(grid, path);
        near = e[0];
        far = e[1];
        corridor = e[2];
        generic = GridOptions.builder().specializedEngines(false).build();
    }

    @TearDown
    public void tearDown() {
        replanner.close();
        grid.close();
    }

    /** A wall at even calls, open again at the next. */
    private void toggle(Cell c) {
        grid.setWalkable(c.x(), c.y(), (next++ & 1) != 0);
    }

    @Benchmark
    public double replanAfterEditNearPath() {
        toggle(near);
        return replanner.tryReplan(0) == PathStatus.FOUND ? replanner.pathCost() : -1;
    }

    @Benchmark
    public double replanAfterEditFarFromPath() {
        toggle(far);
        return replanner.tryReplan(0) == PathStatus.FOUND ? replanner.pathCost() : -1;
    }

    @Benchmark
    public double replanAfterCorridorBlocked() {
        toggle(corridor);
        return replanner.tryReplan(0) == PathStatus.FOUND ? replanner.pathCost() : -1;
    }

    @Benchmark
    public double freshAStar() {
        toggle(near);
        return grid.findPath(replanner.start(), goal).cost();
    }

    @Benchmark
    public double freshGenericAStar() {
        toggle(near);
        return grid.findPath(replanner.start(), goal, generic).cost();
    }
}
