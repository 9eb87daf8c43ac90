package org.onepath.grids.voxel;

/**
 * Told about every write to a {@link ChunkTable} (tier 3), after the table holds the new value, so
 * that a structure derived from the voxels (the bit rows of the jump point search) follows edits.
 * It sees the table itself, below any grid facade: a grid's edits, restores and bulk writes all
 * reach it. Called on the writing thread; keep it short.
 */
public interface ChunkEditListener {
    /**
     * The voxel at (x, y, z) now holds another area.
     *
     * @param x the voxel's x, 0..sizeX-1
     * @param y the voxel's y, 0..sizeY-1
     * @param z the voxel's z, 0..sizeZ-1
     */
    void voxelEdited(int x, int y, int z);

    /**
     * Any voxel of the chunk in slot {@code slot} may change: the slot was made default again, or
     * its writable chunk was handed to a bulk writer that writes after this call (and must finish
     * before anything reads the derived structure again).
     *
     * @param slot the chunk's slot, 0..chunkCount-1 ({@link ChunkTable#slotOf})
     */
    void chunkReplaced(int slot);
}
