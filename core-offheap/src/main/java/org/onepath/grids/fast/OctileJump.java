package org.onepath.grids.fast;

import static org.onepath.layout.JumpNodeLayout.CLOSED_BIT;
import static org.onepath.layout.JumpNodeLayout.DIRECTION_SHIFT;
import static org.onepath.layout.JumpNodeLayout.FLAGS_MASK;
import static org.onepath.layout.JumpNodeLayout.GENERATION_SHIFT;
import static org.onepath.layout.JumpNodeLayout.INT;
import static org.onepath.layout.JumpNodeLayout.PARENT_OFFSET;
import static org.onepath.layout.JumpNodeLayout.RECORD_BYTES;
import static org.onepath.layout.JumpNodeLayout.TAG_OFFSET;

import java.lang.foreign.MemorySegment;
import java.util.Objects;
import org.onepath.cells.Experimental;
import org.onepath.cells.SquareCells;
import org.onepath.grids.SearchStatus;
import org.onepath.grids.SlicedSearch;
import org.onepath.grids.jps.Direction;
import org.onepath.layout.JumpOpenListLayout;
import org.onepath.layout.OctileMapLayout;
import org.onepath.memory.GrowableSegment;
import org.onepath.memory.PackedQuadHeap;
import org.onepath.memory.QuadHeap;
import org.onepath.state.GridSearchStateLayout;
import org.onepath.state.StateReader;
import org.onepath.state.StateWriter;

/**
 * The specialised octile jump point search over a finder (the block jumper or the JPS+ table
 * jumper), with exact integer-pair costs as {@link OctileAStar}.
 *
 * <p>What it exploits: the open list is a 4-ary heap without decrease-key (an improved cell is
 * pushed again and the stale entry skipped when it pops, the cell being closed) plus a stack: an
 * entry whose F equals the level (the F of the last entry taken from the heap, NaN before the
 * first) goes on a last-in first-out stack, and a pop takes from the stack first unless the heap's
 * top has a smaller F ({@link JumpOpenListLayout}). The pop order is therefore fully determined by
 * the sequence of pushes. A skipped stale entry is not an iteration.
 *
 * <p>With improved pruning (Harabor and Grastien 2014) a diagonal run pushes none of its own
 * cells except the goal, where it ends: at each cell of the run it scans both straight components
 * in ascending direction order and offers each stop with the run's origin as parent, the straight
 * direction as arrival and the pair (a + straight steps, b + run length). The path walks such a
 * hop diagonally first, then straight.
 *
 * <p>What it exploits against {@link org.onepath.grids.jps.JumpSearch}: the pruned successors come
 * from the neighbour byte of the node and the successor table ({@link OctileMap}), the search
 * knows each node's column and row, so neither a jump nor a key divides, and a diagonal run checks
 * its steps in the neighbour bytes.
 *
 * <p>With goal bounds ({@link #goalBounded}, {@code docs/jps.md} "The query") the diagonals run
 * as with improved pruning, and the boxes prune at two places: an expanded cell other than the
 * start that has boxes keeps, of the moves no shorter route from the cell before rules out (the
 * pruned successors and, after a straight step, both forward diagonals), those whose box holds
 * the goal; and at each stop of a diagonal run that has boxes, a straight component is scanned
 * only when its box holds the goal, and the run goes on only when the diagonal's box does. The
 * open list, the records and the offers are this search's.
 *
 * @param <F> finder of straight and diagonal jump points
 */
public final class OctileJump<F extends OctileFinder> extends OctileSearch {
    private static final int INITIAL_STACK_ENTRIES = 1024;

    private final F finder;
    private final boolean improvedPruning;
    /** Goal-bounding boxes at jump points, or null for the plain search. */
    private final GoalBounds bounds;
    /** The finder as a table finder when bounded (its runs consult the boxes), else null. */
    private final TableFinder boundedFinder;

