package org.onepath.grids;

/**
 * {@code scale * ((max - min) + min * sqrt2)} with the integer column and row distances to the
 * goal; admissible and consistent for eight moves when {@code scale} is the smallest area
 * multiplier.
 */
public final class OctileHeuristic implements Heuristic {
    private final int width;
    private final double scale;
    private int goalX;
    private int goalY;

    /**
     * @param width grid width, to turn node indices into columns and rows
     * @param scale multiplier of the distance (the smallest area cost)
     */
    public OctileHeuristic(int width, double scale) {
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
        int min = Math.min(dx, dy);
        int max = Math.max(dx, dy);
        return scale * ((max - min) + min * GridMath.SQRT2);
    }
}
