package org.onepath.grids;

import java.util.Objects;
import org.onepath.cells.HexLayout;

/**
 * {@code scale * steps}, with steps the hex distance between a node and the goal on an
 * unbounded grid; admissible and consistent for the hex moves when {@code scale} is the smallest
 * area multiplier ({@link org.onepath.cells.AreaCosts#minCost()}), since every move costs at least that.
 * Nodes are offset cells {@code row * width + col} of the given layout.
 */
public final class HexDistanceHeuristic implements Heuristic {
    private final int width;
    private final HexLayout layout;
    private final double scale;
    private int goalQ;
    private int goalR;

    /**
     * A hex-distance estimate for a grid of this width and layout.
     *
     * @param width  grid width, to turn node indices into columns and rows
     * @param layout the grid's layout, to turn offset cells into axial coordinates
     * @param scale  multiplier of the distance (the smallest area cost), finite and &gt;= 0
     * @throws IllegalArgumentException if the width is below 1 or the scale is negative, NaN or
     *                                  infinite
     */
    public HexDistanceHeuristic(int width, HexLayout layout, double scale) {
        if (width < 1) {
            throw new IllegalArgumentException("width must be at least 1, was " + width);
        }
        if (!(scale >= 0.0) || Double.isInfinite(scale)) {
            throw new IllegalArgumentException("heuristic scale must be finite and >= 0, was " + scale);
        }
        this.width = width;
        this.layout = Objects.requireNonNull(layout, "layout");
        this.scale = scale;
    }

    /**
     * The multiplier of the hex distance.
     *
     * @return the scale, finite and 0 or more
     */
    public double scale() {
        return scale;
    }

    @Override
    public void setGoal(int goal) {
        int col = goal % width;
        int row = goal / width;
        goalQ = layout.q(col, row);
        goalR = layout.r(col, row);
    }

    @Override
    public double estimate(int node) {
        int col = node % width;
        int row = node / width;
        // Grids hold at most 2^28 cells, so these sums stay far below 2^31.
        int dq = layout.q(col, row) - goalQ;
        int dr = layout.r(col, row) - goalR;
        int ds = -dq - dr;
        int steps = (Math.abs(dq) + Math.abs(dr) + Math.abs(ds)) / 2;
        return scale * steps;
    }
}
