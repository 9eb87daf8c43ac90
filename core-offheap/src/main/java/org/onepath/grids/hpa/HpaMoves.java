package org.onepath.grids.hpa;

import java.lang.foreign.MemorySegment;
import org.onepath.cells.AreaCosts;
import org.onepath.cells.Connectivity;
import org.onepath.cells.DiagonalRule;
import org.onepath.cells.GridCellsLayout;
import org.onepath.cells.GridMath;
import org.onepath.cells.SquareCells;
import org.onepath.layout.HpaLayout;

/**
 * The square-grid move rules for one agent size, as {@link org.onepath.grids.SquareTopology}
 * states them, asked one direction at a time (the chunk searches and the smoothing walks need
 * "is this move legal" rather than "every move out of a cell"). The hierarchy keeps the answers
 * in its move bits ({@link HpaLayout}), which {@link #moveBits(int)} reads: one byte per cell
 * instead of up to three walkability tests per move.
 *
 * <p>Directions 0..7: north, east, south, west, north-east, south-east, south-west, north-west;
 * a four-connected view uses 0..3.
 */
final class HpaMoves {
    static final int[] DX = {0, 1, 0, -1, 1, 1, -1, -1};
    static final int[] DY = {-1, 0, 1, 0, -1, 1, 1, -1};

    final SquareCells grid;
    final int width;
    final int height;
    final int agentSize;
    final boolean eight;
    final DiagonalRule rule;
    final int directions;
    private final MemorySegment cells;
    private final AreaCosts areas;
    /** The hierarchy's move bits, one byte per cell (not owned). */
    private final MemorySegment moveBits;

    private MemorySegment clearance;

    HpaMoves(SquareCells grid, int agentSize, Connectivity connectivity, DiagonalRule rule, MemorySegment moveBits) {
        this.grid = grid;
        this.width = grid.width();
        this.height = grid.height();
        this.agentSize = agentSize;
        this.eight = connectivity == Connectivity.EIGHT;
        this.rule = rule;
        this.directions = eight ? 8 : 4;
        this.cells = grid.cells();
        this.areas = grid.areas();
        this.moveBits = moveBits;
    }

    /** Brings the clearance the size test reads up to date (after edits). */
    void refresh() {
        if (agentSize > 1) {
            clearance = grid.clearance();
        }
    }

    boolean walkable(int x, int y) {
        if (x < 0 || y < 0 || x >= width || y >= height) {
            return false;
        }
        return walkable(y * width + x);
    }

    /** Walkable for the agent size; the cell must be inside the grid. */
    boolean walkable(int cell) {
        if (agentSize == 1) {
            return cells.get(GridCellsLayout.CELL, cell) != GridCellsLayout.WALL_BYTE;
        }
        return (clearance.get(GridCellsLayout.CELL, cell) & 0xFF) >= agentSize;
    }

    /** Whether the move from (x, y) in direction d is legal (target inside and walkable, diagonal rule). */
    boolean legal(int x, int y, int d) {
        int tx = x + DX[d];
        int ty = y + DY[d];
        if (!walkable(tx, ty)) {
            return false;
        }
        if (d < 4) {
            return true;
        }
        boolean a = walkable(tx, y);
        boolean b = walkable(x, ty);
        return switch (rule) {
            case NO_CORNER_CUTTING -> a && b;
            case NO_SQUEEZING -> a || b;
            case ALLOW_ALL -> true;
        };
    }

    /** The legal moves out of (x, y), bit d for direction d; 0 when the agent cannot stand there. */
    int legalMoves(int x, int y) {
        if (!walkable(x, y)) {
            return 0;
        }
        int bits = 0;
        for (int d = 0; d < directions; d++) {
            if (legal(x, y, d)) {
                bits |= 1 << d;
            }
        }
        return bits;
    }

    /** The stored {@link #legalMoves} of a cell inside the grid, as of the last rebuild of its chunk. */
    int moveBits(int cell) {
        return moveBits.get(HpaLayout.MOVE_BITS, cell) & 0xFF;
    }

    /** The cost of the move from cell a to its neighbour b in direction d. */
    double cost(int a, int b, int d) {
        double mean = (multiplier(a) + multiplier(b)) * 0.5;
        return d < 4 ? mean : GridMath.SQRT2 * mean;
    }

    double multiplier(int cell) {
        return areas.multiplierOf(cells.get(GridCellsLayout.CELL, cell) & 0xFF);
    }

    /** The direction from cell a to its neighbour b, or -1 if they are not neighbours. */
    int directionOf(int a, int b) {
        int dx = b % width - a % width;
        int dy = b / width - a / width;
        for (int d = 0; d < 8; d++) {
            if (DX[d] == dx && DY[d] == dy) {
                return d;
            }
        }
        return -1;
    }
}
