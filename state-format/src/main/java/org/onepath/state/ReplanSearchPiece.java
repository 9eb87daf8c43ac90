package org.onepath.state;

import static org.onepath.state.ReplanSearchPieceLayout.MODE_D_STAR_LITE;

import java.util.Arrays;
import java.util.Objects;

/**
 * The replan search piece ({@link ReplanSearchPieceLayout}): an incremental replanner's engine
 * state, its counters and, once initialized, km, the pending changes, the nodes with a finite g
 * or rhs and the queue.
 *
 * <p>Rules, all checked before a read returns (and before a write emits a byte); they are
 * structural, so a restored search cannot index out of range or hang a bounded call, but its g
 * and rhs values are trusted:
 * <ul>
 *   <li>nodeCount &gt;= 1; mode 0 (LPA*) or 1 (D* Lite); start and goal in 0..nodeCount-1;</li>
 *   <li>iterations &gt;= 0, expanded in 0..iterations, lastExpanded in 0..expanded;</li>
 *   <li>km finite and &gt;= 0, and 0 under LPA* (only a moving start adds to it);</li>
 *   <li>no pending entries when the overflow flag is set; at most nodeCount entries, each a node
 *       in range or the complement of one, distinct;</li>
 *   <li>planned nodes strictly increasing and in range; g and rhs &gt;= 0 or +infinity (not NaN),
 *       at least one of them finite;</li>
 *   <li>the open set obeys {@link ReplanOpenSetPiece}'s rules and every queued node is a planned
 *       node whose g and rhs differ.</li>
 * </ul>
 * A search that is not initialized (never planned, or restarted) stores nothing after the fixed
 * part.
 */
public final class ReplanSearchPiece {
    private ReplanSearchPiece() {}

    /**
     * A replan search's state, as stored. The arrays are not copied; do not change them after
     * handing them over. When {@code initialized} is false, km, overflow and the arrays are
     * ignored by {@link #write} (pass 0, false and empty arrays).
     *
     * @param nodeCount    nodes of the searched grid, &gt;= 1
     * @param mode         {@link ReplanSearchPieceLayout#MODE_LPA_STAR} or
     *                     {@link ReplanSearchPieceLayout#MODE_D_STAR_LITE}
     * @param start        the start node, 0..nodeCount-1
     * @param goal         the goal node, 0..nodeCount-1
     * @param initialized  false for a search never planned or restarted; then nothing after
     *                     {@code lastExpanded} is stored
     * @param found        whether the last replan that ended found a path
     * @param iterations   pops since the search was last initialized, &gt;= 0
     * @param expanded     pops that changed a g since then, 0..iterations
     * @param lastExpanded expansions since the last change was taken in, 0..expanded
     * @param km           D* Lite's key modifier, finite and &gt;= 0; 0 under LPA*
     * @param overflow     whether more changes came than the pending list holds (the next replan
     *                     restarts, and {@code pending} is empty)
     * @param pending      nodes whose rhs the next replan recomputes, or {@code ~node} when their
     *                     neighbours are recomputed too; distinct, at most nodeCount
     * @param plannedNodes every node with a finite g or rhs, strictly increasing
     * @param plannedG     each planned node's g, &gt;= 0 or +infinity
     * @param plannedRhs   each planned node's rhs, &gt;= 0 or +infinity; at least one of g and rhs
     *                     is finite
     * @param open         the queue; every queued node is planned with g and rhs that differ
     */
    public record Search(
            int nodeCount,
            int mode,
            int start,
            int goal,
            boolean initialized,
            boolean found,
            long iterations,
            long expanded,
            int lastExpanded,
            double km,
            boolean overflow,
            int[] pending,
            int[] plannedNodes,
            double[] plannedG,
            double[] plannedRhs,
            ReplanOpenSetPiece.Heap open) {
        /**
         * Checks that the planned arrays have equal lengths; the values are checked when the
         * search is written or read.
         *
         * @throws NullPointerException     if an array or the open set is null
         * @throws IllegalArgumentException if paired arrays differ in length
         */
        public Search {
            Objects.requireNonNull(pending, "pending");
            Objects.requireNonNull(plannedNodes, "plannedNodes");
            Objects.requireNonNull(plannedG, "plannedG");
            Objects.requireNonNull(plannedRhs, "plannedRhs");
            Objects.requireNonNull(open, "open");
            if (plannedG.length != plannedNodes.length || plannedRhs.length != plannedNodes.length) {
                throw new IllegalArgumentException("array lengths plannedNodes " + plannedNodes.length + ", plannedG "
                        + plannedG.length + ", plannedRhs " + plannedRhs.length + ": expected all equal");
            }
        }

        /** Equal contents, costs compared bit for bit. */
        @Override
        public boolean equals(Object o) {
            return o instanceof Search s
                    && nodeCount == s.nodeCount
                    && mode == s.mode
                    && start == s.start
                    && goal == s.goal
                    && initialized == s.initialized
                    && found == s.found
                    && iterations == s.iterations
                    && expanded == s.expanded
                    && lastExpanded == s.lastExpanded
                    && Double.doubleToRawLongBits(km) == Double.doubleToRawLongBits(s.km)
                    && overflow == s.overflow
                    && Arrays.equals(pending, s.pending)
                    && Arrays.equals(plannedNodes, s.plannedNodes)
                    && Arrays.equals(plannedG, s.plannedG)
                    && Arrays.equals(plannedRhs, s.plannedRhs)
                    && open.equals(s.open);
        }

        @Override
        public int hashCode() {
            int h = Objects.hash(
                    nodeCount, mode, start, goal, initialized, found, iterations, expanded, lastExpanded, km, overflow);
            h = h * 31 + Arrays.hashCode(pending);
            h = h * 31 + Arrays.hashCode(plannedNodes);
            h = h * 31 + Arrays.hashCode(plannedG);
            h = h * 31 + Arrays.hashCode(plannedRhs);
            return h * 31 + open.hashCode();
        }

        @Override
        public String toString() {
            return "Search[nodeCount=" + nodeCount + ", mode=" + mode + ", start=" + start + ", goal=" + goal
                    + ", initialized=" + initialized + ", found=" + found + ", iterations=" + iterations + ", expanded="
                    + expanded + ", lastExpanded=" + lastExpanded + ", km=" + km + ", overflow=" + overflow
                    + ", pending="
                    + pending.length + ", planned=" + plannedNodes.length + ", open=" + open.count() + "]";
        }
    }

