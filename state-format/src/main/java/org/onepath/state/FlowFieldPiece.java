package org.onepath.state;

import static org.onepath.state.FlowFieldPieceLayout.STATUS_COMPLETE;
import static org.onepath.state.FlowFieldPieceLayout.STATUS_NOT_STARTED;
import static org.onepath.state.FlowFieldPieceLayout.STATUS_RUNNING;

import java.util.Arrays;
import java.util.Objects;

/**
 * The flow-field search piece ({@link FlowFieldPieceLayout}): a flow field's goals, its
 * integration field (the nodes with a finite cost), its direction field (the nodes with a next
 * node), its open set and, while a repair runs, the nodes the repair has touched.
 *
 * <p>Rules, all checked before a read returns (and before a write emits a byte); they are
 * structural, so a restored field cannot index out of range or hang, but its costs are trusted:
 * <ul>
 *   <li>status 0 (not started), 1 (running) or 2 (complete); settled &gt;= 0; repairing only
 *       while running;</li>
 *   <li>goals, reached nodes, step nodes: each list strictly increasing and in 0..nodeCount-1;</li>
 *   <li>a reached node's cost is finite and &gt;= 0, and 0 for a goal;</li>
 *   <li>a step's node is reached and not a goal, its next node is another reached node that costs
 *       no more;</li>
 *   <li>the open set obeys {@link OpenSetPiece}'s rules (heap order included), every open node is
 *       reached, and its F and G are its cost, bit for bit;</li>
 *   <li>a field not started holds nothing (no settled nodes, costs, steps or open nodes), a
 *       running one has open nodes and a complete one none;</li>
 *   <li>touched nodes are distinct and in range.</li>
 * </ul>
 * Every count is bounded by nodeCount and by the bytes left, so hostile bytes cost no more memory
 * than their own size. What only the engine knows (its node count, its goals, which nodes are
 * neighbours) the engine checks after the read.
 */
public final class FlowFieldPiece {
    private FlowFieldPiece() {}

    /**
     * A flow field's state, as stored. The arrays are not copied; do not change them after
     * handing them over.
     *
     * @param nodeCount    nodes of the field, &gt;= 0
     * @param status       {@link FlowFieldPieceLayout#STATUS_NOT_STARTED}, RUNNING or COMPLETE
     * @param settled      number of nodes settled by the current computation, &gt;= 0
     * @param repairing    whether the current computation is an incremental repair (only while
     *                     running)
     * @param goals        goal nodes, strictly increasing, in 0..nodeCount-1
     * @param reachedNodes nodes with a finite cost, strictly increasing
     * @param reachedCosts the cost of each reached node (its cost to the nearest goal), finite and
     *                     &gt;= 0, 0 for a goal
     * @param stepNodes    nodes with a next node, strictly increasing; reached and not goals
     * @param stepNext     the next node of each, a reached node that costs no more
     * @param open         the open set, F = G = cost
     * @param touched      nodes the repair has touched, distinct (empty unless repairing)
     */
    public record Field(
            int nodeCount,
            int status,
            int settled,
            boolean repairing,
            int[] goals,
            int[] reachedNodes,
            double[] reachedCosts,
            int[] stepNodes,
            int[] stepNext,
            OpenSetPiece.Heap open,
            int[] touched) {
        /**
         * Checks that paired arrays have equal lengths; the values are checked when the field is
         * written or read.
         *
         * @throws NullPointerException     if an array or the open set is null
         * @throws IllegalArgumentException if paired arrays differ in length
         */
        public Field {
            Objects.requireNonNull(goals, "goals");
            Objects.requireNonNull(reachedNodes, "reachedNodes");
            Objects.requireNonNull(reachedCosts, "reachedCosts");
            Objects.requireNonNull(stepNodes, "stepNodes");
            Objects.requireNonNull(stepNext, "stepNext");
            Objects.requireNonNull(open, "open");
            Objects.requireNonNull(touched, "touched");
            if (reachedNodes.length != reachedCosts.length) {
                throw new IllegalArgumentException("array lengths reachedNodes " + reachedNodes.length
                        + ", reachedCosts " + reachedCosts.length + ": expected equal");
            }
            if (stepNodes.length != stepNext.length) {
                throw new IllegalArgumentException("array lengths stepNodes " + stepNodes.length + ", stepNext "
                        + stepNext.length + ": expected equal");
            }
        }

        /** Equal contents, costs compared bit for bit. */
        @Override
        public boolean equals(Object o) {
            return o instanceof Field f
                    && nodeCount == f.nodeCount
                    && status == f.status
                    && settled == f.settled
                    && repairing == f.repairing
                    && Arrays.equals(goals, f.goals)
                    && Arrays.equals(reachedNodes, f.reachedNodes)
                    && Arrays.equals(reachedCosts, f.reachedCosts)
                    && Arrays.equals(stepNodes, f.stepNodes)
                    && Arrays.equals(stepNext, f.stepNext)
                    && open.equals(f.open)
                    && Arrays.equals(touched, f.touched);
        }

        @Override
        public int hashCode() {
            int h = Objects.hash(nodeCount, status, settled, repairing);
            h = h * 31 + Arrays.hashCode(goals);
            h = h * 31 + Arrays.hashCode(reachedNodes);
            h = h * 31 + Arrays.hashCode(reachedCosts);
            h = h * 31 + Arrays.hashCode(stepNodes);
            h = h * 31 + Arrays.hashCode(stepNext);
            h = h * 31 + open.hashCode();
            return h * 31 + Arrays.hashCode(touched);
        }

        @Override
        public String toString() {
            return "Field[nodeCount=" + nodeCount + ", status=" + status + ", settled=" + settled + ", repairing="
                    + repairing
                    + ", goals=" + Arrays.toString(goals) + ", reached=" + reachedNodes.length + ", steps="
                    + stepNodes.length
                    + ", open=" + open.count() + ", touched=" + touched.length + "]";
        }
    }

