package org.onepath.grids;

import static org.onepath.layout.NodeRecordLayout.CLOSED_BIT;
import static org.onepath.layout.NodeRecordLayout.G;
import static org.onepath.layout.NodeRecordLayout.GENERATION_SHIFT;
import static org.onepath.layout.NodeRecordLayout.G_OFFSET;
import static org.onepath.layout.NodeRecordLayout.INT;
import static org.onepath.layout.NodeRecordLayout.MARK_OFFSET;
import static org.onepath.layout.NodeRecordLayout.MAX_GENERATION;
import static org.onepath.layout.NodeRecordLayout.PARENT_OFFSET;
import static org.onepath.layout.NodeRecordLayout.RECORD_BYTES;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import org.onepath.layout.NodeRecordLayout;
import org.onepath.memory.LeakGuard;
import org.onepath.memory.NativeIntList;
import org.onepath.memory.OwnerState;
import org.onepath.state.SearchBuffersPiece;
import org.onepath.state.SearchBuffersPieceLayout;

/**
 * Reusable working memory of a search (tier 3): one {@link NodeRecordLayout} record per node,
 * the {@link OpenSet}, and an optional list of expanded nodes.
 *
 * <p>Records carry a generation mark, so starting a search costs O(1) whatever the size: a
 * record whose generation is not current reads as "not reached". A search allocates nothing in
 * steady state. Buffers may be shared by searches that run one after another, never at once.
 * Owns its memory: {@link #close()} frees it.
 */
public final class GridSearchBuffers implements AutoCloseable {

    private final int nodeCount;
    private final Arena arena;
    final MemorySegment records;
    private final OpenSet openSet;
    private final OwnerState state = new OwnerState("GridSearchBuffers");
    int generation;
    private boolean recordExpansions;
    private final NativeIntList expansions = new NativeIntList();

    /**
     * Working memory for searches over nodes 0..nodeCount-1, allocated now: one node record per
     * node (zeroed, so no node reads as reached) plus the open set.
     *
     * @param nodeCount nodes 0..nodeCount-1 (at most 2^30)
     */
    public GridSearchBuffers(int nodeCount) {
        if (nodeCount < 1 || nodeCount > (1 << 30)) {
            throw new IllegalArgumentException("nodeCount must be in 1..2^30, was " + nodeCount);
        }
        this.nodeCount = nodeCount;
        this.arena = LeakGuard.sharedArena(this);
        this.records = arena.allocate(nodeCount * RECORD_BYTES, 8); // zeroed: generation 0 = never reached
        this.openSet = new OpenSet(nodeCount);
    }

    /**
     * The number of nodes these buffers hold.
     *
     * @return the node count, 1..2^30
     */
    public int nodeCount() {
        return nodeCount;
    }

    /**
     * The open set the searches over these buffers use.
     *
     * @return the open set, owned by these buffers
     */
    public OpenSet openSet() {
        return openSet;
    }

    /**
     * Whether searches record their expanded nodes in order.
     *
     * @return whether expansions are recorded
     */
    public boolean recordsExpansions() {
        return recordExpansions;
    }

    /**
     * Turns recording of expanded nodes on or off for the next searches.
     *
     * @param on true to record the expanded nodes, false to skip them
     */
    public void recordExpansions(boolean on) {
        state.ensureOpen();
        this.recordExpansions = on;
    }

    /**
     * Number of nodes the last search recorded as expanded.
     *
     * @return the number of recorded nodes, 0 or more
     */
    public int expandedNodeCount() {
        return expansions.size();
    }

    /**
     * The recorded expanded nodes of the last search, in expansion order.
     *
     * @return a new array of the recorded node indices
     */
    public int[] expandedNodes() {
        state.ensureOpen();
        return expansions.toArray();
    }

    /**
     * Whether the current search has reached the node.
     *
     * @param node a node index, 0..nodeCount-1
     * @return true when the node has a record in the current generation
     */
    public boolean isVisited(int node) {
        return (mark(node) >>> GENERATION_SHIFT) == generation;
    }

    /**
     * Whether the current search has closed the node.
     *
     * @param node a node index, 0..nodeCount-1
     * @return true when the node was popped and closed in the current search
     */
    public boolean isClosed(int node) {
        int m = mark(node);
        return (m >>> GENERATION_SHIFT) == generation && (m & CLOSED_BIT) != 0;
    }

    /**
     * Cost from the start of a visited node.
     *
     * @param node a visited node index, 0..nodeCount-1
     * @return the node's g, 0 or more
     * @throws IllegalArgumentException if the node was not reached by the current search
     */
    public double cost(int node) {
        checkVisited(node);
        return records.get(G, node * RECORD_BYTES + G_OFFSET);
    }

    /**
     * Parent of a visited node, -1 for the start.
     *
     * @param node a visited node index, 0..nodeCount-1
     * @return the parent node index, or -1 for the start
     * @throws IllegalArgumentException if the node was not reached by the current search
     */
    public int parent(int node) {
        checkVisited(node);
        return records.get(INT, node * RECORD_BYTES + PARENT_OFFSET);
    }

