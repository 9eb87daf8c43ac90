package org.onepath.grids;

/**
 * An empty-grid distance on a row-major square grid, scaled by the smallest area multiplier so
 * that it stays admissible: the goal's column and row are kept, subclasses turn the integer
 * distances into an estimate.
 */
public abstract sealed class GridDistanceHeuristic implements Heuristic permits ManhattanHeuristic, OctileHeuristic {
    final int width;
    final double scale;
    int goalX;
    int goalY;

    /**
     * @param width grid width, to turn node indices into columns and rows
     * @param scale multiplier of the distance (the smallest area cost), finite and &gt;= 0
     */
    GridDistanceHeuristic(int width, double scale) {
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
    public final void setGoal(int goal) {
        goalX = goal % width;
        goalY = goal / width;
    }

    @Override
    public final double estimate(int node) {
        return distance(Math.abs(node % width - goalX), Math.abs(node / width - goalY));
    }

    /** The scaled distance for absolute column and row offsets. */
    abstract double distance(int dx, int dy);
}
