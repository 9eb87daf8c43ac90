package org.onepath.store;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Random;
import org.onepath.Grid;

/**
 * Builds a random grid, derives its tables, prints {@code ready}, then bakes it to a file over
 * and over until killed (or until a deadline, so a forgotten child ends by itself). Run by
 * {@link KilledBakeTest}.
 *
 * <p>Arguments: store file, side, seed.
 */
public final class BakeLoopMain {
    private BakeLoopMain() {}

    public static void main(String[] args) throws IOException {
        Path file = Path.of(args[0]);
        int side = Integer.parseInt(args[1]);
        long seed = Long.parseLong(args[2]);
        long deadline = System.nanoTime() + 120_000_000_000L;
        try (Grid grid = Grid.create(side, side)) {
            Random rnd = new Random(seed);
            byte[] row = new byte[side];
            for (int y = 0; y < side; y++) {
                for (int x = 0; x < side; x++) {
                    row[x] = (byte) (rnd.nextInt(100) < 30 ? Grid.WALL : rnd.nextInt(4));
                }
                grid.setRect(0, y, side, 1, row);
            }
            grid.tables();
            System.out.println("ready");
            System.out.flush();
            int bakes = 0;
            while (System.nanoTime() < deadline) {
                GridStore.bake(grid, "loop-" + seed + "-" + bakes, file);
                bakes++;
                System.out.println("baked " + bakes);
                System.out.flush();
            }
        }
    }
}
