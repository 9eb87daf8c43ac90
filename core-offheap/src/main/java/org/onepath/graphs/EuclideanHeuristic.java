package org.onepath.graphs;

import static org.onepath.layout.PointLayout.COORDINATE;
import static org.onepath.layout.PointLayout.X_OFFSET;
import static org.onepath.layout.PointLayout.Y_OFFSET;
import static org.onepath.layout.PointLayout.Z_OFFSET;

import java.lang.foreign.MemorySegment;
import java.util.Objects;
import org.onepath.grids.Heuristic;
import org.onepath.layout.PointLayout;

/**
 * {@code scale * |p(node) - p(goal)|}, the straight-line distance between node coordinates laid
 * out by {@link PointLayout}, 2D or 3D. With a scale no larger than any edge's weight divided by
 * its length (what a point graph computes) the estimate is admissible and consistent, up to
 * rounding, whatever the units of weights and coordinates.
 *
 * <p>Not thread-safe: {@link #setGoal} keeps the goal's coordinates. Each search uses its own.
 */
public final class EuclideanHeuristic implements Heuristic {
    private final MemorySegment points;
    private final int dimensions;
    private final long recordBytes;
    private final int nodeCount;
    private final double scale;
    private double gx;
    private double gy;
    private double gz;

    /**
     * An estimate over the points of {@code nodeCount} nodes. The segment is read in place, not
     * copied: its owner keeps it alive (and unchanged) while the heuristic is used.
     *
     * @param points     at least {@code nodeCount} records of {@code dimensions} coordinates
     * @param dimensions 2 or 3
     * @param nodeCount  the number of nodes, &gt;= 0; goals must lie in 0..nodeCount-1
     * @param scale      finite and &gt;= 0; the factor from coordinate distance to weight units
     * @throws NullPointerException     if {@code points} is null
     * @throws IllegalArgumentException if the dimensions are not 2 or 3, the nodes' records do not
     *                                  fit the segment, or the scale is negative, infinite or NaN
     */
    public EuclideanHeuristic(MemorySegment points, int dimensions, int nodeCount, double scale) {
        this.points = Objects.requireNonNull(points, "points");
        if (dimensions != 2 && dimensions != 3) {
            throw new IllegalArgumentException("dimensions = " + dimensions + ": expected 2 or 3");
        }
        if (nodeCount < 0 || nodeCount * PointLayout.recordBytes(dimensions) > points.byteSize()) {
            throw new IllegalArgumentException(
                    "node count " + nodeCount + " does not fit " + points.byteSize() + " bytes of points");
        }
        if (!(scale >= 0) || scale == Double.POSITIVE_INFINITY) {
            throw new IllegalArgumentException("scale = " + scale + ": expected finite and >= 0");
        }
        this.dimensions = dimensions;
        this.recordBytes = PointLayout.recordBytes(dimensions);
        this.nodeCount = nodeCount;
        this.scale = scale;
    }

    /**
     * The factor the straight-line distance is multiplied by.
     *
     * @return the scale, finite and &gt;= 0
     */
    public double scale() {
        return scale;
    }

    @Override
    public void setGoal(int goal) {
        if (goal < 0 || goal >= nodeCount) {
            throw new IllegalArgumentException("goal node " + goal + " is outside 0.." + (nodeCount - 1));
        }
        long at = goal * recordBytes;
        gx = points.get(COORDINATE, at + X_OFFSET);
        gy = points.get(COORDINATE, at + Y_OFFSET);
        gz = dimensions == 3 ? points.get(COORDINATE, at + Z_OFFSET) : 0.0;
    }

    @Override
    public double estimate(int node) {
        long at = node * recordBytes;
        double dx = points.get(COORDINATE, at + X_OFFSET) - gx;
        double dy = points.get(COORDINATE, at + Y_OFFSET) - gy;
        double sq = dx * dx + dy * dy;
        if (dimensions == 3) {
            double dz = points.get(COORDINATE, at + Z_OFFSET) - gz;
            sq += dz * dz;
        }
        return scale * Math.sqrt(sq);
    }
}
