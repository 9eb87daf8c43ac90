package org.onepath.bench;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.onepath.Grid;
import org.onepath.GridAlgorithm;
import org.onepath.GridOptions;
import org.onepath.GridSearch;
import org.onepath.cells.Cell;
import org.onepath.cells.Connectivity;
import org.onepath.cells.PathStatus;
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
 * The tick-path calls of the resumable {@link GridSearch} handle on every engine it can run:
 * {@code tryBegin}, {@code step}, {@code copyPath(int[])}, {@code stateLength} and
 * {@code saveState(segment)}. Run with {@code -prof gc}: {@code gc.alloc.rate.norm} is the
 * bytes each operation allocates, which must be 0 after the first search.
 *
 * <p>The map is a deterministic 128 x 128 grid with 22 % random walls; 64 start/goal pairs with
 * a path are cycled. {@code sliced} runs each query in slices of 16 iterations; {@code
 * stateLength} and {@code saveState} measure a handle paused halfway through one query.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 2, time = 1)
@Measurement(iterations = 3, time = 1)
@Fork(value = 1, jvmArgsAppend = "--enable-native-access=ALL-UNNAMED")
@State(Scope.Thread)
public class HostApiAllocationBenchmark {
    /**
     * The engine the handle runs: the specialised octile A*, JPS and JPS+; the generic A*, jump
     * search and JPS+ ({@code specializedEngines(false)}); and plain generic A* as the fallback of
     * options a jump point search cannot honour (four moves).
     */
    @Param({"fastAStar", "fastJps", "fastJpsPlus", "genericAStar", "genericJps", "genericJpsPlus", "fallbackFourMoves"})
    public String engine;

    private static final int SIDE = 128;
    private static final int PAIRS = 64;

    private Grid grid;
    private GridSearch search;
    private GridSearch paused;
    private Arena arena;
    private MemorySegment target;
    private final int[] starts = new int[PAIRS];
    private final int[] goals = new int[PAIRS];
    private final int[] path = new int[SIDE * SIDE];
    private int next;

    @Setup(Level.Trial)
    public void setUp() {
        grid = Grid.create(SIDE, SIDE);
        Random random = new Random(42);
        for (int y = 0; y < SIDE; y++) {
            for (int x = 0; x < SIDE; x++) {
                if (random.nextInt(100) < 22) {
                    grid.setWalkable(x, y, false);
                }
            }
        }
        GridOptions options = switch (engine) {
            case "fastAStar" -> GridOptions.DEFAULT;
            case "fastJps" -> GridOptions.builder().algorithm(GridAlgorithm.JPS).build();
            case "fastJpsPlus" ->
                GridOptions.builder().algorithm(GridAlgorithm.JPS_PLUS).build();
            case "genericAStar" ->
                GridOptions.builder().specializedEngines(false).build();
            case "genericJps" ->
                GridOptions.builder()
                        .algorithm(GridAlgorithm.JPS)
                        .specializedEngines(false)
                        .build();
            case "genericJpsPlus" ->
                GridOptions.builder()
                        .algorithm(GridAlgorithm.JPS_PLUS)
                        .specializedEngines(false)
                        .build();
            case "fallbackFourMoves" ->
                GridOptions.builder()
                        .algorithm(GridAlgorithm.JPS)
                        .connectivity(Connectivity.FOUR)
                        .build();
            default -> throw new IllegalArgumentException("engine " + engine);
        };
        search = grid.createSearch(options);
        paused = grid.createSearch(options);
        int found = 0;
        while (found < PAIRS) {
            Cell a = new Cell(random.nextInt(SIDE), random.nextInt(SIDE));
            Cell b = new Cell(random.nextInt(SIDE), random.nextInt(SIDE));
            if (Math.abs(a.x() - b.x()) + Math.abs(a.y() - b.y()) < SIDE / 2
                    || !grid.findPath(a, b, options).found()) {
                continue;
            }
            starts[found] = a.y() * SIDE + a.x();
            goals[found] = b.y() * SIDE + b.x();
            found++;
        }
        // Run every query once on both handles so their memory has grown to its size.
        for (int i = 0; i < PAIRS; i++) {
            query(search, i, Integer.MAX_VALUE);
            query(paused, i, Integer.MAX_VALUE);
        }
        int total = search.iterations();
        begin(paused, 0);
        paused.step(Math.max(1, total / 2));
        arena = Arena.ofShared();
        long size = paused.stateLength();
        for (int i = 0; i < PAIRS; i++) {
            size = Math.max(size, search.stateLength());
        }
        target = arena.allocate(4 * size + 1024, 8);
        paused.saveState(target, 0);
    }

    @TearDown(Level.Trial)
    public void tearDown() {
        search.close();
        paused.close();
        grid.close();
        arena.close();
    }

    private void begin(GridSearch s, int i) {
        int a = starts[i];
        int b = goals[i];
        s.tryBegin(a % SIDE, a / SIDE, b % SIDE, b / SIDE);
    }

    private int query(GridSearch s, int i, int slice) {
        begin(s, i);
        while (s.step(slice) == PathStatus.IN_PROGRESS) {
            // the next slice
        }
        return s.copyPath(path);
    }

    /** tryBegin, step to the end in one call, copyPath(int[]). */
    @Benchmark
    public int whole() {
        int i = next;
        next = (i + 1) & (PAIRS - 1);
        return query(search, i, Integer.MAX_VALUE);
    }

    /** tryBegin, step(16) until done, copyPath(int[]). */
    @Benchmark
    public int sliced() {
        int i = next;
        next = (i + 1) & (PAIRS - 1);
        return query(search, i, 16);
    }

    /** stateLength of a handle paused halfway through a query. */
    @Benchmark
    public long stateLength() {
        return paused.stateLength();
    }

    /**
     * Work that allocates nothing by construction (JMH's CPU burner, about as long as a query):
     * its {@code gc.alloc.rate.norm} is what the harness's own threads add per operation.
     */
    @Benchmark
    public void baseline() {
        org.openjdk.jmh.infra.Blackhole.consumeCPU(100_000);
    }

    /** saveState into a caller's segment, the same paused handle. */
    @Benchmark
    public long saveState() {
        return paused.saveState(target, 0);
    }
}
