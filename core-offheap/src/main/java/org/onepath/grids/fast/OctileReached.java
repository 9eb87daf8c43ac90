package org.onepath.grids.fast;

import static org.onepath.layout.OctileNodeLayout.FLAGS_MASK;
import static org.onepath.layout.OctileNodeLayout.INT;
import static org.onepath.layout.OctileNodeLayout.RECORD_BYTES;
import static org.onepath.layout.OctileNodeLayout.TAG_OFFSET;

import java.lang.foreign.MemorySegment;

/**
 * The partial paths of the octile searches, read from their records: which cells the current
 * search reached, the closest of them and the length and cost of the route to one. Both
 * {@link OctileAStar} and {@link OctileJump} keep a record per cell with the pair and tag laid
 * out as {@link org.onepath.layout.OctileNodeLayout} (the jump search's
 * {@link org.onepath.layout.JumpNodeLayout} differs only in the field at 8); they differ only
 * by the wall round the A*'s records, which {@code pad} names (1 for the A*, 0 for the jump
 * search, whose row is then {@code width} records long).
 *
 * <p>A record counts as reached when its tag lies in {@code genBase .. genBase + FLAGS_MASK}:
 * below is an earlier search, above only a wall's tag.
 */
final class OctileReached {
    private OctileReached() {}

    /** Byte offset of the record of cell (x, y) in records padded by {@code pad} cells all round. */
    static long offset(int width, int pad, int x, int y) {
        return ((long) (y + pad) * (width + 2 * pad) + x + pad) * RECORD_BYTES;
    }

    /** Whether the record at {@code off} was reached by the search of generation base {@code genBase}. */
    static boolean reached(MemorySegment records, long off, int genBase) {
        final int rel = records.get(INT, off + TAG_OFFSET) - genBase;
        return rel >= 0 && rel <= FLAGS_MASK;
    }

    /**
     * The reached cell of least (octile estimate, cost, cell), estimates and costs compared
     * exactly as integer pairs ({@link OctilePairs#closer}): one pass over the records in
     * row-major order, O(cells); allocates nothing.
     *
     * @return the row-major cell, or -1 when none is reached
     */
    static int closest(
            MemorySegment records,
            int width,
            int height,
            int pad,
            int genBase,
            int goalX,
            int goalY,
            boolean zeroEstimate) {
        int best = -1;
        int bestA = 0;
        int bestB = 0;
        for (int y = 0; y < height; y++) {
            for (int x = 0; x < width; x++) {
                final long off = offset(width, pad, x, y);
                if (!reached(records, off, genBase)) {
                    continue;
                }
                final int a = OctilePairs.straight(records, off);
                final int b = OctilePairs.diagonal(records, off);
                final int cell = y * width + x;
                if (best < 0
                        || OctilePairs.closer(
                                x,
                                y,
                                a,
                                b,
                                cell,
                                best % width,
                                best / width,
                                bestA,
                                bestB,
                                best,
                                goalX,
                                goalY,
                                zeroEstimate)) {
                    best = cell;
                    bestA = a;
                    bestB = b;
                }
            }
        }
        return best;
    }

    /**
     * The record offset of a row-major cell the current search reached.
     *
     * @throws IllegalArgumentException if the cell is outside the grid or not reached
     */
    static long reachedOffset(MemorySegment records, int width, int height, int pad, int genBase, int node) {
        if (node >= 0 && node < width * height) {
            final long off = offset(width, pad, node % width, node / width);
            if (reached(records, off, genBase)) {
                return off;
            }
        }
        throw new IllegalArgumentException("cell " + node + " has not been reached by the current search");
    }

    /** Cells on the route to the record at {@code off}: its straight and diagonal steps plus one. */
    static int pathLength(MemorySegment records, long off) {
        return OctilePairs.straight(records, off) + OctilePairs.diagonal(records, off) + 1;
    }

    /** Throws unless {@code out} holds a path of {@code length} cells. */
    static void checkBuffer(int[] out, int length) {
        if (out.length < length) {
            throw new IllegalArgumentException("path buffer holds " + out.length + " nodes, the path has " + length);
        }
    }
}
