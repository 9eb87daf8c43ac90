package org.onepath.grids.voxel;

import java.util.Arrays;
import org.onepath.cells.VoxelCornerRule;

/**
 * The pruning rules of the voxel jump point search for 26 moves without corner cutting, as
 * tables built once ({@code docs/voxels.md}, "Jump point search"). Directions are the move
 * numbers of {@link VoxelMoves} (faces 0..5, edges 6..17, corners 18..25); a set of directions is
 * a 26-bit mask; the 3 x 3 x 3 neighbourhood of a voxel is a 27-bit open mask numbered as in
 * {@link VoxelMoves}.
 *
 * <ul>
 *   <li>Natural successors of an arrival d: every move e whose non-zero components are a subset
 *       of d's with the same signs (d itself included): 7 after a corner, 3 after an edge, 1 after
 *       a face move. This is the canonical order: corner moves, then edge, then face moves, each
 *       within the one before.</li>
 *   <li>Forced successors of an arrival d at x (from p = x - d): every legal move e that is not
 *       natural and for which the bounding box of p and x + e holds a solid voxel. Where that box
 *       is open, the two moves d, e can be replaced by the canonical two moves between p and
 *       x + e at no greater cost, which never lie beyond it.</li>
 * </ul>
 */
final class VoxelJumpRules {
    private VoxelJumpRules() {}

    static final int COUNT = VoxelMoves.COUNT;
    /** Every direction. */
    static final int ALL = (1 << COUNT) - 1;
    /** Every voxel of the 3 x 3 x 3 neighbourhood open. */
    static final int ALL_OPEN = (1 << 27) - 1;

    /** Number of non-zero components of each direction: 1 face, 2 edge, 3 corner. */
    static final int[] AXES = new int[COUNT];
    /** Per direction, the neighbourhood bits that must be open for the move: destination and swept voxels. */
    static final int[] LEGAL = new int[COUNT];
    /** Per arrival, its natural successors. */
    static final int[] NATURAL = new int[COUNT];
    /** Per arrival, the directions that may be forced, with their legality and box masks. */
    static final int[][] FORCED_MOVE = new int[COUNT][];

    static final int[][] FORCED_LEGAL = new int[COUNT][];
    static final int[][] FORCED_BOX = new int[COUNT][];
    /** Per edge or corner direction, the face directions within it (ascending). */
    static final int[][] SUB_FACES = new int[COUNT][];
    /** Per corner direction, the edge directions within it (ascending). */
    static final int[][] SUB_EDGES = new int[COUNT][];

    static {
        final int ncc = VoxelCornerRule.NO_CORNER_CUTTING.code();
        for (int d = 0; d < COUNT; d++) {
            AXES[d] = Math.abs(VoxelMoves.DX[d]) + Math.abs(VoxelMoves.DY[d]) + Math.abs(VoxelMoves.DZ[d]);
            LEGAL[d] = VoxelMoves.SINGLE_ROUTE[ncc][d];
        }
        for (int d = 0; d < COUNT; d++) {
            int natural = 0;
            int[] moves = new int[COUNT];
            int[] legal = new int[COUNT];
            int[] box = new int[COUNT];
            int n = 0;
            int faces = 0;
            int edges = 0;
            int[] subFaces = new int[3];
            int[] subEdges = new int[3];
            for (int e = 0; e < COUNT; e++) {
                if (within(e, d)) {
                    natural |= 1 << e;
                    if (e != d && AXES[e] == 1) {
                        subFaces[faces++] = e;
                    } else if (e != d && AXES[e] == 2) {
                        subEdges[edges++] = e;
                    }
                    continue;
                }
                moves[n] = e;
                legal[n] = LEGAL[e];
                box[n] = boxMask(
                        -VoxelMoves.DX[d],
                        -VoxelMoves.DY[d],
                        -VoxelMoves.DZ[d],
                        VoxelMoves.DX[e],
                        VoxelMoves.DY[e],
                        VoxelMoves.DZ[e]);
                n++;
            }
            NATURAL[d] = natural;
            FORCED_MOVE[d] = Arrays.copyOf(moves, n);
            FORCED_LEGAL[d] = Arrays.copyOf(legal, n);
            FORCED_BOX[d] = Arrays.copyOf(box, n);
            SUB_FACES[d] = Arrays.copyOf(subFaces, faces);
            SUB_EDGES[d] = Arrays.copyOf(subEdges, edges);
        }
    }

