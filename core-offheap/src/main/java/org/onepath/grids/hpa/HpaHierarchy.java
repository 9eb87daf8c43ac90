package org.onepath.grids.hpa;

import static org.onepath.layout.HpaLayout.BLOCK_LENGTH_OFFSET;
import static org.onepath.layout.HpaLayout.BLOCK_OFFSET_OFFSET;
import static org.onepath.layout.HpaLayout.COST_BYTES;
import static org.onepath.layout.HpaLayout.DIRECTORY_RECORD_BYTES;
import static org.onepath.layout.HpaLayout.DOUBLE;
import static org.onepath.layout.HpaLayout.EDGE_BYTES;
import static org.onepath.layout.HpaLayout.EDGE_COST_OFFSET;
import static org.onepath.layout.HpaLayout.EDGE_NODE_OFFSET;
import static org.onepath.layout.HpaLayout.EDGE_TARGET_OFFSET;
import static org.onepath.layout.HpaLayout.FIRST_NODE_OFFSET;
import static org.onepath.layout.HpaLayout.FLAGS_OFFSET;
import static org.onepath.layout.HpaLayout.INT;
import static org.onepath.layout.HpaLayout.INTER_COUNT_OFFSET;
import static org.onepath.layout.HpaLayout.LONG;
import static org.onepath.layout.HpaLayout.MOVE_BITS;
import static org.onepath.layout.HpaLayout.MULTIPLIER_OFFSET;
import static org.onepath.layout.HpaLayout.NODE_BYTES;
import static org.onepath.layout.HpaLayout.NODE_COUNT_OFFSET;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.Arrays;
import java.util.Objects;
import org.onepath.cells.Connectivity;
import org.onepath.cells.DiagonalRule;
import org.onepath.cells.GridBatchListener;
import org.onepath.cells.SquareCells;
import org.onepath.layout.HpaLayout;
import org.onepath.memory.OwnerState;

/**
 * The abstract graph of HPA* (Botea, Müller &amp; Schaeffer 2004, one level) over the cells of a
 * {@link SquareCells} walkable for one agent size (tier 2; the per-chunk tables are tier 3).
 *
 * <p>The grid is cut into chunks of side C; chunk (cx, cy) holds the cells
 * {@code [cx*C, min(W, cx*C+C)) x [cy*C, min(H, cy*C+C))} and has index {@code cy * chunksX + cx}.
 * Along the border of two chunks, a position is open when the two facing cells are both walkable;
 * a maximal run [lo, hi] of open positions is an entrance with two transitions (at lo and hi)
 * when its width is at least the entrance threshold T and lo != hi, else one at
 * {@code lo + (width - 1) / 2}. Both cells of a transition are abstract nodes, joined by
 * inter-edges both ways at the straight move cost. For every ordered pair of nodes of a chunk the
 * intra-edge is the cost of the cheapest path that stays inside the chunk (a chunk-restricted
 * Dijkstra), +infinity when there is none.
 *
 * <p>Canonical form: a chunk's nodes sorted by cell, its inter-edges by (node, target cell); the
 * tables are a function of the cells, the area costs and the options alone, which
 * {@link #contentEquals} and {@link #contentHash} compare. Layout: {@link HpaLayout}. For the
 * searches it also keeps each cell's legal moves (one byte per cell), each chunk's one multiplier
 * and whether it is open (every cell walkable), and a numbering of every chunk's nodes.
 *
 * <p>The hierarchy listens to the grid: an edit at (x, y) marks the chunks meeting
 * {@code [x - S, x + 1] x [y - S, y + 1]} (S the agent size: walkability for S changes up and left
 * by S - 1, and entrances read the neighbouring chunk's facing cell); a change of the area costs or
 * a restore of the grid marks every chunk. {@link #refresh()} (every {@link HpaSearch} query
 * calls it) rebuilds the marked chunks in index order, so the result equals a fresh build.
 *
 * <p>Supports four or eight moves with {@link DiagonalRule#NO_CORNER_CUTTING} or
 * {@link DiagonalRule#NO_SQUEEZING} (any rule with four moves). Owns native memory:
 * {@link #close()} frees it and stops listening.
 */
public final class HpaHierarchy implements GridBatchListener, AutoCloseable {
    /** The entrance threshold T of the spec's default. */
    public static final int DEFAULT_ENTRANCE_THRESHOLD = 6;
    /** The default chunk side. */
    public static final int DEFAULT_CHUNK_SIZE = 16;
    /** Smallest chunk side. */
    public static final int MIN_CHUNK_SIZE = 2;
    /** Largest chunk side (a chunk search keeps C^2 records). */
    public static final int MAX_CHUNK_SIZE = 256;

    private static final long FNV_OFFSET = 0xcbf29ce484222325L;
    private static final long FNV_PRIME = 0x100000001b3L;

