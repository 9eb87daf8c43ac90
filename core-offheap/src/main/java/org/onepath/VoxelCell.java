package org.onepath;

/**
 * A voxel of a {@link VoxelGrid}: column {@code x}, row {@code y}, layer {@code z}.
 *
 * @param x the column, 0..sizeX-1 inside the grid
 * @param y the row, 0..sizeY-1 inside the grid
 * @param z the layer, 0..sizeZ-1 inside the grid
 */
public record VoxelCell(int x, int y, int z) {
    @Override
    public String toString() {
        return "(" + x + ", " + y + ", " + z + ")";
    }
}
