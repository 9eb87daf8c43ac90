package org.onepath.grids;

/**
 * {@code scale * (|dx| + |dy|)}; admissible and consistent for four moves when {@code scale} is
 * the smallest area multiplier.
 */
public final class ManhattanHeuristic extends GridDistanceHeuristic {
    /**
     * A Manhattan estimate for a grid {@code width} cells wide.
     *
     * @param width the grid's width in cells, to turn node indices into columns and rows; at least
     *              1
     * @param scale the multiplier of the distance (the smallest area cost), finite and 0 or more
     * @throws IllegalArgumentException if the width is below 1 or the scale is negative, NaN or
     *                                  infinite
     */
    public ManhattanHeuristic(int width, double scale) {
        super(width, scale);
    }

    @Override
    double distance(int dx, int dy) {
        return scale * (dx + dy);
    }
}