    private final SquareCells grid;
    private final int chunkSize;
    private final int agentSize;
    private final Connectivity connectivity;
    private final DiagonalRule rule;
    private final int threshold;
    private final int width;
    private final int height;
    private final int chunksX;
    private final int chunksY;
    private final int chunkCount;
    private final HpaMoves moves;
    private final ChunkDijkstra dijkstra;
    private final OwnerState state = new OwnerState("HpaHierarchy");

    private final Arena arena;
    private final MemorySegment directory;
    /** One byte per chunk: 1 when marked for rebuild. */
    private final MemorySegment marks;
    /** The legal moves of every cell ({@link HpaLayout}), rewritten with the cell's chunk. */
    private final MemorySegment moveBits;

    private int markedCount;
    private int totalNodes;
    private Arena poolArena;
    private MemorySegment pool;
    private long poolUsed;
    private long liveBytes;
    private int builtAreaVersion;
    private int builtRestoreCount;

    // scratch of one chunk build (at most one node per border cell)
    private int[] nodeScratch = new int[16];
    private long[] edgeScratch = new long[16];

    /**
     * A hierarchy with the default entrance threshold {@value #DEFAULT_ENTRANCE_THRESHOLD}; see
     * the full constructor.
     *
     * @param grid         the square grid to abstract; the hierarchy listens to it until closed,
     *                     and does not own it
     * @param chunkSize    C, {@value #MIN_CHUNK_SIZE}..{@value #MAX_CHUNK_SIZE}
     * @param agentSize    the agent's side in cells, 1..255
     * @param connectivity four or eight moves
     * @param rule         the diagonal rule; with eight moves NO_CORNER_CUTTING or NO_SQUEEZING
     * @throws NullPointerException     if an argument is null
     * @throws IllegalArgumentException for a value out of range, or eight moves with
     *                                  {@link DiagonalRule#ALLOW_ALL}
     */
    public HpaHierarchy(SquareCells grid, int chunkSize, int agentSize, Connectivity connectivity, DiagonalRule rule) {
        this(grid, chunkSize, agentSize, connectivity, rule, DEFAULT_ENTRANCE_THRESHOLD);
    }

    /**
     * Builds the hierarchy now and starts listening to the grid.
     *
     * @param grid              the square grid to abstract; the hierarchy listens to it until
     *                          closed, and does not own it
     * @param chunkSize         C, {@value #MIN_CHUNK_SIZE}..{@value #MAX_CHUNK_SIZE}
     * @param agentSize         the agent's side in cells, 1..255
     * @param connectivity      four or eight moves
     * @param rule              the diagonal rule; with eight moves NO_CORNER_CUTTING or
     *                          NO_SQUEEZING
     * @param entranceThreshold T, at least 1: the narrowest entrance that gets two transitions
     * @throws NullPointerException     if {@code grid}, {@code connectivity} or {@code rule} is
     *                                  null
     * @throws IllegalStateException    if the grid has been closed
     * @throws IllegalArgumentException for a value out of range, or eight moves with
     *                                  {@link DiagonalRule#ALLOW_ALL}
     */
    public HpaHierarchy(
            SquareCells grid,
            int chunkSize,
            int agentSize,
            Connectivity connectivity,
            DiagonalRule rule,
            int entranceThreshold) {
        this.grid = Objects.requireNonNull(grid, "grid");
        this.connectivity = Objects.requireNonNull(connectivity, "connectivity");
        this.rule = Objects.requireNonNull(rule, "rule");
        if (chunkSize < MIN_CHUNK_SIZE || chunkSize > MAX_CHUNK_SIZE) {
            throw new IllegalArgumentException(
                    "chunk size " + chunkSize + " is outside " + MIN_CHUNK_SIZE + ".." + MAX_CHUNK_SIZE);
        }
        if (agentSize < 1 || agentSize > SquareCells.MAX_AGENT_SIZE) {
            throw new IllegalArgumentException(
                    "agent size " + agentSize + " is outside 1.." + SquareCells.MAX_AGENT_SIZE);
        }
        if (entranceThreshold < 1) {
            throw new IllegalArgumentException("entrance threshold " + entranceThreshold + " must be at least 1");
        }
        if (connectivity == Connectivity.EIGHT && rule == DiagonalRule.ALLOW_ALL) {
            throw new IllegalArgumentException(
                    "HPA* supports eight moves with NO_CORNER_CUTTING or NO_SQUEEZING, not " + rule);
        }
        this.chunkSize = chunkSize;
        this.agentSize = agentSize;
        this.threshold = entranceThreshold;
        this.width = grid.width();
        this.height = grid.height();
        this.chunksX = (width + chunkSize - 1) / chunkSize;
        this.chunksY = (height + chunkSize - 1) / chunkSize;
        this.chunkCount = chunksX * chunksY;
        this.arena = Arena.ofShared();
        this.directory = arena.allocate(chunkCount * DIRECTORY_RECORD_BYTES, 8);
        this.marks = arena.allocate(chunkCount, 8);
        this.moveBits = arena.allocate((long) width * height, 8);
        this.moves = new HpaMoves(grid, agentSize, connectivity, rule, moveBits);
        this.dijkstra = new ChunkDijkstra(moves, chunkSize);
        this.poolArena = Arena.ofShared();
        this.pool = poolArena.allocate(4096, 8);
        marks.fill((byte) 1);
        markedCount = chunkCount;
        builtAreaVersion = grid.areas().version();
        builtRestoreCount = grid.restoreCount();
        grid.addChangeListener(this);
        refresh();
    }