    /**
     * The size of the piece for a field, to size a writer before {@link #write}.
     *
     * @param f the field
     * @return the number of bytes {@link #write} emits for it
     */
    public static long length(Field f) {
        return FlowFieldPieceLayout.pieceBytes(
                f.goals().length,
                f.reachedNodes().length,
                f.stepNodes().length,
                f.open().count(),
                f.repairing(),
                f.touched().length);
    }

    /**
     * Writes the piece ({@link #length(Field)} bytes). Nothing is written when a rule is broken.
     *
     * @param w where the bytes go, at its current position
     * @param f the field to write
     * @throws NullPointerException     if an argument is null
     * @throws IllegalArgumentException naming the record, value and rule if the field breaks one
     */
    public static void write(StateWriter w, Field f) {
        Objects.requireNonNull(w, "w");
        Objects.requireNonNull(f, "field");
        check(f, 0, Complaint.ARGUMENT);
        w.i32(f.nodeCount()).u8(f.status()).i32(f.settled()).flag(f.repairing());
        w.i32(f.goals().length);
        for (int g : f.goals()) {
            w.i32(g);
        }
        w.i32(f.reachedNodes().length);
        for (int i = 0; i < f.reachedNodes().length; i++) {
            w.i32(f.reachedNodes()[i]).f64(f.reachedCosts()[i]);
        }
        w.i32(f.stepNodes().length);
        for (int i = 0; i < f.stepNodes().length; i++) {
            w.i32(f.stepNodes()[i]).i32(f.stepNext()[i]);
        }
        HeapSlots.write(w, f.open().nodes(), f.open().f(), f.open().g());
        if (f.repairing()) {
            w.i32(f.touched().length);
            for (int t : f.touched()) {
                w.i32(t);
            }
        }
    }

