package org.onepath.bench;

import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.onepath.VoxelAlgorithm;
import org.onepath.VoxelCell;
import org.onepath.VoxelGrid;
import org.onepath.VoxelOptions;
import org.onepath.VoxelPath;
import org.onepath.cells.VoxelConnectivity;
import org.onepath.cells.VoxelCornerRule;
import org.onepath.grids.SearchStatus;
import org.onepath.grids.voxel.ChunkTable;
import org.onepath.grids.voxel.hierarchy.VoxelHierarchy;
import org.onepath.grids.voxel.hierarchy.VoxelHierarchySearch;
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
 * Steady-state queries of the voxel chunk hierarchy ({@link VoxelAlgorithm#HPA}). Run with
 * {@code -prof gc}: {@code gc.alloc.rate.norm} is the bytes each query allocates, which must be 0
 * for the tier-2 search ({@code begin}, {@code step}, {@code copyPath(int[])}) once its working
 * memory has grown, and only the returned {@link VoxelPath} at tier 1.
 *
 * <p>The world is 160 x 64 x 160 voxels (10 x 4 x 10 chunks), open with solid pillars and decks
 * pierced by holes, so queries cross open chunks and stored ones; 64 start/goal pairs with a path
 * are cycled. The grid is made over a chunk table of the benchmark's own, and the hierarchy the
 * tier-2 search reads is installed in the grid, so both forms search the same tables.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 2, time = 1)
@Measurement(iterations = 3, time = 1)
@Fork(value = 1, jvmArgsAppend = "--enable-native-access=ALL-UNNAMED")
@State(Scope.Thread)
public class VoxelHierarchyBenchmark {
    private static final int SX = 160;
    private static final int SY = 64;
    private static final int SZ = 160;
    private static final int PAIRS = 64;
    private static final VoxelOptions HPA =
            VoxelOptions.builder().algorithm(VoxelAlgorithm.HPA).build();

    private VoxelGrid grid;
    private VoxelHierarchySearch search;
    private final VoxelCell[] starts = new VoxelCell[PAIRS];
    private final VoxelCell[] goals = new VoxelCell[PAIRS];
    private final int[] startNodes = new int[PAIRS];
    private final int[] goalNodes = new int[PAIRS];
    private int[] path;
    private int next;

    @Setup(Level.Trial)
    public void setUp() {
        ChunkTable table = new ChunkTable(SX, SY, SZ, 0);
        grid = VoxelGrid.over(table);
        Random random = new Random(42);
        // Pillars from the floor, and two decks with a hole every 24 voxels.
        for (int p = 0; p < 60; p++) {
            int x0 = random.nextInt(SX - 6);
            int z0 = random.nextInt(SZ - 6);
            int h = 8 + random.nextInt(SY - 8);
            for (int y = 0; y < h; y++) {
                for (int z = z0; z < z0 + 5; z++) {
                    for (int x = x0; x < x0 + 5; x++) {
                        grid.setWalkable(x, y, z, false);
                    }
                }
            }
        }
        for (int deck : new int[] {20, 44}) {
            for (int z = 0; z < SZ; z++) {
                for (int x = 0; x < SX; x++) {
                    grid.setWalkable(x, deck, z, x % 24 == 12 && z % 24 == 12);
                }
            }
        }
        VoxelHierarchy hierarchy = new VoxelHierarchy(
                table, grid.areas(), VoxelConnectivity.TWENTY_SIX, VoxelCornerRule.NO_CORNER_CUTTING);
        grid.installHierarchy(hierarchy);
        search = new VoxelHierarchySearch(hierarchy);
        int found = 0;
        int longest = 0;
        while (found < PAIRS) {
            VoxelCell a = open(random);
            VoxelCell b = open(random);
            VoxelPath p = grid.findPath(a, b, HPA);
            if (!p.found() || p.length() < 60) {
                continue;
            }
            starts[found] = a;
            goals[found] = b;
            startNodes[found] = grid.indexOf(a.x(), a.y(), a.z());
            goalNodes[found] = grid.indexOf(b.x(), b.y(), b.z());
            longest = Math.max(longest, p.length());
            found++;
        }
        path = new int[longest];
        // Every query once, so the search's working memory has grown to its size.
        for (int i = 0; i < PAIRS; i++) {
            query(i, Integer.MAX_VALUE);
        }
    }

    private VoxelCell open(Random random) {
        while (true) {
            VoxelCell c = new VoxelCell(random.nextInt(SX), random.nextInt(SY), random.nextInt(SZ));
            if (grid.isWalkable(c.x(), c.y(), c.z())) {
                return c;
            }
        }
    }

    @TearDown(Level.Trial)
    public void tearDown() {
        search.close();
        grid.close(); // closes the installed hierarchy too
    }

    private int query(int i, int slice) {
        search.begin(startNodes[i], goalNodes[i]);
        while (search.step(slice) == SearchStatus.RUNNING) {
            // the next slice
        }
        return search.copyPath(path);
    }

    /** Tier 2: begin, step to the end in one call, copyPath(int[]). */
    @Benchmark
    public int tier2Whole() {
        int i = next;
        next = (i + 1) & (PAIRS - 1);
        return query(i, Integer.MAX_VALUE);
    }

    /** Tier 2: begin, step(16) until done, copyPath(int[]). */
    @Benchmark
    public int tier2Sliced() {
        int i = next;
        next = (i + 1) & (PAIRS - 1);
        return query(i, 16);
    }

    /** Tier 1: {@code grid.findPath} with HPA over the same tables; allocates the returned path. */
    @Benchmark
    public VoxelPath tier1FindPath() {
        int i = next;
        next = (i + 1) & (PAIRS - 1);
        return grid.findPath(starts[i], goals[i], HPA);
    }

    /**
     * Work that allocates nothing by construction (JMH's CPU burner): its
     * {@code gc.alloc.rate.norm} is what the harness's own threads add per operation.
     */
    @Benchmark
    public void baseline() {
        org.openjdk.jmh.infra.Blackhole.consumeCPU(100_000);
    }
}