    /**
     * The current search's records as the state format stores them: every visited node in
     * increasing index with its closed flag, cost and parent, the open set as its heap array lies,
     * and the recorded expansions. Scans every record: O(nodeCount).
     */
    SearchBuffersPiece.Buffers toPiece() {
        state.ensureOpen();
        NativeIntList visited = new NativeIntList();
        try {
            final int current = generation;
            for (int n = 0; n < nodeCount; n++) {
                if ((records.get(INT, n * RECORD_BYTES + MARK_OFFSET) >>> GENERATION_SHIFT) == current) {
                    visited.add(n);
                }
            }
            int v = visited.size();
            int[] nodes = visited.toArray();
            boolean[] closed = new boolean[v];
            double[] g = new double[v];
            int[] parents = new int[v];
            for (int i = 0; i < v; i++) {
                long off = nodes[i] * RECORD_BYTES;
                closed[i] = (records.get(INT, off + MARK_OFFSET) & CLOSED_BIT) != 0;
                g[i] = records.get(G, off + G_OFFSET);
                parents[i] = records.get(INT, off + PARENT_OFFSET);
            }
            return new SearchBuffersPiece.Buffers(nodes, closed, g, parents, openSet.toPiece(), expansions.toArray());
        } finally {
            visited.close();
        }
    }

    /**
     * The visited node of least (estimate, cost, node) among nodes 0..count-1, the end of a
     * partial path ({@link SlicedSearch#closestReached()}); -1 when none is visited. One pass over
     * the records, O(count); allocates nothing.
     */
    int closestVisited(Heuristic heuristic, int count) {
        state.ensureOpen();
        final int current = generation;
        final MemorySegment rec = records;
        int best = -1;
        double bestH = 0;
        double bestG = 0;
        for (int n = 0; n < count; n++) {
            long off = n * RECORD_BYTES;
            if ((rec.get(INT, off + MARK_OFFSET) >>> GENERATION_SHIFT) != current) {
                continue;
            }
            double h = heuristic.estimate(n);
            double g = rec.get(G, off + G_OFFSET);
            if (best < 0 || SlicedSearch.closerThan(h, g, n, bestH, bestG, best)) {
                best = n;
                bestH = h;
                bestG = g;
            }
        }
        return best;
    }

    /** Bytes of the search-buffers piece {@link #writePiece} writes now, given {@link #visitedCount()}. */
    long pieceBytes(int visited) {
        state.ensureOpen();
        return SearchBuffersPieceLayout.pieceBytes(visited, openSet.size(), expansions.size());
    }

    /** Nodes the current search has visited: one pass over the nodes. */
    int visitedCount() {
        state.ensureOpen();
        final int current = generation;
        final MemorySegment rec = records;
        int visited = 0;
        for (int n = 0; n < nodeCount; n++) {
            if ((rec.get(INT, n * RECORD_BYTES + MARK_OFFSET) >>> GENERATION_SHIFT) == current) {
                visited++;
            }
        }
        return visited;
    }

    /**
     * Writes the search-buffers piece exactly as {@code SearchBuffersPiece.write(w, toPiece(), n)}
     * does, straight from the records, no arrays.
     *
     * @param visited {@link #visitedCount()}, counted by the caller, which needs it first to size the state
     */
    void writePiece(org.onepath.state.StateWriter w, int visited) {
        state.ensureOpen();
        final int current = generation;
        final MemorySegment rec = records;
        w.i32(visited);
        for (int n = 0; n < nodeCount; n++) {
            long off = n * RECORD_BYTES;
            int mark = rec.get(INT, off + MARK_OFFSET);
            if ((mark >>> GENERATION_SHIFT) == current) {
                w.i32(n)
                        .flag((mark & CLOSED_BIT) != 0)
                        .f64(rec.get(G, off + G_OFFSET))
                        .i32(rec.get(INT, off + PARENT_OFFSET));
            }
        }
        openSet.writeSlots(w);
        int e = expansions.size();
        w.i32(e);
        for (int i = 0; i < e; i++) {
            w.i32(expansions.get(i));
        }
    }

    /**
     * Replaces the current search's records with checked ones from a state: a new generation,
     * the visited records, the open set's heap array as it was, the expansion list.
     */
    void load(SearchBuffersPiece.Buffers piece) {
        beginSearch();
        final int mark = generation << GENERATION_SHIFT;
        int[] nodes = piece.visitedNodes();
        for (int i = 0; i < nodes.length; i++) {
            long off = nodes[i] * RECORD_BYTES;
            records.set(G, off + G_OFFSET, piece.g()[i]);
            records.set(INT, off + PARENT_OFFSET, piece.parents()[i]);
            records.set(INT, off + MARK_OFFSET, piece.closed()[i] ? mark | CLOSED_BIT : mark);
        }
        openSet.load(piece.open());
        for (int node : piece.expandedNodes()) {
            expansions.add(node);
        }
    }

    @Override
    public void close() {
        if (state.markClosed()) {
            openSet.close();
            expansions.close();
            arena.close();
        }
    }

    // ---- used by the searches of this package ----

    /** Starts a new search: a new generation, an empty open set and expansion list. */
    void beginSearch() {
        state.ensureOpen();
        if (generation == MAX_GENERATION) {
            records.fill((byte) 0);
            generation = 0;
        }
        generation++;
        openSet.clear();
        expansions.clear();
    }

    void recordExpansion(int node) {
        expansions.add(node);
    }

    private int mark(int node) {
        if (node < 0 || node >= nodeCount) {
            throw new IllegalArgumentException("node " + node + " is outside 0.." + (nodeCount - 1));
        }
        return records.get(INT, node * RECORD_BYTES + MARK_OFFSET);
    }

    private void checkVisited(int node) {
        if (!isVisited(node)) {
            throw new IllegalArgumentException("node " + node + " has not been reached by the current search");
        }
    }
}