    /** Move number of offset (dx, dy, dz). */
    static int direction(int dx, int dy, int dz) {
        for (int d = 0; d < COUNT; d++) {
            if (VoxelMoves.DX[d] == dx && VoxelMoves.DY[d] == dy && VoxelMoves.DZ[d] == dz) {
                return d;
            }
        }
        throw new IllegalArgumentException("no move (" + dx + ", " + dy + ", " + dz + ")");
    }

    /** Whether e's non-zero components are a subset of d's with the same signs. */
    private static boolean within(int e, int d) {
        return part(VoxelMoves.DX[e], VoxelMoves.DX[d])
                && part(VoxelMoves.DY[e], VoxelMoves.DY[d])
                && part(VoxelMoves.DZ[e], VoxelMoves.DZ[d]);
    }

    private static boolean part(int e, int d) {
        return e == 0 || e == d;
    }

    /** Neighbourhood mask of the bounding box of offsets a and b (each in -1..1). */
    private static int boxMask(int ax, int ay, int az, int bx, int by, int bz) {
        int mask = 0;
        for (int z = Math.min(az, bz); z <= Math.max(az, bz); z++) {
            for (int y = Math.min(ay, by); y <= Math.max(ay, by); y++) {
                for (int x = Math.min(ax, bx); x <= Math.max(ax, bx); x++) {
                    mask |= 1 << VoxelMoves.bit(x, y, z);
                }
            }
        }
        return mask;
    }

    /** The directions whose move is legal in a neighbourhood. */
    static int legalMoves(int open) {
        int mask = 0;
        for (int e = 0; e < COUNT; e++) {
            if ((open & LEGAL[e]) == LEGAL[e]) {
                mask |= 1 << e;
            }
        }
        return mask;
    }

    /** Whether direction e is legal in a neighbourhood. */
    static boolean legal(int open, int e) {
        return (open & LEGAL[e]) == LEGAL[e];
    }

    /** The forced successors of arrival d in a neighbourhood. */
    static int forced(int open, int d) {
        if (open == ALL_OPEN) {
            return 0;
        }
        final int[] moves = FORCED_MOVE[d];
        final int[] legal = FORCED_LEGAL[d];
        final int[] box = FORCED_BOX[d];
        int mask = 0;
        for (int i = 0; i < moves.length; i++) {
            if ((open & legal[i]) == legal[i] && (open & box[i]) != box[i]) {
                mask |= 1 << moves[i];
            }
        }
        return mask;
    }

    /** Whether arrival d has a forced successor in a neighbourhood. */
    static boolean anyForced(int open, int d) {
        if (open == ALL_OPEN) {
            return false;
        }
        final int[] legal = FORCED_LEGAL[d];
        final int[] box = FORCED_BOX[d];
        for (int i = 0; i < legal.length; i++) {
            if ((open & legal[i]) == legal[i] && (open & box[i]) != box[i]) {
                return true;
            }
        }
        return false;
    }

    /** The successors of a set of arrivals (START_BIT: every direction) in a neighbourhood, legal ones only. */
    static int successors(int arrivals, int open, int startBit) {
        int mask;
        if ((arrivals & startBit) != 0) {
            mask = ALL;
        } else {
            mask = 0;
            for (int a = arrivals; a != 0; a &= a - 1) {
                final int d = Integer.numberOfTrailingZeros(a);
                mask |= NATURAL[d] | forced(open, d);
            }
        }
        return mask & legalMoves(open);
    }
}
