package org.onepath.bench;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.concurrent.TimeUnit;
import org.onepath.Grid;
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
 * Saving and restoring a grid's state against copying the same bytes with
 * {@link MemorySegment#copy}: a 4096 x 4096 grid holds 16 MiB of cells, and its state is those
 * cells behind a 2,088-byte head, so save and restore should run at close to copy speed. Each
 * pair of methods does the same memory work: {@code copyIntoSegment} / {@code saveIntoSegment}
 * write into a preallocated native segment; {@code copyIntoNewArray} / {@code saveToNewArray}
 * allocate the result array each time; {@code copyFromSegment} / {@code restoreFromSegment}
 * read a saved state back into the grid.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(value = 1, jvmArgsAppend = "--enable-native-access=ALL-UNNAMED")
@State(Scope.Thread)
public class StateBenchmark {
    @Param({"4096"})
    public int side;

    private Grid grid;
    private Arena arena;
    private MemorySegment cells;
    private MemorySegment target;
    private MemorySegment saved;
    private long cellBytes;

    @Setup(Level.Trial)
    public void setUp() {
        grid = Grid.create(side, side);
        java.util.Random random = new java.util.Random(7);
        for (int i = 0; i < side * 8; i++) {
            grid.setWalkable(random.nextInt(side), random.nextInt(side), false);
        }
        cells = grid.cells();
        cellBytes = cells.byteSize();
        arena = Arena.ofShared();
        target = arena.allocate(grid.stateLength(), 64);
        saved = arena.allocate(grid.stateLength(), 64);
        grid.saveState(saved, 0);
    }

    @TearDown(Level.Trial)
    public void tearDown() {
        grid.close();
        arena.close();
    }

    @Benchmark
    public MemorySegment copyIntoSegment() {
        MemorySegment.copy(cells, 0, target, 0, cellBytes);
        return target;
    }

    @Benchmark
    public long saveIntoSegment() {
        return grid.saveState(target, 0);
    }

    @Benchmark
    public byte[] copyIntoNewArray() {
        byte[] out = new byte[(int) grid.stateLength()];
        MemorySegment.copy(cells, 0, MemorySegment.ofArray(out), 0, cellBytes);
        return out;
    }

    @Benchmark
    public byte[] saveToNewArray() {
        return grid.saveState();
    }

    @Benchmark
    public MemorySegment copyFromSegment() {
        MemorySegment.copy(saved, 0, target, 0, cellBytes);
        return target;
    }

    @Benchmark
    public Grid restoreFromSegment() {
        grid.restoreState(saved);
        return grid;
    }
}