    /**
     * The size of the piece for a search, to size a writer before {@link #write}.
     *
     * @param s the search
     * @return the number of bytes {@link #write} emits for it:
     *         {@link ReplanSearchPieceLayout#FIXED_BYTES} when it is not initialized
     */
    public static long length(Search s) {
        return s.initialized()
                ? ReplanSearchPieceLayout.pieceBytes(
                        s.pending().length, s.plannedNodes().length, s.open().count())
                : ReplanSearchPieceLayout.FIXED_BYTES;
    }

    /**
     * Writes the piece ({@link #length(Search)} bytes). Nothing is written when a rule is broken.
     *
     * @param w where the bytes go, at its current position
     * @param s the search to write
     * @throws NullPointerException     if an argument is null
     * @throws IllegalArgumentException naming the field, value and rule if the search breaks one
     */
    public static void write(StateWriter w, Search s) {
        Objects.requireNonNull(w, "w");
        Objects.requireNonNull(s, "search");
        check(s, 0, Complaint.ARGUMENT);
        w.i32(s.nodeCount())
                .u8(s.mode())
                .i32(s.start())
                .i32(s.goal())
                .flag(s.initialized())
                .flag(s.found());
        w.i64(s.iterations()).i64(s.expanded()).i32(s.lastExpanded());
        if (!s.initialized()) {
            return;
        }
        w.f64(s.km()).flag(s.overflow());
        w.i32(s.pending().length);
        for (int p : s.pending()) {
            w.i32(p);
        }
        w.i32(s.plannedNodes().length);
        for (int i = 0; i < s.plannedNodes().length; i++) {
            w.i32(s.plannedNodes()[i]).f64(s.plannedG()[i]).f64(s.plannedRhs()[i]);
        }
        HeapSlots.write(w, s.open().nodes(), s.open().key1(), s.open().key2());
    }