    /**
     * Reads the piece at the reader's position and checks every rule.
     *
     * @param r            the bytes, positioned at the piece's node count
     * @param maxNodeCount the largest node count accepted, &gt;= 0 (the engine compares the node
     *                     count with its own afterwards)
     * @return the field, with new arrays owned by the caller
     * @throws NullPointerException     if {@code r} is null
     * @throws IllegalArgumentException if maxNodeCount is negative
     * @throws OnePathFormatException   (the reader's subtype) naming the first field that breaks a
     *                                  rule, or the data ending early
     */
    public static Field read(StateReader r, int maxNodeCount) {
        Objects.requireNonNull(r, "r");
        if (maxNodeCount < 0) {
            throw new IllegalArgumentException("maxNodeCount = " + maxNodeCount + ": expected >= 0");
        }
        long at = r.offset();
        int n = r.i32InRange("flow.nodeCount", 0, maxNodeCount);
        long statusAt = r.offset();
        int status = r.u8("flow.status");
        if (status > STATUS_COMPLETE) {
            throw r.error("flow.status", status, "0..2 (not started, running, complete)", statusAt);
        }
        int settled = r.i32InRange("flow.settled", 0, Integer.MAX_VALUE);
        boolean repairing = r.flag("flow.repairing");
        int g = r.count("flow.goals.count", n, FlowFieldPieceLayout.GOAL_BYTES);
        int[] goals = new int[g];
        for (int i = 0; i < g; i++) {
            goals[i] = r.i32("flow.goal");
        }
        int reached = r.count("flow.reached.count", n, FlowFieldPieceLayout.REACHED_BYTES);
        int[] reachedNodes = new int[reached];
        double[] reachedCosts = new double[reached];
        for (int i = 0; i < reached; i++) {
            reachedNodes[i] = r.i32("flow.reached.node");
            reachedCosts[i] = r.f64("flow.reached.cost");
        }
        int steps = r.count("flow.steps.count", n, FlowFieldPieceLayout.STEP_BYTES);
        int[] stepNodes = new int[steps];
        int[] stepNext = new int[steps];
        for (int i = 0; i < steps; i++) {
            stepNodes[i] = r.i32("flow.step.node");
            stepNext[i] = r.i32("flow.step.next");
        }
        HeapSlots.Raw raw = HeapSlots.read(r, n, OpenSetPiece.SHAPE);
        int[] touched = new int[0];
        if (repairing) {
            int t = r.count("flow.touched.count", n, FlowFieldPieceLayout.TOUCHED_BYTES);
            touched = new int[t];
            for (int i = 0; i < t; i++) {
                touched[i] = r.i32("flow.touched.node");
            }
        }
        Field f = new Field(
                n,
                status,
                settled,
                repairing,
                goals,
                reachedNodes,
                reachedCosts,
                stepNodes,
                stepNext,
                new OpenSetPiece.Heap(raw.nodes(), raw.key1(), raw.key2()),
                touched);
        check(f, at, Complaint.of(r));
        return f;
    }

    /**
     * Looks up a node's cost by binary search over the reached nodes.
     *
     * @param f    the field; its reached nodes must be sorted, as every checked field's are
     * @param node the node index, any int
     * @return the node's cost, or NaN when it is not reached
     */
    public static double costOf(Field f, int node) {
        int i = Arrays.binarySearch(f.reachedNodes(), node);
        return i >= 0 ? f.reachedCosts()[i] : Double.NaN;
    }

