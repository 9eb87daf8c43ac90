/**
 * Tier 2: a one-level hierarchy over the 16^3 chunks of a voxel chunk table (HPA* in 3D).
 * {@link org.onepath.grids.voxel.hierarchy.VoxelHierarchy} holds per chunk its regions, the
 * transitions across its faces and the costs between them;
 * {@link org.onepath.grids.voxel.hierarchy.VoxelHierarchySearch} answers queries over it, complete
 * and close to the optimum. At tier 1 they are {@link org.onepath.VoxelAlgorithm#HPA}, which a
 * voxel grid builds on first use and keeps up to date. {@code docs/voxel-hierarchy.md} describes
 * both and argues their completeness; {@code docs/voxels.md} the tier-1 query.
 */
package org.onepath.grids.voxel.hierarchy;
