package org.onepath.grids;

/**
 * {@code scale * (|dx| + |dy|)}; admissible and consistent for four moves when {@code scale} is
 * the smallest area multiplier.
 */
public final class ManhattanHeuristic extends GridDistanceHeuristic {
    public ManhattanHeuristic(int width, double scale) {
        super(width, scale);
    }

    @Override
    double distance(int dx, int dy) {
        return scale * (dx + dy);
    }
}
