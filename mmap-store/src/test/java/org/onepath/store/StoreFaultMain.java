package org.onepath.store;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.onepath.Grid;
import org.onepath.GridAlgorithm;
import org.onepath.GridOptions;
import org.onepath.GridPath;
import org.onepath.PathService;
import org.onepath.VoxelCell;
import org.onepath.VoxelGrid;
import org.onepath.VoxelOptions;
import org.onepath.VoxelPath;
import org.onepath.cells.Cell;

/**
 * Opens a store, answers a query, then damages the file under the mapping and reads again
 * through the store's entry points. Prints one line, the outcome, and exits with
 * {@link #REPORTED} when the store reported a {@link StoreException} (and refused the store
 * afterwards), 0 when the read answered, 1 on any other throwable. A JVM that dies exits with
 * the signal's status (134 for SIGBUS's abort). Run by {@link MappedStoreFaultTest}.
 *
 * <p>Arguments: mode, store file. Modes: {@code truncate-query}, {@code truncate-verify},
 * {@code truncate-world}, {@code overwrite-jps-plus}, {@code overwrite-cells}, and the modes that
 * read through the store's grid instead of its entry points: {@code truncate-grid} (the grid's
 * {@code findPath}, one goal and many), {@code truncate-grid-async} (a later slice of
 * {@code findPathAsync}, on an executor's thread), {@code truncate-service} ({@code PathService}
 * over the store), {@code truncate-world-grid} and {@code truncate-world-async} (the same on a
 * world store's grid). Those find the {@link StoreException} as the cause of the
 * {@link UncheckedIOException} the grid throws (inside the future's exception for the async forms)
 * and report it as the entry points do; any other shape of failure exits 1.
 */
public final class StoreFaultMain {
    /** Exit status when the store reported the damage as its exception. */
    static final int REPORTED = 3;

    /** The length the truncating modes cut the file to: the header's page survives. */
    static final long TRUNCATED_LENGTH = 4096;

    private StoreFaultMain() {}

    public static void main(String[] args) throws Exception {
        String mode = args[0];
        Path file = Path.of(args[1]);
        String line;
        int status;
        try {
            line = run(mode, file);
            status = 0;
        } catch (StoreException e) {
            line = e.getClass().getSimpleName() + ": " + e.getMessage();
            status = REPORTED;
        } catch (Throwable t) {
            line = t.getClass().getSimpleName() + ": " + t.getMessage();
            status = 1;
        }
        System.out.println(line);
        System.out.flush();
        System.exit(status);
    }

    private static String run(String mode, Path file) throws Exception {
        return switch (mode) {
            case "truncate-query", "truncate-verify", "overwrite-jps-plus", "overwrite-cells" -> grid(mode, file);
            case "truncate-world" -> world(file);
            case "truncate-grid" -> gridDirect(file);
            case "truncate-grid-async" -> gridAsync(file);
            case "truncate-service" -> service(file);
            case "truncate-world-grid" -> worldDirect(file);
            case "truncate-world-async" -> worldAsync(file);
            default -> throw new IllegalArgumentException("unknown mode " + mode);
        };
    }

    private static String grid(String mode, Path file) throws Exception {
        try (GridStore store = GridStore.open(file)) {
            int w = store.grid().width();
            int h = store.grid().height();
            Cell start = new Cell(1, 1);
            Cell goal = new Cell(w - 2, h - 2);
            GridOptions options = GridOptions.builder()
                    .algorithm(mode.equals("overwrite-jps-plus") ? GridAlgorithm.JPS_PLUS : GridAlgorithm.ASTAR)
                    .build();
            GridPath before = store.findPath(start, goal, options);
            // File times move by the kernel's clock tick: let one pass so an in-place write shows.
            Thread.sleep(50);
            switch (mode) {
                case "truncate-query", "truncate-verify" -> truncate(file);
                case "overwrite-jps-plus" -> overwrite(file, store.file().section(StoreLayout.SECTION_JPS_PLUS), 0x7F);
                default -> overwrite(file, store.file().section(StoreLayout.SECTION_CELLS), 0xFF);
            }
            if (mode.equals("truncate-verify")) {
                // the mapping opened above, read whole: every section's checksum
                store.file().verify(StoreProgress.NONE);
                return "verified";
            }
            GridPath after;
            try {
                after = store.findPath(start, goal, options);
            } catch (StoreException e) {
                refusedAgain(() -> store.findPath(start, goal, options), e);
                throw e;
            }
            String answer = "answered " + before.status() + " then " + after.status();
            try {
                GridStore.verify(file, StoreProgress.NONE);
            } catch (StoreException e) {
                return answer + "; verify: " + e.getClass().getSimpleName() + ": " + e.getMessage();
            }
            return answer + "; verify passed";
        }
    }