    /**
     * Reads the piece at the reader's position and checks every rule.
     *
     * @param r            the bytes, positioned at the piece's node count
     * @param maxNodeCount the largest node count accepted, &gt;= 1 (the engine compares the node
     *                     count with its own afterwards)
     * @return the search, with new arrays owned by the caller
     * @throws NullPointerException     if {@code r} is null
     * @throws IllegalArgumentException if maxNodeCount is less than 1
     * @throws OnePathFormatException   (the reader's subtype) naming the first field that breaks a
     *                                  rule, or the data ending early
     */
    public static Search read(StateReader r, int maxNodeCount) {
        Objects.requireNonNull(r, "r");
        if (maxNodeCount < 1) {
            throw new IllegalArgumentException("maxNodeCount = " + maxNodeCount + ": expected >= 1");
        }
        long at = r.offset();
        int n = r.i32InRange("replan.nodeCount", 1, maxNodeCount);
        long modeAt = r.offset();
        int mode = r.u8("replan.mode");
        if (mode > MODE_D_STAR_LITE) {
            throw r.error("replan.mode", mode, "0 (LPA*) or 1 (D* Lite)", modeAt);
        }
        int start = r.index("replan.start", n);
        int goal = r.index("replan.goal", n);
        boolean initialized = r.flag("replan.initialized");
        boolean found = r.flag("replan.found");
        long iterations = r.i64("replan.iterations");
        long expanded = r.i64("replan.expanded");
        int lastExpanded = r.i32("replan.lastExpanded");
        double km = 0;
        boolean overflow = false;
        int[] pending = new int[0];
        int[] plannedNodes = new int[0];
        double[] plannedG = new double[0];
        double[] plannedRhs = new double[0];
        ReplanOpenSetPiece.Heap open = ReplanOpenSetPiece.Heap.EMPTY;
        if (initialized) {
            km = r.f64("replan.km");
            overflow = r.flag("replan.overflow");
            int p = r.count("replan.pending.count", n, ReplanSearchPieceLayout.PENDING_BYTES);
            pending = new int[p];
            for (int i = 0; i < p; i++) {
                pending[i] = r.i32("replan.pending");
            }
            int planned = r.count("replan.planned.count", n, ReplanSearchPieceLayout.PLANNED_BYTES);
            plannedNodes = new int[planned];
            plannedG = new double[planned];
            plannedRhs = new double[planned];
            for (int i = 0; i < planned; i++) {
                plannedNodes[i] = r.i32("replan.planned.node");
                plannedG[i] = r.f64("replan.planned.g");
                plannedRhs[i] = r.f64("replan.planned.rhs");
            }
            HeapSlots.Raw raw = HeapSlots.read(r, n, ReplanOpenSetPiece.SHAPE);
            open = new ReplanOpenSetPiece.Heap(raw.nodes(), raw.key1(), raw.key2());
        }
        Search s = new Search(
                n,
                mode,
                start,
                goal,
                initialized,
                found,
                iterations,
                expanded,
                lastExpanded,
                km,
                overflow,
                pending,
                plannedNodes,
                plannedG,
                plannedRhs,
                open);
        check(s, at, Complaint.of(r));
        return s;
    }

    /**
     * Decodes a pending entry.
     *
     * @param entry a pending entry: a node, or {@code ~node} (negative) when the node's neighbours
     *              are recomputed too
     * @return the entry's node: the entry itself, or its complement when negative
     */
    public static int pendingNode(int entry) {
        return entry >= 0 ? entry : ~entry;
    }

