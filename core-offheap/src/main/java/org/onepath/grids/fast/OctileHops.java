package org.onepath.grids.fast;

import java.util.Objects;

/**
 * A path found by the octile jump search, kept as its jump points; the cells are drawn only when
 * asked for. Between two consecutive jump points the path takes the diagonal steps first, then
 * the straight ones: the hop the search recorded (a straight jump, a diagonal jump, or a diagonal
 * run to one of its stops and the straight scan from there, {@link OctileJump}). A caller that
 * needs only the cost or the length skips writing a cell per step, which was a fifth of a bounded
 * JPS+ query on the long paths of dao {@code orz900d} ({@code docs/performance.md}).
 *
 * <p>Immutable: the jump points are its own array, and {@link #jumpPoints()} hands out copies.
 */
public final class OctileHops {
    private final int[] ends;
    private final int width;
    private final int length;

    /**
     * @param ends   the jump points, start first, as row-major cells; each hop is a diagonal part
     *               then a straight part
     * @param width  the grid's width
     * @param length the path's cells, start and goal included
     */
    OctileHops(int[] ends, int width, int length) {
        this.ends = Objects.requireNonNull(ends, "ends");
        this.width = width;
        this.length = length;
    }

    /** Cells on the path, start and goal included. */
    public int length() {
        return length;
    }

    /** Jump points on the path, start and goal included. */
    public int jumpPointCount() {
        return ends.length;
    }

    /** The jump points, start first, as row-major cells (a new array). */
    public int[] jumpPoints() {
        return ends.clone();
    }

    /** The path's cells, start first, as row-major cells (a new array, drawn hop by hop). */
    public int[] cells() {
        final int[] out = new int[length];
        int i = length - 1;
        out[i] = ends[ends.length - 1];
        for (int k = ends.length - 1; k > 0; k--) {
            i = writeHopBack(ends[k], ends[k - 1], width, out, i);
        }
        return out;
    }

    /**
     * Writes the cells of the hop from {@code from} to {@code to} that come before {@code to},
     * from the end back: {@code out[at]} holds {@code to}; the hop's straight part is stepped
     * back first, then its diagonal part, the last write landing on {@code from}.
     *
     * @return the index {@code from} was written at
     */
    static int writeHopBack(int to, int from, int width, int[] out, int at) {
        final int ox = to % width - from % width;
        final int oy = to / width - from / width;
        final int ax = Math.abs(ox);
        final int ay = Math.abs(oy);
        final int diagonal = Math.min(ax, ay);
        final int straight = Math.max(ax, ay) - diagonal;
        final int straightDelta = ax > ay ? Integer.signum(ox) : ay > ax ? Integer.signum(oy) * width : 0;
        final int diagonalDelta = Integer.signum(ox) + Integer.signum(oy) * width;
        int cell = to;
        int i = at;
        for (int s = 0; s < straight; s++) {
            cell -= straightDelta;
            out[--i] = cell;
        }
        for (int s = 0; s < diagonal; s++) {
            cell -= diagonalDelta;
            out[--i] = cell;
        }
        return i;
    }
}
