package org.onepath.bench;

import java.util.concurrent.TimeUnit;
import org.onepath.Grid;
import org.onepath.cells.Connectivity;
import org.onepath.cells.DiagonalRule;
import org.onepath.grids.GridSearchBuffers;
import org.onepath.grids.OctileHeuristic;
import org.onepath.grids.SlicedSearch;
import org.onepath.grids.hpa.HpaHierarchy;
import org.onepath.grids.hpa.HpaSearch;
import org.onepath.grids.jps.BlockJumper;
import org.onepath.grids.jps.BlockMap;
import org.onepath.grids.jps.JumpSearch;
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
 * One tier-2 HPA* query per operation ({@code begin}, {@code step} to the end,
 * {@code copyPath(int[])}) over a Moving AI map's scenarios, cycling through them, smoothed and
 * not, with the tier-2 JPS query on the same problems as the baseline of the ratio (the
 * configuration of {@code onepath scen --alg jps,hpa}: chunk 16, entrance threshold 6, eight
 * moves, no corner cutting). The hierarchy is built once in the setup. Run with {@code -prof gc}:
 * {@code gc.alloc.rate.norm} is the bytes a query allocates, which must be 0 in steady state
 * (the exact check is {@code HostApiAllocationTest} in core-offheap).
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(value = 1, jvmArgsAppend = "--enable-native-access=ALL-UNNAMED")
@State(Scope.Thread)
public class HpaBenchmark {
    /** Moving AI map under movingai/, without the .map suffix. */
    @Param({"dao/brc000d", "dao/orz900d"})
    public String map;

    private Grid grid;
    private int[] problems;
    private int next;
    private int[] path;
    private HpaHierarchy hierarchy;
    private HpaSearch smoothed;
    private HpaSearch unsmoothed;
    private BlockMap blocks;
    private GridSearchBuffers buffers;
    private SlicedSearch jps;

    @Setup(Level.Trial)
    public void setUp() {
        grid = BenchData.grid(map);
        problems = BenchData.problems(map);
        path = new int[grid.cellCount()];
        hierarchy = new HpaHierarchy(
                grid, HpaHierarchy.DEFAULT_CHUNK_SIZE, 1, Connectivity.EIGHT, DiagonalRule.NO_CORNER_CUTTING);
        smoothed = new HpaSearch(hierarchy, true);
        unsmoothed = new HpaSearch(hierarchy, false);
        blocks = new BlockMap(grid);
        buffers = new GridSearchBuffers(grid.cellCount());
        jps = new JumpSearch<>(
                grid,
                new BlockJumper(blocks),
                new OctileHeuristic(grid.width(), grid.areas().minCost()),
                grid.areas().get(0),
                buffers);
    }

    @TearDown(Level.Trial)
    public void tearDown() {
        smoothed.close();
        unsmoothed.close();
        hierarchy.close();
        blocks.close();
        buffers.close();
        grid.close();
    }

    private int query(SlicedSearch search) {
        int i = next;
        next = i + 4 == problems.length ? 0 : i + 4;
        int w = grid.width();
        search.tryBegin(problems[i + 1] * w + problems[i], problems[i + 3] * w + problems[i + 2]);
        search.step(Integer.MAX_VALUE);
        return search.copyPath(path);
    }

    /** HPA* with smoothing, the default. */
    @Benchmark
    public int hpa() {
        return query(smoothed);
    }

    /** HPA* without smoothing: the abstract search and the refinement alone. */
    @Benchmark
    public int hpaUnsmoothed() {
        return query(unsmoothed);
    }

    /** The tier-2 jump point search on the same problems: the baseline of the ratio. */
    @Benchmark
    public int jps() {
        return query(jps);
    }
}