    // ---- options and shape ----

    /**
     * The grid this hierarchy abstracts.
     *
     * @return the grid given to the constructor; not owned by the hierarchy
     */
    public SquareCells grid() {
        return grid;
    }

    /**
     * The chunk side C.
     *
     * @return C in cells, {@value #MIN_CHUNK_SIZE}..{@value #MAX_CHUNK_SIZE}
     */
    public int chunkSize() {
        return chunkSize;
    }

    /**
     * The agent size the walkability is computed for.
     *
     * @return the agent's side in cells, 1..255
     */
    public int agentSize() {
        return agentSize;
    }

    /**
     * The moves the intra-edges are computed with.
     *
     * @return four or eight moves
     */
    public Connectivity connectivity() {
        return connectivity;
    }

    /**
     * The diagonal rule the intra-edges are computed with.
     *
     * @return the rule given to the constructor
     */
    public DiagonalRule diagonalRule() {
        return rule;
    }

    /**
     * The entrance threshold T.
     *
     * @return the narrowest entrance width, &gt;= 1, that gets two transitions
     */
    public int entranceThreshold() {
        return threshold;
    }

    /**
     * The number of chunk columns.
     *
     * @return {@code ceil(width / C)}, &gt;= 1
     */
    public int chunksX() {
        return chunksX;
    }

    /**
     * The number of chunk rows.
     *
     * @return {@code ceil(height / C)}, &gt;= 1
     */
    public int chunksY() {
        return chunksY;
    }

    /**
     * The number of chunks.
     *
     * @return {@code chunksX * chunksY}
     */
    public int chunkCount() {
        return chunkCount;
    }

    /**
     * The index of the chunk holding a cell.
     *
     * @param cell the cell's row-major grid index, {@code y * width + x}
     * @return the chunk's index, {@code cy * chunksX + cx}
     * @throws IllegalArgumentException if the cell is outside the grid
     */
    public int chunkOf(int cell) {
        if (cell < 0 || cell >= width * height) {
            throw new IllegalArgumentException("cell " + cell + " is outside 0.." + (width * height - 1));
        }
        return (cell / width / chunkSize) * chunksX + (cell % width) / chunkSize;
    }

    /**
     * Whether the cell is walkable for the agent size (clearance as of the last refresh).
     *
     * @param cell the cell's row-major grid index; any int
     * @return true when the agent can stand on it; false outside the grid
     * @throws IllegalStateException if the hierarchy has been closed
     */
    public boolean isWalkable(int cell) {
        state.ensureOpen();
        if (cell < 0 || cell >= width * height) {
            return false;
        }
        return moves.walkable(cell);
    }

    // ---- updates ----

    @Override
    public void cellChanged(SquareCells source, int x, int y) {
        markRect(x - agentSize, y - agentSize, x + 1, y + 1);
    }

    @Override
    public void rectChanged(SquareCells source, int x, int y, int w, int h) {
        markRect(x - agentSize, y - agentSize, x + w, y + h);
    }

    /** Marks every chunk for rebuild by the next {@link #refresh()}; does nothing once closed. */
    public synchronized void invalidate() {
        if (state.isClosed()) {
            return;
        }
        marks.fill((byte) 1);
        markedCount = chunkCount;
    }

    /**
     * How many chunks wait for a rebuild.
     *
     * @return the chunks marked for rebuild, 0..chunkCount (0 after a refresh)
     */
    public synchronized int markedChunkCount() {
        return markedCount;
    }

    private synchronized void markRect(int x0, int y0, int x1, int y1) {
        if (state.isClosed()) {
            return;
        }
        int cx0 = Math.max(0, x0) / chunkSize;
        int cy0 = Math.max(0, y0) / chunkSize;
        int cx1 = Math.min(width - 1, x1) / chunkSize;
        int cy1 = Math.min(height - 1, y1) / chunkSize;
        for (int cy = cy0; cy <= cy1; cy++) {
            for (int cx = cx0; cx <= cx1; cx++) {
                long k = (long) cy * chunksX + cx;
                if (marks.get(ValueLayout.JAVA_BYTE, k) == 0) {
                    marks.set(ValueLayout.JAVA_BYTE, k, (byte) 1);
                    markedCount++;
                }
            }
        }
    }

