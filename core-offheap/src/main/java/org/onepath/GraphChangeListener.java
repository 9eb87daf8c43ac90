package org.onepath;

/**
 * Told about every edge edit of a {@link Graph}, after the graph holds the new value: an edge
 * added ({@link Graph#addEdge}, twice for {@link Graph#addUndirectedEdge}), reweighted or
 * removed. After {@link Graph#restoreState} it is told once per edge id whose record differs,
 * in increasing id, including ids at or past the restored {@link Graph#edgeCount()} when the
 * restored graph has fewer edges. Called on the editing thread; keep it short.
 */
@FunctionalInterface
public interface GraphChangeListener {
    /**
     * Called once per changed edge record.
     *
     * @param graph the graph edited, already holding the new value
     * @param edge the edge id, 0 or more (after a restore possibly at or past {@link Graph#edgeCount()})
     */
    void edgeChanged(Graph graph, int edge);
}
