package org.onepath.grids;

import java.util.concurrent.CancellationException;
import org.onepath.cells.Cancellation;
import org.onepath.cells.PathStatus;

/**
 * A resumable search that runs in slices of iterations (tier 2). Any sequence of slices gives the
 * same result, counts and path as one unsliced run.
 */
public interface SlicedSearch {
    /**
     * Throws {@link IllegalArgumentException} naming the end and the range unless both ends lie
     * in 0..nodeCount-1; the argument check every engine's {@code begin} starts with.
     *
     * @param start     the start node
     * @param goal      the goal node
     * @param nodeCount the number of nodes, at least 1
     */
    static void checkEnds(int start, int goal, int nodeCount) {
        if (start < 0 || start >= nodeCount) {
            throw new IllegalArgumentException("start node " + start + " is outside 0.." + (nodeCount - 1));
        }
        if (goal < 0 || goal >= nodeCount) {
            throw new IllegalArgumentException("goal node " + goal + " is outside 0.." + (nodeCount - 1));
        }
    }

    /**
     * The check of a heuristic weight w in {@code f = g + w * h}, for the engines and the options
     * that take one.
     *
     * @param weight the weight to check
     * @return the weight
     * @throws IllegalArgumentException unless it is finite and &gt;= 0
     */
    static double checkWeight(double weight) {
        if (!(weight >= 0) || Double.isInfinite(weight)) {
            throw new IllegalArgumentException("heuristic weight must be finite and >= 0, was " + weight);
        }
        return weight;
    }

    /**
     * The argument and state check every engine's {@code step} starts with.
     *
     * @param maxIterations the slice's iteration limit
     * @param status        the search's current status
     * @param engine        the engine's name in the message
     * @return whether the search is running (otherwise {@code step} returns {@code status} as it is)
     * @throws IllegalArgumentException if {@code maxIterations} is negative
     * @throws IllegalStateException    if no search was begun
     */
    static boolean checkStep(int maxIterations, SearchStatus status, String engine) {
        if (maxIterations < 0) {
            throw new IllegalArgumentException("maxIterations must be >= 0, was " + maxIterations);
        }
        if (status == SearchStatus.NOT_STARTED) {
            throw new IllegalStateException(engine + ".step called before begin");
        }
        return status == SearchStatus.RUNNING;
    }

    /**
     * The check every engine's {@code copyPath} starts with.
     *
     * @param status the search's status
     * @param out    the caller's array
     * @param length the path's node count
     * @throws IllegalStateException    unless {@code status} is FOUND
     * @throws IllegalArgumentException if {@code out} is shorter than {@code length}
     */
    static void checkPathBuffer(SearchStatus status, int[] out, int length) {
        if (status != SearchStatus.FOUND) {
            throw new IllegalStateException("no path: the search status is " + status);
        }
        if (out.length < length) {
            throw new IllegalArgumentException("path buffer holds " + out.length + " nodes, the path has " + length);
        }
    }

    /**
     * Whether a search may start or end at the node: inside the graph and walkable.
     *
     * @param node a node index; any value
     * @return true when the node is inside and walkable
     */
    boolean canStandOn(int node);

    /**
     * Begins a search from {@code start} to {@code goal}.
     *
     * @param start the start node, 0..nodeCount-1
     * @param goal  the goal node, 0..nodeCount-1
     * @throws IllegalArgumentException if a node is outside the graph (or an end the engine cannot
     *                                  stand on)
     */
    void begin(int start, int goal);

    /**
     * Begins a search unless an end is invalid: START_INVALID or GOAL_INVALID for a node outside
     * the graph or not walkable (the current search is then left as it was), else IN_PROGRESS.
     *
     * @param start the start node; any value
     * @param goal  the goal node; any value
     * @return IN_PROGRESS, START_INVALID or GOAL_INVALID
     */
    default PathStatus tryBegin(int start, int goal) {
        if (!canStandOn(start)) {
            return PathStatus.START_INVALID;
        }
        if (!canStandOn(goal)) {
            return PathStatus.GOAL_INVALID;
        }
        begin(start, goal);
        return PathStatus.IN_PROGRESS;
    }

