package org.onepath.grids.fast;

import static org.onepath.layout.OctileNodeLayout.CLOSED_BIT;
import static org.onepath.layout.OctileNodeLayout.DIRECTION_SHIFT;
import static org.onepath.layout.OctileNodeLayout.FLAGS_MASK;
import static org.onepath.layout.OctileNodeLayout.GENERATION_SHIFT;
import static org.onepath.layout.OctileNodeLayout.INT;
import static org.onepath.layout.OctileNodeLayout.RECORD_BYTES;
import static org.onepath.layout.OctileNodeLayout.SLOT_OFFSET;
import static org.onepath.layout.OctileNodeLayout.TAG_OFFSET;
import static org.onepath.layout.OctileNodeLayout.WALL_TAG;

import java.lang.foreign.MemorySegment;
import org.onepath.cells.GridCellsLayout;
import org.onepath.cells.SquareCells;
import org.onepath.grids.SearchStatus;
import org.onepath.grids.SlicedSearch;
import org.onepath.grids.jps.Direction;
import org.onepath.layout.OctileHeapLayout;
import org.onepath.layout.OctileNodeLayout;
import org.onepath.memory.PackedQuadHeap;
import org.onepath.state.GridSearchStateLayout;
import org.onepath.state.StateReader;
import org.onepath.state.StateWriter;

/**
 * The specialised octile A*: eight moves, no corner cutting, agent size 1, one cost m for every
 * area, octile or zero estimate. Same optimal costs as the generic A*, exploited differently:
 *
 * <ul>
 *   <li>Costs are exact integer pairs (a straight, b diagonal steps); keys are
 *       {@code g = a + b * sqrt2} and {@code f = (a + (max - min)) + (b + min) * sqrt2} with the
 *       integer sums formed first, so paths equal on paper tie exactly.</li>
 *   <li>The map is padded with a wall all round and walls stay in the record array as
 *       permanently closed records ({@link OctileNodeLayout}), so a neighbour test is the load of
 *       the record the relaxation needs anyway and no bounds test is made.</li>
 *   <li>The open list is the shared 4-ary heap with decrease-key ({@link PackedQuadHeap},
 *       slots as {@link OctileHeapLayout}): smaller f, then larger g rounded to float32, then
 *       smaller cell. The estimate is consistent, so a closed
 *       record is final and never reopened.</li>
 * </ul>
 * Neighbours relax in the order N, E, S, W, NE, SE, SW, NW. Records carry a generation, so
 * nothing is cleared between searches; walls are re-read when the grid's version changes. The
 * reported cost is {@code m * (a + b * sqrt2)}.
 */
public final class OctileAStar extends OctileSearch {
    private final int paddedWidth;
    private final int[] delta = new int[8];

    private int wallsVersion = -1;
    private int wallsRestoreCount = -1;
    private int startPadded;
    private int goalPadded;
    /**
     * @param zeroEstimate use the zero estimate (Dijkstra order) instead of octile
     */
    public OctileAStar(SquareCells grid, boolean zeroEstimate) {
        super("OctileAStar", grid, 1, zeroEstimate);
        this.paddedWidth = width + 2;
        int pw = paddedWidth;
        int[] d = {-pw, 1, pw, -1, -pw + 1, pw + 1, pw - 1, -pw - 1};
        System.arraycopy(d, 0, delta, 0, 8);
    }

    /** Begins a search between two row-major cells; throws for a cell outside the grid or on a wall. */
    @Override
    public void begin(int start, int goal) {
        state.ensureOpen();
        int n = width * height;
        SlicedSearch.checkEnds(start, goal, n);
        // A wall's record is a permanently closed wall tag; beginning there would overwrite it.
        if (!canStandOn(start)) {
            throw new IllegalArgumentException("start cell " + start + " is a wall");
        }
        if (!canStandOn(goal)) {
            throw new IllegalArgumentException("goal cell " + goal + " is a wall");
        }
        syncWalls();
        nextGeneration();
        resetRun(start, goal, 0, 0);
        this.startPadded = padded(start);
        this.goalPadded = padded(goal);
        expansions.clear();
        heapSize = 0;
        OctilePairs.reach(records, startPadded * RECORD_BYTES, 0, 0, generation << GENERATION_SHIFT);
        int sx = start % width;
        int sy = start / width;
        insert(startPadded, OctilePairs.key(0, 0, sx, sy, goalX, goalY, zeroEstimate), 0.0);
        status = SearchStatus.RUNNING;
    }

