/**
 * Tiers 2 and 3: graph search. {@link org.onepath.graphs.CsrGraph} (compressed sparse rows
 * compiled from a {@link org.onepath.Graph}), {@link org.onepath.graphs.GraphAStar} (Dijkstra,
 * A* and ALT, whole or sliced), {@link org.onepath.graphs.Landmarks} and the graph estimates.
 * {@code docs/graphs.md} describes them.
 */
package org.onepath.graphs;
