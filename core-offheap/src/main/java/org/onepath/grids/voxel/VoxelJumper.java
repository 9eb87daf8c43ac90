package org.onepath.grids.voxel;

import static org.onepath.layout.VoxelBitRowsLayout.TILE_MASK;
import static org.onepath.layout.VoxelBitRowsLayout.WORD_MASK;
import static org.onepath.layout.VoxelBitRowsLayout.WORD_SHIFT;

import java.util.Objects;
import org.onepath.layout.VoxelBitRowsLayout;
import org.onepath.layout.VoxelChunkLayout;

/**
 * The jumps of the voxel jump point search over {@link VoxelBitRows} ({@code docs/voxels.md},
 * "Jump point search"): from a voxel in a direction, the number of steps to the first voxel where
 * the search must stop, or 0 when the line ends at a solid voxel or the world's face first.
 *
 * <ul>
 *   <li>A face jump stops at the goal or at a voxel with a forced successor. It reads 64
 *       voxels per word of the bit rows along its axis: stop bits are
 *       {@code ~open | forced | goal} with the forced bits formed from the eight neighbouring
 *       rows and the same rows one voxel back.</li>
 *   <li>An edge jump stops at the goal, at a voxel with a forced successor, or where one of its
 *       two face jumps stops.</li>
 *   <li>A corner jump stops at the goal, at a voxel with a forced successor, or where one of its
 *       three face or three edge jumps stops.</li>
 * </ul>
 * Allocates nothing. Confined to one thread, as its bit rows.
 */
final class VoxelJumper {
    private final VoxelBitRows bits;
    private final VoxelBitRows columnsY;
    private final VoxelBitRows columnsZ;
    private final int sizeX;
    private final int sizeY;
    private final int sizeZ;
    private int goalX = -1;
    private int goalY = -1;
    private int goalZ = -1;

    /**
     * @param bits     rows along x
     * @param columnsY rows along y of the same table
     * @param columnsZ rows along z of the same table
     */
    VoxelJumper(VoxelBitRows bits, VoxelBitRows columnsY, VoxelBitRows columnsZ) {
        this.bits = Objects.requireNonNull(bits, "bits");
        this.columnsY = Objects.requireNonNull(columnsY, "columnsY");
        this.columnsZ = Objects.requireNonNull(columnsZ, "columnsZ");
        if (bits.axis() != 0 || columnsY.axis() != 1 || columnsZ.axis() != 2) {
            throw new IllegalArgumentException("rows along x, y and z expected");
        }
        this.sizeX = bits.sizeX();
        this.sizeY = bits.sizeY();
        this.sizeZ = bits.sizeZ();
    }

    VoxelBitRows bits() {
        return bits;
    }

    /** Sets the goal, a stop of every line through it. */
    void target(int x, int y, int z) {
        goalX = x;
        goalY = y;
        goalZ = z;
    }

    /** Steps from (x, y, z) in direction {@code dir} to the first stop, 0 for none. */
    int jump(int x, int y, int z, int dir) {
        return switch (VoxelJumpRules.AXES[dir]) {
            case 1 -> face(x, y, z, dir);
            case 2 -> edge(x, y, z, dir);
            default -> corner(x, y, z, dir);
        };
    }

    /**
     * The quiet-region test of a jump: whether every voxel the jump and its scans can visit, with
     * the neighbourhoods that decide their forced successors, lies in uniformly open chunks. Along
     * an axis of the move that box runs from the voxel to the world's face; across it, one voxel
     * either side. Inside it a jump meets neither a solid voxel nor a forced successor, so only
     * the goal can stop it, and it runs straight to the world's face otherwise.
     */
    private boolean quiet(int x, int y, int z, int dx, int dy, int dz) {
        // The jump's first voxel's chunk lies in the box: when it holds a solid, so does the box.
        final int shift = VoxelChunkLayout.CHUNK_SHIFT;
        final int fx = x + dx;
        final int fy = y + dy;
        final int fz = z + dz;
        if (fx >= 0
                && fy >= 0
                && fz >= 0
                && fx < sizeX
                && fy < sizeY
                && fz < sizeZ
                && bits.busyChunk(fx >> shift, fy >> shift, fz >> shift)) {
            return false;
        }
        return bits.quietBox(
                dx > 0 ? x : dx < 0 ? 0 : x - 1,
                dx > 0 ? sizeX - 1 : dx < 0 ? x : x + 1,
                dy > 0 ? y : dy < 0 ? 0 : y - 1,
                dy > 0 ? sizeY - 1 : dy < 0 ? y : y + 1,
                dz > 0 ? z : dz < 0 ? 0 : z - 1,
                dz > 0 ? sizeZ - 1 : dz < 0 ? z : z + 1);
    }

