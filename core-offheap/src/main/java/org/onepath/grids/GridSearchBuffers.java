package org.onepath.grids;

import static org.onepath.grids.NodeRecordLayout.CLOSED_BIT;
import static org.onepath.grids.NodeRecordLayout.G;
import static org.onepath.grids.NodeRecordLayout.G_OFFSET;
import static org.onepath.grids.NodeRecordLayout.INT;
import static org.onepath.grids.NodeRecordLayout.MARK_OFFSET;
import static org.onepath.grids.NodeRecordLayout.MAX_GENERATION;
import static org.onepath.grids.NodeRecordLayout.PARENT_OFFSET;
import static org.onepath.grids.NodeRecordLayout.RECORD_BYTES;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import org.onepath.memory.NativeIntList;
import org.onepath.memory.OwnerState;

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
     * @param nodeCount nodes 0..nodeCount-1 (at most 2^30)
     */
    public GridSearchBuffers(int nodeCount) {
        if (nodeCount < 1 || nodeCount > (1 << 30)) {
            throw new IllegalArgumentException("nodeCount must be in 1..2^30, was " + nodeCount);
        }
        this.nodeCount = nodeCount;
        this.arena = Arena.ofShared();
        this.records = arena.allocate(nodeCount * RECORD_BYTES, 8); // zeroed: generation 0 = never reached
        this.openSet = new OpenSet(nodeCount);
    }

    public int nodeCount() {
        return nodeCount;
    }

    /** The open set the searches over these buffers use. */
    public OpenSet openSet() {
        return openSet;
    }

    /** Whether searches record their expanded nodes in order. */
    public boolean recordsExpansions() {
        return recordExpansions;
    }

    /** Turns recording of expanded nodes on or off for the next searches. */
    public void recordExpansions(boolean on) {
        state.ensureOpen();
        this.recordExpansions = on;
    }

    /** Number of nodes the last search recorded as expanded. */
    public int expandedNodeCount() {
        return expansions.size();
    }

    /** The recorded expanded nodes of the last search, in expansion order. */
    public int[] expandedNodes() {
        state.ensureOpen();
        return expansions.toArray();
    }

    /** Whether the current search has reached the node. */
    public boolean isVisited(int node) {
        return (mark(node) >>> 1) == generation;
    }

    /** Whether the current search has closed the node. */
    public boolean isClosed(int node) {
        int m = mark(node);
        return (m >>> 1) == generation && (m & CLOSED_BIT) != 0;
    }

    /** Cost from the start of a visited node. */
    public double cost(int node) {
        checkVisited(node);
        return records.get(G, node * RECORD_BYTES + G_OFFSET);
    }

    /** Parent of a visited node, -1 for the start. */
    public int parent(int node) {
        checkVisited(node);
        return records.get(INT, node * RECORD_BYTES + PARENT_OFFSET);
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
