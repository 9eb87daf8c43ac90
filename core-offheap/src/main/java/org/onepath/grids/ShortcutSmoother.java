package org.onepath.grids;

import java.util.Objects;

/**
 * The greedy shortcut loop of a path smoother (tier 3), for any shape whose segments have a sight
 * test and a cost: the square grid's {@link org.onepath.grids.theta.GridPathSmoother} and the
 * voxel grid's {@link org.onepath.grids.voxel.VoxelPathSmoother} extend it with their hooks, so
 * the loop, the prefix costs and the guarantee below are written once.
 *
 * <p>The rule. From the anchor i (the start first) the next waypoint is the largest j with
 * {@code i < j <= min(count - 1, i + lookAhead)} such that j = i + 1, or the segment from i to j
 * is passable, its cost is not above the input's cost from i to j (the input's step costs added
 * in order from 0), and the output's cost up to j is not above the input's cost up to j (both
 * added in path order from 0). The input's own steps are kept whatever they cross. Because the
 * comparisons are made on the very sums that are reported, the output's cost is never above the
 * input's, exactly, not merely within rounding.
 *
 * <p>What a shape gives: {@link #prepare()} (read its live state once a call),
 * {@link #checkWaypoint} (reject a node the path may not hold), {@link #stepCost} (the cost of
 * an input step, sight not checked) and {@link #shortcutCost} (the cost of a segment, NaN when it
 * is not passable). The loop calls the two costs once per pair it tries and allocates nothing
 * once its arrays are long enough; they grow when a longer path comes. Not thread-safe.
 */
public abstract class ShortcutSmoother {
    private final int lookAhead;
    private final String nodeWord;

    /** Per input position i: the input's cost up to i, added in path order from 0. */
    private double[] prefix = new double[64];
    /** Per input position i &gt; 0: the cost of the step from i - 1 to i. */
    private double[] steps = new double[64];

    private double cost = Double.NaN;
    private double inputCost = Double.NaN;

    /**
     * A loop trying at most {@code lookAhead} later waypoints from each anchor.
     *
     * @param lookAhead how many later input nodes an anchor may reach, 1 or more (1 keeps the input
     *                  as it is)
     * @param nodeWord  what the shape calls its nodes in messages, plural ("cells", "voxels")
     * @throws IllegalArgumentException if the look-ahead is below 1
     */
    protected ShortcutSmoother(int lookAhead, String nodeWord) {
        if (lookAhead < 1) {
            throw new IllegalArgumentException("lookAhead must be 1 or more, was " + lookAhead);
        }
        this.lookAhead = lookAhead;
        this.nodeWord = nodeWord;
    }

    /**
     * How many later input nodes an anchor may reach.
     *
     * @return the look-ahead, 1 or more
     */
    public final int lookAhead() {
        return lookAhead;
    }

    /**
     * Smooths a path. {@code out} may be {@code path} itself: the input is read ahead of the
     * waypoints written over it.
     *
     * @param path  the input's nodes, start first; each one {@link #checkWaypoint} accepts
     * @param count how many leading entries of {@code path} form the path, 0 or more
     * @param out   receives the waypoints, at least {@code count} long
     * @return the number of waypoints written, {@code min(count, 2)} or more and at most count
     * @throws NullPointerException     if an array is null
     * @throws IllegalArgumentException if count is negative or beyond an array, or a node is one
     *                                  {@link #checkWaypoint} rejects
     * @throws IllegalStateException    if {@link #prepare()} finds the shape closed
     */
    public final int smooth(int[] path, int count, int[] out) {
        Objects.requireNonNull(path, "path");
        Objects.requireNonNull(out, "out");
        if (count < 0 || count > path.length) {
            throw new IllegalArgumentException("count " + count + " is outside 0.." + path.length);
        }
        if (out.length < count) {
            throw new IllegalArgumentException("out holds " + out.length + " " + nodeWord + ", the path has " + count);
        }
        prepare();
        for (int i = 0; i < count; i++) {
            checkWaypoint(i, path[i]);
        }
        if (prefix.length < count) {
            prefix = new double[Math.max(count, 2 * prefix.length)];
            steps = new double[prefix.length];
        }
        final double[] pre = prefix;
        final double[] step = steps;
        double sum = 0.0;
        if (count > 0) {
            pre[0] = 0.0;
        }
        for (int i = 1; i < count; i++) {
            step[i] = stepCost(path[i - 1], path[i]);
            sum += step[i];
            pre[i] = sum;
        }
        inputCost = sum;
        if (count <= 2) {
            System.arraycopy(path, 0, out, 0, count);
            cost = sum;
            return count;
        }
        // The input is read ahead of the output (k <= anchor index), so out may alias path.
        int k = 0;
        int anchor = 0;
        out[k++] = path[0];
        double outCost = 0.0;
        while (anchor < count - 1) {
            final int a = path[anchor];
            final int last = (int) Math.min(count - 1L, (long) anchor + lookAhead);
            // The input's own step always qualifies: outCost <= pre[anchor] gives
            // outCost + step <= pre[anchor] + step = pre[anchor + 1] (rounding is monotone).
            int best = anchor + 1;
            double bestCost = outCost + step[anchor + 1];
            double sub = step[anchor + 1];
            for (int j = anchor + 2; j <= last; j++) {
                sub += step[j];
                // NaN (not passable) fails both comparisons.
                final double s = shortcutCost(a, path[j]);
                if (s <= sub && outCost + s <= pre[j]) {
                    best = j;
                    bestCost = outCost + s;
                }
            }
            out[k++] = path[best];
            outCost = bestCost;
            anchor = best;
        }
        cost = outCost;
        return k;
    }

    /**
     * The cost of the last {@link #smooth} result: its segment costs added in path order from 0.
     *
     * @return the cost, NaN before the first call
     */
    public final double cost() {
        return cost;
    }

    /**
     * The cost of the last {@link #smooth} input under the same segment costs.
     *
     * @return the input's cost, NaN before the first call; never below {@link #cost()}
     */
    public final double inputCost() {
        return inputCost;
    }

    /**
     * Reads the shape's live state for one {@link #smooth} call, before any waypoint is checked.
     *
     * @throws IllegalStateException if the shape's memory has been closed
     */
    protected abstract void prepare();

    /**
     * Rejects a node the input may not hold.
     *
     * @param index the node's position in the input, for the message
     * @param node  the node
     * @throws IllegalArgumentException if the node is outside the shape or one the agent cannot
     *                                  stand on
     */
    protected abstract void checkWaypoint(int index, int node);

    /**
     * The cost of an input step; sight is not checked (the input's steps are kept whatever they
     * cross).
     *
     * @param from the step's first node
     * @param to   the step's second node
     * @return the cost, 0 or more (+infinity when it crosses a wall)
     */
    protected abstract double stepCost(int from, int to);

    /**
     * The cost of a straight segment the loop may take as a shortcut.
     *
     * @param from the anchor
     * @param to   the later input node
     * @return the segment's cost, or NaN when the agent may not follow it
     */
    protected abstract double shortcutCost(int from, int to);
}
