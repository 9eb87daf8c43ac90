package org.onepath.grids.voxel;

import java.util.Objects;
import org.onepath.cells.AreaCosts;
import org.onepath.grids.ShortcutSmoother;

/**
 * Line of sight between voxel centres and the path modifier built on it (tier 2): shortens a voxel
 * path into straight segments between a subset of its voxels, never raising its cost.
 *
 * <p>Line of sight (normative): two open voxels see each other when the closed segment between
 * their centres touches no solid voxel, a solid voxel being its closed unit cube; voxels outside
 * the block are solid. The test is integer only. With {@code n_a = |d_a|} per axis and
 * {@code D = 2 * product of the n_a that are not 0}, the segment crosses boundary k of axis a
 * (k = 0..n_a-1) at {@code (2k+1) * D / (2 n_a)} in units of {@code L / D}. The walk takes the
 * next crossing; when two or three axes cross at once the segment passes an edge or a corner of
 * the lattice, and every voxel touching it (the current voxel stepped along each non-empty proper
 * subset of those axes) must be open; then it steps along all of them. Every voxel entered must
 * be open. Along an axis with {@code n_a = 0} the segment stays on voxel centres and touches no
 * boundary of that axis. So a face, edge or corner move is in sight exactly when every voxel of
 * its cube is open: the moves {@code NO_CORNER_CUTTING} allows.
 *
 * <p>Segment cost: {@code L * sum(m[v] * (n_v / D))}, {@code L} the Euclidean length (the sum of
 * squares exact in 64 bits, one rounding), {@code n_v} the integer length of the walk inside voxel
 * v; consecutive voxels with the same multiplier are one term. A single move therefore costs
 * {@code length * ((m[from] + m[to]) * 0.5)}, as the grid prices it, and on one area a segment
 * costs {@code L * m}.
 *
 * <p>Smoothing: from the anchor i (the start first) the next waypoint is the largest j with
 * {@code i < j <= min(count - 1, i + lookAhead)} such that j = i + 1, or the two voxels see each
 * other, the segment's cost is not above the input's cost from i to j (added in order from 0) and
 * the output's cost up to j is not above the input's cost up to j (both in path order from 0).
 * The input's own steps are kept whatever they cross. The loop, the prefix costs and the
 * guarantee are the shared shortcut loop's ({@link ShortcutSmoother}: {@link #smooth},
 * {@link #cost()}, {@link #inputCost()}), the same loop the square grid's smoother runs; this
 * class gives the voxel sight and segment cost, one integer walk that answers both.
 * {@link #smooth} takes voxel nodes {@code x + sizeX * (y + sizeY * z)}, each inside the block
 * and open; it throws {@link IllegalStateException} once the chunk table has been closed.
 *
 * <p>Reads the live chunk table and multipliers. Keeps its working arrays between calls; a call
 * allocates nothing once they are large enough. Not thread-safe.
 */
public final class VoxelPathSmoother extends ShortcutSmoother {
    /** The look-ahead {@link #VoxelPathSmoother(ChunkTable, AreaCosts)} uses. */
    public static final int DEFAULT_LOOK_AHEAD = 128;

    private static final int SOLID = AreaCosts.WALL;

    private final ChunkTable chunks;
    private final AreaCosts areas;
    private final int sizeX;
    private final int sizeY;
    private final int sizeZ;
    private final long[] next = new long[3];
    private final long[] period = new long[3];
    private final int[] pos = new int[3];
    private final int[] dir = new int[3];

    /**
     * A smoother with the default look-ahead.
     *
     * @param chunks the voxels to read; held, not owned
     * @param areas  the area multipliers, read live
     * @throws NullPointerException if an argument is null
     */
    public VoxelPathSmoother(ChunkTable chunks, AreaCosts areas) {
        this(chunks, areas, DEFAULT_LOOK_AHEAD);
    }

    /**
     * A smoother trying at most {@code lookAhead} later voxels from each anchor.
     *
     * @param chunks    the voxels to read; held, not owned
     * @param areas     the area multipliers, read live
     * @param lookAhead how many later input voxels an anchor may reach, 1 or more
     * @throws NullPointerException     if an argument is null
     * @throws IllegalArgumentException if the look-ahead is below 1
     */
    public VoxelPathSmoother(ChunkTable chunks, AreaCosts areas, int lookAhead) {
        this.chunks = Objects.requireNonNull(chunks, "chunks");
        this.areas = Objects.requireNonNull(areas, "areas");
        super(lookAhead, "voxels");
        this.sizeX = chunks.sizeX();
        this.sizeY = chunks.sizeY();
        this.sizeZ = chunks.sizeZ();
    }

    /**
     * Whether the centres of two voxels see each other (see the class comment).
     *
     * @param from a node, {@code x + sizeX * (y + sizeY * z)}, inside the block
     * @param to   a node inside the block
     * @return true when both are open and the segment touches no solid voxel
     * @throws IllegalArgumentException if a node is outside the block
     * @throws IllegalStateException    if the chunk table has been closed
     */
    public boolean isVisible(int from, int to) {
        chunks.ensureOpen();
        checkNode(from, "from");
        checkNode(to, "to");
        return areaOf(from) != SOLID && !Double.isNaN(walk(from, to, true));
    }

