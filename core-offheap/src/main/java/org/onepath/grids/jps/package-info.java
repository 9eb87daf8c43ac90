/**
 * Tiers 2 and 3: jump point search on eight-connected square grids.
 * {@link org.onepath.grids.jps.JumpSearch} with interchangeable jumpers: cell by cell
 * ({@link org.onepath.grids.jps.OnlineJumper}), over a {@link org.onepath.grids.jps.BlockMap}
 * (64 cells a word) and over the precomputed {@link org.onepath.grids.jps.JpsPlusIndex}
 * tables, which follow cell edits incrementally. {@code docs/jps.md} describes them.
 */
package org.onepath.grids.jps;
