package org.onepath;

import org.onepath.state.SpacePiece;

/**
 * World mapping of a voxel grid: voxel (i, j, k) spans {@code origin + (i, j, k) * cellSize} to
 * one cell size further on each axis, so its centre is {@code origin + (i + 0.5) * cellSize} per
 * axis and a world point maps to {@code floor((p - origin) / cellSize)}.
 *
 * <p>{@link #UNASSIGNED} (all four zero) is the default of a new grid and behaves as unit voxels
 * at the origin. Any other space needs |origin| &lt;= 2^21 and 0 &lt; cellSize &lt;= 2^21.
 *
 * @param originX  world x of the block's low corner, |originX| &lt;= 2^21
 * @param originY  world y of the block's low corner, |originY| &lt;= 2^21
 * @param originZ  world z of the block's low corner, |originZ| &lt;= 2^21
 * @param cellSize world length of a voxel's side, 0 &lt; cellSize &lt;= 2^21; all four 0 is
 *                 {@link #UNASSIGNED}
 */
public record VoxelSpace(double originX, double originY, double originZ, double cellSize) {
    /** The unassigned default: unit voxels with the origin at 0. */
    public static final VoxelSpace UNASSIGNED = new VoxelSpace(0, 0, 0, 0);

    /**
     * Checks the mapping.
     *
     * @param originX world x of the grid's low x face, |originX| &lt;= 2^21
     * @param originY world y of the grid's low y face, |originY| &lt;= 2^21
     * @param originZ world z of the grid's low z face, |originZ| &lt;= 2^21
     * @param cellSize world length of a voxel side, 0 &lt; cellSize &lt;= 2^21 (all four 0: unassigned)
     * @throws IllegalArgumentException if a value is out of range, NaN or infinite
     */
    public VoxelSpace {
        if (!(originX == 0 && originY == 0 && originZ == 0 && cellSize == 0)) {
            WorldPoint.checkCoordinate("originX", originX);
            WorldPoint.checkCoordinate("originY", originY);
            WorldPoint.checkCoordinate("originZ", originZ);
            if (!(cellSize > 0 && cellSize <= WorldPoint.LIMIT)) {
                throw new IllegalArgumentException("cellSize = " + cellSize + " must be > 0 and <= 2^21");
            }
        }
    }

    /**
     * The cell size a mapping uses: 1 for the unassigned space.
     *
     * @return {@link #cellSize()}, or 1 when unassigned
     */
    public double effectiveCellSize() {
        return cellSize == 0 ? 1.0 : cellSize;
    }

    /**
     * Centre of voxel (x, y, z).
     *
     * @param x the voxel's x; any value
     * @param y the voxel's y; any value
     * @param z the voxel's z; any value
     * @return the centre in world units
     */
    public VoxelPoint centerOf(int x, int y, int z) {
        double size = effectiveCellSize();
        return new VoxelPoint(originX + (x + 0.5) * size, originY + (y + 0.5) * size, originZ + (z + 0.5) * size);
    }

    /**
     * The voxel index along one axis of a world value: {@code floor((v - origin) / cellSize)}.
     *
     * @param axis "x", "y" or "z", named in the error
     * @throws IllegalArgumentException if the value breaks the coordinate rule
     */
    long indexOf(String axis, double value, double origin) {
        WorldPoint.checkCoordinate(axis, value);
        return (long) Math.floor((value - origin) / effectiveCellSize());
    }

    /** This mapping as the snapshot's space piece. */
    SpacePiece.Voxel toPiece() {
        return new SpacePiece.Voxel(originX, originY, originZ, cellSize);
    }

    /** The mapping a snapshot's space piece holds. */
    static VoxelSpace of(SpacePiece.Voxel piece) {
        return new VoxelSpace(piece.originX(), piece.originY(), piece.originZ(), piece.cellSize());
    }
}
