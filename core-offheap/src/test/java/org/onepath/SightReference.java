package org.onepath;

/**
 * An exact, independent model of line of sight between cell centres, written from the definition
 * and sharing no code with the library: the closed segment between two centres against closed
 * unit squares, in doubled integer coordinates. Shared by the any-angle and smoothing tests.
 */
public final class SightReference {
    private SightReference() {}

    /** Which cells count as open; every other cell (and every cell outside the grid) blocks. */
    @FunctionalInterface
    public interface Open {
        /** Whether (x, y) is open; called for any coordinates, inside the grid or not. */
        boolean open(int x, int y);
    }

    /**
     * Whether the closed segment between the centres of two cells touches no closed square of a
     * blocking cell, both ends open. Exact: coordinates are doubled so centres are odd integers
     * and square corners even ones, and the closed segment misses a closed square only when one of
     * the three separating axes (x, y, the segment's normal) separates them strictly.
     */
    public static boolean sees(Open g, int x0, int y0, int x1, int y1) {
        if (!g.open(x0, y0) || !g.open(x1, y1)) {
            return false;
        }
        // A square can only touch the segment if it meets the segment's bounding box.
        for (int cy = Math.min(y0, y1); cy <= Math.max(y0, y1); cy++) {
            for (int cx = Math.min(x0, x1); cx <= Math.max(x0, x1); cx++) {
                if (!g.open(cx, cy) && touches(x0, y0, x1, y1, cx, cy)) {
                    return false;
                }
            }
        }
        return true;
    }

    /** Whether the closed segment between the centres of (x0, y0) and (x1, y1) meets the closed square of (cx, cy). */
    public static boolean touches(int x0, int y0, int x1, int y1, int cx, int cy) {
        long ax = 2L * x0 + 1;
        long ay = 2L * y0 + 1;
        long bx = 2L * x1 + 1;
        long by = 2L * y1 + 1;
        long lox = 2L * cx;
        long hix = lox + 2;
        long loy = 2L * cy;
        long hiy = loy + 2;
        if (Math.max(ax, bx) < lox || Math.min(ax, bx) > hix || Math.max(ay, by) < loy || Math.min(ay, by) > hiy) {
            return false;
        }
        long dx = bx - ax;
        long dy = by - ay;
        long[] sides = {
            dx * (loy - ay) - dy * (lox - ax),
            dx * (loy - ay) - dy * (hix - ax),
            dx * (hiy - ay) - dy * (lox - ax),
            dx * (hiy - ay) - dy * (hix - ax),
        };
        boolean allAbove = true;
        boolean allBelow = true;
        for (long s : sides) {
            allAbove &= s > 0;
            allBelow &= s < 0;
        }
        return !(allAbove || allBelow);
    }
}