    private static void check(Search s, long at, Complaint complaint) {
        int n = s.nodeCount();
        if (n < 1) {
            throw complaint.at(
                    "replan.nodeCount", Integer.toString(n), ">= 1", at + ReplanSearchPieceLayout.NODE_COUNT_OFFSET);
        }
        if (s.mode() < 0 || s.mode() > MODE_D_STAR_LITE) {
            throw complaint.at(
                    "replan.mode",
                    Integer.toString(s.mode()),
                    "0 (LPA*) or 1 (D* Lite)",
                    at + ReplanSearchPieceLayout.MODE_OFFSET);
        }
        if (s.start() < 0 || s.start() >= n) {
            throw complaint.at(
                    "replan.start",
                    Integer.toString(s.start()),
                    StateReader.indexRange(n),
                    at + ReplanSearchPieceLayout.START_OFFSET);
        }
        if (s.goal() < 0 || s.goal() >= n) {
            throw complaint.at(
                    "replan.goal",
                    Integer.toString(s.goal()),
                    StateReader.indexRange(n),
                    at + ReplanSearchPieceLayout.GOAL_OFFSET);
        }
        if (s.iterations() < 0) {
            throw complaint.at(
                    "replan.iterations",
                    Long.toString(s.iterations()),
                    ">= 0",
                    at + ReplanSearchPieceLayout.ITERATIONS_OFFSET);
        }
        if (s.expanded() < 0 || s.expanded() > s.iterations()) {
            throw complaint.at(
                    "replan.expanded",
                    Long.toString(s.expanded()),
                    "0.." + s.iterations() + " (at most the iterations)",
                    at + ReplanSearchPieceLayout.EXPANDED_OFFSET);
        }
        if (s.lastExpanded() < 0 || s.lastExpanded() > s.expanded()) {
            throw complaint.at(
                    "replan.lastExpanded",
                    Integer.toString(s.lastExpanded()),
                    "0.." + s.expanded() + " (at most the expansions since planning began)",
                    at + ReplanSearchPieceLayout.LAST_EXPANDED_OFFSET);
        }
        if (!s.initialized()) {
            return;
        }
        double km = s.km();
        if (!(km >= 0) || km == Double.POSITIVE_INFINITY) {
            throw complaint.at(
                    "replan.km", Double.toString(km), "a finite value >= 0", at + ReplanSearchPieceLayout.KM_OFFSET);
        }
        if (km != 0 && s.mode() != MODE_D_STAR_LITE) {
            throw complaint.at(
                    "replan.km",
                    Double.toString(km),
                    "0 (only D* Lite moves its start)",
                    at + ReplanSearchPieceLayout.KM_OFFSET);
        }
        int[] pending = s.pending();
        if (s.overflow() && pending.length > 0) {
            throw complaint.at(
                    "replan.pending.count",
                    Integer.toString(pending.length),
                    "0 (the overflow flag is set)",
                    at + ReplanSearchPieceLayout.PENDING_COUNT_OFFSET);
        }
        if (pending.length > n) {
            throw complaint.at(
                    "replan.pending.count",
                    Integer.toString(pending.length),
                    "0.." + n,
                    at + ReplanSearchPieceLayout.PENDING_COUNT_OFFSET);
        }
        for (int i = 0; i < pending.length; i++) {
            int node = pendingNode(pending[i]);
            if (node >= n) {
                throw complaint.at(
                        "replan.pending[" + i + "]",
                        Integer.toString(pending[i]),
                        "a node in " + StateReader.indexRange(n) + " or its complement",
                        at + ReplanSearchPieceLayout.pendingOffset(i));
            }
        }
        if (pending.length > 1) {
            int[] sorted = pending.clone();
            Arrays.sort(sorted);
            for (int k = 1; k < sorted.length; k++) {
                if (sorted[k] == sorted[k - 1]) {
                    int dup = sorted[k];
                    int first = -1;
                    for (int i = 0; i < pending.length; i++) {
                        if (pending[i] == dup) {
                            if (first >= 0) {
                                throw complaint.at(
                                        "replan.pending[" + i + "]",
                                        Integer.toString(dup),
                                        "an entry not already listed at pending[" + first + "] (entries are distinct)",
                                        at + ReplanSearchPieceLayout.pendingOffset(i));
                            }
                            first = i;
                        }
                    }
                }
            }
        }
        int pc = pending.length;
        int[] planned = s.plannedNodes();
        for (int i = 0; i < planned.length; i++) {
            long recordAt = at + ReplanSearchPieceLayout.plannedOffset(pc, i);
            int v = planned[i];
            if (v < 0 || v >= n) {
                throw complaint.at(
                        "replan.planned[" + i + "].node",
                        Integer.toString(v),
                        StateReader.indexRange(n),
                        recordAt + ReplanSearchPieceLayout.PLANNED_NODE_OFFSET);
            }
            if (i > 0 && v <= planned[i - 1]) {
                throw complaint.at(
                        "replan.planned[" + i + "].node",
                        Integer.toString(v),
                        "> " + planned[i - 1] + " (strictly increasing)",
                        recordAt + ReplanSearchPieceLayout.PLANNED_NODE_OFFSET);
            }
            double g = s.plannedG()[i];
            double rhs = s.plannedRhs()[i];
            if (!(g >= 0)) {
                throw complaint.at(
                        "replan.planned[" + i + "].g",
                        Double.toString(g),
                        "a cost >= 0 or +infinity",
                        recordAt + ReplanSearchPieceLayout.PLANNED_G_OFFSET);
            }
            if (!(rhs >= 0)) {
                throw complaint.at(
                        "replan.planned[" + i + "].rhs",
                        Double.toString(rhs),
                        "a cost >= 0 or +infinity",
                        recordAt + ReplanSearchPieceLayout.PLANNED_RHS_OFFSET);
            }
            if (g == Double.POSITIVE_INFINITY && rhs == Double.POSITIVE_INFINITY) {
                throw complaint.at(
                        "replan.planned[" + i + "].g",
                        "Infinity",
                        "a finite g or rhs (nodes with neither are not listed)",
                        recordAt + ReplanSearchPieceLayout.PLANNED_G_OFFSET);
            }
        }
        ReplanOpenSetPiece.Heap open = s.open();
        long openAt = at + ReplanSearchPieceLayout.openSetOffset(pc, planned.length);
        HeapSlots.check(open.nodes(), open.key1(), open.key2(), n, openAt, ReplanOpenSetPiece.SHAPE, complaint);
        for (int slot = 0; slot < open.count(); slot++) {
            int node = open.nodes()[slot];
            int pi = Arrays.binarySearch(planned, node);
            if (pi < 0 || s.plannedG()[pi] == s.plannedRhs()[pi]) {
                throw complaint.at(
                        HeapSlots.slotField(ReplanOpenSetPiece.SHAPE, slot, "node"),
                        Integer.toString(node),
                        "a planned node whose g and rhs differ (only inconsistent nodes are queued)",
                        ReplanOpenSetPiece.SHAPE.slotAt(openAt, slot) + ReplanOpenSetPieceLayout.NODE_OFFSET);
            }
        }
    }
}
