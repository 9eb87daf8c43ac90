package org.onepath.grids;

import org.onepath.cells.GridMath;

/**
 * {@code scale * ((max - min) + min * sqrt2)} of the column and row distances; admissible and
 * consistent for eight moves when {@code scale} is the smallest area multiplier.
 */
public final class OctileHeuristic extends GridDistanceHeuristic {
    /**
     * An octile estimate for a grid {@code width} cells wide.
     *
     * @param width the grid's width in cells, to turn node indices into columns and rows; at least
     *              1
     * @param scale the multiplier of the distance (the smallest area cost), finite and 0 or more
     * @throws IllegalArgumentException if the width is below 1 or the scale is negative, NaN or
     *                                  infinite
     */
    public OctileHeuristic(int width, double scale) {
        super(width, scale);
    }

    @Override
    double distance(int dx, int dy) {
        int min = Math.min(dx, dy);
        int max = Math.max(dx, dy);
        return scale * ((max - min) + min * GridMath.SQRT2);
    }
}