    /**
     * Rebuilds the marked chunks in index order (every chunk after an area-cost change or a grid
     * restore). Cheap when nothing changed.
     *
     * @throws IllegalStateException if the hierarchy or the grid has been closed
     */
    public synchronized void refresh() {
        state.ensureOpen();
        grid.version(); // throws IllegalStateException when the grid has been closed
        if (grid.areas().version() != builtAreaVersion || grid.restoreCount() != builtRestoreCount) {
            marks.fill((byte) 1);
            markedCount = chunkCount;
            builtAreaVersion = grid.areas().version();
            builtRestoreCount = grid.restoreCount();
        }
        if (markedCount == 0) {
            return;
        }
        moves.refresh();
        for (int k = 0; k < chunkCount; k++) {
            if (marks.get(ValueLayout.JAVA_BYTE, k) != 0) {
                buildChunk(k);
                marks.set(ValueLayout.JAVA_BYTE, k, (byte) 0);
            }
        }
        markedCount = 0;
        // number the nodes again: a rebuilt chunk may have gained or lost some
        int first = 0;
        for (int k = 0; k < chunkCount; k++) {
            long dir = k * DIRECTORY_RECORD_BYTES;
            directory.set(INT, dir + FIRST_NODE_OFFSET, first);
            first += directory.get(INT, dir + NODE_COUNT_OFFSET);
        }
        totalNodes = first;
    }

    // ---- building ----

    private void buildChunk(int k) {
        final int c = chunkSize;
        final int cx = k % chunksX;
        final int cy = k / chunksX;
        final int x0 = cx * c;
        final int y0 = cy * c;
        final int x1 = Math.min(width, x0 + c);
        final int y1 = Math.min(height, y0 + c);
        // the cells' move bits, and whether the chunk is open with one multiplier
        boolean open = true;
        boolean oneMultiplier = true;
        double multiplier = Double.NaN;
        for (int y = y0; y < y1; y++) {
            for (int x = x0; x < x1; x++) {
                int cell = y * width + x;
                moveBits.set(MOVE_BITS, cell, (byte) moves.legalMoves(x, y));
                if (!moves.walkable(cell)) {
                    open = false;
                } else if (Double.isNaN(multiplier)) {
                    multiplier = moves.multiplier(cell);
                } else if (moves.multiplier(cell) != multiplier) {
                    oneMultiplier = false;
                }
            }
        }
        if (!oneMultiplier) {
            multiplier = Double.NaN;
        }
        int border = 2 * (x1 - x0) + 2 * (y1 - y0);
        if (nodeScratch.length < border) {
            nodeScratch = new int[border];
            edgeScratch = new long[border];
        }
        int edgeCount = 0;
        // north, south: positions along x; west, east: positions along y
        if (cy > 0) {
            edgeCount = border(x0, x1, y0, 1, 0, 0, -1, edgeCount);
        }
        if (y1 < height) {
            edgeCount = border(x0, x1, y1 - 1, 1, 0, 0, 1, edgeCount);
        }
        if (cx > 0) {
            edgeCount = border(y0, y1, x0, 0, 1, -1, 0, edgeCount);
        }
        if (x1 < width) {
            edgeCount = border(y0, y1, x1 - 1, 0, 1, 1, 0, edgeCount);
        }
        // edges keyed (own cell << 32 | target cell): sorted by node cell, then target
        long[] edges = edgeScratch;
        Arrays.sort(edges, 0, edgeCount);
        int[] nodes = nodeScratch;
        int n = 0;
        for (int e = 0; e < edgeCount; e++) {
            int own = (int) (edges[e] >>> 32);
            if (n == 0 || nodes[n - 1] != own) {
                nodes[n++] = own;
            }
        }
        long offset = reserve(k, n, edgeCount);
        MemorySegment p = pool;
        for (int i = 0; i < n; i++) {
            p.set(INT, offset + i * NODE_BYTES, nodes[i]);
        }
        if ((n & 1) != 0) {
            p.set(INT, offset + n * NODE_BYTES, 0);
        }
        long costs = offset + HpaLayout.costsOffset(n);
        for (int i = 0; i < n; i++) {
            dijkstra.run(x0, y0, multiplier, nodes[i], nodes, n);
            long row = costs + (long) i * n * COST_BYTES;
            for (int j = 0; j < n; j++) {
                p.set(DOUBLE, row + j * COST_BYTES, dijkstra.cost(nodes[j]));
            }
        }
        long edgeBase = offset + HpaLayout.edgesOffset(n);
        int node = 0;
        for (int e = 0; e < edgeCount; e++) {
            int own = (int) (edges[e] >>> 32);
            int target = (int) edges[e];
            while (nodes[node] != own) {
                node++;
            }
            long at = edgeBase + e * EDGE_BYTES;
            p.set(INT, at + EDGE_NODE_OFFSET, node);
            p.set(INT, at + EDGE_TARGET_OFFSET, target);
            p.set(DOUBLE, at + EDGE_COST_OFFSET, (moves.multiplier(own) + moves.multiplier(target)) * 0.5);
        }
        long dir = k * DIRECTORY_RECORD_BYTES;
        directory.set(INT, dir + NODE_COUNT_OFFSET, n);
        directory.set(INT, dir + INTER_COUNT_OFFSET, edgeCount);
        directory.set(INT, dir + FLAGS_OFFSET, open && !Double.isNaN(multiplier) ? HpaLayout.OPEN_CHUNK : 0);
        directory.set(DOUBLE, dir + MULTIPLIER_OFFSET, multiplier);
    }

