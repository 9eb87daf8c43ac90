package org.onepath.grids.jps;

/**
 * The eight grid directions in the normative order: 0 north, 1 east, 2 south, 3 west,
 * 4 north-east, 5 south-east, 6 south-west, 7 north-west. Rows grow southwards.
 */
public final class Direction {
    private Direction() {}

    /** North, direction 0: row - 1. */
    public static final int NORTH = 0;
    /** East, direction 1: column + 1. */
    public static final int EAST = 1;
    /** South, direction 2: row + 1. */
    public static final int SOUTH = 2;
    /** West, direction 3: column - 1. */
    public static final int WEST = 3;
    /** North-east, direction 4: column + 1, row - 1. */
    public static final int NORTH_EAST = 4;
    /** South-east, direction 5: column + 1, row + 1. */
    public static final int SOUTH_EAST = 5;
    /** South-west, direction 6: column - 1, row + 1. */
    public static final int SOUTH_WEST = 6;
    /** North-west, direction 7: column - 1, row - 1. */
    public static final int NORTH_WEST = 7;
    /** Arrival "direction" of the start, which searches all eight. */
    public static final int NONE = -1;

    private static final int[] DX = {0, 1, 0, -1, 1, 1, -1, -1};
    private static final int[] DY = {-1, 0, 1, 0, -1, 1, 1, -1};
    // dx + 1 and dy + 1 of directions 0..7 as 2-bit fields, so the hot loops read no array.
    private static final int DX_FIELDS = 1 | 2 << 2 | 1 << 4 | 2 << 8 | 2 << 10;
    private static final int DY_FIELDS = 1 << 2 | 2 << 4 | 1 << 6 | 2 << 10 | 2 << 12;

    /**
     * Column step of direction {@code dir} (0..7).
     *
     * @param dir a direction, 0..7
     * @return -1, 0 or 1
     */
    public static int dx(int dir) {
        return (DX_FIELDS >>> (dir << 1) & 3) - 1;
    }

    /**
     * Row step of direction {@code dir} (0..7).
     *
     * @param dir a direction, 0..7
     * @return -1 (north), 0 or 1 (south)
     */
    public static int dy(int dir) {
        return (DY_FIELDS >>> (dir << 1) & 3) - 1;
    }

    /**
     * Whether a direction is one of the four diagonals.
     *
     * @param dir a direction, 0..7
     * @return true for 4..7
     */
    public static boolean isDiagonal(int dir) {
        return dir >= 4;
    }

    /**
     * The direction with these signs (each -1, 0 or 1, not both 0).
     *
     * @param sx the column sign, -1, 0 or 1
     * @param sy the row sign, -1, 0 or 1
     * @return the direction, 0..7
     * @throws IllegalArgumentException if no direction has these signs
     */
    public static int of(int sx, int sy) {
        for (int d = 0; d < 8; d++) {
            if (DX[d] == sx && DY[d] == sy) {
                return d;
            }
        }
        throw new IllegalArgumentException("no direction (" + sx + ", " + sy + ")");
    }
}