    private final MemorySegment neighbours;
    private final MemorySegment successors;
    /** The stops of one improved diagonal run, as {@link OctileFinder#diagonalRun} writes them. */
    private final int[] runStops;

    private final GrowableSegment stackMemory;
    private MemorySegment stack;
    private int stackSize;
    private double level;
    /** The goal in the goal bounds' units ({@link GoalBounds#goalKey}), when bounded. */
    private int goalKey;

    /** Plain jump point search over a finder. */
    public OctileJump(SquareCells grid, F finder) {
        this(grid, finder, false);
    }

    /**
     * Jump point search over a finder, with improved pruning when asked: diagonal runs push none
     * of their own cells ({@link Experimental} ONEPATH0001 until a locked comparison shows it as
     * fast as the reference on every Moving AI set; no tier-1 option selects it).
     *
     * @param improvedPruning whether diagonal runs skip their own cells
     * @throws IllegalArgumentException if the finder serves another grid
     */
    @Experimental("ONEPATH0001")
    public OctileJump(SquareCells grid, F finder, boolean improvedPruning) {
        this(grid, finder, improvedPruning, null);
    }

    /**
     * JPS+ with goal bounding at jump points (JPS+BB, {@code docs/jps.md} "Goal bounding at jump
     * points"): every expanded node but the start that has boxes keeps only the directions whose
     * box holds the goal. Jumps, open list and tie order are the plain search's.
     *
     * @param bounds boxes baked from this grid's cells; a search refuses them once the grid changed
     * @throws IllegalArgumentException if the finder or the boxes serve another grid
     */
    public static OctileJump<TableFinder> goalBounded(SquareCells grid, TableFinder finder, GoalBounds bounds) {
        return new OctileJump<>(grid, finder, false, Objects.requireNonNull(bounds, "bounds"));
    }

    /**
     * The forward diagonals of a straight arrival (the two diagonals that have it as a
     * component), indexed by arrival; 0 for the diagonals and the start. No route from the cell
     * before is shorter than a step straight on and then one of them, so a bounded expansion may
     * need them when another search reached the cell first at the same cost.
     */
    private static final int[] FORWARD_DIAGONALS = {
        1 << Direction.NORTH_EAST | 1 << Direction.NORTH_WEST,
        1 << Direction.NORTH_EAST | 1 << Direction.SOUTH_EAST,
        1 << Direction.SOUTH_EAST | 1 << Direction.SOUTH_WEST,
        1 << Direction.SOUTH_WEST | 1 << Direction.NORTH_WEST,
        0,
        0,
        0,
        0,
        0
    };

    /**
     * The moves a bounded expansion considers at a cell with neighbour byte {@code neighbourByte}
     * reached by a last step in direction {@code arrival}: the pruned successors and, after a
     * straight step, the legal forward diagonals; the moves no route from the cell before beats.
     */
    static int boundedSuccessors(int arrival, int neighbourByte) {
        return OctileMap.successors(arrival, neighbourByte)
                | FORWARD_DIAGONALS[arrival] & OctileMap.successors(Direction.NONE, neighbourByte);
    }

    private OctileJump(SquareCells grid, F finder, boolean improvedPruning, GoalBounds bounds) {
        // Checked before the base allocates the records, so a refused engine holds no memory.
        Objects.requireNonNull(grid, "grid");
        this.finder = Objects.requireNonNull(finder, "finder");
        if (finder.map().grid() != grid) {
            throw new IllegalArgumentException("the finder serves another grid");
        }
        if (bounds != null && bounds.grid() != grid) {
            throw new IllegalArgumentException("the goal bounds describe another grid");
        }
        super("OctileJump", grid, 0, false);
        this.improvedPruning = improvedPruning;
        this.bounds = bounds;
        this.boundedFinder = bounds == null ? null : (TableFinder) finder;
        this.neighbours = finder.map().neighbourSegment();
        this.successors = OctileMap.successorTable();
        this.runStops =
                improvedPruning || bounds != null ? new int[OctileFinder.runStopsLength(width, height)] : new int[0];
        this.stackMemory = new GrowableSegment(INITIAL_STACK_ENTRIES * JumpOpenListLayout.STACK_ENTRY_BYTES, 4);
        this.stack = stackMemory.segment();
    }