    /**
     * Scans one border of the chunk being built and adds its transitions. Positions run from
     * {@code lo} to {@code hi} (exclusive); the own cell of position p is
     * {@code (fixed, p)} turned by the step (px, py): own = (px * p + (1 - px) * fixed, ...), the
     * facing cell is own + (ox, oy).
     */
    private int border(int lo, int hi, int fixed, int px, int py, int ox, int oy, int edgeCount) {
        int runStart = -1;
        for (int p = lo; p <= hi; p++) {
            boolean open = false;
            if (p < hi) {
                int x = px == 1 ? p : fixed;
                int y = px == 1 ? fixed : p;
                open = moves.walkable(x, y) && moves.walkable(x + ox, y + oy);
            }
            if (open && runStart < 0) {
                runStart = p;
            } else if (!open && runStart >= 0) {
                int runEnd = p - 1;
                int runWidth = runEnd - runStart + 1;
                if (runWidth >= threshold && runEnd != runStart) {
                    edgeCount = transition(runStart, fixed, px, ox, oy, edgeCount);
                    edgeCount = transition(runEnd, fixed, px, ox, oy, edgeCount);
                } else {
                    edgeCount = transition(runStart + (runWidth - 1) / 2, fixed, px, ox, oy, edgeCount);
                }
                runStart = -1;
            }
        }
        return edgeCount;
    }

    private int transition(int p, int fixed, int px, int ox, int oy, int edgeCount) {
        int x = px == 1 ? p : fixed;
        int y = px == 1 ? fixed : p;
        long own = (long) y * width + x;
        long target = (long) (y + oy) * width + (x + ox);
        edgeScratch[edgeCount] = own << 32 | target;
        return edgeCount + 1;
    }

    /**
     * Where chunk k's block of n nodes and m inter-edges goes: in place when it fits the bytes
     * reserved there, else appended to the pool (grown and compacted when full).
     */
    private long reserve(int k, int n, int m) {
        long needed = HpaLayout.blockLength(n, m);
        long dir = k * DIRECTORY_RECORD_BYTES;
        long reserved = directory.get(LONG, dir + BLOCK_LENGTH_OFFSET);
        if (needed <= reserved) {
            return directory.get(LONG, dir + BLOCK_OFFSET_OFFSET);
        }
        if (poolUsed + needed > pool.byteSize()) {
            relayout(needed);
            reserved = directory.get(LONG, dir + BLOCK_LENGTH_OFFSET);
        }
        long offset = poolUsed;
        poolUsed += needed;
        liveBytes += needed - reserved;
        directory.set(LONG, dir + BLOCK_OFFSET_OFFSET, offset);
        directory.set(LONG, dir + BLOCK_LENGTH_OFFSET, needed);
        return offset;
    }

    /** Copies every block, compacted to its used length, into a new pool with room for {@code extra} more. */
    private void relayout(long extra) {
        long live = 0;
        for (int k = 0; k < chunkCount; k++) {
            long dir = k * DIRECTORY_RECORD_BYTES;
            live += HpaLayout.blockLength(
                    directory.get(INT, dir + NODE_COUNT_OFFSET), directory.get(INT, dir + INTER_COUNT_OFFSET));
        }
        long capacity = Math.max(4096, 2 * (live + extra));
        Arena next = Arena.ofShared();
        MemorySegment to = next.allocate(capacity, 8);
        long at = 0;
        for (int k = 0; k < chunkCount; k++) {
            long dir = k * DIRECTORY_RECORD_BYTES;
            long length = HpaLayout.blockLength(
                    directory.get(INT, dir + NODE_COUNT_OFFSET), directory.get(INT, dir + INTER_COUNT_OFFSET));
            if (length > 0) {
                MemorySegment.copy(pool, directory.get(LONG, dir + BLOCK_OFFSET_OFFSET), to, at, length);
            }
            directory.set(LONG, dir + BLOCK_OFFSET_OFFSET, at);
            directory.set(LONG, dir + BLOCK_LENGTH_OFFSET, length);
            at += length;
        }
        poolArena.close();
        poolArena = next;
        pool = to;
        poolUsed = at;
        liveBytes = at;
    }

