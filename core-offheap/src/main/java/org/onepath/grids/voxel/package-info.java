/**
 * Tiers 2 and 3: voxel search. The {@link org.onepath.grids.voxel.ChunkTable} of 16^3 chunks
 * (a chunk takes memory only once it differs from the default area), the 6, 18 and 26 moves
 * with their corner rules, and {@link org.onepath.grids.voxel.PagedVoxelSearch}, an A* whose
 * node records live in 8^3 pages allocated as the search reaches them. It is the engine of
 * {@link org.onepath.VoxelGrid}; {@code docs/voxels.md} describes it.
 */
package org.onepath.grids.voxel;
