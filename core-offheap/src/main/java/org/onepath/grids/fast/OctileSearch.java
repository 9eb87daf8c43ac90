package org.onepath.grids.fast;

import static org.onepath.layout.OctileNodeLayout.GENERATION_SHIFT;
import static org.onepath.layout.OctileNodeLayout.MAX_GENERATION;
import static org.onepath.layout.OctileNodeLayout.RECORD_BYTES;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.Objects;
import org.onepath.cells.SquareCells;
import org.onepath.grids.SearchStatus;
import org.onepath.grids.SlicedSearch;
import org.onepath.memory.GrowableSegment;
import org.onepath.memory.LargePages;
import org.onepath.memory.NativeIntList;
import org.onepath.memory.OwnerState;
import org.onepath.memory.QuadHeapLayout;
import org.onepath.state.StateWriter;

/**
 * What the two specialised octile searches share around their loops: the record array (one
 * record per cell, laid out as {@link org.onepath.layout.OctileNodeLayout}, with a wall of
 * {@code recordPad} records round the map), the open heap's memory ({@link
 * org.onepath.memory.PackedQuadHeap}), the counters and status of the current search, and
 * everything read from them afterwards: the found path's pair and cost, the partial paths
 * ({@link OctileReached}), the fixed fields of a snapshot, and closing.
 *
 * <p>Only the loops differ ({@link OctileAStar} relaxes eight neighbours with decrease-key,
 * {@link OctileJump} jumps and pushes again); each subclass reads these fields directly in its
 * loop, copied into final locals, so sharing them costs the loops nothing.
 */
abstract sealed class OctileSearch implements SlicedSearch, AutoCloseable permits OctileAStar, OctileJump {
    private static final int INITIAL_HEAP_SLOTS = 1024;

    /** The engine's name, for messages. */
    private final String name;
    /** Records of wall round the map: 1 for the A*, 0 for the jump search. */
    private final int recordPad;

    final SquareCells grid;
    final int width;
    final int height;
    final OwnerState state;
    final Arena arena;
    final MemorySegment records;
    final GrowableSegment heapMemory;
    final NativeIntList expansions = new NativeIntList();
    MemorySegment heap;
    int heapSize;
    boolean recordExpansions;
    boolean zeroEstimate;

    int generation;
    SearchStatus status = SearchStatus.NOT_STARTED;
    int start = -1;
    int goal = -1;
    int goalX;
    int goalY;
    int iterations;
    int expanded;
    double cellCost;

    OctileSearch(String name, SquareCells grid, int recordPad, boolean zeroEstimate) {
        this.grid = Objects.requireNonNull(grid, "grid");
        this.name = name;
        this.recordPad = recordPad;
        this.width = grid.width();
        this.height = grid.height();
        this.zeroEstimate = zeroEstimate;
        this.state = new OwnerState(name);
        this.arena = Arena.ofShared();
        long recordCount = (long) (width + 2 * recordPad) * (height + 2 * recordPad);
        this.records = LargePages.allocate(arena, recordCount * RECORD_BYTES, 8);
        this.heapMemory = new GrowableSegment(INITIAL_HEAP_SLOTS * QuadHeapLayout.PACKED_SLOT_BYTES, 8);
        this.heap = heapMemory.segment();
    }

    /** Writes the {@code length} cells of the route to reached row-major cell {@code cell}, start first. */
    abstract void writePath(int cell, int[] out, int length);

    /** Resets every record but the walls' so that generation numbering may restart at 1. */
    abstract void clearTags();

    /** Frees memory of the subclass's own, before the records are freed. */
    void closeOwn() {}

    /** The grid searched. */
    public final SquareCells grid() {
        return grid;
    }

    /** Uses the zero estimate (Dijkstra order) instead of octile from the next search on. */
    public final void zeroEstimate(boolean zero) {
        this.zeroEstimate = zero;
    }

    /** Records the expanded cells of the next searches ({@link #expandedNodes()}). */
    public final void recordExpansions(boolean on) {
        this.recordExpansions = on;
    }

    /**
     * The expanded cells (row-major indices) of the last search, when recorded: every cell the
     * A* expanded, the jump points the jump search expanded.
     */
    @Override
    public final int[] expandedNodes() {
        return expansions.toArray();
    }

    @Override
    public final SearchStatus status() {
        return status;
    }

    @Override
    public final int iterations() {
        return iterations;
    }