    // ---- per-chunk tables (tier 3; read after refresh()) ----

    /**
     * The number n of the chunk's abstract nodes.
     *
     * @param chunk the chunk's index, {@code cy * chunksX + cx}, in 0..chunkCount-1
     * @return n, &gt;= 0
     * @throws IllegalStateException    if the hierarchy has been closed
     * @throws IllegalArgumentException if the chunk is out of range
     */
    public int nodeCount(int chunk) {
        return directory.get(INT, checkChunk(chunk) * DIRECTORY_RECORD_BYTES + NODE_COUNT_OFFSET);
    }

    /**
     * The number m of the chunk's inter-edges.
     *
     * @param chunk the chunk's index, {@code cy * chunksX + cx}, in 0..chunkCount-1
     * @return m, &gt;= 0
     * @throws IllegalStateException    if the hierarchy has been closed
     * @throws IllegalArgumentException if the chunk is out of range
     */
    public int interEdgeCount(int chunk) {
        return directory.get(INT, checkChunk(chunk) * DIRECTORY_RECORD_BYTES + INTER_COUNT_OFFSET);
    }

    /**
     * The cell of one of a chunk's nodes (nodes ascend by cell).
     *
     * @param chunk the chunk's index, {@code cy * chunksX + cx}, in 0..chunkCount-1
     * @param node  the node's index in the chunk, 0..n-1
     * @return the node's row-major grid cell
     * @throws IllegalStateException    if the hierarchy has been closed
     * @throws IllegalArgumentException if the chunk or the node is out of range
     */
    public int nodeCell(int chunk, int node) {
        int n = nodeCount(chunk);
        checkNode(node, n);
        return pool.get(INT, blockOffset(chunk) + node * NODE_BYTES);
    }

    /**
     * The node index of a cell in a chunk, by binary search over the chunk's node cells.
     *
     * @param chunk the chunk's index, {@code cy * chunksX + cx}, in 0..chunkCount-1
     * @param cell  a row-major grid cell; any int
     * @return the node's index in the chunk, 0..n-1, or -1 when the cell is not a node of it
     * @throws IllegalStateException    if the hierarchy has been closed
     * @throws IllegalArgumentException if the chunk is out of range
     */
    public int nodeIndex(int chunk, int cell) {
        int n = nodeCount(chunk);
        long base = blockOffset(chunk);
        final MemorySegment p = pool;
        int lo = 0;
        int hi = n - 1;
        while (lo <= hi) {
            int mid = (lo + hi) >>> 1;
            int v = p.get(INT, base + mid * NODE_BYTES);
            if (v < cell) {
                lo = mid + 1;
            } else if (v > cell) {
                hi = mid - 1;
            } else {
                return mid;
            }
        }
        return -1;
    }

    /**
     * The chunk's node cells, ascending, without a copy.
     *
     * @param chunk the chunk's index, {@code cy * chunksX + cx}, in 0..chunkCount-1
     * @return a read-only view of n little-endian i32 cells, valid until the next {@link #refresh()} that rebuilds a chunk, or {@link #close()}
     * @throws IllegalStateException    if the hierarchy has been closed
     * @throws IllegalArgumentException if the chunk is out of range
     */
    public MemorySegment clusterNodes(int chunk) {
        int n = nodeCount(chunk);
        return pool.asSlice(blockOffset(chunk), n * NODE_BYTES).asReadOnly();
    }

    /**
     * The intra-edge cost: the cheapest path from one node of a chunk to another that stays
     * inside the chunk.
     *
     * @param chunk the chunk's index, {@code cy * chunksX + cx}, in 0..chunkCount-1
     * @param from  the source node's index in the chunk, 0..n-1
     * @param to    the target node's index in the chunk, 0..n-1
     * @return the cost in the grid's area-cost units, 0 from a node to itself, +infinity when no
     *         path stays inside the chunk
     * @throws IllegalStateException    if the hierarchy has been closed
     * @throws IllegalArgumentException if the chunk or a node is out of range
     */
    public double intraCost(int chunk, int from, int to) {
        int n = nodeCount(chunk);
        checkNode(from, n);
        checkNode(to, n);
        return pool.get(DOUBLE, blockOffset(chunk) + HpaLayout.costsOffset(n) + ((long) from * n + to) * COST_BYTES);
    }

