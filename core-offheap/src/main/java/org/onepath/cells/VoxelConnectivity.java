package org.onepath.cells;

/**
 * Moves of a voxel grid. The normative order is faces, then edges, then corners, each by z, then
 * y, then x ascending from -1 to 1; a six- or eighteen-move view is a prefix of the 26.
 */
public enum VoxelConnectivity {
    /** The six face moves, length 1. */
    SIX(6),
    /** Faces, then the twelve edge moves of length sqrt(2). */
    EIGHTEEN(18),
    /** Faces, edges, then the eight corner moves of length sqrt(3) (default; the Moving AI convention). */
    TWENTY_SIX(26);

    private final int moves;

    VoxelConnectivity(int moves) {
        this.moves = moves;
    }

    /**
     * Number of moves out of a voxel in open space.
     *
     * @return 6, 18 or 26
     */
    public int moves() {
        return moves;
    }
}