    public F finder() {
        return finder;
    }

    /** Begins a search between two row-major cells; throws for a cell outside the grid. */
    @Override
    public void begin(int start, int goal) {
        state.ensureOpen();
        int n = width * height;
        SlicedSearch.checkEnds(start, goal, n);
        nextGeneration();
        resetRun(start, goal, 0, 0);
        finder.refresh();
        if (bounds != null) {
            bounds.checkCurrent();
            goalKey = bounds.goalKey(goalX, goalY);
        }
        finder.target(goalX, goalY);
        heapSize = 0;
        stackSize = 0;
        level = Double.NaN;
        expansions.clear();
        long off = start * RECORD_BYTES;
        OctilePairs.reach(records, off, 0, 0, generation << GENERATION_SHIFT);
        records.set(INT, off + PARENT_OFFSET, -1);
        push(start, start % width, start / width, 0, 0);
        status = SearchStatus.RUNNING;
    }

    @Override
    public SearchStatus step(int maxIterations) {
        if (!SlicedSearch.checkStep(maxIterations, status, "OctileJump")) {
            return status;
        }
        state.ensureOpen();
        final MemorySegment rec = records;
        final int genBase = generation << GENERATION_SHIFT;
        int done = 0;
        while (done < maxIterations) {
            if (stackSize == 0 && heapSize == 0) {
                status = SearchStatus.NO_PATH;
                return status;
            }
            final int cell = pop();
            final long off = cell * RECORD_BYTES;
            final int tag = rec.get(INT, off + TAG_OFFSET);
            if ((tag & CLOSED_BIT) != 0) {
                continue; // a stale entry of a closed cell: not an iteration
            }
            rec.set(INT, off + TAG_OFFSET, tag | CLOSED_BIT);
            iterations++;
            done++;
            if (cell == goal) {
                status = SearchStatus.FOUND;
                return status;
            }
            expanded++;
            if (recordExpansions) {
                expansions.add(cell);
            }
            expand(cell, tag, genBase);
        }
        if (stackSize == 0 && heapSize == 0) {
            status = SearchStatus.NO_PATH;
        }
        return status;
    }

    private void expand(int cell, int tag, int genBase) {
        final MemorySegment rec = records;
        final long off = cell * RECORD_BYTES;
        final int a = OctilePairs.straight(rec, off);
        final int b = OctilePairs.diagonal(rec, off);
        final int x = cell % width;
        final int y = cell / width;
        final int row = rec.get(INT, off + PARENT_OFFSET) < 0 ? OctileMapLayout.START_ROW : OctilePairs.direction(tag);
        final int around = neighbours.get(OctileMapLayout.BYTE, OctileMapLayout.neighbourOffset(cell));
        int mask = successors.get(OctileMapLayout.BYTE, OctileMapLayout.successorOffset(row, around)) & 0xFF;
        if (bounds != null && row != OctileMapLayout.START_ROW) {
            // Goal bounding: every hop out of this cell in direction d starts with a move d from
            // it, which is what the box of (cell, d) describes; the start is never pruned. The
            // forward diagonals join the pruned successors: the move a box keeps for the goal is
            // a shortest one, which no route from the cell before beats, whichever way the
            // search reached this cell at its cost.
            mask |= FORWARD_DIAGONALS[row]
                    & successors.get(
                            OctileMapLayout.BYTE, OctileMapLayout.successorOffset(OctileMapLayout.START_ROW, around));
            mask = bounds.filter(cell, mask, goalKey);
        }
        while (mask != 0) {
            final int d = Integer.numberOfTrailingZeros(mask); // ascending direction order
            mask &= mask - 1;
            if ((improvedPruning || bounds != null) && d >= Direction.NORTH_EAST) {
                diagonalRun(cell, x, y, d, a, b, genBase);
                continue;
            }
            int steps = finder.jump(cell, x, y, d);
            if (steps == 0) {
                continue;
            }
            int qx = x + steps * Direction.dx(d);
            int qy = y + steps * Direction.dy(d);
            if (d >= Direction.NORTH_EAST) {
                offer(qy * width + qx, qx, qy, cell, d, a, b + steps, genBase);
            } else {
                offer(qy * width + qx, qx, qy, cell, d, a + steps, b, genBase);
            }
        }
    }

