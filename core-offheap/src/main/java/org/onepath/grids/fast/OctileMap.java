package org.onepath.grids.fast;

import static org.onepath.layout.OctileMapLayout.BYTE;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.Objects;
import org.onepath.cells.GridCellsLayout;
import org.onepath.cells.GridChangeListener;
import org.onepath.cells.SquareCells;
import org.onepath.grids.jps.Direction;
import org.onepath.layout.OctileMapLayout;
import org.onepath.memory.OwnerState;

/**
 * The neighbour byte of every cell and the successor table ({@link OctileMapLayout}), which give
 * the jump point searches their pruned successors and legal diagonal steps without reading cells.
 * The bit rows and columns and the stop words of the straight scans are the grid's
 * {@link org.onepath.grids.jps.BlockMap}.
 *
 * <p>It listens to the grid: an edit rewrites the bytes of the edited cell and its eight
 * neighbours. A map it builds owns its memory; one made {@link #over over} a caller's bytes (a
 * baked store's) updates them in place and never frees them. {@link #close()} stops listening.
 */
public final class OctileMap implements GridChangeListener, AutoCloseable {
    private static final MemorySegment SUCCESSORS = buildSuccessors();

    private final SquareCells grid;
    private final int width;
    private final int height;
    private final MemorySegment cells;
    private final Arena arena;
    private final MemorySegment neighbours;
    private final OwnerState state = new OwnerState("OctileMap");

    /** Computes the neighbour bytes of a grid and starts listening to its edits. */
    public OctileMap(SquareCells grid) {
        this(grid, null);
    }

    /**
     * A map over neighbour bytes laid out as {@link OctileMapLayout} for this grid, taken as they
     * are (a baked store checks their fingerprint first). It listens to the grid's edits unless
     * the bytes are read-only, in which case the grid must be read-only too.
     *
     * @throws IllegalArgumentException if the segment is smaller than the layout, or read-only
     *                                  under a writable grid
     */
    public static OctileMap over(SquareCells grid, MemorySegment neighbourBytes) {
        grid.checkTableOver(
                "neighbour bytes", neighbourBytes, OctileMapLayout.neighbourBytes(grid.width(), grid.height()));
        return new OctileMap(grid, neighbourBytes);
    }

    private OctileMap(SquareCells grid, MemorySegment callerBytes) {
        this.grid = Objects.requireNonNull(grid, "grid");
        this.width = grid.width();
        this.height = grid.height();
        this.cells = grid.cells();
        long bytes = OctileMapLayout.neighbourBytes(width, height);
        if (callerBytes == null) {
            this.arena = Arena.ofShared();
            this.neighbours = arena.allocate(Math.max(1, bytes), 8);
            for (int y = 0; y < height; y++) {
                for (int x = 0; x < width; x++) {
                    neighbours.set(BYTE, OctileMapLayout.neighbourOffset(y * width + x), compute(x, y));
                }
            }
        } else {
            this.arena = null;
            this.neighbours = callerBytes.asSlice(0, bytes);
        }
        if (!neighbours.isReadOnly()) {
            grid.addChangeListener(this);
        }
    }

    public SquareCells grid() {
        return grid;
    }

    /** The neighbour byte of a row-major cell. */
    public int neighbours(int cell) {
        return neighbours.get(BYTE, OctileMapLayout.neighbourOffset(cell)) & 0xFF;
    }

    /** A read-only view of the neighbour bytes (what a store bakes). */
    public MemorySegment neighbourBytes() {
        state.ensureOpen();
        return neighbours.asReadOnly();
    }

    /** The neighbour bytes for the searches' hot loops (read, never written, by them). */
    MemorySegment neighbourSegment() {
        return neighbours;
    }

    /** The successor table, shared by every map (read-only). */
    static MemorySegment successorTable() {
        return SUCCESSORS;
    }

    /** The successor mask for an arrival direction ({@link Direction#NONE} for the start) and a neighbour byte. */
    public static int successors(int arrival, int neighbourByte) {
        int row = arrival == Direction.NONE ? OctileMapLayout.START_ROW : arrival;
        return SUCCESSORS.get(BYTE, OctileMapLayout.successorOffset(row, neighbourByte)) & 0xFF;
    }

    @Override
    public void cellChanged(SquareCells source, int x, int y) {
        for (int ny = Math.max(0, y - 1); ny <= Math.min(height - 1, y + 1); ny++) {
            for (int nx = Math.max(0, x - 1); nx <= Math.min(width - 1, x + 1); nx++) {
                neighbours.set(BYTE, OctileMapLayout.neighbourOffset(ny * width + nx), compute(nx, ny));
            }
        }
    }

    private byte compute(int x, int y) {
        int b = 0;
        for (int d = 0; d < 8; d++) {
            if (walkable(x + Direction.dx(d), y + Direction.dy(d))) {
                b |= 1 << d;
            }
        }
        return (byte) b;
    }

    private boolean walkable(int x, int y) {
        return x >= 0
                && y >= 0
                && x < width
                && y < height
                && cells.get(GridCellsLayout.CELL, (long) y * width + x) != GridCellsLayout.WALL_BYTE;
    }

    @Override
    public void close() {
        if (state.markClosed()) {
            grid.removeChangeListener(this);
            if (arena != null) {
                arena.close();
            }
        }
    }

    /**
     * The pruning rules of {@link org.onepath.grids.jps.JumpRules} evaluated once per arrival row
     * and neighbour byte: a diagonal arrival searches the diagonal and its two components; a
     * straight one searches straight on and, for each side whose cell is free while the cell
     * beside the previous one is a wall (a forced neighbour), the side and the forward diagonal
     * towards it; the start searches all eight. Directions whose first step is illegal are dropped.
     */
    private static MemorySegment buildSuccessors() {
        MemorySegment table = Arena.global().allocate(OctileMapLayout.SUCCESSOR_TABLE_BYTES, 8);
        for (int row = 0; row < OctileMapLayout.SUCCESSOR_ROWS; row++) {
            for (int n = 0; n < 256; n++) {
                int mask = row == OctileMapLayout.START_ROW ? 0xFF : pruned(row, n);
                int legal = 0;
                for (int d = 0; d < 8; d++) {
                    int need = OctileMapLayout.stepNeed(d);
                    if ((n & need) == need) {
                        legal |= 1 << d;
                    }
                }
                table.set(BYTE, OctileMapLayout.successorOffset(row, n), (byte) (mask & legal));
            }
        }
        return table.asReadOnly();
    }

    private static int pruned(int arrival, int n) {
        int dx = Direction.dx(arrival);
        int dy = Direction.dy(arrival);
        if (Direction.isDiagonal(arrival)) {
            return 1 << arrival | 1 << Direction.of(dx, 0) | 1 << Direction.of(0, dy);
        }
        int mask = 1 << arrival;
        for (int s = -1; s <= 1; s += 2) {
            int sx = dx == 0 ? s : 0;
            int sy = dx == 0 ? 0 : s;
            boolean side = (n >>> Direction.of(sx, sy) & 1) != 0;
            boolean behind = (n >>> Direction.of(sx - dx, sy - dy) & 1) != 0;
            if (side && !behind) {
                mask |= 1 << Direction.of(sx, sy) | 1 << Direction.of(sx + dx, sy + dy);
            }
        }
        return mask;
    }
}