    /**
     * The state of the current search.
     *
     * @return NOT_STARTED until begun, RUNNING while work remains, then FOUND or NO_PATH
     */
    SearchStatus status();

    /**
     * Performs at most {@code maxIterations} iterations.
     *
     * @param maxIterations the largest number of pops, 0 or more
     * @return RUNNING while work remains, else FOUND or NO_PATH
     */
    SearchStatus step(int maxIterations);

    /**
     * Iterations (pops) so far.
     *
     * @return the pop count, 0 or more
     */
    int iterations();

    /**
     * Nodes expanded so far: iterations, less one when the goal was popped.
     *
     * @return the expanded count, 0 or more
     */
    int expandedCount();

    /**
     * Cost of the found path; +infinity unless FOUND.
     *
     * @return the cost, 0 or more, or +infinity
     */
    double pathCost();

    /**
     * Nodes on the found path, start and goal included; 0 unless FOUND.
     *
     * @return the node count of the path, 0 or more
     */
    int pathLength();

    /**
     * Writes the found path, start first, into {@code out}; allocates nothing.
     *
     * @param out receives the nodes from index 0; at least {@link #pathLength()} long
     * @return the number of nodes written
     * @throws IllegalStateException unless FOUND
     * @throws IllegalArgumentException if {@code out} is shorter than {@link #pathLength()}
     */
    int copyPath(int[] out);

    /**
     * The found path as a new array, start first.
     *
     * @return a new array of the path's nodes, empty unless FOUND
     */
    default int[] path() {
        int[] out = new int[pathLength()];
        copyPath(out);
        return out;
    }

    // ---- partial paths (docs/partial-paths.md) ----

    /**
     * Whether this engine can answer {@link #closestReached()} and the path methods to a reached
     * node, for best-effort partial paths.
     *
     * @return true when partial paths are offered
     */
    default boolean offersPartialPaths() {
        return false;
    }

    /**
     * The node a partial path ends at: of the nodes the current search has reached (given a cost
     * from the start), the one of least estimate to the goal, ties to the smaller cost so far,
     * then the smaller node. A jump point search reaches only its jump points. One pass over
     * the engine's records; allocates nothing; the search itself is left as it is.
     *
     * @return the node, 0..nodeCount-1
     * @throws IllegalStateException if no search was begun
     * @throws UnsupportedOperationException unless {@link #offersPartialPaths()}
     */
    default int closestReached() {
        throw new UnsupportedOperationException(getClass().getSimpleName() + " offers no partial paths");
    }

    /**
     * Nodes on the path from the start to a reached node, both included, as {@link #copyPathTo}
     * writes it (for the goal of a found search, {@link #pathLength()}).
     *
     * @param node a node the current search has reached
     * @return the node count, at least 1
     * @throws IllegalArgumentException if the node was not reached by the current search
     * @throws UnsupportedOperationException unless {@link #offersPartialPaths()}
     */
    default int pathLengthTo(int node) {
        throw new UnsupportedOperationException(getClass().getSimpleName() + " offers no partial paths");
    }

    /**
     * Writes the path from the start to a reached node, start first, rebuilt from the parent
     * links exactly as a found path is; allocates nothing.
     *
     * @param node a node the current search has reached
     * @param out  receives the nodes from index 0; at least {@link #pathLengthTo(int)} long
     * @return the number of nodes written
     * @throws IllegalArgumentException if the node was not reached or {@code out} is too short
     * @throws UnsupportedOperationException unless {@link #offersPartialPaths()}
     */
    default int copyPathTo(int node, int[] out) {
        throw new UnsupportedOperationException(getClass().getSimpleName() + " offers no partial paths");
    }