    private static String world(Path file) throws Exception {
        try (VoxelWorldStore store = VoxelWorldStore.open(file)) {
            VoxelCell start = new VoxelCell(0, 0, 0);
            VoxelCell goal = new VoxelCell(
                    store.grid().sizeX() - 1,
                    store.grid().sizeY() - 1,
                    store.grid().sizeZ() - 1);
            store.findPath(start, goal, VoxelOptions.DEFAULT);
            truncate(file);
            try {
                return "answered "
                        + store.findPath(start, goal, VoxelOptions.DEFAULT).status();
            } catch (StoreException e) {
                refusedAgain(() -> store.findPath(start, goal, VoxelOptions.DEFAULT), e);
                throw e;
            }
        }
    }

    /**
     * The store's grid queried directly, one goal then many goals: each query after the truncation
     * throws {@link UncheckedIOException} carrying the store's exception, and the store's entry
     * point refuses the store afterwards.
     */
    private static String gridDirect(Path file) throws Exception {
        try (GridStore store = GridStore.open(file)) {
            Grid grid = store.grid();
            Cell start = new Cell(1, 1);
            Cell goal = new Cell(grid.width() - 2, grid.height() - 2);
            grid.findPath(start, goal);
            truncate(file);
            StoreException first;
            try {
                return "answered " + grid.findPath(start, goal).status();
            } catch (RuntimeException e) {
                first = reported(e);
            }
            try {
                return "answered many goals "
                        + grid.findPath(start, List.of(goal, start)).status();
            } catch (RuntimeException e) {
                refusedAgain(
                        () -> {
                            throw reported(e);
                        },
                        first);
            }
            refusedAgain(() -> store.findPath(start, goal, GridOptions.DEFAULT), first);
            throw first;
        }
    }

    /**
     * {@code findPathAsync} on the store's grid, its slices after the first on a pool thread; the
     * executor truncates the file before it hands on the second slice, so the fault lands on the
     * pool's thread and must come back through the future.
     */
    private static String gridAsync(Path file) throws Exception {
        ExecutorService pool = Executors.newSingleThreadExecutor();
        try (GridStore store = GridStore.open(file)) {
            Grid grid = store.grid();
            // The generic A* (four moves): it reads the mapped cells at every expansion, where
            // the octile engine reads them once at the begin; hundreds of pops, many slices.
            GridOptions options = GridOptions.FOUR_CONNECTED.toBuilder()
                    .algorithm(GridAlgorithm.ASTAR)
                    .iterationsPerSlice(16)
                    .build();
            TruncatingExecutor executor = new TruncatingExecutor(file, pool);
            CompletableFuture<GridPath> f = grid.findPathAsync(
                    new Cell(1, 1), new Cell(grid.width() - 2, grid.height() - 2), options, null, executor);
            try {
                return executor.answered(f.get(30, TimeUnit.SECONDS).status());
            } catch (ExecutionException e) {
                throw reported(e.getCause());
            }
        } finally {
            pool.shutdownNow();
        }
    }

    /**
     * A {@code PathService} over the store's grid, owning the store: a query answered, the file
     * truncated, the next query's future fails with the store's exception, and a batch after it
     * is refused without reading the file.
     */
    private static String service(Path file) throws Exception {
        GridStore store = GridStore.open(file);
        try (PathService service = PathService.over(store.grid(), 2, store)) {
            Grid grid = store.grid();
            PathService.Query q = new PathService.Query(new Cell(1, 1), new Cell(grid.width() - 2, grid.height() - 2));
            service.submit(q).get(30, TimeUnit.SECONDS);
            truncate(file);
            StoreException first;
            try {
                return "answered " + service.submit(q).get(30, TimeUnit.SECONDS).status();
            } catch (ExecutionException e) {
                first = reported(e.getCause());
            }
            try {
                return "answered a batch of " + service.solveAll(List.of(q, q)).size();
            } catch (RuntimeException e) {
                refusedAgain(
                        () -> {
                            throw reported(e);
                        },
                        first);
            }
            throw first;
        }
    }

