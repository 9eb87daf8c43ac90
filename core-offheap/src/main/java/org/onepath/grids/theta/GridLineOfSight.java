package org.onepath.grids.theta;

import java.lang.foreign.MemorySegment;
import java.util.Objects;
import org.onepath.cells.GridCellsLayout;
import org.onepath.cells.SquareCells;

/**
 * Line of sight between cell centres of a square {@link SquareCells} (tier 3), read from the grid's
 * off-heap cells ({@link GridCellsLayout}).
 *
 * <p>Normative rule: two walkable cells see each other when the closed segment between their
 * centres touches no wall, a wall being the closed unit square of a wall cell; touching a wall's
 * corner blocks, and cells outside the grid are walls. Diagonal neighbours therefore see each
 * other exactly when both cells beside the move are walkable, so every legal move without
 * corner cutting is a line of sight.
 *
 * <p>The test uses integers only. With {@code dx = x1 - x0}, {@code dy = y1 - y0},
 * {@code nx = |dx|}, {@code ny = |dy|}: a segment along a row or column checks every cell between
 * the ends. Otherwise it walks from the first cell with counters {@code ix = iy = 0} until both
 * reach {@code nx} and {@code ny}; {@code d = (2ix+1)*ny - (2iy+1)*nx} (64-bit) says which cell
 * boundary the segment crosses first: {@code d < 0} steps in x, {@code d > 0} in y, and
 * {@code d = 0} means the segment passes through a lattice corner, where the two cells beside it
 * ({@code (x+sx, y)} and {@code (x, y+sy)}) must be walkable before the walk steps in both. Every
 * cell entered must be walkable. The walk keeps {@code d} up to date by adding {@code 2*ny} per x
 * step and subtracting {@code 2*nx} per y step, the same integer as the formula.
 *
 * <p>Reads the live cells: an edit is seen at once. Allocates nothing.
 */
public final class GridLineOfSight {
    private final MemorySegment cells;
    private final int width;
    private final int height;

    /**
     * Line of sight over the grid's cells, read in place (they stay the grid's; valid until the
     * grid is closed).
     *
     * @param grid the square grid whose live cells are tested
     * @throws NullPointerException if {@code grid} is null
     */
    public GridLineOfSight(SquareCells grid) {
        Objects.requireNonNull(grid, "grid");
        this.cells = grid.cells();
        this.width = grid.width();
        this.height = grid.height();
    }

    /**
     * The grid's width, taken at construction.
     *
     * @return the number of columns, &gt;= 1
     */
    public int width() {
        return width;
    }

    /**
     * The grid's height, taken at construction.
     *
     * @return the number of rows, &gt;= 1
     */
    public int height() {
        return height;
    }

    /**
     * Whether the centres of (x0, y0) and (x1, y1) see each other. False when either cell is
     * outside the grid or a wall; a walkable cell sees itself.
     *
     * @param x0 the first cell's column; any int
     * @param y0 the first cell's row; any int
     * @param x1 the second cell's column; any int
     * @param y1 the second cell's row; any int
     * @return true when the segment between the centres touches no wall
     * @throws IllegalStateException if the grid has been closed
     */
    public boolean visible(int x0, int y0, int x1, int y1) {
        try {
            return visible(cells, width, height, x0, y0, x1, y1);
        } catch (IllegalStateException e) {
            throw closed(e);
        }
    }

    /**
     * Whether two cells, given as row-major indexes, see each other.
     *
     * @param from the first cell's index, {@code y * width + x}
     * @param to   the second cell's index, {@code y * width + x}
     * @return true when both cells are walkable and the segment between their centres touches no
     *         wall
     * @throws IllegalArgumentException if an index is outside 0..width*height-1
     * @throws IllegalStateException    if the grid has been closed
     */
    public boolean visible(int from, int to) {
        int n = width * height;
        if (from < 0 || from >= n) {
            throw new IllegalArgumentException("cell index " + from + " is outside 0.." + (n - 1));
        }
        if (to < 0 || to >= n) {
            throw new IllegalArgumentException("cell index " + to + " is outside 0.." + (n - 1));
        }
        try {
            return visible(cells, width, height, from % width, from / width, to % width, to / width);
        } catch (IllegalStateException e) {
            throw closed(e);
        }
    }

    /** The segment's arena refuses access only once the grid is closed; say so plainly. */
    private static IllegalStateException closed(IllegalStateException cause) {
        return new IllegalStateException("GridLineOfSight: its grid has been closed", cause);
    }

    /**
     * The test over a row-major cell segment of {@code width x height} bytes (the hot form the
     * searches call).
     */
    static boolean visible(MemorySegment cells, int width, int height, int x0, int y0, int x1, int y1) {
        if (x0 < 0 || y0 < 0 || x0 >= width || y0 >= height || x1 < 0 || y1 < 0 || x1 >= width || y1 >= height) {
            return false;
        }
        long at = (long) y0 * width + x0;
        if (wall(cells, at)) {
            return false;
        }
        final int dx = x1 - x0;
        final int dy = y1 - y0;
        final long stepX = Integer.signum(dx);
        final long stepY = (long) Integer.signum(dy) * width;
        final long nx = Math.abs(dx);
        final long ny = Math.abs(dy);
        if (nx == 0 || ny == 0) {
            final long step = nx == 0 ? stepY : stepX;
            for (long k = nx + ny; k > 0; k--) {
                at += step;
                if (wall(cells, at)) {
                    return false;
                }
            }
            return true;
        }
        final long twoNx = 2 * nx;
        final long twoNy = 2 * ny;
        long ix = 0;
        long iy = 0;
        long d = ny - nx; // (2ix+1)*ny - (2iy+1)*nx at ix = iy = 0
        while (ix < nx || iy < ny) {
            if (d < 0) {
                at += stepX;
                ix++;
                d += twoNy;
            } else if (d > 0) {
                at += stepY;
                iy++;
                d -= twoNx;
            } else {
                if (wall(cells, at + stepX) || wall(cells, at + stepY)) {
                    return false;
                }
                at += stepX + stepY;
                ix++;
                iy++;
                d += twoNy - twoNx;
            }
            if (wall(cells, at)) {
                return false;
            }
        }
        return true;
    }

    private static boolean wall(MemorySegment cells, long at) {
        return cells.get(GridCellsLayout.CELL, at) == GridCellsLayout.WALL_BYTE;
    }
}
