package org.onepath.bench;

import java.util.concurrent.TimeUnit;
import org.onepath.Grid;
import org.onepath.grids.jps.BlockJumper;
import org.onepath.grids.jps.BlockMap;
import org.onepath.grids.jps.Direction;
import org.onepath.grids.jps.Jumper;
import org.onepath.grids.jps.OnlineJumper;
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
 * Straight jump scans, block-based against cell-by-cell: one operation scans east, west, south
 * and north from one walkable cell of a Moving AI map (cycling through all of them), with a goal
 * off every line. Both jumpers return the same steps; the ratio is the block scan's gain. The
 * JPS+ table build per cell is measured in {@link #buildJpsPlusTable}.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(value = 1, jvmArgsAppend = "--enable-native-access=ALL-UNNAMED")
@State(Scope.Thread)
public class JumpScanBenchmark {
    @Param({"dao/brc000d"})
    public String map;

    @Param({"block", "online"})
    public String jumper;

    private Grid grid;
    private BlockMap blocks;
    private Jumper scanner;
    private int[] cells;
    private int next;
    private int offLineGoal;

    @Setup(Level.Trial)
    public void setUp() {
        grid = BenchData.grid(map);
        blocks = new BlockMap(grid);
        scanner = jumper.equals("block") ? new BlockJumper(blocks) : new OnlineJumper(grid);
        int count = 0;
        int[] all = new int[grid.cellCount()];
        for (int i = 0; i < grid.cellCount(); i++) {
            if (grid.isWalkable(i % grid.width(), i / grid.width())) {
                all[count++] = i;
            }
        }
        cells = java.util.Arrays.copyOf(all, count);
        offLineGoal = -1 - grid.width(); // never on a scanned line
    }

    @TearDown(Level.Trial)
    public void tearDown() {
        blocks.close();
        grid.close();
    }

    @Benchmark
    public int straightScansFromOneCell() {
        int c = cells[next];
        next = next + 1 == cells.length ? 0 : next + 1;
        return scanner.jump(c, Direction.EAST, offLineGoal)
                + scanner.jump(c, Direction.WEST, offLineGoal)
                + scanner.jump(c, Direction.SOUTH, offLineGoal)
                + scanner.jump(c, Direction.NORTH, offLineGoal);
    }

    /** Builds the JPS+ tables of the whole map; divide by the cell count for the cost per cell. */
    @Benchmark
    @BenchmarkMode(Mode.SingleShotTime)
    @Warmup(iterations = 5)
    @Measurement(iterations = 10)
    @OutputTimeUnit(TimeUnit.MILLISECONDS)
    public int buildJpsPlusTable() {
        try (var index = new org.onepath.grids.jps.JpsPlusIndex(grid)) {
            return index.entry(cells[0], 0);
        }
    }
}
