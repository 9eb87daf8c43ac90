package org.onepath;

import java.util.Objects;
import org.onepath.cells.HexCoord;
import org.onepath.cells.HexLayout;
import org.onepath.state.SpacePiece;

/**
 * World mapping of a {@link HexGrid}: the origin is the centre of cell (0, 0) and {@code cellSize}
 * the distance between the centres of adjacent cells. Pointy layouts place axial (q, r) at
 * {@code origin + cellSize * (q + r / 2, (sqrt3 / 2) * r)}, flat layouts at
 * {@code origin + cellSize * ((sqrt3 / 2) * q, r + q / 2)}, with sqrt3 / 2 the double
 * {@link #SQRT3_OVER_2}. A world point maps back by dividing, then by the cube rounding of
 * {@link HexCoord#round}.
 *
 * <p>The state format stores it as the square grid's Space piece (same three values, same
 * rules): {@link #UNASSIGNED} (all three zero) is the default of a new grid and behaves as unit
 * cells with cell (0, 0) centred at the world origin. Any other space needs |origin| &lt;= 2^21 and
 * 0 &lt; cellSize &lt;= 2^21.
 *
 * @param originX  world x of cell (0, 0)'s centre, |originX| &lt;= 2^21
 * @param originY  world y of cell (0, 0)'s centre, |originY| &lt;= 2^21
 * @param cellSize world distance between neighbouring cell centres, 0 &lt; cellSize &lt;= 2^21; all
 *                 three 0 is {@link #UNASSIGNED}
 */
public record HexSpace(double originX, double originY, double cellSize) {
    /** The unassigned default: unit spacing, cell (0, 0) centred at 0. */
    public static final HexSpace UNASSIGNED = new HexSpace(0, 0, 0);
    /** sqrt(3) / 2 as the spec fixes it: 0.8660254037844386 (= Math.sqrt(3) / 2). */
    public static final double SQRT3_OVER_2 = 0.8660254037844386;
    /** The clamp of fractional axial coordinates before rounding; see {@link HexCoord#AXIAL_LIMIT}. */
    static final double AXIAL_LIMIT = HexCoord.AXIAL_LIMIT;

    /**
     * Checks the mapping.
     *
     * @param originX world x of cell (0, 0)'s centre, |originX| &lt;= 2^21
     * @param originY world y of cell (0, 0)'s centre, |originY| &lt;= 2^21
     * @param cellSize world distance between neighbouring cell centres, 0 &lt; cellSize &lt;= 2^21 (all three 0: unassigned)
     * @throws IllegalArgumentException if a value is out of range, NaN or infinite
     */
    public HexSpace {
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
     * Centre of an axial hex under a layout.
     *
     * @param hex    the axial coordinates; any value
     * @param layout the grid's layout, which decides pointy or flat
     * @return the centre in world units
     */
    public WorldPoint centerOf(HexCoord hex, HexLayout layout) {
        Objects.requireNonNull(hex, "hex");
        Objects.requireNonNull(layout, "layout");
        double size = effectiveCellSize();
        double q = hex.q();
        double r = hex.r();
        if (layout.isPointy()) {
            return new WorldPoint(originX + size * (q + r / 2), originY + size * (SQRT3_OVER_2 * r));
        }
        return new WorldPoint(originX + size * (SQRT3_OVER_2 * q), originY + size * (r + q / 2));
    }

    /**
     * The axial hex containing a world point (it may lie outside any grid).
     *
     * @param point  a point in world units
     * @param layout the grid's layout, which decides pointy or flat
     * @return the axial hex containing it
     * @throws IllegalArgumentException if a coordinate breaks the coordinate rule (NaN, infinite
     *                                  or beyond 2^21)
     */
    public HexCoord hexAt(WorldPoint point, HexLayout layout) {
        Objects.requireNonNull(point, "point");
        Objects.requireNonNull(layout, "layout");
        return hexAt(point.x(), point.y(), layout);
    }

    /**
     * As {@link #hexAt(WorldPoint, HexLayout)} with coordinates.
     *
     * @param x      the world x
     * @param y      the world y
     * @param layout the grid's layout, which decides pointy or flat
     * @return the axial hex containing the point
     * @throws IllegalArgumentException if a coordinate is NaN, infinite or beyond 2^21
     */
    public HexCoord hexAt(double x, double y, HexLayout layout) {
        WorldPoint.checkCoordinate("x", x);
        WorldPoint.checkCoordinate("y", y);
        Objects.requireNonNull(layout, "layout");
        double size = effectiveCellSize();
        double px = (x - originX) / size;
        double py = (y - originY) / size;
        double q;
        double r;
        if (layout.isPointy()) {
            r = py / SQRT3_OVER_2;
            q = px - r / 2;
        } else {
            q = px / SQRT3_OVER_2;
            r = py - q / 2;
        }
        // A tiny cell size can take a point beyond any grid, even to infinity (then q may be NaN):
        // such a point is far outside, and the clamp keeps it so.
        return HexCoord.round(clamp(q), clamp(r));
    }

    private static double clamp(double v) {
        if (Double.isNaN(v)) {
            return AXIAL_LIMIT;
        }
        return Math.max(-AXIAL_LIMIT, Math.min(AXIAL_LIMIT, v));
    }

    /** This mapping as the snapshot's space piece. */
    SpacePiece.Grid toPiece() {
        return new SpacePiece.Grid(originX, originY, cellSize);
    }

    /** The mapping a snapshot's space piece holds. */
    static HexSpace of(SpacePiece.Grid piece) {
        return new HexSpace(piece.originX(), piece.originY(), piece.cellSize());
    }
}
