package org.onepath.bench;

import org.onepath.VoxelCell;
import org.onepath.VoxelGrid;

/**
 * The scale world of the voxel benchmarks: 1024 x 1024 x 1024 voxels (2^30), open by default,
 * with 16 square plates of 16 x 16 solid voxels (4,096 carved voxels) across the main diagonal,
 * so that a query from one corner to the other has to go round each of them.
 */
final class VoxelWorld {
    static final int SIDE = 1024;
    static final int PLATES = 16;
    static final int PLATE_SIDE = 16;
    static final VoxelCell FROM = new VoxelCell(0, 0, 0);
    static final VoxelCell TO = new VoxelCell(SIDE - 1, SIDE - 1, SIDE - 1);

    private VoxelWorld() {}

    /** A new open world of 2^30 voxels; the caller carves and closes it. */
    static VoxelGrid create() {
        return VoxelGrid.create(SIDE, SIDE, SIDE);
    }

    /** Carves the plates: plate k is perpendicular to x at x = 64k, centred on the diagonal. */
    static int carve(VoxelGrid grid) {
        int carved = 0;
        for (int k = 1; k <= PLATES; k++) {
            int c = 60 * k;
            for (int dz = 0; dz < PLATE_SIDE; dz++) {
                for (int dy = 0; dy < PLATE_SIDE; dy++) {
                    grid.setArea(c, c - PLATE_SIDE / 2 + dy, c - PLATE_SIDE / 2 + dz, VoxelGrid.SOLID);
                    carved++;
                }
            }
        }
        return carved;
    }
}
