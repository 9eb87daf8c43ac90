package org.onepath.store;

import java.io.IOException;
import java.nio.file.Path;
import org.onepath.Grid;

/**
 * Opens a grid store {@link StoreMode#PRIVATE}, prints {@code ready}, then restores saved grid
 * states into the store's grid (whose cells are the private mapping) and commits each, over and
 * over, until killed (or until a deadline, so a forgotten child ends by itself). Before each step
 * it prints {@code restoring N} or {@code committing N}. Run by {@link KilledRestoreTest}.
 *
 * <p>Arguments: store file, side, seed: the states are {@link #grid} 1 and 2 of the side and seed.
 */
public final class RestoreLoopMain {
    private RestoreLoopMain() {}

    /**
     * Grid {@code which} of a test: 0 is {@link BakeOnceMain#grid}, 1 and 2 that grid with a
     * different block of a few thousand cells changed, so a restore from one to the other
     * changes some cells (each an edit the store's tables follow) and takes about as long as a
     * commit.
     */
    static Grid grid(int side, long seed, int which) {
        Grid g = BakeOnceMain.grid(side, seed);
        int block = side / 4;
        if (which == 1) {
            g.setRect(side / 8, side / 8, block, block, Grid.WALL);
        } else if (which == 2) {
            g.setRect(side / 2, side / 2, block, block, 2);
        }
        return g;
    }

    public static void main(String[] args) throws IOException {
        Path file = Path.of(args[0]);
        int side = Integer.parseInt(args[1]);
        long seed = Long.parseLong(args[2]);
        byte[][] states = new byte[2][];
        for (int i = 0; i < 2; i++) {
            try (Grid g = grid(side, seed, 1 + i)) {
                states[i] = g.saveState();
            }
        }
        long deadline = System.nanoTime() + 120_000_000_000L;
        try (GridStore store = GridStore.open(file, StoreMode.PRIVATE)) {
            System.out.println("ready");
            System.out.flush();
            for (int n = 0; System.nanoTime() < deadline; n++) {
                System.out.println("restoring " + n);
                System.out.flush();
                store.grid().restoreState(java.lang.foreign.MemorySegment.ofArray(states[n & 1]));
                System.out.println("committing " + n);
                System.out.flush();
                store.commit(StoreProgress.NONE);
            }
        }
    }
}
