package org.onepath.store;

import java.io.IOException;
import java.nio.file.Path;
import org.onepath.Grid;

/**
 * Bakes a random grid to a store file a number of times and prints one line: {@code baked N},
 * or the exception's type and message with exit status {@link #FAILED} when a bake throws an
 * {@link IOException} (1 on anything else). Run by {@link BakeFailureTest} and
 * {@link ConcurrentBakeTest}.
 *
 * <p>Arguments: store file, width and height, seed, bakes. The grid is {@link #grid} of the
 * side and seed, baked with the name {@link #name} of the seed, so a parent can bake the same
 * bytes.
 */
public final class BakeOnceMain {
    /** Exit status when a bake threw an IOException. */
    static final int FAILED = 3;

    private BakeOnceMain() {}

    /** The grid a child bakes for these arguments. */
    static Grid grid(int side, long seed) {
        return StoreTestSupport.randomGrid(side, side, seed, 25);
    }

    /** The name a child bakes with. */
    static String name(long seed) {
        return "bake-" + seed;
    }

    public static void main(String[] args) {
        Path file = Path.of(args[0]);
        int side = Integer.parseInt(args[1]);
        long seed = Long.parseLong(args[2]);
        int bakes = Integer.parseInt(args[3]);
        String line;
        int status;
        try (Grid grid = grid(side, seed)) {
            grid.tables();
            for (int i = 0; i < bakes; i++) {
                GridStore.bake(grid, name(seed), file);
            }
            line = "baked " + bakes;
            status = 0;
        } catch (IOException e) {
            line = e.getClass().getSimpleName() + ": " + e.getMessage();
            status = FAILED;
        } catch (Throwable t) {
            line = t.getClass().getSimpleName() + ": " + t.getMessage();
            status = 1;
        }
        System.out.println(line);
        System.out.flush();
        System.exit(status);
    }
}
