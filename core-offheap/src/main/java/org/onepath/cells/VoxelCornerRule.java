package org.onepath.cells;

/**
 * When an edge or corner move of a voxel grid is legal. The swept voxels of a move are those
 * inside its cube other than the start and the destination: the two face voxels of an edge move;
 * the three face and three edge voxels of a corner move. The destination must be open under
 * every rule.
 */
public enum VoxelCornerRule {
    /** Every swept voxel open (default; the Moving AI voxel convention). */
    NO_CORNER_CUTTING(0),
    /**
     * Some monotone route of face steps through open voxels exists: an edge move needs one of its
     * two face voxels, a corner move a face voxel and an edge voxel containing it.
     */
    NO_SQUEEZING(1),
    /** No condition beyond the destination. */
    ALLOW_ALL(2);

    private final int code;

    VoxelCornerRule(int code) {
        this.code = code;
    }

    /**
     * The rule's fixed number, which indexes per-rule tables: 0 NO_CORNER_CUTTING, 1 NO_SQUEEZING,
     * 2 ALLOW_ALL.
     *
     * @return the code, 0..2
     */
    public int code() {
        return code;
    }
}