    /** A world store's grid queried directly after the truncation, then its entry point refusing it. */
    private static String worldDirect(Path file) throws Exception {
        try (VoxelWorldStore store = VoxelWorldStore.open(file)) {
            VoxelGrid world = store.grid();
            VoxelCell start = new VoxelCell(0, 0, 0);
            VoxelCell goal = new VoxelCell(world.sizeX() - 1, world.sizeY() - 1, world.sizeZ() - 1);
            world.findPath(start, goal);
            truncate(file);
            StoreException first;
            try {
                return "answered " + world.findPath(start, goal).status();
            } catch (RuntimeException e) {
                first = reported(e);
            }
            refusedAgain(() -> store.findPath(start, goal, VoxelOptions.DEFAULT), first);
            throw first;
        }
    }

    /** {@code findPathAsync} on a world store's grid, the file truncated before the second slice. */
    private static String worldAsync(Path file) throws Exception {
        ExecutorService pool = Executors.newSingleThreadExecutor();
        try (VoxelWorldStore store = VoxelWorldStore.open(file)) {
            VoxelGrid world = store.grid();
            TruncatingExecutor executor = new TruncatingExecutor(file, pool);
            CompletableFuture<VoxelPath> f = world.findPathAsync(
                    new VoxelCell(0, 0, 0),
                    new VoxelCell(world.sizeX() - 1, world.sizeY() - 1, world.sizeZ() - 1),
                    VoxelOptions.DEFAULT,
                    null,
                    executor);
            try {
                return executor.answered(f.get(30, TimeUnit.SECONDS).status());
            } catch (ExecutionException e) {
                throw reported(e.getCause());
            }
        } finally {
            pool.shutdownNow();
        }
    }

    /** An executor that truncates the file once, before it hands its first task to a pool. */
    private static final class TruncatingExecutor implements Executor {
        private final Path file;
        private final ExecutorService pool;
        private final AtomicBoolean truncated = new AtomicBoolean();

        TruncatingExecutor(Path file, ExecutorService pool) {
            this.file = file;
            this.pool = pool;
        }

        @Override
        public void execute(Runnable task) {
            if (truncated.compareAndSet(false, true)) {
                try {
                    truncate(file);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            }
            pool.execute(task);
        }

        /** How an answer came: a query that ended within its first slice never met the truncation. */
        String answered(Object status) {
            return "answered " + status + (truncated.get() ? " after the truncation" : " within its first slice");
        }
    }

    /**
     * The store's exception a grid query threw: the cause of an {@link UncheckedIOException} with
     * the same message. Anything else is not the reported failure and is thrown as an error.
     */
    private static StoreException reported(Throwable t) {
        if (t instanceof UncheckedIOException u
                && u.getCause() instanceof StoreException s
                && u.getMessage().equals(s.getMessage())) {
            return s;
        }
        throw new AssertionError("expected UncheckedIOException carrying a StoreException, got " + t, t);
    }

    private interface Read {
        Object run() throws StoreException;
    }

    /** A store that reported a failure refuses the next read with the same kind of exception. */
    private static void refusedAgain(Read read, StoreException first) {
        try {
            read.run();
        } catch (StoreException e) {
            if (e.getClass() == first.getClass() && e.getMessage().contains("not read again")) {
                return;
            }
            throw new AssertionError("the second read threw " + e + " after " + first, e);
        }
        throw new AssertionError("the second read answered after " + first);
    }

    private static void truncate(Path file) throws IOException {
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.WRITE)) {
            ch.truncate(TRUNCATED_LENGTH);
        }
    }

    private static void overwrite(Path file, StoreFile.Section section, int value) throws IOException {
        byte[] bytes = new byte[(int) section.length()];
        Arrays.fill(bytes, (byte) value);
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.WRITE)) {
            ByteBuffer buffer = ByteBuffer.wrap(bytes);
            while (buffer.hasRemaining()) {
                ch.write(buffer, section.offset() + buffer.position());
            }
        }
    }
}