    /**
     * Improved pruning: the run offers the straight stops seen from each of its cells, walking to
     * the goal or until a step is illegal ({@link OctileFinder#diagonalRun}), in the order the
     * finder met them; with goal bounds, pruned at the run's stops that have boxes ({@link
     * TableFinder#boundedRun}).
     */
    private void diagonalRun(int origin, int x, int y, int d, int a, int b, int genBase) {
        final int[] stops = runStops;
        final int n = bounds == null
                ? finder.diagonalRun(origin, x, y, d, stops)
                : boundedFinder.boundedRun(origin, x, y, d, stops, bounds, goalKey);
        final int dx = Direction.dx(d);
        final int dy = Direction.dy(d);
        for (int i = 0; i < n; i += 3) {
            final int k = stops[i];
            final int dir = stops[i + 1];
            final int t = stops[i + 2];
            final int qx = x + k * dx + t * Direction.dx(dir);
            final int qy = y + k * dy + t * Direction.dy(dir);
            offer(qy * width + qx, qx, qy, origin, dir, a + t, b + k, genBase);
        }
    }

    /** Offers pair (na, nb) to cell q through parent, arriving in direction dir. */
    private void offer(int q, int qx, int qy, int parent, int dir, int na, int nb, int genBase) {
        final MemorySegment rec = records;
        final long qOff = q * RECORD_BYTES;
        final int tag = rec.get(INT, qOff + TAG_OFFSET);
        if (tag >= genBase) {
            if ((tag & CLOSED_BIT) != 0) {
                return;
            }
            if (!(OctilePairs.cost(na, nb) < OctilePairs.cost(rec, qOff))) {
                return;
            }
        }
        OctilePairs.reach(rec, qOff, na, nb, genBase | dir << DIRECTION_SHIFT);
        rec.set(INT, qOff + PARENT_OFFSET, parent);
        push(q, qx, qy, na, nb);
    }

    // ---- snapshots (GridSearch mode 3) ----

    /**
     * Writes the search as mode 3 of the GridSearch state describes it, after the mode, width,
     * height and finder: u8 status, u8 zeroEstimate, i32 start, goal, expanded, iterations, pathA,
     * pathB, visited; per visited cell in increasing index i32 cell, i32 a, i32 b, i32 parent,
     * u8 flags (bit 0 closed, bits 1-3 the direction of the last move); then the open list as it
     * lies: f64 level, i32 heapCount and per slot f64 F, u64 T, i32 stackCount and the stack's
     * cells. Stale entries are kept: the pop order among equal estimates depends on them.
     */
    public void writeState(StateWriter w) {
        ensureSaveable();
        // Two passes over the records (count, then write) so a save allocates nothing.
        final int genBase = generation << GENERATION_SHIFT;
        final int n = width * height;
        int visited = 0;
        for (int c = 0; c < n; c++) {
            if (records.get(INT, c * RECORD_BYTES + TAG_OFFSET) >= genBase) {
                visited++;
            }
        }
        writeFixed(w, visited);
        for (int c = 0; c < n; c++) {
            long off = c * RECORD_BYTES;
            if (records.get(INT, off + TAG_OFFSET) >= genBase) {
                w.i32(c)
                        .i32(OctilePairs.straight(records, off))
                        .i32(OctilePairs.diagonal(records, off))
                        .i32(records.get(INT, off + PARENT_OFFSET))
                        .u8(records.get(INT, off + TAG_OFFSET) & FLAGS_MASK);
            }
        }
        w.f64(level).i32(heapSize);
        for (int i = 0; i < heapSize; i++) {
            long off = i * JumpOpenListLayout.SLOT_BYTES;
            w.f64(heap.get(JumpOpenListLayout.F, off + JumpOpenListLayout.F_OFFSET))
                    .u64(heap.get(JumpOpenListLayout.T, off + JumpOpenListLayout.T_OFFSET));
        }
        w.i32(stackSize);
        for (int i = 0; i < stackSize; i++) {
            w.i32(stack.get(JumpOpenListLayout.CELL, i * JumpOpenListLayout.STACK_ENTRY_BYTES));
        }
    }