    @Override
    public final int expandedCount() {
        return expanded;
    }

    /** Straight steps of the found path. */
    public final int pathStraightSteps() {
        return status == SearchStatus.FOUND ? OctilePairs.straight(records, goalRecordOffset()) : 0;
    }

    /** Diagonal steps of the found path. */
    public final int pathDiagonalSteps() {
        return status == SearchStatus.FOUND ? OctilePairs.diagonal(records, goalRecordOffset()) : 0;
    }

    @Override
    public final double pathCost() {
        if (status != SearchStatus.FOUND) {
            return Double.POSITIVE_INFINITY;
        }
        return cellCost * OctilePairs.cost(pathStraightSteps(), pathDiagonalSteps());
    }

    /** Cells on the found path; 0 unless FOUND. */
    @Override
    public final int pathLength() {
        if (status != SearchStatus.FOUND) {
            return 0;
        }
        return pathStraightSteps() + pathDiagonalSteps() + 1;
    }

    /** Writes the found path, start first, as row-major cells; returns its length. */
    @Override
    public final int copyPath(int[] out) {
        int length = pathLength();
        SlicedSearch.checkPathBuffer(status, out, length);
        writePath(goal, out, length);
        return length;
    }

    // ---- partial paths ----

    @Override
    public final boolean offersPartialPaths() {
        return true;
    }

    /**
     * The reached cell of least (octile estimate, cost, cell), estimates and costs compared
     * exactly as integer pairs; for the jump search the candidates are the jump points it
     * generated (the cells between them have no record). One pass over the records, O(cells);
     * allocates nothing.
     */
    @Override
    public final int closestReached() {
        ensureBegun();
        return OctileReached.closest(
                records, width, height, recordPad, generation << GENERATION_SHIFT, goalX, goalY, zeroEstimate);
    }

    @Override
    public final int pathLengthTo(int node) {
        return OctileReached.pathLength(records, reachedOffset(node));
    }

    @Override
    public final int copyPathTo(int node, int[] out) {
        int length = pathLengthTo(node);
        OctileReached.checkBuffer(out, length);
        writePath(node, out, length);
        return length;
    }

    @Override
    public final double costTo(int node) {
        return cellCost * OctilePairs.cost(records, reachedOffset(node));
    }

    @Override
    public final boolean canStandOn(int cell) {
        return cell >= 0 && cell < width * height && grid.isWalkable(cell % width, cell / width);
    }

    @Override
    public final void close() {
        if (state.markClosed()) {
            heapMemory.close();
            closeOwn();
            expansions.close();
            arena.close();
        }
    }

    // ---- for the subclasses ----

    /** Starts the next generation of tags, clearing them first when the numbering is used up. */
    final void nextGeneration() {
        if (generation >= MAX_GENERATION) {
            clearTags();
        }
        generation++;
    }

    /** The ends, counters and cost of a search beginning or restored. */
    final void resetRun(int start, int goal, int iterations, int expanded) {
        this.start = start;
        this.goal = goal;
        this.goalX = goal % width;
        this.goalY = goal / width;
        this.iterations = iterations;
        this.expanded = expanded;
        this.cellCost = grid.areas().get(0);
    }

    /** Throws unless the engine is open and a search was begun. */
    final void ensureBegun() {
        state.ensureOpen();
        if (status == SearchStatus.NOT_STARTED) {
            throw new IllegalStateException(name + " has no search begun");
        }
    }

    /** Throws unless the engine is open and has a search to save. */
    final void ensureSaveable() {
        state.ensureOpen();
        if (status == SearchStatus.NOT_STARTED) {
            throw new IllegalStateException(name + " has no search to save");
        }
    }

    /** Writes the fixed fields of the search's snapshot, up to and including the visited count. */
    final void writeFixed(StateWriter w, int visited) {
        OctileSearchState.writeFixed(
                w,
                width * height,
                status,
                zeroEstimate,
                start,
                goal,
                expanded,
                iterations,
                pathStraightSteps(),
                pathDiagonalSteps(),
                visited);
    }

    /** The record offset of a cell the current search reached; throws otherwise. */
    private long reachedOffset(int node) {
        ensureBegun();
        return OctileReached.reachedOffset(records, width, height, recordPad, generation << GENERATION_SHIFT, node);
    }

    private long goalRecordOffset() {
        return OctileReached.offset(width, recordPad, goalX, goalY);
    }
}
