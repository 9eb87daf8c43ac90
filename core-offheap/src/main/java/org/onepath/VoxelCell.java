package org.onepath;

/** A voxel of a {@link VoxelGrid}: column {@code x}, row {@code y}, layer {@code z}. */
public record VoxelCell(int x, int y, int z) {
    @Override
    public String toString() {
        return "(" + x + ", " + y + ", " + z + ")";
    }
}