    /**
     * Reads a mode-3 state written by {@link #writeState}, checks it against the grid and this
     * search's estimate, and only then replaces the current search. Checked: every cell inside
     * the grid, walkable and listed once in increasing order; the start at pair (0, 0) without a
     * parent, closed unless nothing has popped; every other cell's parent visited, closed and a
     * valid hop back (the pair grows by the hop's straight and diagonal steps) with a direction
     * along the hop; the counters equal the closed cells; the goal closed exactly when found,
     * with the reported pair; every open-list entry names a visited cell, the heap array is a
     * heap, every open cell has an entry, and a search that ran out of cells has none.
     *
     * @throws org.onepath.state.GridStateException naming the field, value, bound and offset
     */
    public void readState(StateReader r) {
        state.ensureOpen();
        final int n = width * height;
        OctileSearchState.Fixed f =
                OctileSearchState.readFixed(r, GridSearchStateLayout.MODE_SPECIALISED_JUMP, n, zeroEstimate);
        OctileSearchState.Visited v = OctileSearchState.readVisited(r, f.visitedCount(), n, true, this::canStandOn);
        int count = f.visitedCount();
        int[] cells = v.cells();
        int[] as = v.as();
        int[] bs = v.bs();
        int[] parents = v.parents();
        int[] flags = v.flags();
        long[] offsets = v.offsets();
        long levelAt = r.offset();
        double lvl = r.f64("level");
        int heapCount = r.count("heapCount", Integer.MAX_VALUE, GridSearchStateLayout.JUMP_HEAP_SLOT_BYTES);
        double[] hf = new double[heapCount];
        long[] ht = new long[heapCount];
        for (int i = 0; i < heapCount; i++) {
            long slotAt = r.offset();
            hf[i] = r.f64NotNaN("heap[" + i + "].F");
            ht[i] = r.u64("heap[" + i + "].T");
            if (java.util.Arrays.binarySearch(cells, (int) ht[i]) < 0) {
                throw r.error("heap[" + i + "].T", Long.toHexString(ht[i]), "an entry naming a visited cell", slotAt);
            }
            if (i > 0 && PackedQuadHeap.before(hf[i], ht[i], hf[QuadHeap.parentOf(i)], ht[QuadHeap.parentOf(i)])) {
                throw r.error(
                        "heap[" + i + "].F",
                        Double.toString(hf[i]),
                        "not before its parent slot " + QuadHeap.parentOf(i) + " (a heap)",
                        slotAt);
            }
        }
        int stackCount = r.count("stackCount", Integer.MAX_VALUE, GridSearchStateLayout.JUMP_STACK_ENTRY_BYTES);
        int[] stackCells = new int[stackCount];
        for (int i = 0; i < stackCount; i++) {
            long entryAt = r.offset();
            stackCells[i] = r.index("stack[" + i + "]", n);
            if (java.util.Arrays.binarySearch(cells, stackCells[i]) < 0) {
                throw r.error("stack[" + i + "]", stackCells[i], "a visited cell", entryAt);
            }
        }
        r.expectEnd();
        for (int i = 0; i < count; i++) {
            if (cells[i] == f.start()) {
                if (as[i] != 0 || bs[i] != 0 || parents[i] != -1) {
                    throw r.error(
                            "visited[" + i + "]",
                            "pair (" + as[i] + ", " + bs[i] + ") parent " + parents[i],
                            "the start at pair (0, 0) without a parent",
                            offsets[i]);
                }
                continue;
            }
            int p = parents[i];
            int pi = p < 0 ? -1 : java.util.Arrays.binarySearch(cells, p);
            if (pi < 0
                    || (flags[pi] & CLOSED_BIT) == 0
                    || !validHop(p, cells[i], flags[i] >>> DIRECTION_SHIFT, as[i] - as[pi], bs[i] - bs[pi])) {
                throw r.error(
                        "visited[" + i + "].parent",
                        p,
                        "a closed visited cell one valid hop back, along the direction",
                        offsets[i]);
            }
        }
        OctileSearchState.checkCounters(r, f, cells, as, bs, flags, heapCount + stackCount > 0, this::canStandOn);
        if ((f.iterations() == 0) != Double.isNaN(lvl)) {
            throw r.error(
                    "level",
                    Double.toString(lvl),
                    f.iterations() == 0 ? "NaN (nothing has popped)" : "a number (something has popped)",
                    levelAt);
        }
        boolean[] listed = new boolean[count];
        for (long t : ht) {
            listed[java.util.Arrays.binarySearch(cells, (int) t)] = true;
        }
        for (int c : stackCells) {
            listed[java.util.Arrays.binarySearch(cells, c)] = true;
        }
        for (int i = 0; i < count; i++) {
            if ((flags[i] & CLOSED_BIT) == 0 && !listed[i]) {
                throw r.error("visited[" + i + "].cell", cells[i], "an open cell with an open-list entry", offsets[i]);
            }
        }
        int s = f.start();
        int g = f.goal();
        int its = f.iterations();
        int exp = f.expanded();
        SearchStatus st = f.status();
        // Checked: replace the current search.
        nextGeneration();
        final int genBase = generation << GENERATION_SHIFT;
        resetRun(s, g, its, exp);
        finder.refresh();
        if (bounds != null) {
            bounds.checkCurrent();
            goalKey = bounds.goalKey(goalX, goalY);
        }
        finder.target(goalX, goalY);
        expansions.clear();
        for (int i = 0; i < count; i++) {
            long off = cells[i] * RECORD_BYTES;
            OctilePairs.reach(records, off, as[i], bs[i], genBase | flags[i]);
            records.set(INT, off + PARENT_OFFSET, parents[i]);
        }
        heap = heapMemory.ensureLength(Math.max(1, heapCount) * JumpOpenListLayout.SLOT_BYTES, 0);
        for (int i = 0; i < heapCount; i++) {
            PackedQuadHeap.write(heap, i, hf[i], ht[i]);
        }
        heapSize = heapCount;
        stack = stackMemory.ensureLength(Math.max(1, stackCount) * JumpOpenListLayout.STACK_ENTRY_BYTES, 0);
        for (int i = 0; i < stackCount; i++) {
            stack.set(JumpOpenListLayout.CELL, i * JumpOpenListLayout.STACK_ENTRY_BYTES, stackCells[i]);
        }
        stackSize = stackCount;
        level = lvl;
        status = st;
    }

