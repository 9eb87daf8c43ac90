package org.onepath.grids.voxel;

import org.onepath.grids.OpenSet;
import org.onepath.layout.VoxelHeapLayout;
import org.onepath.layout.VoxelPageLayout;
import org.onepath.memory.QuadHeap;

/**
 * The open list of both voxel searches: the shared 4-ary heap ({@link VoxelHeapLayout}) in the
 * {@link OpenSet} order over (f, g, node), smaller f first, then larger g, then smaller node,
 * each entry carrying its node's slot as aux.
 *
 * <p>The voxel A* decreases keys, so its records keep their heap position: built with the pages
 * and the record's position offset, the list writes each entry's position there as it moves. The
 * jump point search queues a node again instead of moving it and builds the list without pages:
 * nothing is written.
 */
final class VoxelOpenList extends QuadHeap {
    /** The pages whose records keep heap positions, or null when none are kept. */
    private final VoxelPages positions;
    /** Offset of the heap position in a record. */
    private final long positionOffset;

    /**
     * An open list that keeps no positions.
     *
     * @param initialSlots heap entries to allocate now, 1 or more
     */
    VoxelOpenList(int initialSlots) {
        this(initialSlots, null, -1);
    }

    /**
     * An open list that writes each entry's heap position into its slot's record.
     *
     * @param initialSlots   heap entries to allocate now, 1 or more
     * @param positions      the pages holding the records, whose memory may be replaced as they grow
     * @param positionOffset offset of the i32 heap position in a record
     */
    VoxelOpenList(int initialSlots, VoxelPages positions, long positionOffset) {
        super(initialSlots);
        this.positions = positions;
        this.positionOffset = positionOffset;
    }

    @Override
    protected boolean tie(double f1, double f2) {
        return f1 == f2;
    }

    @Override
    protected boolean tieBefore(double g1, int n1, double g2, int n2) {
        return OpenSet.tieBefore(g1, n1, g2, n2);
    }

    @Override
    protected void placed(int node, int slot, int pos) {
        final VoxelPages p = positions;
        if (p != null) {
            p.records().set(VoxelPageLayout.INT, p.recordOffset(slot) + positionOffset, pos);
        }
    }
}
