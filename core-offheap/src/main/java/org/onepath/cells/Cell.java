package org.onepath.cells;

/** A square-grid cell: {@code x} is the column (0 at the left), {@code y} the row (0 at the top). */
public record Cell(int x, int y) {
    @Override
    public String toString() {
        return "(" + x + ", " + y + ")";
    }
}
