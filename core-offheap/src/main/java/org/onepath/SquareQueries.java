package org.onepath;

import java.util.concurrent.atomic.AtomicReference;
import org.onepath.cells.Cancellation;

/**
 * The tier-1 query driver of a {@link Grid}: a pool of one {@link GridSearch} handle.
 *
 * <p>A query takes the idle handle (or makes a new one when another thread holds it), points it
 * at the query's options and puts it back, so single-threaded steady-state queries allocate
 * nothing but their result while concurrent queries still work.
 */
final class SquareQueries implements AutoCloseable {
    private final Grid grid;
    private final AtomicReference<GridSearch> idle = new AtomicReference<>();
    private volatile boolean closed;

    SquareQueries(Grid grid) {
        this.grid = grid;
    }

    GridPath findPath(int sx, int sy, int gx, int gy, GridOptions options, Cancellation cancellation) {
        GridSearch search = acquire(options);
        try {
            return search.findPath(sx, sy, gx, gy, cancellation);
        } finally {
            release(search);
        }
    }

    /** The idle handle (or a new one) pointed at these options; give it back with {@link #release}. */
    GridSearch acquire(GridOptions options) {
        GridSearch search = idle.getAndSet(null);
        if (search == null) {
            search = new GridSearch(grid, options);
        } else {
            search.options(options);
        }
        return search;
    }

    /** Puts a handle back as the idle one, or closes it when another is idle or the grid closed. */
    void release(GridSearch search) {
        if (closed || !idle.compareAndSet(null, search)) {
            search.close();
        }
    }

    @Override
    public void close() {
        closed = true;
        GridSearch search = idle.getAndSet(null);
        if (search != null) {
            search.close();
        }
    }
}
