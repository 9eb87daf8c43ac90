package org.onepath.grids;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.Objects;
import org.onepath.cells.AreaCosts;
import org.onepath.cells.GridCellsLayout;
import org.onepath.cells.HexCells;
import org.onepath.cells.HexCoord;
import org.onepath.cells.HexLayout;

/**
 * Moves on a {@link HexCells} (tier 2): the six hex moves of an agent of size 1.
 *
 * <p>Nodes are offset cells, {@code node = row * width + col}. Neighbour order (normative) is the
 * axial order (+1, 0), (+1, -1), (0, -1), (-1, 0), (-1, +1), (0, +1); neighbours outside the grid
 * and walls are left out. The cost of a move a -&gt; b is {@code 1 * ((m[a] + m[b]) * 0.5)}, evaluated
 * in that order in double, with m the area multipliers of the two cells (a hex step has length 1).
 *
 * <p>The axial directions become offset steps that depend only on the parity of the row (pointy
 * layouts) or column (flat layouts); the two step tables are derived once from
 * {@link HexLayout}'s conversions, so the hot loop is an add and a bounds check per neighbour.
 * Reads the grid's live cells and multipliers: edits are seen by the next expansion.
 */
public final class HexTopology implements GridTopology {
    /** Length of a hex step: every move joins adjacent centres. */
    public static final double STEP_LENGTH = 1.0;

    private static final ValueLayout.OfByte BYTE = GridCellsLayout.CELL;

    private final HexCells grid;
    private final HexLayout layout;
    private final int width;
    private final int height;
    private final boolean pointy;
    private final MemorySegment cells;
    private final AreaCosts areas;
    // Offset steps of the six directions, for an even and for an odd row (pointy) or column (flat).
    private final int[] colStepEven = new int[HexCoord.DIRECTION_COUNT];
    private final int[] rowStepEven = new int[HexCoord.DIRECTION_COUNT];
    private final int[] colStepOdd = new int[HexCoord.DIRECTION_COUNT];
    private final int[] rowStepOdd = new int[HexCoord.DIRECTION_COUNT];

    /**
     * The six hex moves over a grid's live cells.
     *
     * @param grid the hex cells to read; the topology holds it, it does not own it
     */
    public HexTopology(HexCells grid) {
        this.grid = Objects.requireNonNull(grid, "grid");
        this.layout = grid.layout();
        this.width = grid.width();
        this.height = grid.height();
        this.pointy = layout.isPointy();
        this.cells = grid.cells();
        this.areas = grid.areas();
        for (int parity = 0; parity < 2; parity++) {
            // A base cell whose row (pointy) or column (flat) has this parity.
            int col = pointy ? 2 : parity;
            int row = pointy ? parity : 2;
            int q = layout.q(col, row);
            int r = layout.r(col, row);
            for (int d = 0; d < HexCoord.DIRECTION_COUNT; d++) {
                int nq = q + HexCoord.directionQ(d);
                int nr = r + HexCoord.directionR(d);
                (parity == 0 ? colStepEven : colStepOdd)[d] = layout.col(nq, nr) - col;
                (parity == 0 ? rowStepEven : rowStepOdd)[d] = layout.row(nq, nr) - row;
            }
        }
    }

    /**
     * The cells this topology reads.
     *
     * @return the grid given at construction
     */
    public HexCells grid() {
        return grid;
    }

    /**
     * The grid's layout, which decides the offset steps.
     *
     * @return the layout, not null
     */
    public HexLayout layout() {
        return layout;
    }

    /**
     * The grid's columns.
     *
     * @return the width in cells
     */
    public int width() {
        return width;
    }

    /**
     * The grid's rows.
     *
     * @return the height in cells
     */
    public int height() {
        return height;
    }

    @Override
    public int nodeCount() {
        return width * height;
    }

    @Override
    public int maxDegree() {
        return HexCoord.DIRECTION_COUNT;
    }

    @Override
    public boolean isWalkable(int node) {
        if (node < 0 || node >= width * height) {
            return false;
        }
        return cells.get(BYTE, node) != GridCellsLayout.WALL_BYTE;
    }

    @Override
    public int neighbors(int node, int[] nodes, double[] costs) {
        final int w = width;
        final int h = height;
        final int col = node % w;
        final int row = node / w;
        final boolean odd = ((pointy ? row : col) & 1) != 0;
        final int[] colStep = odd ? colStepOdd : colStepEven;
        final int[] rowStep = odd ? rowStepOdd : rowStepEven;
        final MemorySegment c = cells;
        final AreaCosts m = areas;
        final double mNode = m.multiplierOf(c.get(BYTE, node) & 0xFF);
        int k = 0;
        for (int d = 0; d < HexCoord.DIRECTION_COUNT; d++) {
            final int nc = col + colStep[d];
            final int nr = row + rowStep[d];
            if (nc < 0 || nr < 0 || nc >= w || nr >= h) {
                continue;
            }
            final int target = nr * w + nc;
            final byte area = c.get(BYTE, target);
            if (area == GridCellsLayout.WALL_BYTE) {
                continue;
            }
            nodes[k] = target;
            costs[k] = STEP_LENGTH * ((mNode + m.multiplierOf(area & 0xFF)) * 0.5);
            k++;
        }
        return k;
    }
}
