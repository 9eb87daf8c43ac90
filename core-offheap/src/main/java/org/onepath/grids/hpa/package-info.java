/**
 * Tiers 2 and 3: hierarchical path-finding (HPA*). {@link org.onepath.grids.hpa.HpaHierarchy}
 * divides the grid into square chunks joined by entrances and follows edits chunk by chunk;
 * {@link org.onepath.grids.hpa.HpaSearch} searches it, refines the result to cells and smooths
 * it. Paths are near-optimal, not optimal. {@code docs/hpa.md} describes them.
 */
package org.onepath.grids.hpa;
