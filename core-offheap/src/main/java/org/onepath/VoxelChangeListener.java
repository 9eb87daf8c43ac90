package org.onepath;

/**
 * Told about every voxel edit of a {@link VoxelGrid}, after the grid holds the new value. Called
 * on the editing thread; keep it short.
 */
@FunctionalInterface
public interface VoxelChangeListener {
    /**
     * Called once per changed voxel.
     *
     * @param grid the grid edited, already holding the new value
     * @param x the voxel's x, 0..sizeX-1
     * @param y the voxel's y, 0..sizeY-1
     * @param z the voxel's z, 0..sizeZ-1
     */
    void voxelChanged(VoxelGrid grid, int x, int y, int z);
}
