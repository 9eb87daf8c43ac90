package org.onepath.cells;

/**
 * Which rows or columns of a {@link HexCells}'s offset array are shifted by half a cell, and so how
 * an offset cell (col, row) maps to axial coordinates (q, r). {@link #code()} is the number the
 * state format stores (kind 2, field {@code layout}); codes never change meaning.
 *
 * <p>The conversions, exactly as the spec writes them (integer division truncates towards zero;
 * every division here is exact because its dividend is even):
 * <pre>
 *  POINTY_ODD_ROW    q = col - (row - (row &amp; 1)) / 2   r = row
 *  POINTY_EVEN_ROW   q = col - (row + (row &amp; 1)) / 2   r = row
 *  FLAT_ODD_COLUMN   q = col                           r = row - (col - (col &amp; 1)) / 2
 *  FLAT_EVEN_COLUMN  q = col                           r = row - (col + (col &amp; 1)) / 2
 * </pre>
 * Pointy layouts have a vertex at the top of each hexagon and rows of cells; in the odd-row layout
 * the odd rows sit half a cell to the right of the even ones, in the even-row layout half a cell to
 * the left. Flat layouts have an edge at the top and columns of cells; the odd (even) columns sit
 * half a cell lower (higher).
 */
public enum HexLayout {
    /** Pointy tops, odd rows shoved right by half a cell. Code 0. */
    POINTY_ODD_ROW(0, true),
    /** Pointy tops, odd rows shoved left by half a cell. Code 1. */
    POINTY_EVEN_ROW(1, true),
    /** Flat tops, odd columns shoved down by half a cell. Code 2. */
    FLAT_ODD_COLUMN(2, false),
    /** Flat tops, odd columns shoved up by half a cell. Code 3. */
    FLAT_EVEN_COLUMN(3, false);

    private static final HexLayout[] BY_CODE = values();

    private final int code;
    private final boolean pointy;

    HexLayout(int code, boolean pointy) {
        this.code = code;
        this.pointy = pointy;
    }

    /**
     * The code the state format stores: 0..3.
     *
     * @return the layout's code, 0..3
     */
    public int code() {
        return code;
    }

    /**
     * Whether hexagons have a vertex at the top (rows of cells) rather than an edge (columns).
     *
     * @return true for the two pointy layouts
     */
    public boolean isPointy() {
        return pointy;
    }

    /**
     * The layout with a code.
     *
     * @param code a layout code, 0..3
     * @return the layout with that code
     * @throws IllegalArgumentException for a code outside 0..3
     */
    public static HexLayout ofCode(int code) {
        if (code < 0 || code >= BY_CODE.length) {
            throw new IllegalArgumentException("hex layout code " + code + " is outside 0.." + (BY_CODE.length - 1));
        }
        return BY_CODE[code];
    }

    /**
     * Axial q of offset cell (col, row).
     *
     * @param col the offset column; any value
     * @param row the offset row; any value
     * @return the axial q
     */
    public int q(int col, int row) {
        return switch (this) {
            case POINTY_ODD_ROW -> col - (row - (row & 1)) / 2;
            case POINTY_EVEN_ROW -> col - (row + (row & 1)) / 2;
            case FLAT_ODD_COLUMN, FLAT_EVEN_COLUMN -> col;
        };
    }

    /**
     * Axial r of offset cell (col, row).
     *
     * @param col the offset column; any value
     * @param row the offset row; any value
     * @return the axial r
     */
    public int r(int col, int row) {
        return switch (this) {
            case POINTY_ODD_ROW, POINTY_EVEN_ROW -> row;
            case FLAT_ODD_COLUMN -> row - (col - (col & 1)) / 2;
            case FLAT_EVEN_COLUMN -> row - (col + (col & 1)) / 2;
        };
    }

    /**
     * Offset column of axial (q, r): the inverse of {@link #q} and {@link #r}.
     *
     * @param q the axial q; any value
     * @param r the axial r; any value
     * @return the offset column
     */
    public int col(int q, int r) {
        return switch (this) {
            case POINTY_ODD_ROW -> q + (r - (r & 1)) / 2;
            case POINTY_EVEN_ROW -> q + (r + (r & 1)) / 2;
            case FLAT_ODD_COLUMN, FLAT_EVEN_COLUMN -> q;
        };
    }

    /**
     * Offset row of axial (q, r).
     *
     * @param q the axial q; any value
     * @param r the axial r; any value
     * @return the offset row
     */
    public int row(int q, int r) {
        return switch (this) {
            case POINTY_ODD_ROW, POINTY_EVEN_ROW -> r;
            case FLAT_ODD_COLUMN -> r + (q - (q & 1)) / 2;
            case FLAT_EVEN_COLUMN -> r + (q + (q & 1)) / 2;
        };
    }

    /**
     * Axial coordinates of offset cell (col, row).
     *
     * @param col the offset column; any value
     * @param row the offset row; any value
     * @return the axial coordinates
     */
    public HexCoord toAxial(int col, int row) {
        return new HexCoord(q(col, row), r(col, row));
    }

    /**
     * Axial coordinates of an offset cell.
     *
     * @param cell the offset cell (column as x, row as y)
     * @return the axial coordinates
     */
    public HexCoord toAxial(Cell cell) {
        return toAxial(cell.x(), cell.y());
    }

    /**
     * The offset cell (col as x, row as y) of axial coordinates.
     *
     * @param hex the axial coordinates
     * @return the offset cell, which may lie outside any grid
     */
    public Cell toOffset(HexCoord hex) {
        return new Cell(col(hex.q(), hex.r()), row(hex.q(), hex.r()));
    }
}