    @Override
    public SearchStatus step(int maxIterations) {
        if (!SlicedSearch.checkStep(maxIterations, status, "OctileAStar")) {
            return status;
        }
        state.ensureOpen();
        final MemorySegment rec = records;
        final int genBase = generation << GENERATION_SHIFT;
        final int pw = paddedWidth;
        final int[] d = delta;
        for (int it = 0; it < maxIterations && heapSize > 0; it++) {
            final int p = popMin();
            iterations++;
            final long pOff = p * RECORD_BYTES;
            rec.set(INT, pOff + TAG_OFFSET, rec.get(INT, pOff + TAG_OFFSET) | CLOSED_BIT);
            if (p == goalPadded) {
                status = SearchStatus.FOUND;
                return status;
            }
            expanded++;
            if (recordExpansions) {
                expansions.add(unpadded(p));
            }
            final int a = OctilePairs.straight(rec, pOff);
            final int b = OctilePairs.diagonal(rec, pOff);
            final int x = p % pw - 1;
            final int y = p / pw - 1;
            final boolean n = rec.get(INT, (p + d[0]) * RECORD_BYTES + TAG_OFFSET) != WALL_TAG;
            final boolean e = rec.get(INT, (p + d[1]) * RECORD_BYTES + TAG_OFFSET) != WALL_TAG;
            final boolean s = rec.get(INT, (p + d[2]) * RECORD_BYTES + TAG_OFFSET) != WALL_TAG;
            final boolean w = rec.get(INT, (p + d[3]) * RECORD_BYTES + TAG_OFFSET) != WALL_TAG;
            if (n) {
                relax(p + d[0], 0, a + 1, b, x, y - 1, genBase);
            }
            if (e) {
                relax(p + d[1], 1, a + 1, b, x + 1, y, genBase);
            }
            if (s) {
                relax(p + d[2], 2, a + 1, b, x, y + 1, genBase);
            }
            if (w) {
                relax(p + d[3], 3, a + 1, b, x - 1, y, genBase);
            }
            if (n && e) {
                relax(p + d[4], 4, a, b + 1, x + 1, y - 1, genBase);
            }
            if (s && e) {
                relax(p + d[5], 5, a, b + 1, x + 1, y + 1, genBase);
            }
            if (s && w) {
                relax(p + d[6], 6, a, b + 1, x - 1, y + 1, genBase);
            }
            if (n && w) {
                relax(p + d[7], 7, a, b + 1, x - 1, y - 1, genBase);
            }
        }
        if (heapSize == 0) {
            status = SearchStatus.NO_PATH;
        }
        return status;
    }

    /** Offers pair (na, nb) to padded cell q at (qx, qy), arriving in direction dir. */
    private void relax(int q, int dir, int na, int nb, int qx, int qy, int genBase) {
        final MemorySegment rec = records;
        final long qOff = q * RECORD_BYTES;
        final int rel = rec.get(INT, qOff + TAG_OFFSET) - genBase;
        final double g = OctilePairs.cost(na, nb);
        if (rel >= 0) {
            // Reached this search: a wall (beyond every tag) or a closed record is final.
            if (rel > FLAGS_MASK || (rel & CLOSED_BIT) != 0) {
                return;
            }
            if (!(g < OctilePairs.cost(rec, qOff))) {
                return;
            }
            OctilePairs.reach(rec, qOff, na, nb, genBase | dir << DIRECTION_SHIFT);
            PackedQuadHeap.siftUp(
                    heap,
                    rec.get(INT, qOff + SLOT_OFFSET),
                    OctilePairs.key(na, nb, qx, qy, goalX, goalY, zeroEstimate),
                    PackedQuadHeap.tie(g, q),
                    rec,
                    RECORD_BYTES,
                    SLOT_OFFSET);
            return;
        }
        OctilePairs.reach(rec, qOff, na, nb, genBase | dir << DIRECTION_SHIFT);
        insert(q, OctilePairs.key(na, nb, qx, qy, goalX, goalY, zeroEstimate), g);
    }