    /**
     * Whether a hop from {@code parent} to {@code cell} is one a jump makes (diagonal first, then
     * straight), its pair grows by (da, db) and its last move has direction {@code dir}.
     */
    private boolean validHop(int parent, int cell, int dir, int da, int db) {
        int hx = cell % width - parent % width;
        int hy = cell / width - parent / width;
        int ax = Math.abs(hx);
        int ay = Math.abs(hy);
        int diagonal = Math.min(ax, ay);
        int straight = Math.max(ax, ay) - diagonal;
        if (da != straight || db != diagonal || straight + diagonal == 0) {
            return false;
        }
        int dx = Direction.dx(dir);
        int dy = Direction.dy(dir);
        if (straight == 0) {
            return dx == Integer.signum(hx) && dy == Integer.signum(hy);
        }
        // The straight part came last: the direction is along the longer axis.
        return ax > ay ? dx == Integer.signum(hx) && dy == 0 : dy == Integer.signum(hy) && dx == 0;
    }

    // ---- open list ----
    // The shared packed heap without decrease-key (no position is written back, stale entries
    // stay) plus the stack that takes the entries of the current level.

    private void push(int cell, int x, int y, int a, int b) {
        double g = OctilePairs.cost(a, b);
        double f = OctilePairs.key(a, b, x, y, goalX, goalY, zeroEstimate);
        if (f == level) {
            long need = (stackSize + 1) * JumpOpenListLayout.STACK_ENTRY_BYTES;
            if (need > stack.byteSize()) {
                stack = stackMemory.ensureLength(need, stackSize * JumpOpenListLayout.STACK_ENTRY_BYTES);
            }
            stack.set(JumpOpenListLayout.CELL, stackSize * JumpOpenListLayout.STACK_ENTRY_BYTES, cell);
            stackSize++;
            return;
        }
        final int pos = heapSize;
        final MemorySegment h = PackedQuadHeap.room(heapMemory, heap, pos, pos + 1);
        heap = h;
        heapSize = pos + 1;
        PackedQuadHeap.siftUp(h, pos, f, JumpOpenListLayout.tieKey(g, cell));
    }

