package org.onepath.grids.theta;

import org.onepath.grids.Heuristic;

/**
 * {@code scale * sqrt(dx*dx + dy*dy)} of the column and row offsets to the goal: the straight
 * distance between cell centres, the estimate of the any-angle searches. The sum of squares is
 * formed exactly in 64 bits, then one correctly rounded square root is taken, so it equals the
 * cost {@link ThetaSearch} charges for the straight segment to the goal. Admissible and consistent
 * for any moves between cell centres when {@code scale} is the smallest area multiplier.
 */
public final class EuclideanHeuristic implements Heuristic {
    private final int width;
    private final double scale;
    private int goalX;
    private int goalY;

    /**
     * An estimate over a grid of the given width; the goal is set by the search with
     * {@code setGoal}. Not thread-safe: it keeps the goal's column and row, so each search uses its
     * own.
     *
     * @param width grid width in cells, &gt;= 1, to turn node indices into columns and rows
     * @param scale multiplier of the distance (the smallest area cost), finite and &gt;= 0
     * @throws IllegalArgumentException if the width is below 1 or the scale is negative, infinite
     *                                  or NaN
     */
    public EuclideanHeuristic(int width, double scale) {
        if (width < 1) {
            throw new IllegalArgumentException("width must be at least 1, was " + width);
        }
        if (!(scale >= 0.0) || Double.isInfinite(scale)) {
            throw new IllegalArgumentException("heuristic scale must be finite and >= 0, was " + scale);
        }
        this.width = width;
        this.scale = scale;
    }

    @Override
    public void setGoal(int goal) {
        goalX = goal % width;
        goalY = goal / width;
    }

    @Override
    public double estimate(int node) {
        return scale * length(node % width - goalX, node / width - goalY);
    }

    /**
     * The length of a segment between cell centres: {@code sqrt(dx*dx + dy*dy)}, the sum exact in
     * 64 bits, one correctly rounded root.
     *
     * @param dx the column offset, any int
     * @param dy the row offset, any int
     * @return the length in cells, &gt;= 0
     */
    public static double length(int dx, int dy) {
        long sx = dx;
        long sy = dy;
        return Math.sqrt((double) (sx * sx + sy * sy));
    }
}
