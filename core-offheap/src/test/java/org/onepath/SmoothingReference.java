package org.onepath;

import java.util.Arrays;

/**
 * The smoothing rules written from their definitions and sharing no code with the library: the
 * cost of a straight segment between cell centres as its length times the multipliers of the
 * cells it passes, weighted by the length inside each (found by cutting the segment at every cell
 * boundary it crosses and looking up the cell at the middle of each piece).
 */
public final class SmoothingReference {
    private SmoothingReference() {}

    /** Multiplier of a cell, +infinity for a wall or a cell outside the grid. */
    @FunctionalInterface
    public interface Multipliers2 {
        double at(int x, int y);
    }

    /** Multiplier of a voxel, +infinity for a solid voxel. */
    @FunctionalInterface
    public interface Multipliers3 {
        double at(int x, int y, int z);
    }

    /** The cost of the segment between the centres of (x0, y0) and (x1, y1). */
    public static double segment(Multipliers2 m, int x0, int y0, int x1, int y1) {
        return segment((x, y, z) -> m.at(x, y), new int[] {x0, y0, 0}, new int[] {x1, y1, 0});
    }

    /** The cost of the segment between the centres of two voxels a and b ({x, y, z} each). */
    public static double segment(Multipliers3 m, int[] a, int[] b) {
        double[] cuts = new double[2 + Math.abs(b[0] - a[0]) + Math.abs(b[1] - a[1]) + Math.abs(b[2] - a[2])];
        int k = 0;
        cuts[k++] = 0.0;
        cuts[k++] = 1.0;
        double length2 = 0;
        for (int axis = 0; axis < 3; axis++) {
            int d = b[axis] - a[axis];
            length2 += (double) d * d;
            // boundaries strictly between the two centres a+0.5 and b+0.5
            for (int boundary = Math.min(a[axis], b[axis]) + 1; boundary <= Math.max(a[axis], b[axis]); boundary++) {
                cuts[k++] = (boundary - (a[axis] + 0.5)) / d;
            }
        }
        if (length2 == 0) {
            return 0.0;
        }
        double[] t = Arrays.copyOf(cuts, k);
        Arrays.sort(t);
        double sum = 0;
        for (int i = 0; i + 1 < t.length; i++) {
            double piece = t[i + 1] - t[i];
            if (piece == 0) {
                continue; // two boundaries at once: a lattice edge or corner
            }
            double mid = (t[i] + t[i + 1]) / 2;
            int x = (int) Math.floor(a[0] + 0.5 + (b[0] - a[0]) * mid);
            int y = (int) Math.floor(a[1] + 0.5 + (b[1] - a[1]) * mid);
            int z = (int) Math.floor(a[2] + 0.5 + (b[2] - a[2]) * mid);
            sum += m.at(x, y, z) * piece;
        }
        return Math.sqrt(length2) * sum;
    }

    /** Whether two doubles agree to a relative 1e-9 (or both are infinite). */
    public static boolean close(double a, double b) {
        if (a == b) {
            return true;
        }
        return Math.abs(a - b) <= 1e-9 * Math.max(Math.abs(a), Math.abs(b));
    }
}
