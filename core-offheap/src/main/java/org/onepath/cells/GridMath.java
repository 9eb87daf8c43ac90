package org.onepath.cells;

/** Constants of the grid cost model. */
public final class GridMath {
    private GridMath() {}

    /**
     * Length of a diagonal step: the correctly rounded double of the square root of two
     * (bits 0x3FF6A09E667F3BCD). IEEE square root is correctly rounded, so this equals
     * {@code Math.sqrt(2.0)} on every platform.
     */
    public static final double SQRT2 = 1.4142135623730951;
}
