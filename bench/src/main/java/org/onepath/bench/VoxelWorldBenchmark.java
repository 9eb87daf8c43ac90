package org.onepath.bench;

import java.util.concurrent.TimeUnit;
import org.onepath.VoxelGrid;
import org.onepath.VoxelPath;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Query time across the {@link VoxelWorld} scale world (2^30 voxels) in a JVM limited to a
 * 512 MiB heap: the world's voxels and the search state live off-heap and grow with the chunks
 * that differ from the default and the blocks the search touches. {@link VoxelWorldFigures}
 * prints the memory figures of the same world.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(
        value = 1,
        jvmArgsAppend = {"-Xmx512m", "--enable-native-access=ALL-UNNAMED"})
@State(Scope.Thread)
public class VoxelWorldBenchmark {
    private VoxelGrid grid;

    @Setup(Level.Trial)
    public void setUp() {
        grid = VoxelWorld.create();
        VoxelWorld.carve(grid);
    }

    @TearDown(Level.Trial)
    public void tearDown() {
        grid.close();
    }

    /** Corner to corner, round the 16 plates. */
    @Benchmark
    public VoxelPath acrossTheWorld() {
        return grid.findPath(VoxelWorld.FROM, VoxelWorld.TO);
    }
}
