package org.onepath.grids.voxel;

import static org.onepath.layout.VoxelChunkLayout.CHUNK_MASK;
import static org.onepath.layout.VoxelChunkLayout.CHUNK_SHIFT;
import static org.onepath.layout.VoxelChunkLayout.EMPTY;
import static org.onepath.layout.VoxelChunkLayout.VOXEL;

import java.lang.foreign.MemorySegment;
import java.util.Objects;
import org.onepath.cells.AreaCosts;
import org.onepath.cells.VoxelConnectivity;
import org.onepath.cells.VoxelCornerRule;
import org.onepath.grids.GridTopology;
import org.onepath.layout.VoxelChunkLayout;

/**
 * The moves of a voxel grid (tier 2/3): 6, 18 or 26 neighbours in the normative order
 * ({@link VoxelMoves}), a corner rule for edge and corner moves, and the cost
 * {@code length * ((m[from] + m[to]) * 0.5)} with m the area multipliers. The destination must be
 * open; voxels outside the block count as solid. Node of voxel (x, y, z):
 * {@code x + sizeX * (y + sizeY * z)}.
 *
 * <p>It reads the live chunk table, so a query after an edit sees the edit; there is nothing to
 * repair. It keeps scratch space for one neighbourhood: use one topology per search, not one for
 * several threads at once.
 */
public final class VoxelTopology implements GridTopology {
    private static final int ALL_OPEN = (1 << 27) - 1;

    private final ChunkTable chunks;
    private final AreaCosts areas;
    private final VoxelConnectivity connectivity;
    private final VoxelCornerRule cornerRule;
    private final int sizeX;
    private final int sizeY;
    private final int sizeZ;
    private final int moveCount;
    private final int[][] routes;
    private final int[] singleRoute;
    private final int[] nodeDelta;
    private static final int UNKNOWN = -1;

    private final int[] around = new int[27];
    private final int[] chunkRefs = new int[8];
    private final int[] moveScratch;

    /**
     * The moves of a voxel block over its live chunk table.
     *
     * @param chunks       the voxels to read; the topology holds the table, it does not own it
     * @param areas        the area multipliers, read live
     * @param connectivity 6, 18 or 26 moves
     * @param cornerRule   when an edge or corner move may pass solid voxels
     */
    public VoxelTopology(
            ChunkTable chunks, AreaCosts areas, VoxelConnectivity connectivity, VoxelCornerRule cornerRule) {
        this.chunks = Objects.requireNonNull(chunks, "chunks");
        this.areas = Objects.requireNonNull(areas, "areas");
        this.connectivity = Objects.requireNonNull(connectivity, "connectivity");
        this.cornerRule = Objects.requireNonNull(cornerRule, "cornerRule");
        this.sizeX = chunks.sizeX();
        this.sizeY = chunks.sizeY();
        this.sizeZ = chunks.sizeZ();
        this.moveCount = connectivity.moves();
        this.routes = VoxelMoves.ROUTES[cornerRule.code()];
        this.singleRoute = VoxelMoves.SINGLE_ROUTE[cornerRule.code()];
        this.nodeDelta = new int[moveCount];
        for (int j = 0; j < moveCount; j++) {
            nodeDelta[j] = VoxelMoves.DX[j] + sizeX * (VoxelMoves.DY[j] + sizeY * VoxelMoves.DZ[j]);
        }
        this.moveScratch = new int[moveCount];
    }

    /**
     * The move set.
     *
     * @return the connectivity, not null
     */
    public VoxelConnectivity connectivity() {
        return connectivity;
    }

    /**
     * When an edge or corner move is legal.
     *
     * @return the corner rule, not null
     */
    public VoxelCornerRule cornerRule() {
        return cornerRule;
    }

    /**
     * The block's voxels along x.
     *
     * @return the side, at least 1
     */
    public int sizeX() {
        return sizeX;
    }

    /**
     * The block's voxels along y.
     *
     * @return the side, at least 1
     */
    public int sizeY() {
        return sizeY;
    }

    /**
     * The block's voxels along z.
     *
     * @return the side, at least 1
     */
    public int sizeZ() {
        return sizeZ;
    }

    /**
     * The area multipliers the costs read.
     *
     * @return the table given at construction
     */
    public AreaCosts areas() {
        return areas;
    }

    /**
     * The chunk table this topology reads.
     *
     * @return the chunk table given at construction
     */
    public ChunkTable chunks() {
        return chunks;
    }

    @Override
    public int nodeCount() {
        return sizeX * sizeY * sizeZ;
    }

    @Override
    public int maxDegree() {
        return moveCount;
    }