    /**
     * The cost from the start of a reached node, the cost of the path {@link #copyPathTo} writes.
     *
     * @param node a node the current search has reached
     * @return the cost, 0 or more
     * @throws IllegalArgumentException if the node was not reached by the current search
     * @throws UnsupportedOperationException unless {@link #offersPartialPaths()}
     */
    default double costTo(int node) {
        throw new UnsupportedOperationException(getClass().getSimpleName() + " offers no partial paths");
    }

    /**
     * The path to a reached node as a new array, start first.
     *
     * @param node a node the current search has reached
     * @return a new array of the path's nodes
     * @throws IllegalArgumentException if the node was not reached by the current search
     * @throws UnsupportedOperationException unless {@link #offersPartialPaths()}
     */
    default int[] pathTo(int node) {
        int[] out = new int[pathLengthTo(node)];
        copyPathTo(node, out);
        return out;
    }

    /**
     * Whether partial key (h1, g1, n1) comes before (h2, g2, n2): smaller estimate, then smaller
     * cost, then smaller node; the order {@link #closestReached()} picks by.
     *
     * @param h1 the first estimate
     * @param g1 the first cost
     * @param n1 the first node
     * @param h2 the second estimate
     * @param g2 the second cost
     * @param n2 the second node
     * @return true when the first key is smaller
     */
    static boolean closerThan(double h1, double g1, int n1, double h2, double g2, int n2) {
        if (h1 != h2) {
            return h1 < h2;
        }
        if (g1 != g2) {
            return g1 < g2;
        }
        return n1 < n2;
    }

    /**
     * The nodes the last search expanded, in order, when its engine was asked to record them.
     *
     * @return a new array of the expanded nodes, empty when not recorded
     */
    int[] expandedNodes();

    /**
     * Runs a begun search as a one-line query does: at most {@code iterationBudget} iterations
     * (0 for no limit), in one call without a token, else in slices of {@code sliceIterations}
     * with the token checked before each.
     *
     * @param iterationBudget the most iterations to run, 0 (no limit) or more
     * @param cancellation    the token checked before each slice, or null to run in one call
     * @param sliceIterations the iterations per slice, at least 1
     * @return FOUND, NO_PATH, or BUDGET_EXHAUSTED when the budget ran out first
     * @throws CancellationException    when the token is cancelled
     * @throws IllegalArgumentException if the budget is negative or the slice below 1
     */
    default PathStatus runWithin(int iterationBudget, Cancellation cancellation, int sliceIterations) {
        if (iterationBudget < 0 || sliceIterations < 1) {
            throw new IllegalArgumentException("iterationBudget must be >= 0 and sliceIterations >= 1, were "
                    + iterationBudget + " and " + sliceIterations);
        }
        long remaining = iterationBudget == 0 ? Long.MAX_VALUE : iterationBudget;
        if (cancellation == null) {
            step((int) Math.min(remaining, Integer.MAX_VALUE));
        } else {
            while (status() == SearchStatus.RUNNING && remaining > 0) {
                cancellation.throwIfCancelled();
                int n = (int) Math.min(sliceIterations, remaining);
                step(n);
                remaining -= n;
            }
        }
        return switch (status()) {
            case FOUND -> PathStatus.FOUND;
            case NO_PATH -> PathStatus.NO_PATH;
            default -> PathStatus.BUDGET_EXHAUSTED;
        };
    }

    /**
     * Runs to the end in slices of {@code sliceIterations}, checking the token before each.
     *
     * @param cancellation    the token checked before each slice, or null
     * @param sliceIterations the iterations per slice, at least 1
     * @return FOUND or NO_PATH
     * @throws CancellationException when the token is cancelled
     * @throws IllegalArgumentException if {@code sliceIterations} is below 1
     */
    default SearchStatus run(Cancellation cancellation, int sliceIterations) {
        if (sliceIterations < 1) {
            throw new IllegalArgumentException("sliceIterations must be at least 1, was " + sliceIterations);
        }
        while (status() == SearchStatus.RUNNING) {
            if (cancellation != null) {
                cancellation.throwIfCancelled();
            }
            step(sliceIterations);
        }
        return status();
    }
}
