package org.onepath.grids.voxel;

import org.onepath.cells.GridMath;
import org.onepath.cells.VoxelCornerRule;

/**
 * The 26 voxel moves in the normative order and what each needs to be legal, as tables built
 * once.
 *
 * <p>Order: faces, then edges, then corners; within each group by z, then y, then x, each from
 * -1 to 1. The 3 x 3 x 3 neighbourhood of a voxel is numbered {@code (dx+1) + 3(dy+1) + 9(dz+1)}
 * (the voxel itself is 13), and a set of neighbours is a 27-bit mask over those numbers. A move
 * is legal when its destination is open and, for some route mask r of the corner rule, every
 * voxel of r is open.
 */
public final class VoxelMoves {
    private VoxelMoves() {}

    /** Number of moves of the 26-move view; the 6- and 18-move views are prefixes. */
    public static final int COUNT = 26;
    /** Neighbourhood number of the voxel itself. */
    public static final int CENTER = 13;

    static final int[] DX = new int[COUNT];
    static final int[] DY = new int[COUNT];
    static final int[] DZ = new int[COUNT];
    /** Move length: 1, GridMath.SQRT2 or VoxelMath.SQRT3. */
    static final double[] LENGTH = new double[COUNT];
    /** Neighbourhood number of each move's destination. */
    static final int[] TARGET = new int[COUNT];
    /** Route masks per corner rule code and move: the move is legal when one is fully open. */
    static final int[][][] ROUTES = new int[3][COUNT][];
    /**
     * Per corner rule code and move, the destination bit with the move's only route mask when it
     * has one route (every move under NO_CORNER_CUTTING and ALLOW_ALL, face moves always), else
     * -1: one mask test decides such a move.
     */
    static final int[][] SINGLE_ROUTE = new int[3][COUNT];
    /** Move number by neighbourhood number of its offset; -1 for the voxel itself. */
    private static final int[] MOVE_OF = new int[27];

    static {
        int k = 0;
        for (int axes = 1; axes <= 3; axes++) {
            for (int dz = -1; dz <= 1; dz++) {
                for (int dy = -1; dy <= 1; dy++) {
                    for (int dx = -1; dx <= 1; dx++) {
                        if (Math.abs(dx) + Math.abs(dy) + Math.abs(dz) != axes) {
                            continue;
                        }
                        DX[k] = dx;
                        DY[k] = dy;
                        DZ[k] = dz;
                        LENGTH[k] = axes == 1 ? 1.0 : axes == 2 ? GridMath.SQRT2 : VoxelMath.SQRT3;
                        TARGET[k] = bit(dx, dy, dz);
                        ROUTES[VoxelCornerRule.NO_CORNER_CUTTING.code()][k] = new int[] {swept(dx, dy, dz)};
                        ROUTES[VoxelCornerRule.NO_SQUEEZING.code()][k] = monotoneRoutes(dx, dy, dz);
                        ROUTES[VoxelCornerRule.ALLOW_ALL.code()][k] = new int[] {0};
                        k++;
                    }
                }
            }
        }
        MOVE_OF[CENTER] = -1;
        for (int j = 0; j < COUNT; j++) {
            MOVE_OF[TARGET[j]] = j;
        }
        for (int rule = 0; rule < 3; rule++) {
            for (int j = 0; j < COUNT; j++) {
                int[] r = ROUTES[rule][j];
                SINGLE_ROUTE[rule][j] = r.length == 1 ? r[0] | 1 << TARGET[j] : -1;
            }
        }
    }

    /**
     * The move number of an offset.
     *
     * @param dx the x step, -1..1
     * @param dy the y step, -1..1
     * @param dz the z step, -1..1
     * @return the move, 0..25, or -1 for (0, 0, 0)
     */
    public static int moveOf(int dx, int dy, int dz) {
        return MOVE_OF[bit(dx, dy, dz)];
    }

    /**
     * The voxels of a move's cube other than its start, as a mask over neighbourhood numbers
     * {@code (dx+1) + 3(dy+1) + 9(dz+1)}: the destination and every voxel
     * {@link org.onepath.cells.VoxelCornerRule#NO_CORNER_CUTTING} needs open.
     *
     * @param move the move number, 0..25
     * @return the mask
     */
    public static int cubeMask(int move) {
        return SINGLE_ROUTE[VoxelCornerRule.NO_CORNER_CUTTING.code()][move];
    }

    /** Neighbourhood number of offset (dx, dy, dz). */
    static int bit(int dx, int dy, int dz) {
        return (dx + 1) + 3 * (dy + 1) + 9 * (dz + 1);
    }

    /**
     * The x step of a move.
     *
     * @param move the move number, 0..25
     * @return -1, 0 or 1
     */
    public static int dx(int move) {
        return DX[move];
    }

    /**
     * The y step of a move.
     *
     * @param move the move number, 0..25
     * @return -1, 0 or 1
     */
    public static int dy(int move) {
        return DY[move];
    }

    /**
     * The z step of a move.
     *
     * @param move the move number, 0..25
     * @return -1, 0 or 1
     */
    public static int dz(int move) {
        return DZ[move];
    }

    /**
     * The length of a move: 1 for a face, sqrt 2 for an edge, sqrt 3 for a corner.
     *
     * @param move the move number, 0..25
     * @return 1, sqrt 2 or sqrt 3
     */
    public static double length(int move) {
        return LENGTH[move];
    }

    /** Mask of the voxels inside the move's cube other than the start and the destination. */
    private static int swept(int dx, int dy, int dz) {
        int mask = 0;
        for (int ez : span(dz)) {
            for (int ey : span(dy)) {
                for (int ex : span(dx)) {
                    boolean start = ex == 0 && ey == 0 && ez == 0;
                    boolean destination = ex == dx && ey == dy && ez == dz;
                    if (!start && !destination) {
                        mask |= 1 << bit(ex, ey, ez);
                    }
                }
            }
        }
        return mask;
    }

    private static int[] span(int d) {
        return d == 0 ? new int[] {0} : new int[] {0, d};
    }

    /**
     * The monotone face-step routes of a move, each as the mask of the voxels it passes between
     * start and destination: none for a face move, one face voxel for each of the two routes of
     * an edge move, a face voxel and the edge voxel containing it for each of the six routes of a
     * corner move.
     */
    private static int[] monotoneRoutes(int dx, int dy, int dz) {
        int[][] steps = {{dx, 0, 0}, {0, dy, 0}, {0, 0, dz}};
        int axes = (dx != 0 ? 1 : 0) + (dy != 0 ? 1 : 0) + (dz != 0 ? 1 : 0);
        if (axes == 1) {
            return new int[] {0};
        }
        int[] used = new int[3];
        int n = 0;
        for (int a = 0; a < 3; a++) {
            if (steps[a][a] != 0) {
                used[n++] = a;
            }
        }
        if (axes == 2) {
            return new int[] {
                1 << bit(steps[used[0]][0], steps[used[0]][1], steps[used[0]][2]),
                1 << bit(steps[used[1]][0], steps[used[1]][1], steps[used[1]][2])
            };
        }
        int[] routes = new int[6];
        int r = 0;
        for (int first = 0; first < 3; first++) {
            for (int second = 0; second < 3; second++) {
                if (second == first) {
                    continue;
                }
                int[] face = steps[first];
                int[] other = steps[second];
                int edge = bit(face[0] + other[0], face[1] + other[1], face[2] + other[2]);
                routes[r++] = 1 << bit(face[0], face[1], face[2]) | 1 << edge;
            }
        }
        return routes;
    }
}