    @Override
    void writePath(int cell, int[] out, int length) {
        int p = padded(cell);
        for (int i = length - 1; i >= 0; i--) {
            out[i] = unpadded(p);
            if (i > 0) {
                int dir = OctilePairs.direction(records.get(INT, p * RECORD_BYTES + TAG_OFFSET));
                p -= delta[dir];
            }
        }
    }

    // ---- snapshots (GridSearch mode 1) ----

    /**
     * Writes the search as mode 1 of the GridSearch state describes it, after the mode, width and
     * height: u8 status, u8 zeroEstimate, i32 start, goal, expanded, iterations, pathA, pathB,
     * visited, then per visited cell in increasing index i32 cell, i32 a, i32 b, u8 flags (bit 0
     * closed, bits 1-3 the direction to the parent: 0 south, 1 west, 2 north, 3 east, 4 south-west,
     * 5 north-west, 6 north-east, 7 south-east, which is the arrival direction's number). The open
     * list is not written: it is the visited cells that are not closed.
     */
    public void writeState(StateWriter w) {
        ensureSaveable();
        // Two passes over the records (count, then write) so a save allocates nothing.
        final int genBase = generation << GENERATION_SHIFT;
        final int count = (int) (records.byteSize() / RECORD_BYTES);
        int visited = 0;
        for (int p = 0; p < count; p++) {
            int tag = records.get(INT, p * RECORD_BYTES + TAG_OFFSET);
            if (tag != WALL_TAG && tag - genBase >= 0) {
                visited++;
            }
        }
        writeFixed(w, visited);
        for (int p = 0; p < count; p++) {
            long off = p * RECORD_BYTES;
            int tag = records.get(INT, off + TAG_OFFSET);
            if (tag != WALL_TAG && tag - genBase >= 0) {
                w.i32(unpadded(p))
                        .i32(OctilePairs.straight(records, off))
                        .i32(OctilePairs.diagonal(records, off))
                        .u8(tag & FLAGS_MASK);
            }
        }
    }

    /**
     * Reads a mode-1 state written by {@link #writeState}, checks it against the grid and this
     * search's estimate, and only then replaces the current search. Checked: every cell inside
     * the grid, walkable and listed once in increasing order; the start visited with pair (0, 0)
     * and no direction; every other cell's parent (the cell the direction points to) visited,
     * closed and one step cheaper in the pair; the counters equal the closed cells; the goal
     * closed exactly when found, with the reported pair; open cells when running, none when no path.
     *
     * @throws org.onepath.state.GridStateException naming the field, value, bound and offset
     */
    public void readState(StateReader r) {
        state.ensureOpen();
        final int n = width * height;
        OctileSearchState.Fixed f =
                OctileSearchState.readFixed(r, GridSearchStateLayout.MODE_SPECIALISED_ASTAR, n, zeroEstimate);
        OctileSearchState.Visited v = OctileSearchState.readVisited(r, f.visitedCount(), n, false, this::canStandOn);
        int count = f.visitedCount();
        int[] cells = v.cells();
        int[] as = v.as();
        int[] bs = v.bs();
        int[] flags = v.flags();
        long[] offsets = v.offsets();
        r.expectEnd();
        boolean anyOpen = false;
        for (int i = 0; i < count; i++) {
            anyOpen |= (flags[i] & CLOSED_BIT) == 0;
            if (cells[i] == f.start()) {
                if (as[i] != 0 || bs[i] != 0 || flags[i] >>> DIRECTION_SHIFT != 0) {
                    throw r.error(
                            "visited[" + i + "]",
                            "pair (" + as[i] + ", " + bs[i] + ")",
                            "the start at pair (0, 0) with no direction",
                            offsets[i]);
                }
                continue;
            }
            int dir = flags[i] >>> DIRECTION_SHIFT;
            int x = cells[i] % width - Direction.dx(dir);
            int y = cells[i] / width - Direction.dy(dir);
            int pi = x < 0 || y < 0 || x >= width || y >= height
                    ? -1
                    : java.util.Arrays.binarySearch(cells, y * width + x);
            boolean diagonal = dir >= 4;
            if (pi < 0
                    || (flags[pi] & CLOSED_BIT) == 0
                    || as[pi] + (diagonal ? 0 : 1) != as[i]
                    || bs[pi] + (diagonal ? 1 : 0) != bs[i]) {
                throw r.error(
                        "visited[" + i + "].flags",
                        flags[i],
                        "a direction to a closed visited parent one step cheaper",
                        offsets[i]);
            }
        }
        OctileSearchState.checkCounters(r, f, cells, as, bs, flags, anyOpen, this::canStandOn);
        int s = f.start();
        int g = f.goal();
        int its = f.iterations();
        int exp = f.expanded();
        SearchStatus st = f.status();
        // Checked: replace the current search.
        syncWalls();
        nextGeneration();
        final int genBase = generation << GENERATION_SHIFT;
        resetRun(s, g, its, exp);
        startPadded = padded(s);
        goalPadded = padded(g);
        expansions.clear();
        heapSize = 0;
        for (int i = 0; i < count; i++) {
            OctilePairs.reach(records, padded(cells[i]) * RECORD_BYTES, as[i], bs[i], genBase | flags[i]);
        }
        for (int i = 0; i < count; i++) {
            if ((flags[i] & CLOSED_BIT) == 0) {
                insert(
                        padded(cells[i]),
                        OctilePairs.key(as[i], bs[i], cells[i] % width, cells[i] / width, goalX, goalY, zeroEstimate),
                        OctilePairs.cost(as[i], bs[i]));
            }
        }
        status = st;
    }

