package org.onepath.grids;

import org.onepath.cells.GridMath;

/**
 * {@code scale * ((max - min) + min * sqrt2)} of the column and row distances; admissible and
 * consistent for eight moves when {@code scale} is the smallest area multiplier.
 */
public final class OctileHeuristic extends GridDistanceHeuristic {
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