    /**
     * Node of voxel (x, y, z).
     *
     * @param x the voxel's x, 0..sizeX-1
     * @param y the voxel's y, 0..sizeY-1
     * @param z the voxel's z, 0..sizeZ-1
     * @return {@code x + sizeX * (y + sizeY * z)}
     */
    public int nodeOf(int x, int y, int z) {
        return x + sizeX * (y + sizeY * z);
    }

    /**
     * Whether (x, y, z) is inside the block and open.
     *
     * @param x the voxel's x; any value
     * @param y the voxel's y; any value
     * @param z the voxel's z; any value
     * @return true when inside and not solid
     */
    public boolean isOpen(int x, int y, int z) {
        return x >= 0
                && y >= 0
                && z >= 0
                && x < sizeX
                && y < sizeY
                && z < sizeZ
                && chunks.area(x, y, z) != AreaCosts.WALL;
    }

    @Override
    public boolean isWalkable(int node) {
        if (node < 0 || node >= nodeCount()) {
            return false;
        }
        int x = node % sizeX;
        int rest = node / sizeX;
        return chunks.area(x, rest % sizeY, rest / sizeY) != AreaCosts.WALL;
    }

    /**
     * The dense form for the tier-2 A*: divides the node into coordinates once, then as
     * {@link #moves}.
     */
    @Override
    public int neighbors(int node, int[] nodes, double[] costs) {
        int x = node % sizeX;
        int rest = node / sizeX;
        int[] ids = moveScratch;
        int k = moves(x, rest % sizeY, rest / sizeY, ids, costs);
        for (int i = 0; i < k; i++) {
            nodes[i] = node + nodeDelta[ids[i]];
        }
        return k;
    }

    /**
     * Writes the legal moves out of voxel (x, y, z), in the normative order: the move numbers
     * (see {@link VoxelMoves#dx}) into {@code moveIds} and their costs into {@code costs}.
     *
     * @param x       the voxel's x, 0..sizeX-1
     * @param y       the voxel's y, 0..sizeY-1
     * @param z       the voxel's z, 0..sizeZ-1
     * @param moveIds receives the move numbers from index 0; at least {@link #maxDegree()} long
     * @param costs   receives each move's cost from index 0; at least {@link #maxDegree()} long
     * @return the number of moves written
     */
    public int moves(int x, int y, int z, int[] moveIds, double[] costs) {
        if (inOneDefaultOpenChunk(x, y, z)) {
            // Every neighbour holds the open default area: every move is legal and costs its
            // length times that area's multiplier ((m + m) * 0.5 is m exactly).
            final double m = areas.multiplierOf(chunks.defaultArea());
            final double both = (m + m) * 0.5;
            final double[] length = VoxelMoves.LENGTH;
            for (int j = 0; j < moveCount; j++) {
                moveIds[j] = j;
                costs[j] = length[j] * both;
            }
            return moveCount;
        }
        final int open = gather(x, y, z);
        final int[] a = around;
        final AreaCosts m = areas;
        final double fromMultiplier = m.multiplierOf(a[VoxelMoves.CENTER]);
        final int[] target = VoxelMoves.TARGET;
        final double[] length = VoxelMoves.LENGTH;
        final int[] single = singleRoute;
        int k = 0;
        for (int j = 0; j < moveCount; j++) {
            final int t = target[j];
            final int need = single[j];
            if (need >= 0 ? (open & need) != need : (open & (1 << t)) == 0 || !routeOpen(routes[j], open)) {
                continue;
            }
            moveIds[k] = j;
            costs[k] = length[j] * ((fromMultiplier + m.multiplierOf(a[t])) * 0.5);
            k++;
        }
        return k;
    }

    /**
     * Whether one move out of an open voxel is legal: its destination inside the block and open,
     * and the corner rule's voxels of its cube open, exactly as {@link #moves} decides it.
     *
     * @param x    the voxel's x, 0..sizeX-1
     * @param y    the voxel's y, 0..sizeY-1
     * @param z    the voxel's z, 0..sizeZ-1
     * @param move the move number (see {@link VoxelMoves#dx}), below {@link #maxDegree()}
     * @return true when {@link #moves} lists the move
     */
    public boolean isLegal(int x, int y, int z, int move) {
        final int open = gather(x, y, z);
        final int need = singleRoute[move];
        return need >= 0
                ? (open & need) == need
                : (open & (1 << VoxelMoves.TARGET[move])) != 0 && routeOpen(routes[move], open);
    }