    /** Whether the goal lies in the region a jump from (x, y, z) along (dx, dy, dz) sweeps: ahead on the move's axes, level on the others. */
    private boolean goalAhead(int x, int y, int z, int dx, int dy, int dz) {
        return ahead(goalX - x, dx) && ahead(goalY - y, dy) && ahead(goalZ - z, dz);
    }

    private static boolean ahead(int offset, int d) {
        return d == 0 ? offset == 0 : offset * d > 0;
    }

    /** The open mask of the 3 x 3 x 3 neighbourhood of (x, y, z), solid outside the world. */
    int neighbourhood(int x, int y, int z) {
        final int lx = x & WORD_MASK;
        final int ly = y & TILE_MASK;
        final int lz = z & TILE_MASK;
        int open = 0;
        if (lx != 0
                && lx != WORD_MASK
                && ly != 0
                && ly != TILE_MASK
                && lz != 0
                && lz != TILE_MASK
                && x + 1 < sizeX
                && y + 1 < sizeY
                && z + 1 < sizeZ) {
            // The 3 x 3 x 3 block lies in one word column of one tile: one code read, and none
            // of the words when the tile is open throughout.
            final VoxelBitRows b = bits;
            final int code = b.tileCode(x >> WORD_SHIFT, y, z);
            if (code == VoxelBitRowsLayout.OPEN) {
                return VoxelJumpRules.ALL_OPEN;
            }
            if (code == VoxelBitRowsLayout.SOLID) {
                return 0;
            }
            for (int dz = -1; dz <= 1; dz++) {
                for (int dy = -1; dy <= 1; dy++) {
                    open |= ((int) (b.storedWord(code, y + dy, z + dz) >>> (lx - 1)) & 7)
                            << (3 * (dy + 1) + 9 * (dz + 1));
                }
            }
            return open;
        }
        for (int dz = -1; dz <= 1; dz++) {
            for (int dy = -1; dy <= 1; dy++) {
                open |= triple(x, y + dy, z + dz) << (3 * (dy + 1) + 9 * (dz + 1));
            }
        }
        return open;
    }

    /** Bits of voxels x-1, x, x+1 of row (y, z) as bits 0, 1, 2. */
    private int triple(int x, int y, int z) {
        final int wx = x >> WORD_SHIFT;
        final int i = x & WORD_MASK;
        final long w = bits.word(wx, y, z);
        if (i != 0 && i != WORD_MASK) {
            return (int) (w >>> (i - 1)) & 7;
        }
        if (i == 0) {
            return (int) (bits.word(wx - 1, y, z) >>> WORD_MASK) | (int) (w & 3) << 1;
        }
        return (int) (w >>> (WORD_MASK - 1)) & 3 | (int) (bits.word(wx + 1, y, z) & 1) << 2;
    }

    // ---- face jumps ----

    private int face(int x, int y, int z, int dir) {
        final int dx = VoxelMoves.DX[dir];
        final int ddy = VoxelMoves.DY[dir];
        final int ddz = VoxelMoves.DZ[dir];
        if (quiet(x, y, z, dx, ddy, ddz)) {
            return goalAhead(x, y, z, dx, ddy, ddz)
                    ? Math.abs(goalX - x) + Math.abs(goalY - y) + Math.abs(goalZ - z)
                    : 0;
        }
        if (dx != 0) {
            return dx > 0 ? forward(bits, x, y, z, goalX, goalY, goalZ) : backward(bits, x, y, z, goalX, goalY, goalZ);
        }
        if (ddy != 0) {
            return ddy > 0
                    ? forward(columnsY, y, x, z, goalY, goalX, goalZ)
                    : backward(columnsY, y, x, z, goalY, goalX, goalZ);
        }
        return ddz > 0
                ? forward(columnsZ, z, x, y, goalZ, goalX, goalY)
                : backward(columnsZ, z, x, y, goalZ, goalX, goalY);
    }

    /** The goal's bit in word {@code wx} of row (y, z), 0 when the goal (gx, gy, gz) is elsewhere; row coordinates. */
    private static long goalBit(int wx, int y, int z, int gx, int gy, int gz) {
        return y == gy && z == gz && gx >> WORD_SHIFT == wx ? 1L << (gx & WORD_MASK) : 0L;
    }

