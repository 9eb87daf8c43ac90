package org.onepath.grids.theta;

import java.util.Random;
import org.onepath.Grid;
import org.onepath.ReferenceGrid;
import org.onepath.grids.GridSearchBuffers;

/** Random grids with one cost for every walkable cell, as the any-angle searches need. */
final class ThetaGrids {
    private ThetaGrids() {}

    /** A grid of minSide..maxSide per side with a random wall density of 0..maxWallPercent. */
    static ReferenceGrid random(Random rnd, int minSide, int maxSide, int maxWallPercent, double m) {
        int w = minSide + rnd.nextInt(maxSide - minSide + 1);
        int h = minSide + rnd.nextInt(maxSide - minSide + 1);
        int walls = rnd.nextInt(maxWallPercent + 1);
        ReferenceGrid g = new ReferenceGrid(w, h);
        g.setMultiplier(0, m);
        for (int y = 0; y < h; y++) {
            for (int x = 0; x < w; x++) {
                g.setArea(x, y, rnd.nextInt(100) < walls ? ReferenceGrid.WALL : 0);
            }
        }
        return g;
    }

    /** A library grid with the same walls whose every area costs m, so the tier-1 query qualifies. */
    static Grid toGrid(ReferenceGrid ref, double m) {
        Grid grid = Grid.create(ref.width(), ref.height());
        for (int y = 0; y < ref.height(); y++) {
            for (int x = 0; x < ref.width(); x++) {
                if (!ref.open(x, y)) {
                    grid.setWalkable(x, y, false);
                }
            }
        }
        if (m != 1.0) {
            for (int a = 0; a < 255; a++) {
                grid.areas().set(a, m);
            }
        }
        return grid;
    }

    /**
     * Library grids and search buffers kept per size and rewritten for each random grid, so a
     * test over thousands of grids does not open and close thousands of shared arenas (each close
     * is a handshake with every thread).
     */
    static final class Pool implements AutoCloseable {
        private final java.util.Map<String, Grid> grids = new java.util.HashMap<>();
        private final java.util.Map<Long, GridSearchBuffers> buffers = new java.util.HashMap<>();

        /** A grid holding the reference's walls with every area costing m (valid until the next call for this size). */
        Grid grid(ReferenceGrid ref, double m) {
            String key = ref.width() + "x" + ref.height() + "@" + m;
            Grid grid = grids.computeIfAbsent(key, k -> {
                Grid made = Grid.create(ref.width(), ref.height());
                for (int a = 0; a < 255; a++) {
                    made.areas().set(a, m);
                }
                return made;
            });
            byte[] cells = new byte[ref.width() * ref.height()];
            for (int i = 0; i < cells.length; i++) {
                cells[i] = (byte) (ref.open(i % ref.width(), i / ref.width()) ? 0 : ReferenceGrid.WALL);
            }
            grid.setRect(0, 0, ref.width(), ref.height(), cells);
            return grid;
        }

        /** Buffers for a grid of this size. */
        GridSearchBuffers buffers(Grid grid) {
            long key = (long) grid.width() << 32 | grid.height();
            return buffers.computeIfAbsent(key, k -> new GridSearchBuffers(grid.cellCount()));
        }

        @Override
        public void close() {
            buffers.values().forEach(GridSearchBuffers::close);
            grids.values().forEach(Grid::close);
        }
    }

    /** The walkable cells, row-major. */
    static int[] walkable(ReferenceGrid ref) {
        return java.util.stream.IntStream.range(0, ref.width() * ref.height())
                .filter(i -> ref.open(i % ref.width(), i / ref.width()))
                .toArray();
    }
}
