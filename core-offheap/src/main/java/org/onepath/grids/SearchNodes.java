package org.onepath.grids;

import static org.onepath.layout.NodeRecordLayout.CLOSED_BIT;
import static org.onepath.layout.NodeRecordLayout.G;
import static org.onepath.layout.NodeRecordLayout.GENERATION_SHIFT;
import static org.onepath.layout.NodeRecordLayout.G_OFFSET;
import static org.onepath.layout.NodeRecordLayout.INT;
import static org.onepath.layout.NodeRecordLayout.MARK_OFFSET;
import static org.onepath.layout.NodeRecordLayout.PARENT_OFFSET;
import static org.onepath.layout.NodeRecordLayout.RECORD_BYTES;

import java.lang.foreign.MemorySegment;

/**
 * The node bookkeeping every best-first search over {@link GridSearchBuffers} shares (tier 3):
 * starting a generation, popping and closing, strict-improvement relaxation with reopening,
 * and reading costs and parents. Searches differ only in which successors they offer.
 */
public final class SearchNodes {
    private final GridSearchBuffers buffers;
    private final MemorySegment records;
    private final OpenSet open;

    /**
     * Bookkeeping over the buffers' records and open set; it keeps no memory of its own.
     *
     * @param buffers the working memory the searches share
     */
    public SearchNodes(GridSearchBuffers buffers) {
        this.buffers = buffers;
        this.records = buffers.records;
        this.open = buffers.openSet();
    }

    /**
     * The working memory this bookkeeping reads and writes.
     *
     * @return the buffers given at construction
     */
    public GridSearchBuffers buffers() {
        return buffers;
    }

    /**
     * Starts a new search with {@code start} open at g = 0 and f = {@code startF}.
     *
     * @param start  the start node, 0..nodeCount-1
     * @param startF the start's f
     */
    public void begin(int start, double startF) {
        buffers.beginSearch();
        long off = start * RECORD_BYTES;
        records.set(G, off + G_OFFSET, 0.0);
        records.set(INT, off + PARENT_OFFSET, -1);
        records.set(INT, off + MARK_OFFSET, buffers.generation << GENERATION_SHIFT);
        open.push(start, startF, 0.0);
    }

    /**
     * Whether no node is open.
     *
     * @return true when the open set is empty
     */
    public boolean openIsEmpty() {
        return open.isEmpty();
    }

    /**
     * Pops the first open node and marks it closed.
     *
     * @return the popped node
     * @throws IllegalStateException if the open set is empty
     */
    public int popAndClose() {
        int n = open.pop();
        records.set(INT, n * RECORD_BYTES + MARK_OFFSET, (buffers.generation << GENERATION_SHIFT) | CLOSED_BIT);
        return n;
    }

    /**
     * Cost of a node reached by the current search.
     *
     * @param node a node reached by the current search
     * @return the node's g
     */
    public double cost(int node) {
        return records.get(G, node * RECORD_BYTES + G_OFFSET);
    }

    /**
     * Parent of a node reached by the current search, -1 for the start.
     *
     * @param node a node reached by the current search
     * @return the parent node, or -1
     */
    public int parent(int node) {
        return records.get(INT, node * RECORD_BYTES + PARENT_OFFSET);
    }

    /**
     * Whether the current search has reached the node.
     *
     * @param node a node index, 0..nodeCount-1
     * @return true when the node has a record in the current generation
     */
    public boolean isVisited(int node) {
        return (records.get(INT, node * RECORD_BYTES + MARK_OFFSET) >>> GENERATION_SHIFT) == buffers.generation;
    }

    /**
     * Whether the current search has closed the node.
     *
     * @param node a node index, 0..nodeCount-1
     * @return true when the node was popped and closed in the current search
     */
    public boolean isClosed(int node) {
        return records.get(INT, node * RECORD_BYTES + MARK_OFFSET)
                == ((buffers.generation << GENERATION_SHIFT) | CLOSED_BIT);
    }

    /**
     * Gives a reached node a new cost and parent and leaves it open or closed as it is, without
     * touching the open set (Lazy Theta*'s repair of a popped node).
     *
     * @param node   a node reached by the current search
     * @param parent the new parent node
     * @param g      the new cost from the start
     */
    public void repair(int node, int parent, double g) {
        final long off = node * RECORD_BYTES;
        records.set(G, off + G_OFFSET, g);
        records.set(INT, off + PARENT_OFFSET, parent);
    }

    /**
     * Gives {@code node} cost {@code g} through {@code parent}, (re)opens it and pushes it with
     * (f, g). Callers do this only for a node not yet reached or reached at a strictly higher
     * cost, so equal-cost alternatives keep the first parent found.
     *
     * @param node   the node to open, 0..nodeCount-1
     * @param parent the node it is reached from
     * @param g      the new cost from the start
     * @param f      the new f, {@code g + w * h(node)}
     */
    public void update(int node, int parent, double g, double f) {
        final long off = node * RECORD_BYTES;
        records.set(G, off + G_OFFSET, g);
        records.set(INT, off + PARENT_OFFSET, parent);
        records.set(INT, off + MARK_OFFSET, buffers.generation << GENERATION_SHIFT);
        open.push(node, f, g);
    }

    /**
     * Appends the node to the expansion list when the buffers record expansions.
     *
     * @param node the expanded node
     */
    public void recordExpansion(int node) {
        if (buffers.recordsExpansions()) {
            buffers.recordExpansion(node);
        }
    }
}
