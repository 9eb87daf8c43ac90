package org.onepath.cli;

import java.util.SplittableRandom;
import org.onepath.Grid;

/**
 * A seeded map of rooms joined by corridors: one room per 32 x 32 block (random size and
 * place), every room joined to its east neighbour and most to their south neighbour by an
 * L-shaped corridor one to three cells wide, and a few pillars inside the rooms. The same seed
 * and size always give the same map.
 */
public final class RoomsAndCorridors {
    private static final int BLOCK = 32;

    private RoomsAndCorridors() {}

    /**
     * A generated map of rooms joined by corridors.
     *
     * @param size the map's side in cells, at least 32
     * @param seed the random seed; the same size and seed give the same map
     * @return a new grid; the caller closes it
     * @throws IllegalArgumentException if the size is below 32
     */
    public static Grid generate(int size, long seed) {
        if (size < BLOCK) {
            throw new IllegalArgumentException("map size " + size + " is below the minimum " + BLOCK);
        }
        SplittableRandom random = new SplittableRandom(seed);
        Grid grid = Grid.create(size, size, Grid.WALL);
        int blocks = size / BLOCK;
        int[] centreX = new int[blocks * blocks];
        int[] centreY = new int[blocks * blocks];
        for (int by = 0; by < blocks; by++) {
            for (int bx = 0; bx < blocks; bx++) {
                int w = 10 + random.nextInt(BLOCK - 13);
                int h = 10 + random.nextInt(BLOCK - 13);
                int x0 = bx * BLOCK + 1 + random.nextInt(BLOCK - 2 - w);
                int y0 = by * BLOCK + 1 + random.nextInt(BLOCK - 2 - h);
                carve(grid, x0, y0, w, h);
                for (int p = random.nextInt(4); p > 0; p--) {
                    int px = x0 + 2 + random.nextInt(w - 4);
                    int py = y0 + 2 + random.nextInt(h - 4);
                    grid.setArea(px, py, Grid.WALL);
                    grid.setArea(Math.min(px + 1, x0 + w - 1), py, Grid.WALL);
                }
                centreX[by * blocks + bx] = x0 + w / 2;
                centreY[by * blocks + bx] = y0 + h / 2;
            }
        }
        for (int by = 0; by < blocks; by++) {
            for (int bx = 0; bx < blocks; bx++) {
                int i = by * blocks + bx;
                if (bx + 1 < blocks) {
                    corridor(grid, centreX[i], centreY[i], centreX[i + 1], centreY[i + 1], 1 + random.nextInt(3));
                }
                if (by + 1 < blocks && (bx == 0 || random.nextInt(3) > 0)) {
                    corridor(
                            grid,
                            centreX[i],
                            centreY[i],
                            centreX[i + blocks],
                            centreY[i + blocks],
                            1 + random.nextInt(3));
                }
            }
        }
        return grid;
    }

    private static void carve(Grid grid, int x0, int y0, int w, int h) {
        for (int y = y0; y < y0 + h; y++) {
            for (int x = x0; x < x0 + w; x++) {
                grid.setArea(x, y, 0);
            }
        }
    }

    /** Horizontal leg at y1 from x1 to x2, then vertical leg at x2 from y1 to y2. */
    private static void corridor(Grid grid, int x1, int y1, int x2, int y2, int width) {
        for (int x = Math.min(x1, x2); x <= Math.max(x1, x2); x++) {
            for (int d = 0; d < width; d++) {
                open(grid, x, y1 + d);
            }
        }
        for (int y = Math.min(y1, y2); y <= Math.max(y1, y2); y++) {
            for (int d = 0; d < width; d++) {
                open(grid, x2 + d, y);
            }
        }
    }

    private static void open(Grid grid, int x, int y) {
        if (grid.contains(x, y)) {
            grid.setArea(x, y, 0);
        }
    }
}