    /** Whether the 3 x 3 x 3 block around (x, y, z) lies inside one default chunk of an open default area. */
    private boolean inOneDefaultOpenChunk(int x, int y, int z) {
        final int lx = x & CHUNK_MASK;
        final int ly = y & CHUNK_MASK;
        final int lz = z & CHUNK_MASK;
        return lx != 0
                && lx != CHUNK_MASK
                && ly != 0
                && ly != CHUNK_MASK
                && lz != 0
                && lz != CHUNK_MASK
                && x + 1 < sizeX
                && y + 1 < sizeY
                && z + 1 < sizeZ
                && chunks.defaultArea() != AreaCosts.WALL
                && chunks.refAt(x, y, z) == EMPTY;
    }

    private static boolean routeOpen(int[] masks, int open) {
        for (int r : masks) {
            if ((open & r) == r) {
                return true;
            }
        }
        return false;
    }

    /**
     * Reads the 3 x 3 x 3 neighbourhood into {@link #around} (solid outside the block) and returns
     * its open mask. When the neighbourhood lies inside one chunk it costs one table read.
     */
    private int gather(int x, int y, int z) {
        final int[] a = around;
        final int lx = x & CHUNK_MASK;
        final int ly = y & CHUNK_MASK;
        final int lz = z & CHUNK_MASK;
        if (lx != 0
                && lx != CHUNK_MASK
                && ly != 0
                && ly != CHUNK_MASK
                && lz != 0
                && lz != CHUNK_MASK
                && x + 1 < sizeX
                && y + 1 < sizeY
                && z + 1 < sizeZ) {
            final int ref = chunks.refAt(x, y, z);
            if (ref == EMPTY) {
                final int d = chunks.defaultArea();
                java.util.Arrays.fill(a, d);
                return d == AreaCosts.WALL ? 0 : ALL_OPEN;
            }
            final MemorySegment slab = chunks.slabOf(ref);
            final long base = ChunkTable.chunkOffsetOf(ref)
                    + (lx - 1)
                    + ((ly - 1) << CHUNK_SHIFT)
                    + ((long) (lz - 1) << (2 * CHUNK_SHIFT));
            int open = 0;
            int i = 0;
            for (int dz = 0; dz < 3; dz++) {
                for (int dy = 0; dy < 3; dy++) {
                    final long row = base + (dy << CHUNK_SHIFT) + ((long) dz << (2 * CHUNK_SHIFT));
                    for (int dx = 0; dx < 3; dx++, i++) {
                        final int v = slab.get(VOXEL, row + dx) & 0xFF;
                        a[i] = v;
                        if (v != AreaCosts.WALL) {
                            open |= 1 << i;
                        }
                    }
                }
            }
            return open;
        }
        // Near a chunk border or the block's edge: the 27 voxels span at most two chunks per axis,
        // so at most eight chunk-table reads, each made once and kept in refs.
        final int[] refs = chunkRefs;
        java.util.Arrays.fill(refs, UNKNOWN);
        final int cx0 = (x - 1) >> CHUNK_SHIFT;
        final int cy0 = (y - 1) >> CHUNK_SHIFT;
        final int cz0 = (z - 1) >> CHUNK_SHIFT;
        final int defaultArea = chunks.defaultArea();
        int open = 0;
        int i = 0;
        for (int dz = -1; dz <= 1; dz++) {
            final int vz = z + dz;
            for (int dy = -1; dy <= 1; dy++) {
                final int vy = y + dy;
                for (int dx = -1; dx <= 1; dx++, i++) {
                    final int vx = x + dx;
                    int v = AreaCosts.WALL;
                    if (vx >= 0 && vy >= 0 && vz >= 0 && vx < sizeX && vy < sizeY && vz < sizeZ) {
                        final int cx = vx >> CHUNK_SHIFT;
                        final int cy = vy >> CHUNK_SHIFT;
                        final int cz = vz >> CHUNK_SHIFT;
                        final int key = (cx - cx0) | (cy - cy0) << 1 | (cz - cz0) << 2;
                        int ref = refs[key];
                        if (ref == UNKNOWN) {
                            ref = chunks.refOfChunk(cx, cy, cz);
                            refs[key] = ref;
                        }
                        v = ref == EMPTY
                                ? defaultArea
                                : chunks.slabOf(ref)
                                                .get(
                                                        VOXEL,
                                                        ChunkTable.chunkOffsetOf(ref)
                                                                + VoxelChunkLayout.inChunkIndex(vx, vy, vz))
                                        & 0xFF;
                    }
                    a[i] = v;
                    if (v != AreaCosts.WALL) {
                        open |= 1 << i;
                    }
                }
            }
        }
        return open;
    }
}