    /**
     * The chunk's inter-edge records ({@link HpaLayout}, sorted by node, then target), without a
     * copy.
     *
     * @param chunk the chunk's index, {@code cy * chunksX + cx}, in 0..chunkCount-1
     * @return a read-only view of m records, valid until the next {@link #refresh()} that rebuilds a chunk, or {@link #close()}
     * @throws IllegalStateException    if the hierarchy has been closed
     * @throws IllegalArgumentException if the chunk is out of range
     */
    public MemorySegment interEdges(int chunk) {
        int n = nodeCount(chunk);
        int m = interEdgeCount(chunk);
        return pool.asSlice(blockOffset(chunk) + HpaLayout.edgesOffset(n), m * EDGE_BYTES)
                .asReadOnly();
    }

    /**
     * The source node of one of a chunk's inter-edges.
     *
     * @param chunk the chunk's index, {@code cy * chunksX + cx}, in 0..chunkCount-1
     * @param e     the inter-edge's index in the chunk, 0..m-1
     * @return the source node's index in the chunk, 0..n-1
     * @throws IllegalStateException    if the hierarchy has been closed
     * @throws IllegalArgumentException if the chunk or the edge is out of range
     */
    public int interEdgeNode(int chunk, int e) {
        return pool.get(INT, edgeOffset(chunk, e) + EDGE_NODE_OFFSET);
    }

    /**
     * The target of one of a chunk's inter-edges.
     *
     * @param chunk the chunk's index, {@code cy * chunksX + cx}, in 0..chunkCount-1
     * @param e     the inter-edge's index in the chunk, 0..m-1
     * @return the target's row-major grid cell, in the neighbouring chunk
     * @throws IllegalStateException    if the hierarchy has been closed
     * @throws IllegalArgumentException if the chunk or the edge is out of range
     */
    public int interEdgeTarget(int chunk, int e) {
        return pool.get(INT, edgeOffset(chunk, e) + EDGE_TARGET_OFFSET);
    }

    /**
     * The cost of one of a chunk's inter-edges: the straight move between the two facing cells.
     *
     * @param chunk the chunk's index, {@code cy * chunksX + cx}, in 0..chunkCount-1
     * @param e     the inter-edge's index in the chunk, 0..m-1
     * @return the move's cost in the grid's area-cost units
     * @throws IllegalStateException    if the hierarchy has been closed
     * @throws IllegalArgumentException if the chunk or the edge is out of range
     */
    public double interEdgeCost(int chunk, int e) {
        return pool.get(DOUBLE, edgeOffset(chunk, e) + EDGE_COST_OFFSET);
    }

    /**
     * The size of the abstract graph.
     *
     * @return the abstract nodes summed over every chunk, as of the last refresh
     * @throws IllegalStateException if the hierarchy has been closed
     */
    public long totalNodeCount() {
        state.ensureOpen();
        return totalNodes;
    }

    /**
     * The native memory the tables hold, to account for it.
     *
     * @return the bytes of the directory, the marks, the move bits and the block pool (the pool's
     *         capacity, not only what is in use)
     * @throws IllegalStateException if the hierarchy has been closed
     */
    public long memoryBytes() {
        state.ensureOpen();
        return directory.byteSize() + marks.byteSize() + moveBits.byteSize() + pool.byteSize();
    }

    // ---- canonical form ----

    /**
     * Whether the other hierarchy has the same shape (grid size, chunk size) and, after both are
     * refreshed, the same nodes, intra-edge cost bits and inter-edges in every chunk, the same
     * open flag and multiplier bits per chunk and the same move bits per cell.
     *
     * @param other the hierarchy to compare with, over the same grid or another; it is refreshed
     * @return true when every chunk's tables and the move bits are equal byte for byte
     * @throws NullPointerException  if {@code other} is null
     * @throws IllegalStateException if either hierarchy or its grid has been closed
     */
    public boolean contentEquals(HpaHierarchy other) {
        Objects.requireNonNull(other, "other");
        refresh();
        other.refresh();
        if (other.width != width || other.height != height || other.chunkSize != chunkSize) {
            return false;
        }
        for (int k = 0; k < chunkCount; k++) {
            int n = nodeCount(k);
            int m = interEdgeCount(k);
            if (other.nodeCount(k) != n || other.interEdgeCount(k) != m) {
                return false;
            }
            long dir = k * DIRECTORY_RECORD_BYTES;
            if (directory.get(INT, dir + FLAGS_OFFSET) != other.directory.get(INT, dir + FLAGS_OFFSET)
                    || Double.doubleToRawLongBits(directory.get(DOUBLE, dir + MULTIPLIER_OFFSET))
                            != Double.doubleToRawLongBits(other.directory.get(DOUBLE, dir + MULTIPLIER_OFFSET))) {
                return false;
            }
            long length = HpaLayout.blockLength(n, m);
            if (MemorySegment.mismatch(
                            pool,
                            blockOffset(k),
                            blockOffset(k) + length,
                            other.pool,
                            other.blockOffset(k),
                            other.blockOffset(k) + length)
                    >= 0) {
                return false;
            }
        }
        return moveBits.mismatch(other.moveBits) < 0;
    }