    private int pop() {
        if (stackSize > 0 && !(heapSize > 0 && PackedQuadHeap.keyAt(heap, 0) < level)) {
            stackSize--;
            return stack.get(JumpOpenListLayout.CELL, stackSize * JumpOpenListLayout.STACK_ENTRY_BYTES);
        }
        final MemorySegment h = heap;
        level = PackedQuadHeap.keyAt(h, 0);
        final int cell = PackedQuadHeap.idAt(h, 0);
        final int last = --heapSize;
        if (last > 0) {
            PackedQuadHeap.siftDown(h, last, 0, PackedQuadHeap.keyAt(h, last), PackedQuadHeap.tieAt(h, last));
        }
        return cell;
    }

    // ---- path ----

    /**
     * A hop is walked diagonally first, then straight ({@link OctileHops#writeHopBack}), written
     * from the end back, hop by hop along the parents.
     */
    @Override
    void writePath(int end, int[] out, int length) {
        int i = length - 1;
        out[i] = end;
        for (int c = end; c != start; ) {
            final int p = records.get(INT, c * RECORD_BYTES + PARENT_OFFSET);
            i = OctileHops.writeHopBack(c, p, width, out, i);
            c = p;
        }
    }

    /**
     * The found path as its jump points, the cells drawn on demand ({@link OctileHops}): two
     * walks along the parents (count, then fill), no cell written per step.
     *
     * @throws IllegalStateException unless the search found the goal
     */
    public OctileHops pathHops() {
        if (status != SearchStatus.FOUND) {
            throw new IllegalStateException("no path: the search status is " + status);
        }
        int count = 1;
        for (int c = goal; c != start; c = records.get(INT, c * RECORD_BYTES + PARENT_OFFSET)) {
            count++;
        }
        final int[] ends = new int[count];
        int i = count;
        for (int c = goal; ; c = records.get(INT, c * RECORD_BYTES + PARENT_OFFSET)) {
            ends[--i] = c;
            if (c == start) {
                break;
            }
        }
        return new OctileHops(ends, width, pathLength());
    }

    @Override
    void clearTags() {
        records.fill((byte) 0); // no walls among the records
        generation = 0;
    }

    @Override
    void closeOwn() {
        stackMemory.close();
    }
}
