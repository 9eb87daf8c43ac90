package org.onepath.grids.voxel;

/** Constants of voxel move lengths. */
public final class VoxelMath {
    private VoxelMath() {}

    /** The double nearest the square root of 3: the length of a corner move. */
    public static final double SQRT3 = 1.7320508075688772;
}
