package org.onepath.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.onepath.Grid;
import org.onepath.GridAlgorithm;
import org.onepath.GridOptions;
import org.onepath.GridPath;
import org.onepath.cells.Cell;
import org.onepath.cli.RoomsAndCorridors;

/**
 * The grid of the store benchmarks: the 1024 x 1024 rooms-and-corridors map of
 * {@code onepath demo} (seed 1), and a JPS+ query across it: from the first open cell in row-major
 * order (near the top-left corner) to the last (near the bottom-right corner).
 */
final class StoreMap {
    static final int SIDE = 1024;
    static final long SEED = 1;
    static final String NAME = "rooms-and-corridors-1024-seed-1";
    static final GridOptions JPS_PLUS =
            GridOptions.builder().algorithm(GridAlgorithm.JPS_PLUS).build();

    private StoreMap() {}

    /** A new grid of the map; the caller closes it. */
    static Grid generate() {
        return RoomsAndCorridors.generate(SIDE, SEED);
    }

    /** The first open cell in row-major order (top left). */
    static Cell firstOpen(Grid grid) {
        for (int y = 0; y < grid.height(); y++) {
            for (int x = 0; x < grid.width(); x++) {
                if (grid.isWalkable(x, y)) {
                    return new Cell(x, y);
                }
            }
        }
        throw new IllegalStateException("no open cell");
    }

    /** The last open cell in row-major order (bottom right). */
    static Cell lastOpen(Grid grid) {
        for (int y = grid.height() - 1; y >= 0; y--) {
            for (int x = grid.width() - 1; x >= 0; x--) {
                if (grid.isWalkable(x, y)) {
                    return new Cell(x, y);
                }
            }
        }
        throw new IllegalStateException("no open cell");
    }

    /** Bakes the map into a new temporary store file (in {@code java.io.tmpdir}); the caller deletes it. */
    static Path bake(Grid grid) throws IOException {
        Path file = Files.createTempFile("onepath-store-bench-", ".store");
        try {
            org.onepath.store.GridStore.bake(grid, NAME, file);
        } catch (IOException | RuntimeException e) {
            Files.deleteIfExists(file);
            throw e;
        }
        return file;
    }

    /** Throws unless the path was found by JPS+ (a query that fell back to another search would measure that one). */
    static GridPath check(GridPath path) {
        if (!path.found() || path.algorithm() != GridAlgorithm.JPS_PLUS) {
            throw new IllegalStateException(
                    "expected a path found by JPS+, got " + path + " (" + path.algorithm() + ")");
        }
        return path;
    }
}