    private static void check(Field f, long at, Complaint complaint) {
        int n = f.nodeCount();
        if (n < 0) {
            throw complaint.at(
                    "flow.nodeCount", Integer.toString(n), ">= 0", at + FlowFieldPieceLayout.NODE_COUNT_OFFSET);
        }
        int status = f.status();
        if (status < STATUS_NOT_STARTED || status > STATUS_COMPLETE) {
            throw complaint.at(
                    "flow.status",
                    Integer.toString(status),
                    "0..2 (not started, running, complete)",
                    at + FlowFieldPieceLayout.STATUS_OFFSET);
        }
        if (f.settled() < 0) {
            throw complaint.at(
                    "flow.settled", Integer.toString(f.settled()), ">= 0", at + FlowFieldPieceLayout.SETTLED_OFFSET);
        }
        if (f.repairing() && status != STATUS_RUNNING) {
            throw complaint.at(
                    "flow.repairing",
                    "1",
                    "0 unless the status is 1 (a repair runs only while the field runs)",
                    at + FlowFieldPieceLayout.REPAIRING_OFFSET);
        }
        int[] goals = f.goals();
        for (int i = 0; i < goals.length; i++) {
            increasingIndex(goals, i, n, "flow.goal[" + i + "]", at + FlowFieldPieceLayout.goalOffset(i), complaint);
        }
        int gc = goals.length;
        int[] reached = f.reachedNodes();
        double[] costs = f.reachedCosts();
        for (int i = 0; i < reached.length; i++) {
            long recordAt = at + FlowFieldPieceLayout.reachedOffset(gc, i);
            increasingIndex(
                    reached,
                    i,
                    n,
                    "flow.reached[" + i + "].node",
                    recordAt + FlowFieldPieceLayout.REACHED_NODE_OFFSET,
                    complaint);
            double c = costs[i];
            long costAt = recordAt + FlowFieldPieceLayout.REACHED_COST_OFFSET;
            if (!(c >= 0 && c < Double.POSITIVE_INFINITY)) {
                throw complaint.at("flow.reached[" + i + "].cost", Double.toString(c), "a finite cost >= 0", costAt);
            }
            if (c != 0 && Arrays.binarySearch(goals, reached[i]) >= 0) {
                throw complaint.at(
                        "flow.reached[" + i + "].cost",
                        Double.toString(c),
                        "0 (node " + reached[i] + " is a goal)",
                        costAt);
            }
        }
        int rc = reached.length;
        int[] stepNodes = f.stepNodes();
        int[] stepNext = f.stepNext();
        for (int i = 0; i < stepNodes.length; i++) {
            long recordAt = at + FlowFieldPieceLayout.stepOffset(gc, rc, i);
            long nodeAt = recordAt + FlowFieldPieceLayout.STEP_NODE_OFFSET;
            increasingIndex(stepNodes, i, n, "flow.step[" + i + "].node", nodeAt, complaint);
            int node = stepNodes[i];
            int ri = Arrays.binarySearch(reached, node);
            if (ri < 0) {
                throw complaint.at(
                        "flow.step[" + i + "].node",
                        Integer.toString(node),
                        "a reached node (one with a cost)",
                        nodeAt);
            }
            if (Arrays.binarySearch(goals, node) >= 0) {
                throw complaint.at(
                        "flow.step[" + i + "].node",
                        Integer.toString(node),
                        "a node that is not a goal (goals have no next node)",
                        nodeAt);
            }
            int next = stepNext[i];
            long nextAt = recordAt + FlowFieldPieceLayout.STEP_NEXT_OFFSET;
            int ni = next >= 0 && next < n && next != node ? Arrays.binarySearch(reached, next) : -1;
            if (ni < 0) {
                throw complaint.at(
                        "flow.step[" + i + "].next",
                        Integer.toString(next),
                        "another reached node (" + StateReader.indexRange(n) + ", with a cost)",
                        nextAt);
            }
            if (!(costs[ni] <= costs[ri])) {
                throw complaint.at(
                        "flow.step[" + i + "].next",
                        next + " (cost " + costs[ni] + ")",
                        "a node that costs no more than node " + node + " (" + costs[ri] + ")",
                        nextAt);
            }
        }
        int sc = stepNodes.length;
        OpenSetPiece.Heap open = f.open();
        long openAt = at + FlowFieldPieceLayout.openSetOffset(gc, rc, sc);
        OpenSetPiece.check(open, n, openAt, complaint);
        OpenSetPiece.checkHeapOrder(open, openAt, complaint);
        for (int s = 0; s < open.count(); s++) {
            long slotAt = OpenSetPiece.SHAPE.slotAt(openAt, s);
            int node = open.nodes()[s];
            int ri = Arrays.binarySearch(reached, node);
            if (ri < 0) {
                throw complaint.at(
                        HeapSlots.slotField(OpenSetPiece.SHAPE, s, "node"),
                        Integer.toString(node),
                        "a reached node (one with a cost)",
                        slotAt + OpenSetPieceLayout.NODE_OFFSET);
            }
            long bits = Double.doubleToRawLongBits(costs[ri]);
            if (Double.doubleToRawLongBits(open.f()[s]) != bits) {
                throw complaint.at(
                        HeapSlots.slotField(OpenSetPiece.SHAPE, s, "f"),
                        Double.toString(open.f()[s]),
                        "the cost of node " + node + " (" + costs[ri] + ")",
                        slotAt + OpenSetPieceLayout.F_OFFSET);
            }
            if (Double.doubleToRawLongBits(open.g()[s]) != bits) {
                throw complaint.at(
                        HeapSlots.slotField(OpenSetPiece.SHAPE, s, "g"),
                        Double.toString(open.g()[s]),
                        "the cost of node " + node + " (" + costs[ri] + ")",
                        slotAt + OpenSetPieceLayout.G_OFFSET);
            }
        }
        int oc = open.count();
        if (status == STATUS_NOT_STARTED) {
            if (f.settled() != 0) {
                throw complaint.at(
                        "flow.settled",
                        Integer.toString(f.settled()),
                        "0 (a field not started has settled nothing)",
                        at + FlowFieldPieceLayout.SETTLED_OFFSET);
            }
            if (rc != 0) {
                throw complaint.at(
                        "flow.reached.count",
                        Integer.toString(rc),
                        "0 (a field not started has no costs)",
                        at + FlowFieldPieceLayout.reachedCountOffset(gc));
            }
            if (sc != 0) {
                throw complaint.at(
                        "flow.steps.count",
                        Integer.toString(sc),
                        "0 (a field not started has no directions)",
                        at + FlowFieldPieceLayout.stepCountOffset(gc, rc));
            }
        }
        if (status == STATUS_RUNNING && oc == 0) {
            throw complaint.at("open.count", "0", "at least 1 (a running field has open nodes)", openAt);
        }
        if (status != STATUS_RUNNING && oc != 0) {
            throw complaint.at("open.count", Integer.toString(oc), "0 (only a running field has open nodes)", openAt);
        }
        int[] touched = f.touched();
        if (!f.repairing() && touched.length != 0) {
            throw complaint.at(
                    "flow.touched.count",
                    Integer.toString(touched.length),
                    "0 (only a repair touches nodes)",
                    at + FlowFieldPieceLayout.touchedCountOffset(gc, rc, sc, oc));
        }
        for (int i = 0; i < touched.length; i++) {
            long tAt = at + FlowFieldPieceLayout.touchedOffset(gc, rc, sc, oc, i);
            if (touched[i] < 0 || touched[i] >= n) {
                throw complaint.at(
                        "flow.touched[" + i + "]", Integer.toString(touched[i]), StateReader.indexRange(n), tAt);
            }
        }
        if (touched.length > 1) {
            int[] sorted = touched.clone();
            Arrays.sort(sorted);
            for (int k = 1; k < sorted.length; k++) {
                if (sorted[k] == sorted[k - 1]) {
                    int dup = sorted[k];
                    int first = -1;
                    for (int i = 0; i < touched.length; i++) {
                        if (touched[i] == dup) {
                            if (first >= 0) {
                                throw complaint.at(
                                        "flow.touched[" + i + "]",
                                        Integer.toString(dup),
                                        "a node not already listed at touched[" + first
                                                + "] (touched nodes are distinct)",
                                        at + FlowFieldPieceLayout.touchedOffset(gc, rc, sc, oc, i));
                            }
                            first = i;
                        }
                    }
                }
            }
        }
    }

    /** values[i] in 0..n-1 and greater than values[i - 1]. */
    private static void increasingIndex(int[] values, int i, int n, String field, long offset, Complaint complaint) {
        int v = values[i];
        if (v < 0 || v >= n) {
            throw complaint.at(field, Integer.toString(v), StateReader.indexRange(n), offset);
        }
        if (i > 0 && v <= values[i - 1]) {
            throw complaint.at(field, Integer.toString(v), "> " + values[i - 1] + " (strictly increasing)", offset);
        }
    }
}
