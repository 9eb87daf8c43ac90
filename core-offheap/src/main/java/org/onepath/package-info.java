/**
 * Tier 1: the one-line API. {@link org.onepath.Grid} (square grids of up to 2^28 one-byte cells),
 * {@link org.onepath.HexGrid}, {@link org.onepath.VoxelGrid}, {@link org.onepath.Graph} and
 * {@link org.onepath.PointGraph}, each with its {@code findPath}, its options, its path results,
 * the resumable {@link org.onepath.GridSearch}, flow fields, replanners, world mappings and
 * snapshots ({@link org.onepath.state.Snapshottable}).
 *
 * <p>Every object here that holds native memory is {@link java.lang.AutoCloseable}: close it
 * (try-with-resources) when done; a closed object throws {@link java.lang.IllegalStateException}
 * naming it. One that is dropped without closing is freed when the garbage collector finds it
 * unreachable, with a warning; so keep a reference to an object while you call it (a field, a
 * local, try-with-resources), or a collection during a call may close it under that call, which
 * then throws that exception. The engines underneath are in {@code org.onepath.grids}, {@code org.onepath.graphs}
 * (tiers 2 and 3) and {@code org.onepath.cells} (tier 3); {@code docs/grids.md} describes the
 * tiers.
 */
package org.onepath;
