/**
 * Internal: the greedy shortcut loop every path smoother runs (the square grid's
 * {@link org.onepath.grids.theta.GridPathSmoother} and the voxel grid's
 * {@link org.onepath.grids.voxel.VoxelPathSmoother}), with its prefix costs and its guarantee that
 * the output never costs more than the input. A shape gives only its sight test and segment cost.
 * Below {@code grids.theta} and {@code grids.voxel}; it imports neither.
 */
package org.onepath.grids.smooth;
