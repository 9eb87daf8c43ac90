package org.onepath.cells;

/**
 * Axial hex coordinates (q, r); the third cube coordinate is {@code s = -q - r}. A {@link HexCells}
 * stores cells in an offset array; {@link HexLayout} converts between the two.
 *
 * <p>The six neighbours, in the normative order that decides which of two equal-cost parents a
 * search keeps: (+1, 0), (+1, -1), (0, -1), (-1, 0), (-1, +1), (0, +1) ({@link #neighbor(int)}).
 *
 * @param q the axial column coordinate
 * @param r the axial row coordinate
 */
public record HexCoord(int q, int r) {
    /** Number of neighbours of a hex. */
    public static final int DIRECTION_COUNT = 6;
    /**
     * Fractional axial coordinates are clamped to +-2^30 before rounding: far outside any grid
     * (whose axial coordinates stay within +-2^29), and small enough for every conversion to fit an
     * int. Only points with a tiny cell size far from the origin reach it.
     */
    public static final double AXIAL_LIMIT = 1 << 30;

    // The axial directions, in the normative order.
    private static final int[] DQ = {1, 1, 0, -1, -1, 0};
    private static final int[] DR = {0, -1, -1, 0, 1, 1};

    /**
     * The third cube coordinate, {@code -q - r}.
     *
     * @return {@code -q - r}
     */
    public int s() {
        return -q - r;
    }

    /**
     * Step q of direction 0..5.
     *
     * @param direction the direction, 0..5
     * @return the step in q, -1..1
     */
    public static int directionQ(int direction) {
        checkDirection(direction);
        return DQ[direction];
    }

    /**
     * Step r of direction 0..5.
     *
     * @param direction the direction, 0..5
     * @return the step in r, -1..1
     */
    public static int directionR(int direction) {
        checkDirection(direction);
        return DR[direction];
    }

    /**
     * The neighbour in direction 0..5 (the normative order).
     *
     * @param direction the direction, 0..5
     * @return the adjacent hex in that direction
     */
    public HexCoord neighbor(int direction) {
        checkDirection(direction);
        return new HexCoord(q + DQ[direction], r + DR[direction]);
    }

    /**
     * Hex distance to another hex: the number of moves between them on an unbounded grid.
     *
     * @param other the other hex
     * @return the number of moves, 0 or more
     */
    public int distanceTo(HexCoord other) {
        return distance(other.q - q, other.r - r);
    }

    /**
     * Hex distance of an axial offset: with {@code ds = -dq - dr}, {@code (|dq| + |dr| + |ds|) / 2}.
     * Computed in 64 bits.
     *
     * @param dq the offset in q
     * @param dr the offset in r
     * @return the distance, 0 or more
     * @throws ArithmeticException if the distance does not fit an int
     */
    public static int distance(long dq, long dr) {
        long ds = -dq - dr;
        return Math.toIntExact((Math.abs(dq) + Math.abs(dr) + Math.abs(ds)) / 2);
    }

    /**
     * The hex containing fractional axial coordinates, by the spec's cube rounding: each of q, r
     * and {@code s = -q - r} is rounded with {@code floor(v + 0.5)}, then the coordinate with the
     * largest rounding error is repaired so the three sum to 0 - q if its error is strictly larger
     * than both others, else r if its error is strictly larger than s's, else s (which is implied).
     * So a point exactly between two hexes goes to the one in direction (+1, 0), (+1, -1) or
     * (0, +1) from the other.
     *
     * @param q the fractional axial q
     * @param r the fractional axial r
     * @return the hex containing the point
     * @throws IllegalArgumentException if a coordinate is NaN or beyond +-2^30
     */
    public static HexCoord round(double q, double r) {
        if (!(Math.abs(q) <= AXIAL_LIMIT) || !(Math.abs(r) <= AXIAL_LIMIT)) {
            throw new IllegalArgumentException("fractional hex (" + q + ", " + r + ") is outside +-2^30");
        }
        double s = -q - r;
        double rq = Math.floor(q + 0.5);
        double rr = Math.floor(r + 0.5);
        double rs = Math.floor(s + 0.5);
        double eq = Math.abs(rq - q);
        double er = Math.abs(rr - r);
        double es = Math.abs(rs - s);
        if (eq > er && eq > es) {
            rq = -rr - rs;
        } else if (er > es) {
            rr = -rq - rs;
        }
        return new HexCoord((int) rq, (int) rr);
    }

    @Override
    public String toString() {
        return "hex(" + q + ", " + r + ")";
    }

    private static void checkDirection(int direction) {
        if (direction < 0 || direction >= DIRECTION_COUNT) {
            throw new IllegalArgumentException("hex direction " + direction + " is outside 0..5");
        }
    }
}
