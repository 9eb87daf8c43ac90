package org.onepath;

import org.onepath.cells.Cell;
import org.onepath.state.SpacePiece;

/**
 * World mapping of a square grid: cell (x, y) has its centre at
 * {@code origin + ((x + 0.5) * cellSize, (y + 0.5) * cellSize)}; a world point maps to
 * {@code floor((p - origin) / cellSize)} per axis.
 *
 * <p>{@link #UNASSIGNED} (all three zero) is the default of a new grid and behaves as unit cells
 * at the origin. Any other space needs |origin| &lt;= 2^21 and 0 &lt; cellSize &lt;= 2^21.
 *
 * @param originX  world x of the grid's left edge, |originX| &lt;= 2^21
 * @param originY  world y of the grid's top edge, |originY| &lt;= 2^21
 * @param cellSize world length of a cell side, 0 &lt; cellSize &lt;= 2^21; all three 0 is
 *                 {@link #UNASSIGNED}
 */
public record GridSpace(double originX, double originY, double cellSize) {
    /** The unassigned default: unit cells with the origin at 0. */
    public static final GridSpace UNASSIGNED = new GridSpace(0, 0, 0);

    /**
     * Checks the mapping.
     *
     * @param originX world x of the grid's left edge, |originX| &lt;= 2^21
     * @param originY world y of the grid's top edge, |originY| &lt;= 2^21
     * @param cellSize world length of a cell side, 0 &lt; cellSize &lt;= 2^21 (all three 0: unassigned)
     * @throws IllegalArgumentException if a value is out of range, NaN or infinite
     */
    public GridSpace {
        if (!(originX == 0 && originY == 0 && cellSize == 0)) {
            WorldPoint.checkCoordinate("originX", originX);
            WorldPoint.checkCoordinate("originY", originY);
            if (!(cellSize > 0 && cellSize <= WorldPoint.LIMIT)) {
                throw new IllegalArgumentException("cellSize = " + cellSize + " must be > 0 and <= 2^21");
            }
        }
    }

    /**
     * The cell size a mapping uses: 1 for the unassigned space.
     *
     * @return {@link #cellSize()}, or 1 when unassigned
     */
    public double effectiveCellSize() {
        return cellSize == 0 ? 1.0 : cellSize;
    }

    /**
     * Centre of cell (x, y).
     *
     * @param x the column; any value
     * @param y the row; any value
     * @return the centre in world units
     */
    public WorldPoint centerOf(int x, int y) {
        double size = effectiveCellSize();
        return new WorldPoint(originX + (x + 0.5) * size, originY + (y + 0.5) * size);
    }

    /**
     * Column of a world x: {@code floor((x - originX) / cellSize)}, clamped to the int range (the
     * caller compares it with the grid's width).
     *
     * @param x a world x, |x| &lt;= 2^21
     * @return the column, which may lie outside the grid
     * @throws IllegalArgumentException if x breaks the coordinate rule
     */
    public long columnOf(double x) {
        WorldPoint.checkCoordinate("x", x);
        return (long) Math.floor((x - originX) / effectiveCellSize());
    }

    /**
     * Row of a world y: {@code floor((y - originY) / cellSize)}.
     *
     * @param y a world y, |y| &lt;= 2^21
     * @return the row, which may lie outside the grid
     * @throws IllegalArgumentException if y breaks the coordinate rule
     */
    public long rowOf(double y) {
        WorldPoint.checkCoordinate("y", y);
        return (long) Math.floor((y - originY) / effectiveCellSize());
    }

    /** {@link #columnOf} clamped to the int range, for queries (a clamped column is outside the grid). */
    int clampedColumnOf(double x) {
        return clampToInt(columnOf(x));
    }

    /** {@link #rowOf} clamped to the int range, for queries (a clamped row is outside the grid). */
    int clampedRowOf(double y) {
        return clampToInt(rowOf(y));
    }

    /** The cell of a world point, each coordinate clamped as above, for queries (it may lie outside the grid). */
    Cell clampedCellOf(WorldPoint point) {
        return new Cell(clampedColumnOf(point.x()), clampedRowOf(point.y()));
    }

    private static int clampToInt(long v) {
        return (int) Math.max(Integer.MIN_VALUE, Math.min(Integer.MAX_VALUE, v));
    }

    /** This mapping as the snapshot's space piece. */
    SpacePiece.Grid toPiece() {
        return new SpacePiece.Grid(originX, originY, cellSize);
    }

    /** The mapping a snapshot's space piece holds. */
    static GridSpace of(SpacePiece.Grid piece) {
        return new GridSpace(piece.originX(), piece.originY(), piece.cellSize());
    }
}
