package org.onepath.grids.fast;

import static org.onepath.layout.OctileNodeLayout.A_OFFSET;
import static org.onepath.layout.OctileNodeLayout.B_OFFSET;
import static org.onepath.layout.OctileNodeLayout.DIRECTION_MASK;
import static org.onepath.layout.OctileNodeLayout.DIRECTION_SHIFT;
import static org.onepath.layout.OctileNodeLayout.INT;
import static org.onepath.layout.OctileNodeLayout.TAG_OFFSET;

import java.lang.foreign.MemorySegment;
import org.onepath.cells.GridMath;
import org.onepath.layout.JumpNodeLayout;
import org.onepath.layout.OctileNodeLayout;

/**
 * What the two specialised octile engines share about a node's integer pair (a straight and b
 * diagonal steps, {@code docs/octile.md} "Exact costs"): its cost, its key, and the record fields
 * that hold it and the tag, which lie alike in {@link OctileNodeLayout} and {@link JumpNodeLayout}.
 */
final class OctilePairs {
    private OctilePairs() {}

    /** g of pair (a, b): {@code a + b * sqrt2}. */
    static double cost(int a, int b) {
        return a + b * GridMath.SQRT2;
    }

    /**
     * f of pair (a, b) at (x, y) for the goal at (goalX, goalY):
     * {@code (a + (max - min)) + (b + min) * sqrt2} with the integer sums formed first, min and
     * max the smaller and larger of the column and row distances; g for the zero estimate.
     */
    static double key(int a, int b, int x, int y, int goalX, int goalY, boolean zeroEstimate) {
        if (zeroEstimate) {
            return cost(a, b);
        }
        int dx = Math.abs(x - goalX);
        int dy = Math.abs(y - goalY);
        int min = Math.min(dx, dy);
        int max = Math.max(dx, dy);
        return (a + (max - min)) + (b + min) * GridMath.SQRT2;
    }

    /**
     * Compares the costs of pairs (a1, b1) and (a2, b2) exactly: the sign of
     * {@code (a1 - a2) + (b1 - b2) * sqrt2}, 0 only for equal pairs since sqrt2 is irrational. With
     * the differences of opposite signs it compares their squares ({@code da * da} against
     * {@code 2 * db * db}) in longs, so no rounding enters; pairs are steps of a path on a grid, at
     * most 2^30 each, so the squares fit.
     *
     * @return negative, 0 or positive as the first cost is smaller, equal or larger
     */
    static int compare(int a1, int b1, int a2, int b2) {
        final long da = (long) a1 - a2;
        final long db = (long) b1 - b2;
        if (da >= 0 && db >= 0) {
            return (da | db) == 0 ? 0 : 1;
        }
        if (da <= 0 && db <= 0) {
            return -1;
        }
        // Opposite signs: |da| against |db| * sqrt2.
        final int bySquares = Long.compare(da * da, 2 * db * db);
        return da > 0 ? bySquares : -bySquares;
    }

    /**
     * Whether a cell at (x1, y1) reached at pair (a1, b1) is a better end of a partial path than
     * one at (x2, y2) reached at (a2, b2), for the goal at (goalX, goalY): the smaller octile
     * estimate (compared exactly as pairs; all equal under the zero estimate), then the smaller
     * cost (exactly), then the smaller cell.
     */
    static boolean closer(
            int x1,
            int y1,
            int a1,
            int b1,
            int c1,
            int x2,
            int y2,
            int a2,
            int b2,
            int c2,
            int goalX,
            int goalY,
            boolean zeroEstimate) {
        if (!zeroEstimate) {
            int dx1 = Math.abs(x1 - goalX);
            int dy1 = Math.abs(y1 - goalY);
            int dx2 = Math.abs(x2 - goalX);
            int dy2 = Math.abs(y2 - goalY);
            int min1 = Math.min(dx1, dy1);
            int min2 = Math.min(dx2, dy2);
            int byEstimate = compare(Math.max(dx1, dy1) - min1, min1, Math.max(dx2, dy2) - min2, min2);
            if (byEstimate != 0) {
                return byEstimate < 0;
            }
        }
        int byCost = compare(a1, b1, a2, b2);
        return byCost != 0 ? byCost < 0 : c1 < c2;
    }

    /** Straight steps of the record at {@code off}. */
    static int straight(MemorySegment records, long off) {
        return records.get(INT, off + A_OFFSET);
    }

    /** Diagonal steps of the record at {@code off}. */
    static int diagonal(MemorySegment records, long off) {
        return records.get(INT, off + B_OFFSET);
    }

    /** g of the record at {@code off}. */
    static double cost(MemorySegment records, long off) {
        return cost(straight(records, off), diagonal(records, off));
    }

    /** Gives the record at {@code off} the pair (a, b) and a tag. */
    static void reach(MemorySegment records, long off, int a, int b, int tag) {
        records.set(INT, off + A_OFFSET, a);
        records.set(INT, off + B_OFFSET, b);
        records.set(INT, off + TAG_OFFSET, tag);
    }

    /** The direction field of a tag: the arrival direction, or the direction of the last move. */
    static int direction(int tag) {
        return (tag >>> DIRECTION_SHIFT) & DIRECTION_MASK;
    }
}
