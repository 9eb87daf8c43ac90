package org.onepath.query;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.function.Function;
import java.util.function.IntSupplier;
import java.util.function.Supplier;
import org.onepath.cells.Cancellation;
import org.onepath.cells.PathStatus;

/**
 * The cooperative sliced form of a one-line query, the same for square, hex and voxel grids: the
 * checks that refuse a query through the future, the begin on the calling thread, the edit
 * detection between slices and the return of the pooled engine, over a {@link SlicedRun}.
 *
 * <p>Everything comes through the future: recorded expansions complete it with
 * {@link IllegalArgumentException}, a closed grid or a cancelled token with their exceptions
 * before anything is taken, an edit or restore of the grid between slices with
 * {@link IllegalStateException}. The engine goes back to its pool exactly once, whatever ends the
 * query.
 */
public final class AsyncQuery {
    private AsyncQuery() {}

    /**
     * The grid a query runs on, as the adapter watches it.
     *
     * @param name the facade's name, for the edit message ("the HexGrid was edited ...")
     * @param ensureOpen throws {@link IllegalStateException} when the grid has been closed
     * @param version the grid's edit count, or null when the engine checks edits itself
     * @param restoreCount the grid's restore count, or null when the engine checks edits itself
     * @param areaVersion the version of the grid's area costs, or null when the engine checks
     *     edits itself
     */
    public record GridWatch(
            String name, Runnable ensureOpen, IntSupplier version, IntSupplier restoreCount, IntSupplier areaVersion) {
        /**
         * A grid whose engine checks, at each step, that the grid is open and unedited, with its own
         * messages (the square grids' {@code GridSearch}, whose {@code step} is public).
         *
         * @param name the facade's name
         * @param ensureOpen throws {@link IllegalStateException} when the grid has been closed
         * @return the grid, watched before the begin only
         */
        public static GridWatch watchedByEngine(String name, Runnable ensureOpen) {
            return new GridWatch(name, ensureOpen, null, null, null);
        }
    }

    /**
     * A query begun on a pooled engine.
     *
     * @param <R> the facade's result type
     */
    public interface Begun<R> {
        /**
         * The result of an end the engine refused when it began (nothing ran).
         *
         * @return the refused result, or null when the search began
         */
        default R refused() {
            return null;
        }

        /**
         * Runs up to {@code n} iterations.
         *
         * @param n iterations, at least 1
         * @return IN_PROGRESS while the search goes on, else FOUND or NO_PATH
         */
        PathStatus step(int n);

        /**
         * The query's result, read once after the last step.
         *
         * @param status FOUND, NO_PATH, or BUDGET_EXHAUSTED when the budget stopped the search
         * @return the facade's result
         */
        R result(PathStatus status);

        /**
         * Hands the engine back to its pool; called once, last.
         *
         * @param resultRead whether {@link #result} was called (it may have tidied the engine)
         */
        void release(boolean resultRead);

        /**
         * This query with its results turned into another type (an engine's {@link SearchResult}
         * into the facade's path).
         *
         * @param map turns a result of this query into the facade's
         * @param <T> the facade's result type
         * @return the same query, its refused and final results mapped
         */
        default <T> Begun<T> map(Function<? super R, ? extends T> map) {
            Begun<R> query = this;
            return new Begun<>() {
                @Override
                public T refused() {
                    R refused = query.refused();
                    return refused == null ? null : map.apply(refused);
                }

                @Override
                public PathStatus step(int n) {
                    return query.step(n);
                }

                @Override
                public T result(PathStatus status) {
                    return map.apply(query.result(status));
                }

                @Override
                public void release(boolean resultRead) {
                    query.release(resultRead);
                }
            };
        }
    }

    /**
     * Runs a query in the cooperative form: refuses recorded expansions, checks the grid and the
     * token, begins on the calling thread and hands the begun search to a {@link SlicedRun} (the
     * first slice here, the rest on {@code executor}).
     *
     * @param grid the grid the query runs on
     * @param recordExpansions whether the options record expansions (refused)
     * @param begin refuses an end no agent may stand on, or takes the pooled engine and begins the
     *     query; it hands the engine back itself when the begin throws
     * @param slice iterations per slice, at least 1
     * @param budget iterations in all, 0 for no limit
     * @param cancellation the token checked before each slice, or null
     * @param executor runs each slice after the first
     * @param <R> the facade's result type
     * @return the future of the result
     */
    public static <R> CompletableFuture<R> start(
            GridWatch grid,
            boolean recordExpansions,
            Supplier<Begun<R>> begin,
            int slice,
            int budget,
            Cancellation cancellation,
            Executor executor) {
        CompletableFuture<R> future = new CompletableFuture<>();
        if (recordExpansions) {
            future.completeExceptionally(new IllegalArgumentException(
                    "findPathAsync does not record expansions (recordExpansions is set); use findPath"));
            return future;
        }
        Begun<R> begun;
        try {
            grid.ensureOpen().run();
            if (cancellation != null) {
                cancellation.throwIfCancelled();
            }
            begun = begin.get();
        } catch (RuntimeException e) {
            future.completeExceptionally(e);
            return future;
        }
        R refused = begun.refused();
        if (refused != null) {
            begun.release(false);
            future.complete(refused);
            return future;
        }
        SlicedRun.start(future, new WatchedSearch<>(grid, begun), slice, budget, cancellation, executor);
        return future;
    }

    /**
     * A query refused when it began, before any engine was taken (an end no agent may stand on).
     *
     * @param result the refused result
     * @param <R> the facade's result type
     * @return a query that is never stepped and hands nothing back
     */
    public static <R> Begun<R> refusedAtBegin(R result) {
        return new Begun<>() {
            @Override
            public R refused() {
                return result;
            }

            @Override
            public PathStatus step(int n) {
                throw new IllegalStateException("a refused query is never stepped");
            }

            @Override
            public R result(PathStatus status) {
                return result;
            }

            @Override
            public void release(boolean resultRead) {}
        };
    }

    /** A begun query seen from the run: the grid checked before each step, the status kept for the result. */
    private static final class WatchedSearch<R> implements SlicedRun.Search<R> {
        private final GridWatch grid;
        private final Begun<R> begun;
        private final int version;
        private final int restoreCount;
        private final int areaVersion;
        private PathStatus status = PathStatus.IN_PROGRESS;
        private boolean resultRead;

        WatchedSearch(GridWatch grid, Begun<R> begun) {
            this.grid = grid;
            this.begun = begun;
            boolean watched = grid.version() != null;
            this.version = watched ? grid.version().getAsInt() : 0;
            this.restoreCount = watched ? grid.restoreCount().getAsInt() : 0;
            this.areaVersion = watched ? grid.areaVersion().getAsInt() : 0;
        }

        @Override
        public PathStatus step(int n) {
            if (grid.version() != null) {
                grid.ensureOpen().run();
                if (grid.version().getAsInt() != version
                        || grid.restoreCount().getAsInt() != restoreCount
                        || grid.areaVersion().getAsInt() != areaVersion) {
                    throw new IllegalStateException(
                            "the " + grid.name() + " was edited during findPathAsync; query again");
                }
            }
            status = begun.step(n);
            return status;
        }

        @Override
        public R result() {
            resultRead = true;
            return begun.result(status == PathStatus.IN_PROGRESS ? PathStatus.BUDGET_EXHAUSTED : status);
        }

        @Override
        public void release() {
            begun.release(resultRead);
        }
    }
}
