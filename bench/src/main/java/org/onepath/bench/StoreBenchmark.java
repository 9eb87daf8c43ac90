package org.onepath.bench;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.onepath.Grid;
import org.onepath.GridPath;
import org.onepath.cells.Cell;
import org.onepath.cells.GridTables;
import org.onepath.store.GridStore;
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
 * A baked grid store against an in-memory grid, on the {@link StoreMap} (the 1024 x 1024 map of
 * {@code onepath demo}):
 * <ul>
 *   <li>{@link #buildTables}: what an in-memory grid pays before its first JPS+ query: a grid
 *       over the map's cells, and {@code grid.tables()} derives clearance, the block map and the
 *       JPS+ table (then closes the grid);</li>
 *   <li>{@link #openStore}: {@code GridStore.open} of the same map baked, and
 *       {@code grid.tables()}, which computes nothing: the tables are the mapped sections (checked
 *       in setup); then closes the store. The file's pages are in the page cache;</li>
 *   <li>{@link #queryOnOpenStore}: the JPS+ query across the map on a store kept open, for
 *       reference;</li>
 *   <li>{@link #openAndFirstQuery}: open the store and run that query once, single shot, with the
 *       file's pages evicted from the page cache before each shot ({@code cache=cold}, so the
 *       query's page faults read from the disk) or left cached ({@code cache=warm}, so they only
 *       map cached pages). The store of the previous shot is closed (unmapped) first, untimed.</li>
 * </ul>
 * {@link StoreFigures} prints how many of the file's pages a cold open and query make resident.
 * The native calls need {@code --enable-native-access=ALL-UNNAMED} to run without a warning.
 */
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(value = 1, jvmArgsAppend = "--enable-native-access=ALL-UNNAMED")
public class StoreBenchmark {
    /** The map, its cells in a native segment, and the same map baked into a temporary store file. */
    @State(Scope.Benchmark)
    public static class Baked {
        Path file;
        Arena arena;
        MemorySegment cells;
        Cell from;
        Cell to;

        @Setup(Level.Trial)
        public void bake() throws IOException {
            try (Grid grid = StoreMap.generate()) {
                from = StoreMap.firstOpen(grid);
                to = StoreMap.lastOpen(grid);
                arena = Arena.ofShared();
                cells = arena.allocate(grid.cells().byteSize(), 8);
                cells.copyFrom(grid.cells());
                file = StoreMap.bake(grid);
            }
            try (GridStore store = GridStore.open(file)) {
                GridTables tables = store.grid().tables();
                if (!tables.clearance().isMapped()
                        || !tables.blockMap().isMapped()
                        || tables.jpsPlus() == null
                        || !tables.jpsPlus().isMapped()) {
                    throw new IllegalStateException("an opened store's tables are not its mapped sections: " + tables);
                }
                StoreMap.check(store.grid().findPath(from, to, StoreMap.JPS_PLUS));
            }
            PageCache.evict(file);
            int resident = PageCache.count(PageCache.residentPages(file));
            if (resident != 0) {
                throw new IllegalStateException(
                        resident + " pages of " + file + " stayed in the page cache after"
                                + " POSIX_FADV_DONTNEED: eviction does not work here (a tmpfs?); set -Djava.io.tmpdir to a disk");
            }
        }

        @TearDown(Level.Trial)
        public void delete() throws IOException {
            arena.close();
            Files.deleteIfExists(file);
        }
    }

    /** A store kept open across the measurement. */
    @State(Scope.Thread)
    public static class Open {
        GridStore store;

        @Setup(Level.Trial)
        public void open(Baked baked) throws IOException {
            store = GridStore.open(baked.file);
        }

        @TearDown(Level.Trial)
        public void close() {
            store.close();
        }
    }

    /** One store per shot, opened by the benchmark; the file's pages evicted before each shot or not. */
    @State(Scope.Thread)
    public static class Shot {
        @Param({"cold", "warm"})
        public String cache;

        GridStore store;

        @Setup(Level.Invocation)
        public void prepare(Baked baked) throws IOException {
            if (store != null) {
                store.close(); // unmaps: pages still mapped would stay cached
                store = null;
            }
            if (cache.equals("cold")) {
                PageCache.evict(baked.file);
            }
        }

        @TearDown(Level.Trial)
        public void close() {
            if (store != null) {
                store.close();
            }
        }
    }

    @Benchmark
    @BenchmarkMode(Mode.AverageTime)
    @OutputTimeUnit(TimeUnit.MICROSECONDS)
    public long buildTables(Baked baked) {
        try (Grid grid = Grid.over(baked.cells, StoreMap.SIDE, StoreMap.SIDE)) {
            GridTables tables = grid.tables();
            return tables.clearance().byteSize()
                    + tables.blockMap().byteSize()
                    + tables.jpsPlus().byteSize();
        }
    }

    @Benchmark
    @BenchmarkMode(Mode.AverageTime)
    @OutputTimeUnit(TimeUnit.MICROSECONDS)
    public long openStore(Baked baked) throws IOException {
        try (GridStore store = GridStore.open(baked.file)) {
            GridTables tables = store.grid().tables();
            return tables.clearance().byteSize()
                    + tables.blockMap().byteSize()
                    + tables.jpsPlus().byteSize();
        }
    }

    @Benchmark
    @BenchmarkMode(Mode.AverageTime)
    @OutputTimeUnit(TimeUnit.MICROSECONDS)
    public GridPath queryOnOpenStore(Baked baked, Open open) {
        return open.store.grid().findPath(baked.from, baked.to, StoreMap.JPS_PLUS);
    }

    @Benchmark
    @BenchmarkMode(Mode.SingleShotTime)
    @OutputTimeUnit(TimeUnit.MICROSECONDS)
    @Warmup(iterations = 20)
    @Measurement(iterations = 60)
    public GridPath openAndFirstQuery(Baked baked, Shot shot) throws IOException {
        shot.store = GridStore.open(baked.file);
        return shot.store.grid().findPath(baked.from, baked.to, StoreMap.JPS_PLUS);
    }
}
