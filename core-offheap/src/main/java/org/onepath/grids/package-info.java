/**
 * Tiers 2 and 3: the generic grid search core. {@link org.onepath.grids.AStar} over any
 * {@link org.onepath.grids.GridTopology} (square, hex) with a {@link org.onepath.grids.StepCost}
 * and a {@link org.onepath.grids.Heuristic}, the 4-ary indexed {@link org.onepath.grids.OpenSet}
 * and the off-heap {@link org.onepath.grids.GridSearchBuffers} it keeps its node records in, and
 * the sliced-search contract ({@link org.onepath.grids.SlicedSearch}: {@code step(n)}, cancel,
 * snapshot). Tier 2 builds a search by hand; tier 3 supplies its own topology, cost or estimate.
 */
package org.onepath.grids;