    // ---- heap ----
    // The shared packed heap with decrease-key: the padded cell is the slot's id, and each slot
    // written stores its position in the cell's record, which the relaxation has just loaded.

    private void insert(int cell, double f, double g) {
        final int pos = heapSize;
        final MemorySegment h = PackedQuadHeap.room(heapMemory, heap, pos, pos + 1);
        heap = h;
        heapSize = pos + 1;
        PackedQuadHeap.siftUp(h, pos, f, PackedQuadHeap.tie(g, cell), records, RECORD_BYTES, SLOT_OFFSET);
    }

    private int popMin() {
        final MemorySegment h = heap;
        final int top = PackedQuadHeap.idAt(h, 0);
        final int last = --heapSize;
        if (last > 0) {
            PackedQuadHeap.siftDown(
                    h,
                    last,
                    0,
                    PackedQuadHeap.keyAt(h, last),
                    PackedQuadHeap.tieAt(h, last),
                    records,
                    RECORD_BYTES,
                    SLOT_OFFSET);
        }
        return top;
    }

    // ---- map ----

    /**
     * Re-reads the walls when the grid changed since the last search. Versions may repeat after
     * a restore, so the restore count is compared too.
     */
    private void syncWalls() {
        int version = grid.version();
        int restores = grid.restoreCount();
        if (version == wallsVersion && restores == wallsRestoreCount) {
            return;
        }
        final MemorySegment cells = grid.cells();
        final int pw = paddedWidth;
        final int ph = height + 2;
        for (int py = 0; py < ph; py++) {
            for (int px = 0; px < pw; px++) {
                boolean wall = px == 0
                        || py == 0
                        || px == pw - 1
                        || py == ph - 1
                        || cells.get(GridCellsLayout.CELL, (long) (py - 1) * width + (px - 1))
                                == GridCellsLayout.WALL_BYTE;
                records.set(INT, ((long) py * pw + px) * RECORD_BYTES + TAG_OFFSET, wall ? WALL_TAG : 0);
            }
        }
        generation = 0;
        wallsVersion = version;
        wallsRestoreCount = restores;
    }

    @Override
    void clearTags() {
        long count = records.byteSize() / RECORD_BYTES;
        for (long i = 0; i < count; i++) {
            long off = i * RECORD_BYTES + TAG_OFFSET;
            if (records.get(INT, off) != WALL_TAG) {
                records.set(INT, off, 0);
            }
        }
        generation = 0;
    }

    private int padded(int cell) {
        return (cell / width + 1) * paddedWidth + cell % width + 1;
    }

    private int unpadded(int p) {
        return (p / paddedWidth - 1) * width + p % paddedWidth - 1;
    }
}