    /**
     * Face jump towards +a over rows {@code b}, in its row coordinates (a, u, v) with the goal at
     * (ga, gu, gv). Forced at voxel i (previous voxel i - 1): a face neighbour row r with r[i] open
     * and r[i - 1] solid, or an edge neighbour row r with r[i - 1] solid and r[i] and both face
     * rows beside it open at i. The rule is the same across every axis.
     */
    private static int forward(VoxelBitRows b, int x, int y, int z, int gx, int gy, int gz) {
        int wx = x >> WORD_SHIFT;
        long cyn = 0;
        long cyp = 0;
        long czn = 0;
        long czp = 0;
        long cnn = 0;
        long cpn = 0;
        long cnp = 0;
        long cpp = 0;
        // The carries into bit 0 of the first word stay 0: the positions they decide are not ahead.
        long ahead = -1L << (x & WORD_MASK) << 1;
        // The nine rows lie in one tile row when (y, z) is inside its tile, not on its border.
        final int ly = y & TILE_MASK;
        final int lz = z & TILE_MASK;
        final boolean oneTile =
                ly != 0 && ly != TILE_MASK && lz != 0 && lz != TILE_MASK && y + 1 < b.sizeU() && z + 1 < b.sizeV();
        final int words = b.wordsX();
        while (true) {
            final long c;
            final long yn;
            final long yp;
            final long zn;
            final long zp;
            final long nn;
            final long pn;
            final long np;
            final long pp;
            final int code = oneTile && wx >= 0 && wx < words ? b.tileCode(wx, y, z) : 0;
            if (code >= VoxelBitRowsLayout.FIRST_STORED) {
                c = b.storedWord(code, y, z);
                yn = b.storedWord(code, y - 1, z);
                yp = b.storedWord(code, y + 1, z);
                zn = b.storedWord(code, y, z - 1);
                zp = b.storedWord(code, y, z + 1);
                nn = b.storedWord(code, y - 1, z - 1);
                pn = b.storedWord(code, y + 1, z - 1);
                np = b.storedWord(code, y - 1, z + 1);
                pp = b.storedWord(code, y + 1, z + 1);
            } else if (code == VoxelBitRowsLayout.OPEN) {
                c = b.openWord(wx);
                yn = c;
                yp = c;
                zn = c;
                zp = c;
                nn = c;
                pn = c;
                np = c;
                pp = c;
            } else {
                c = b.word(wx, y, z);
                yn = b.word(wx, y - 1, z);
                yp = b.word(wx, y + 1, z);
                zn = b.word(wx, y, z - 1);
                zp = b.word(wx, y, z + 1);
                nn = b.word(wx, y - 1, z - 1);
                pn = b.word(wx, y + 1, z - 1);
                np = b.word(wx, y - 1, z + 1);
                pp = b.word(wx, y + 1, z + 1);
            }
            final long forced = (yn & ~(yn << 1 | cyn))
                    | (yp & ~(yp << 1 | cyp))
                    | (zn & ~(zn << 1 | czn))
                    | (zp & ~(zp << 1 | czp))
                    | (nn & yn & zn & ~(nn << 1 | cnn))
                    | (pn & yp & zn & ~(pn << 1 | cpn))
                    | (np & yn & zp & ~(np << 1 | cnp))
                    | (pp & yp & zp & ~(pp << 1 | cpp));
            final long stop = (~c | forced | goalBit(wx, y, z, gx, gy, gz)) & ahead;
            if (stop != 0) {
                final int i = Long.numberOfTrailingZeros(stop);
                return ((c >>> i) & 1) == 0 ? 0 : (wx << WORD_SHIFT) + i - x;
            }
            cyn = yn >>> WORD_MASK;
            cyp = yp >>> WORD_MASK;
            czn = zn >>> WORD_MASK;
            czp = zp >>> WORD_MASK;
            cnn = nn >>> WORD_MASK;
            cpn = pn >>> WORD_MASK;
            cnp = np >>> WORD_MASK;
            cpp = pp >>> WORD_MASK;
            ahead = -1L;
            wx++;
        }
    }

