package org.onepath.grids.jps;

import java.util.Objects;

/**
 * The block-based jumper (Harabor and Grastien 2014): a straight scan reads 64 cells per word.
 * Stop bits are {@code ~walkable | forced}, where {@code forced = side & ~(side shifted one
 * position against the scan)} for the two neighbouring lines; the {@link BlockMap} keeps them
 * precomputed per scan direction, so a scan masks one word to the positions beyond the start,
 * adds the goal's bit, and takes the first set bit (lowest forwards, highest backwards): a wall
 * there means no jump point. It finds exactly the cells the cell-by-cell {@link OnlineJumper}
 * finds.
 */
public final class BlockJumper extends ScanningJumper {
    private final BlockMap map;

    /**
     * A jumper that scans the map's bits; it reads the map's grid for the diagonal walk.
     *
     * @param map the bits it scans, kept up to date by the map itself; the jumper does not own it
     */
    public BlockJumper(BlockMap map) {
        super(new WalkableCells(Objects.requireNonNull(map, "map").grid()));
        this.map = map;
    }

    /**
     * The bits this jumper scans.
     *
     * @return the map given at construction
     */
    public BlockMap map() {
        return map;
    }

    @Override
    int straight(int x, int y, int direction, int gx, int gy) {
        return switch (direction) {
            case Direction.EAST -> map.scan(true, y, x, gy == y ? gx : -1, true);
            case Direction.WEST -> map.scan(true, y, x, gy == y ? gx : -1, false);
            case Direction.SOUTH -> map.scan(false, x, y, gx == x ? gy : -1, true);
            case Direction.NORTH -> map.scan(false, x, y, gx == x ? gy : -1, false);
            default -> throw new IllegalArgumentException("not a straight direction: " + direction);
        };
    }
}