    /**
     * FNV-1a 64 of the refreshed tables, over the bytes (little-endian) of: for each chunk in
     * index order, n (i32), the node cells (i32 each), the n^2 intra costs (the f64 bit patterns,
     * row-major), m (i32), then per inter-edge the node index (i32), the target cell (i32) and the
     * cost bits (f64). Equal for hierarchies that {@link #contentEquals} each other.
     *
     * @return the 64-bit hash
     * @throws IllegalStateException if the hierarchy or its grid has been closed
     */
    public long contentHash() {
        refresh();
        long h = FNV_OFFSET;
        final MemorySegment p = pool;
        for (int k = 0; k < chunkCount; k++) {
            int n = nodeCount(k);
            int m = interEdgeCount(k);
            long base = blockOffset(k);
            h = fnv(h, n, 4);
            for (int i = 0; i < n; i++) {
                h = fnv(h, p.get(INT, base + i * NODE_BYTES), 4);
            }
            long costs = base + HpaLayout.costsOffset(n);
            for (long i = 0; i < (long) n * n; i++) {
                h = fnv(h, Double.doubleToRawLongBits(p.get(DOUBLE, costs + i * COST_BYTES)), 8);
            }
            h = fnv(h, m, 4);
            long edges = base + HpaLayout.edgesOffset(n);
            for (int e = 0; e < m; e++) {
                long at = edges + e * EDGE_BYTES;
                h = fnv(h, p.get(INT, at + EDGE_NODE_OFFSET), 4);
                h = fnv(h, p.get(INT, at + EDGE_TARGET_OFFSET), 4);
                h = fnv(h, Double.doubleToRawLongBits(p.get(DOUBLE, at + EDGE_COST_OFFSET)), 8);
            }
        }
        return h;
    }

    private static long fnv(long h, long value, int bytes) {
        for (int b = 0; b < bytes; b++) {
            h ^= (value >>> (8 * b)) & 0xFF;
            h *= FNV_PRIME;
        }
        return h;
    }

    // ---- lifecycle ----

    /**
     * Whether {@link #close()} has run.
     *
     * @return true once closed
     */
    public boolean isClosed() {
        return state.isClosed();
    }

    /** Stops listening and frees the tables. Idempotent. */
    @Override
    public void close() {
        synchronized (this) {
            if (!state.markClosed()) {
                return;
            }
        }
        grid.removeChangeListener(this);
        dijkstra.close();
        poolArena.close();
        arena.close();
    }

    @Override
    public String toString() {
        return "HpaHierarchy[" + width + " x " + height + ", chunk " + chunkSize + ", agent " + agentSize + ", "
                + connectivity + ", " + rule + (state.isClosed() ? ", closed]" : "]");
    }

    // ---- package internals ----

    HpaMoves moves() {
        return moves;
    }

    MemorySegment pool() {
        return pool;
    }

    /** The number of the chunk's first node in the numbering of every chunk's nodes ({@link HpaLayout}). */
    int firstNode(int chunk) {
        return directory.get(INT, chunk * DIRECTORY_RECORD_BYTES + FIRST_NODE_OFFSET);
    }

    /** Whether every cell of the chunk is walkable for the agent, with one multiplier ({@link #chunkMultiplier}). */
    boolean isOpenChunk(int chunk) {
        return (directory.get(INT, chunk * DIRECTORY_RECORD_BYTES + FLAGS_OFFSET) & HpaLayout.OPEN_CHUNK) != 0;
    }

    /** The one multiplier of the chunk's walkable cells, NaN when they differ or there is none. */
    double chunkMultiplier(int chunk) {
        return directory.get(DOUBLE, chunk * DIRECTORY_RECORD_BYTES + MULTIPLIER_OFFSET);
    }

    long blockOffset(int chunk) {
        return directory.get(LONG, chunk * DIRECTORY_RECORD_BYTES + BLOCK_OFFSET_OFFSET);
    }

    private long edgeOffset(int chunk, int e) {
        int m = interEdgeCount(chunk);
        if (e < 0 || e >= m) {
            throw new IllegalArgumentException("inter-edge " + e + " is outside 0.." + (m - 1) + " of chunk " + chunk);
        }
        return blockOffset(chunk) + HpaLayout.edgesOffset(nodeCount(chunk)) + e * EDGE_BYTES;
    }

    private long checkChunk(int chunk) {
        state.ensureOpen();
        if (chunk < 0 || chunk >= chunkCount) {
            throw new IllegalArgumentException("chunk " + chunk + " is outside 0.." + (chunkCount - 1));
        }
        return chunk;
    }

    private static void checkNode(int node, int n) {
        if (node < 0 || node >= n) {
            throw new IllegalArgumentException("node " + node + " is outside 0.." + (n - 1));
        }
    }
}
