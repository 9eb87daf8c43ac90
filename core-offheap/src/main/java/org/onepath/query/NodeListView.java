package org.onepath.query;

import java.util.AbstractList;
import java.util.Objects;
import java.util.function.IntFunction;

/**
 * An unmodifiable list over an array of node indices, each element made from its index when read:
 * the results hand out their cells this way without copying the nodes into objects up front.
 *
 * @param <T> what a node index reads as (a cell, a world point)
 */
public final class NodeListView<T> extends AbstractList<T> {
    private final int[] nodes;
    private final IntFunction<? extends T> element;

    private NodeListView(int[] nodes, IntFunction<? extends T> element) {
        this.nodes = nodes;
        this.element = element;
    }

    /**
     * A view over {@code nodes}, which the caller must not change afterwards.
     *
     * @param <T>     the element type
     * @param nodes   the node indices, shared, not copied
     * @param element makes the element of one node index
     * @return the view, as long as {@code nodes}
     */
    public static <T> NodeListView<T> of(int[] nodes, IntFunction<? extends T> element) {
        return new NodeListView<>(Objects.requireNonNull(nodes, "nodes"), Objects.requireNonNull(element, "element"));
    }

    @Override
    public T get(int index) {
        return element.apply(nodes[index]);
    }

    @Override
    public int size() {
        return nodes.length;
    }
}
