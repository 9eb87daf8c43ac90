package org.onepath.bench;

import java.util.concurrent.TimeUnit;
import org.onepath.Grid;
import org.onepath.GridAlgorithm;
import org.onepath.GridOptions;
import org.onepath.GridPath;
import org.onepath.cells.Cell;
import org.onepath.cells.Connectivity;
import org.onepath.cells.DiagonalRule;
import org.onepath.grids.AStar;
import org.onepath.grids.DefaultStepCost;
import org.onepath.grids.GridSearchBuffers;
import org.onepath.grids.OctileHeuristic;
import org.onepath.grids.SlicedSearch;
import org.onepath.grids.jps.BlockJumper;
import org.onepath.grids.jps.BlockMap;
import org.onepath.grids.jps.JpsPlusIndex;
import org.onepath.grids.jps.JumpSearch;
import org.onepath.grids.jps.TableJumper;
import org.onepath.grids.theta.EuclideanHeuristic;
import org.onepath.grids.theta.ThetaSearch;
import org.onepath.grids.theta.ThetaVariant;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
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
 * One query per operation over a Moving AI map's scenarios, cycling through them, for every
 * search: the tier-1 one-line call ({@link #tierOne}) and the tier-2 core built by hand
 * ({@link #tierTwo}), each with A*, JPS and JPS+. Ratios between algorithms come from one run of
 * this class. Run with {@code -prof gc} to see that a steady-state tier-1 query allocates only
 * its result ({@code gc.alloc.rate.norm}).
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(value = 1, jvmArgsAppend = "--enable-native-access=ALL-UNNAMED")
@State(Scope.Thread)
public class GridSearchBenchmark {
    /** Moving AI map under movingai/, without the .map suffix. */
    @Param({"dao/brc000d"})
    public String map;

    @Param({"ASTAR", "JPS", "JPS_PLUS"})
    public GridAlgorithm algorithm;

    private Grid grid;
    private int[] problems;
    private int next;
    private GridOptions options;
    private GridSearchBuffers buffers;
    private AutoCloseable table;
    private SlicedSearch search;

    @Setup(Level.Trial)
    public void setUp() {
        grid = BenchData.grid(map);
        problems = BenchData.problems(map);
        options = GridOptions.DEFAULT.toBuilder().algorithm(algorithm).build();
        buffers = new GridSearchBuffers(grid.cellCount());
        OctileHeuristic octile = new OctileHeuristic(grid.width(), grid.areas().minCost());
        double m = grid.areas().get(0);
        search = switch (algorithm) {
            case ASTAR ->
                new AStar<>(
                        grid.createTopology(1, Connectivity.EIGHT, DiagonalRule.NO_CORNER_CUTTING),
                        DefaultStepCost.INSTANCE,
                        octile,
                        buffers);
            case JPS -> {
                BlockMap blocks = new BlockMap(grid);
                table = blocks;
                yield new JumpSearch<>(grid, new BlockJumper(blocks), octile, m, buffers);
            }
            case JPS_PLUS -> {
                JpsPlusIndex index = new JpsPlusIndex(grid);
                table = index;
                yield new JumpSearch<>(grid, new TableJumper(index), octile, m, buffers);
            }
            // Not in the default parameters; select with -p algorithm=THETA_STAR,LAZY_THETA_STAR.
            case THETA_STAR, LAZY_THETA_STAR ->
                new ThetaSearch<>(
                        grid,
                        algorithm == GridAlgorithm.THETA_STAR ? ThetaVariant.THETA : ThetaVariant.LAZY_REQUEUE,
                        new EuclideanHeuristic(grid.width(), m),
                        m,
                        buffers);
            // The replanning algorithms have their own benchmark (ReplanBenchmark).
            case LPA_STAR, D_STAR_LITE -> throw new IllegalArgumentException(algorithm + ": see ReplanBenchmark");
            default ->
                throw new IllegalArgumentException("GridSearchBenchmark runs ASTAR, JPS, JPS_PLUS, THETA_STAR and "
                        + "LAZY_THETA_STAR, not " + algorithm);
        };
    }

    @TearDown(Level.Trial)
    public void tearDown() throws Exception {
        if (table != null) {
            table.close();
        }
        buffers.close();
        grid.close();
    }

    private int nextProblem() {
        int i = next;
        next = i + 4 == problems.length ? 0 : i + 4;
        return i;
    }

    @Benchmark
    public GridPath tierOne() {
        int i = nextProblem();
        return grid.findPath(
                new Cell(problems[i], problems[i + 1]), new Cell(problems[i + 2], problems[i + 3]), options);
    }

    @Benchmark
    public double tierTwo() {
        int i = nextProblem();
        int w = grid.width();
        search.tryBegin(problems[i + 1] * w + problems[i], problems[i + 3] * w + problems[i + 2]);
        search.step(Integer.MAX_VALUE);
        return search.pathCost();
    }
}
