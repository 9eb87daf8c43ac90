package org.onepath.grids;

/**
 * {@code scale * (|dx| + |dy|)} on a row-major square grid; admissible and consistent for four
 * moves when {@code scale} is the smallest area multiplier.
 */
public final class ManhattanHeuristic implements Heuristic {
    private final int width;
    private final double scale;
    private int goalX;
    private int goalY;

    /**
     * @param width grid width, to turn node indices into columns and rows
     * @param scale multiplier of the distance (the smallest area cost)
     */
    public ManhattanHeuristic(int width, double scale) {
        if (width < 1) {
            throw new IllegalArgumentException("width must be at least 1, was " + width);
        }
        HeuristicScale.check(scale);
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
        int dx = Math.abs(node % width - goalX);
        int dy = Math.abs(node / width - goalY);
        return scale * (dx + dy);
    }
}
