package org.onepath.bench;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.concurrent.TimeUnit;
import org.onepath.Grid;
import org.onepath.cli.RoomsAndCorridors;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Clearance after one cell edit on the 1024 x 1024 map of {@code onepath demo}: the incremental
 * repair against a full recompute.
 *
 * <ul>
 *   <li>{@code repairAfterOneEdit}: toggles one cell (alternately a wall and open again, at cells
 *       spread over the map) and reads clearance, which repairs from the edited row upwards.</li>
 *   <li>{@code fullAfterRestore}: restores the grid's own saved state, which marks clearance for
 *       a full recompute, and reads clearance: the full pass plus the restore.</li>
 *   <li>{@code restoreOnly}: the restore alone, to subtract from the line above.</li>
 * </ul>
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(value = 1, jvmArgsAppend = "--enable-native-access=ALL-UNNAMED")
@State(Scope.Thread)
public class ClearanceRepairBenchmark {
    private static final int SIDE = 1024;

    private Grid grid;
    private Arena arena;
    private MemorySegment saved;
    private int[] openCells;
    private int next;

    @Setup
    public void setUp() {
        grid = RoomsAndCorridors.generate(SIDE, 1);
        arena = Arena.ofShared();
        saved = arena.allocate(grid.stateLength(), 64);
        grid.saveState(saved, 0);
        java.util.SplittableRandom random = new java.util.SplittableRandom(3);
        openCells = new int[4096];
        for (int i = 0; i < openCells.length; ) {
            int x = random.nextInt(SIDE);
            int y = random.nextInt(SIDE);
            if (grid.isWalkable(x, y)) {
                openCells[i++] = y * SIDE + x;
            }
        }
        grid.clearance();
    }

    @TearDown
    public void tearDown() {
        grid.close();
        arena.close();
    }

    @Benchmark
    public int repairAfterOneEdit() {
        int cell = openCells[(next >>> 1) & (openCells.length - 1)];
        boolean wall = (next++ & 1) == 0; // a wall, then open again: the map stays the same
        grid.setWalkable(cell % SIDE, cell / SIDE, !wall);
        return grid.maxAgentSizeAt(0, 0);
    }

    @Benchmark
    public int fullAfterRestore() {
        grid.restoreState(saved);
        return grid.maxAgentSizeAt(0, 0);
    }

    @Benchmark
    public int restoreOnly() {
        grid.restoreState(saved);
        return grid.version();
    }
}