    /** Face jump towards -a: as forwards, with the previous voxel at i + 1. */
    private static int backward(VoxelBitRows b, int x, int y, int z, int gx, int gy, int gz) {
        int wx = x >> WORD_SHIFT;
        long cyn = 0;
        long cyp = 0;
        long czn = 0;
        long czp = 0;
        long cnn = 0;
        long cpn = 0;
        long cnp = 0;
        long cpp = 0;
        // The carries into bit 63 of the first word stay 0: the positions they decide are not ahead.
        long ahead = (1L << (x & WORD_MASK)) - 1;
        // The nine rows lie in one tile row when (y, z) is inside its tile, not on its border.
        final int ly = y & TILE_MASK;
        final int lz = z & TILE_MASK;
        final boolean oneTile =
                ly != 0 && ly != TILE_MASK && lz != 0 && lz != TILE_MASK && y + 1 < b.sizeU() && z + 1 < b.sizeV();
        final int words = b.wordsX();
        while (true) {
            final long c;
            final long yn;
            final long yp;
            final long zn;
            final long zp;
            final long nn;
            final long pn;
            final long np;
            final long pp;
            final int code = oneTile && wx >= 0 && wx < words ? b.tileCode(wx, y, z) : 0;
            if (code >= VoxelBitRowsLayout.FIRST_STORED) {
                c = b.storedWord(code, y, z);
                yn = b.storedWord(code, y - 1, z);
                yp = b.storedWord(code, y + 1, z);
                zn = b.storedWord(code, y, z - 1);
                zp = b.storedWord(code, y, z + 1);
                nn = b.storedWord(code, y - 1, z - 1);
                pn = b.storedWord(code, y + 1, z - 1);
                np = b.storedWord(code, y - 1, z + 1);
                pp = b.storedWord(code, y + 1, z + 1);
            } else if (code == VoxelBitRowsLayout.OPEN) {
                c = b.openWord(wx);
                yn = c;
                yp = c;
                zn = c;
                zp = c;
                nn = c;
                pn = c;
                np = c;
                pp = c;
            } else {
                c = b.word(wx, y, z);
                yn = b.word(wx, y - 1, z);
                yp = b.word(wx, y + 1, z);
                zn = b.word(wx, y, z - 1);
                zp = b.word(wx, y, z + 1);
                nn = b.word(wx, y - 1, z - 1);
                pn = b.word(wx, y + 1, z - 1);
                np = b.word(wx, y - 1, z + 1);
                pp = b.word(wx, y + 1, z + 1);
            }
            final long forced = (yn & ~(yn >>> 1 | cyn))
                    | (yp & ~(yp >>> 1 | cyp))
                    | (zn & ~(zn >>> 1 | czn))
                    | (zp & ~(zp >>> 1 | czp))
                    | (nn & yn & zn & ~(nn >>> 1 | cnn))
                    | (pn & yp & zn & ~(pn >>> 1 | cpn))
                    | (np & yn & zp & ~(np >>> 1 | cnp))
                    | (pp & yp & zp & ~(pp >>> 1 | cpp));
            final long stop = (~c | forced | goalBit(wx, y, z, gx, gy, gz)) & ahead;
            if (stop != 0) {
                final int i = WORD_MASK - Long.numberOfLeadingZeros(stop);
                return ((c >>> i) & 1) == 0 ? 0 : x - ((wx << WORD_SHIFT) + i);
            }
            cyn = yn << WORD_MASK;
            cyp = yp << WORD_MASK;
            czn = zn << WORD_MASK;
            czp = zp << WORD_MASK;
            cnn = nn << WORD_MASK;
            cpn = pn << WORD_MASK;
            cnp = np << WORD_MASK;
            cpp = pp << WORD_MASK;
            ahead = -1L;
            wx--;
        }
    }

    // ---- edge and corner jumps ----

    private int edge(int x, int y, int z, int dir) {
        final int dx = VoxelMoves.DX[dir];
        final int dy = VoxelMoves.DY[dir];
        final int dz = VoxelMoves.DZ[dir];
        final int legal = VoxelJumpRules.LEGAL[dir];
        final int[] faces = VoxelJumpRules.SUB_FACES[dir];
        final int f0 = faces[0];
        final int f1 = faces[1];
        if (quiet(x, y, z, dx, dy, dz) && !goalAhead(x, y, z, dx, dy, dz)) {
            return 0;
        }
        int open = neighbourhood(x, y, z);
        int k = 0;
        while ((open & legal) == legal) {
            x += dx;
            y += dy;
            z += dz;
            k++;
            open = neighbourhood(x, y, z);
            if ((x == goalX && y == goalY && z == goalZ)
                    || VoxelJumpRules.anyForced(open, dir)
                    || face(x, y, z, f0) > 0
                    || face(x, y, z, f1) > 0) {
                return k;
            }
        }
        return 0;
    }

    private int corner(int x, int y, int z, int dir) {
        final int dx = VoxelMoves.DX[dir];
        final int dy = VoxelMoves.DY[dir];
        final int dz = VoxelMoves.DZ[dir];
        final int legal = VoxelJumpRules.LEGAL[dir];
        final int[] faces = VoxelJumpRules.SUB_FACES[dir];
        final int[] edges = VoxelJumpRules.SUB_EDGES[dir];
        if (quiet(x, y, z, dx, dy, dz) && !goalAhead(x, y, z, dx, dy, dz)) {
            return 0;
        }
        int open = neighbourhood(x, y, z);
        int k = 0;
        while ((open & legal) == legal) {
            x += dx;
            y += dy;
            z += dz;
            k++;
            open = neighbourhood(x, y, z);
            if ((x == goalX && y == goalY && z == goalZ)
                    || VoxelJumpRules.anyForced(open, dir)
                    || face(x, y, z, faces[0]) > 0
                    || face(x, y, z, faces[1]) > 0
                    || face(x, y, z, faces[2]) > 0
                    || edge(x, y, z, edges[0]) > 0
                    || edge(x, y, z, edges[1]) > 0
                    || edge(x, y, z, edges[2]) > 0) {
                return k;
            }
        }
        return 0;
    }
}
