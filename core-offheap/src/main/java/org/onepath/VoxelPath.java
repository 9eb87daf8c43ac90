package org.onepath;

import java.util.List;
import org.onepath.cells.Cancellation;
import org.onepath.cells.PathStatus;
import org.onepath.query.ManyGoalsQuery;
import org.onepath.query.NodeListView;
import org.onepath.query.SearchResult;

/**
 * Result of a tier-1 voxel query. Immutable. On {@link PathStatus#FOUND} the path leads from
 * start to goal, on {@link PathStatus#PARTIAL} (only with {@link VoxelOptions#allowPartial()})
 * from the start to the reached voxel closest to the goal, with that voxel's cost; on any other
 * status the path is empty and the cost is +infinity.
 */
public final class VoxelPath {
    private static final int[] NONE = new int[0];

    private final PathStatus status;
    private final int sizeX;
    private final int sizeY;
    private final VoxelSpace space;
    private final int[] nodes;
    private final double cost;
    private final int expandedCount;
    private final int iterations;
    private final VoxelAlgorithm algorithm;
    private final int[] expanded;

    VoxelPath(
            PathStatus status,
            int sizeX,
            int sizeY,
            VoxelSpace space,
            int[] nodes,
            double cost,
            int expandedCount,
            int iterations,
            VoxelAlgorithm algorithm,
            int[] expanded) {
        this.status = status;
        this.sizeX = sizeX;
        this.sizeY = sizeY;
        this.space = space;
        this.nodes = nodes == null ? NONE : nodes;
        this.cost = cost;
        this.expandedCount = expandedCount;
        this.iterations = iterations;
        this.algorithm = algorithm;
        this.expanded = expanded;
    }

    /** The facade's path of what an engine run found. */
    static VoxelPath of(SearchResult r, int sizeX, int sizeY, VoxelSpace space, VoxelAlgorithm algorithm) {
        return new VoxelPath(
                r.status(),
                sizeX,
                sizeY,
                space,
                r.nodes(),
                r.cost(),
                r.expandedCount(),
                r.iterations(),
                algorithm,
                r.expanded());
    }

    /**
     * Voxel paths as a many-goal query reads them: the single query to a listed goal, and the
     * counts without a path of a goal-choosing search that reached none.
     */
    static ManyGoalsQuery.Paths<VoxelPath> manyGoalPaths(
            VoxelGrid grid, VoxelCell start, List<VoxelCell> goals, VoxelOptions options, Cancellation cancellation) {
        return new ManyGoalsQuery.Paths<>(
                i -> grid.findPath(start, goals.get(i), options, cancellation),
                (status, expanded, iterations) -> new VoxelPath(
                        status,
                        grid.sizeX(),
                        grid.sizeY(),
                        grid.space(),
                        null,
                        Double.POSITIVE_INFINITY,
                        expanded,
                        iterations,
                        options.algorithmFor(grid.areas()),
                        null),
                VoxelPath::status,
                VoxelPath::cost);
    }

    /**
     * The search that ran ({@link VoxelAlgorithm#ASTAR} when jump point search was asked for and
     * the query did not qualify; the exact search, JPS or A*, when the hierarchy was asked for and
     * the query did not qualify or asked for many goals); for a refused start or goal, the one
     * that would have run.
     *
     * @return the algorithm that ran or would have run, not null
     */
    public VoxelAlgorithm algorithm() {
        return algorithm;
    }

    /**
     * How the query ended.
     *
     * @return FOUND when the path holds voxels to the goal, PARTIAL when it leads towards it,
     *         otherwise why there is none
     */
    public PathStatus status() {
        return status;
    }

    /**
     * Whether a path was found.
     *
     * @return true when the status is FOUND
     */
    public boolean found() {
        return status == PathStatus.FOUND;
    }

    /**
     * The voxels from start to goal (consecutive voxels are neighbours).
     *
     * @return an unmodifiable list of the voxels, empty when no path was found
     */
    public List<VoxelCell> cells() {
        return NodeListView.of(nodes, this::cellAt);
    }

    /**
     * Node indices {@code x + sizeX * (y + sizeY * z)} of the path, start first (a copy).
     *
     * @return a new array of the node indices, empty when no path was found
     */
    public int[] nodeIndices() {
        return nodes.clone();
    }

    /**
     * Number of voxels on the path.
     *
     * @return the voxel count, 0 when no path was found
     */
    public int length() {
        return nodes.length;
    }

    /**
     * Centres of the path voxels in world coordinates.
     *
     * @return an unmodifiable list of the centres, one per path voxel
     */
    public List<VoxelPoint> points() {
        final VoxelSpace s = space;
        return NodeListView.of(nodes, n -> {
            VoxelCell c = cellAt(n);
            return s.centerOf(c.x(), c.y(), c.z());
        });
    }

    /**
     * Sum of the step costs in path order from 0; +infinity unless FOUND or PARTIAL.
     *
     * @return the cost, 0 or more, or +infinity
     */
    public double cost() {
        return cost;
    }

    /**
     * Voxels expanded: iterations, less one when the goal was popped. For
     * {@link VoxelAlgorithm#HPA}, the abstract nodes expanded.
     *
     * @return the number of expanded voxels, 0 or more
     */
    public int expandedCount() {
        return expandedCount;
    }

    /**
     * Pops of the open list (for {@link VoxelAlgorithm#HPA}, the abstract search's iterations,
     * which the iteration budget counts).
     *
     * @return the number of pops, 0 or more
     */
    public int iterations() {
        return iterations;
    }

    /**
     * Whether the expanded voxels were recorded (never for {@link VoxelAlgorithm#HPA}, whose
     * expansions are abstract nodes).
     *
     * @return true when {@link #expandedCells()} holds the expansions
     */
    public boolean hasExpandedCells() {
        return expanded != null;
    }

    /**
     * The expanded voxels in order, when recorded ({@link VoxelOptions#recordExpansions()}); else
     * empty.
     *
     * @return an unmodifiable list of the expanded voxels, in expansion order
     */
    public List<VoxelCell> expandedCells() {
        return NodeListView.of(expanded == null ? NONE : expanded, this::cellAt);
    }

    @Override
    public String toString() {
        return "VoxelPath[" + status + (algorithm == VoxelAlgorithm.ASTAR ? "" : ", " + algorithm) + ", cost " + cost
                + ", " + nodes.length + " voxels, " + expandedCount + " expanded]";
    }

    /** The voxel of node index {@code x + sizeX * (y + sizeY * z)}. */
    private VoxelCell cellAt(int n) {
        int rest = n / sizeX;
        return new VoxelCell(n % sizeX, rest % sizeY, rest / sizeY);
    }
}