    /**
     * The cost of the straight segment between two voxel centres (see the class comment); sight is
     * not checked.
     *
     * @param from a node inside the block
     * @param to   a node inside the block
     * @return the cost, 0 or more (+infinity when the segment passes through a solid voxel)
     * @throws IllegalArgumentException if a node is outside the block
     * @throws IllegalStateException    if the chunk table has been closed
     */
    public double segmentCost(int from, int to) {
        chunks.ensureOpen();
        checkNode(from, "from");
        checkNode(to, "to");
        return walk(from, to, false);
    }

    // ---- the hooks of the shared shortcut loop: one walk gives a segment's cost and its sight ----

    @Override
    protected void prepare() {
        chunks.ensureOpen();
    }

    @Override
    protected void checkWaypoint(int index, int v) {
        if (isOutside(v)) {
            throw outside(v, "path[" + index + "]");
        }
        if (areaOf(v) == SOLID) {
            throw new IllegalArgumentException("path[" + index + "] = " + v + " (" + describe(v) + ") is solid");
        }
    }

    @Override
    protected double stepCost(int from, int to) {
        return walk(from, to, false);
    }

    @Override
    protected double shortcutCost(int from, int to) {
        return walk(from, to, true);
    }

    private void checkNode(int node, String name) {
        if (isOutside(node)) {
            throw outside(node, name);
        }
    }

    private boolean isOutside(int node) {
        return node < 0 || node >= (long) sizeX * sizeY * sizeZ;
    }

    private IllegalArgumentException outside(int node, String name) {
        long n = (long) sizeX * sizeY * sizeZ;
        return new IllegalArgumentException(name + " = " + node + " is outside the voxel nodes 0.." + (n - 1));
    }

    private String describe(int node) {
        return node % sizeX + ", " + (node / sizeX) % sizeY + ", " + node / sizeX / sizeY;
    }

    private int areaOf(int node) {
        return chunks.area(node % sizeX, (node / sizeX) % sizeY, node / sizeX / sizeY);
    }

    private boolean open(int x, int y, int z) {
        return chunks.area(x, y, z) != SOLID;
    }

    /**
     * The integer walk from one voxel centre to another: the segment's cost, or NaN when
     * {@code check} is set and it touches a solid voxel (the start's own voxel is not checked).
     */
    private double walk(int from, int to, boolean check) {
        if (from == to) {
            return 0.0;
        }
        final int[] p = pos;
        final int[] s = dir;
        final long[] nextAt = next;
        final long[] every = period;
        p[0] = from % sizeX;
        p[1] = (from / sizeX) % sizeY;
        p[2] = from / sizeX / sizeY;
        final int dx = to % sizeX - p[0];
        final int dy = (to / sizeX) % sizeY - p[1];
        final int dz = to / sizeX / sizeY - p[2];
        final long nx = Math.abs(dx);
        final long ny = Math.abs(dy);
        final long nz = Math.abs(dz);
        final long fx = nx == 0 ? 1 : nx;
        final long fy = ny == 0 ? 1 : ny;
        final long fz = nz == 0 ? 1 : nz;
        final long denominator = 2 * fx * fy * fz;
        s[0] = Integer.signum(dx);
        s[1] = Integer.signum(dy);
        s[2] = Integer.signum(dz);
        every[0] = fy * fz; // D / (2 nx)
        every[1] = fx * fz;
        every[2] = fx * fy;
        nextAt[0] = nx == 0 ? Long.MAX_VALUE : every[0];
        nextAt[1] = ny == 0 ? Long.MAX_VALUE : every[1];
        nextAt[2] = nz == 0 ? Long.MAX_VALUE : every[2];
        final long sumSquares = nx * nx + ny * ny + nz * nz;
        final double length = Math.sqrt((double) sumSquares);
        final double den = denominator;
        final AreaCosts m = areas;
        double runMultiplier = m.multiplierOf(chunks.area(p[0], p[1], p[2]));
        long runLength = 0;
        double weighted = 0.0;
        long here = 0;
        while (true) {
            final long at = Math.min(Math.min(Math.min(nextAt[0], nextAt[1]), nextAt[2]), denominator);
            runLength += at - here;
            here = at;
            if (here == denominator) {
                break;
            }
            int tied = 0; // bit a: axis a crosses here
            for (int a = 0; a < 3; a++) {
                if (nextAt[a] == here) {
                    tied |= 1 << a;
                    final long following = here + 2 * every[a];
                    nextAt[a] = following > denominator ? Long.MAX_VALUE : following;
                }
            }
            if (check && Integer.bitCount(tied) > 1) {
                // Every voxel touching the lattice edge or corner: the proper non-empty subsets.
                for (int subset = (tied - 1) & tied; subset != 0; subset = (subset - 1) & tied) {
                    if (!open(
                            p[0] + ((subset & 1) != 0 ? s[0] : 0),
                            p[1] + ((subset & 2) != 0 ? s[1] : 0),
                            p[2] + ((subset & 4) != 0 ? s[2] : 0))) {
                        return Double.NaN;
                    }
                }
            }
            for (int a = 0; a < 3; a++) {
                if ((tied & (1 << a)) != 0) {
                    p[a] += s[a];
                }
            }
            final int area = chunks.area(p[0], p[1], p[2]);
            if (check && area == SOLID) {
                return Double.NaN;
            }
            final double mv = m.multiplierOf(area);
            if (mv != runMultiplier) {
                weighted += runMultiplier * (runLength / den);
                runMultiplier = mv;
                runLength = 0;
            }
        }
        weighted += runMultiplier * (runLength / den);
        return length * weighted;
    }
}
