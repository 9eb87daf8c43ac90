package org.onepath;

/**
 * Told about every voxel edit of a {@link VoxelGrid}, after the grid holds the new value. Called
 * on the editing thread; keep it short.
 */
@FunctionalInterface
public interface VoxelChangeListener {
    void voxelChanged(VoxelGrid grid, int x, int y, int z);
}
