package org.onepath;

/**
 * The direction a {@link GridFlowField} gives at a cell: the unit vector, in world axes, from the
 * cell's centre to the centre of the cell to move to ({@code x} grows with the column, {@code y}
 * with the row, as the world mapping of {@link GridSpace} and {@link HexSpace}). {@link #NONE}, the
 * zero vector, at a goal and at a cell with no way to one.
 *
 * @param x the x component, -1..1 (grows with the column)
 * @param y the y component, -1..1 (grows with the row)
 */
public record FlowDirection(double x, double y) {
    /** The zero vector: stay (a goal) or no way to a goal. */
    public static final FlowDirection NONE = new FlowDirection(0.0, 0.0);

    /**
     * Whether this is the zero vector.
     *
     * @return true for {@link #NONE}
     */
    public boolean isNone() {
        return x == 0.0 && y == 0.0;
    }
}
