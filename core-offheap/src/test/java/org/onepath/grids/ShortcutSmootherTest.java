package org.onepath.grids;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The shared shortcut loop on a toy shape, nodes on a number line: a segment costs its length
 * times a per-segment factor, and a set of blocked pairs has no sight. Checked against the rule
 * written out plainly.
 */
final class ShortcutSmootherTest {
    /** Nodes are points on a line; a shortcut costs |to - from| * factor unless its pair is blocked. */
    private static final class LineShape extends ShortcutSmoother {
        final double factor;
        final boolean[][] blocked;
        int prepared;

        LineShape(int lookAhead, double factor, boolean[][] blocked) {
            super(lookAhead, "points");
            this.factor = factor;
            this.blocked = blocked;
        }

        @Override
        protected void prepare() {
            prepared++;
        }

        @Override
        protected void checkWaypoint(int index, int node) {
            if (node < 0 || node >= blocked.length) {
                throw new IllegalArgumentException("path[" + index + "] = " + node + " is off the line");
            }
        }

        @Override
        protected double stepCost(int from, int to) {
            return Math.abs(to - from);
        }

        @Override
        protected double shortcutCost(int from, int to) {
            return blocked[from][to] ? Double.NaN : Math.abs(to - from) * factor;
        }
    }

    /** The rule as written in the class comment, without the loop's running sums kept apart. */
    private static int[] reference(LineShape shape, int[] path) {
        int count = path.length;
        if (count <= 2) {
            return path.clone();
        }
        double[] pre = new double[count];
        for (int i = 1; i < count; i++) {
            pre[i] = pre[i - 1] + shape.stepCost(path[i - 1], path[i]);
        }
        int[] out = new int[count];
        int k = 0;
        out[k++] = path[0];
        double outCost = 0;
        int anchor = 0;
        while (anchor < count - 1) {
            int best = anchor + 1;
            double bestCost = outCost + shape.stepCost(path[anchor], path[anchor + 1]);
            for (int j = anchor + 2; j <= Math.min(count - 1, anchor + shape.lookAhead()); j++) {
                double sub = 0;
                for (int t = anchor + 1; t <= j; t++) {
                    sub += shape.stepCost(path[t - 1], path[t]);
                }
                double s = shape.shortcutCost(path[anchor], path[j]);
                if (!Double.isNaN(s) && s <= sub && outCost + s <= pre[j]) {
                    best = j;
                    bestCost = outCost + s;
                }
            }
            out[k++] = path[best];
            outCost = bestCost;
            anchor = best;
        }
        return Arrays.copyOf(out, k);
    }

    @Test
    void aStraightRunBecomesOneSegment() {
        LineShape shape = new LineShape(16, 1.0, new boolean[10][10]);
        int[] path = {0, 1, 2, 3, 4, 5};
        int[] out = new int[6];
        assertEquals(2, shape.smooth(path, 6, out));
        assertEquals(0, out[0]);
        assertEquals(5, out[1]);
        assertEquals(5.0, shape.cost());
        assertEquals(5.0, shape.inputCost());
        assertEquals(1, shape.prepared);
    }

    @Test
    void aDearerShortcutIsRefusedAndTheInputKept() {
        LineShape shape = new LineShape(16, 1.5, new boolean[10][10]);
        int[] path = {0, 1, 2, 3};
        int[] out = new int[4];
        assertEquals(4, shape.smooth(path, 4, out));
        assertArrayEquals(path, out);
        assertEquals(3.0, shape.cost());
    }

    @Test
    void aBlockedPairIsSkippedAndTheLookAheadBounds() {
        boolean[][] blocked = new boolean[10][10];
        blocked[0][4] = true;
        LineShape shape = new LineShape(16, 1.0, blocked);
        int[] path = {0, 1, 2, 3, 4};
        // In place: out aliases path.
        int k = shape.smooth(path, 5, path);
        assertArrayEquals(new int[] {0, 3, 4}, Arrays.copyOf(path, k));
        LineShape near = new LineShape(2, 1.0, new boolean[10][10]);
        int[] out = new int[7];
        k = near.smooth(new int[] {0, 1, 2, 3, 4, 5, 6}, 7, out);
        assertArrayEquals(new int[] {0, 2, 4, 6}, Arrays.copyOf(out, k));
    }

    @Test
    void randomPathsFollowTheRuleAndNeverCostMore() {
        Random random = new Random(7);
        for (int trial = 0; trial < 500; trial++) {
            int n = 12;
            boolean[][] blocked = new boolean[n][n];
            for (boolean[] row : blocked) {
                for (int j = 0; j < n; j++) {
                    row[j] = random.nextInt(3) == 0;
                }
            }
            LineShape shape = new LineShape(1 + random.nextInt(8), 0.5 + random.nextDouble(), blocked);
            int[] path = new int[random.nextInt(10)];
            for (int i = 0; i < path.length; i++) {
                path[i] = random.nextInt(n);
            }
            int[] out = new int[path.length];
            int k = shape.smooth(path, path.length, out);
            String seen = "trial " + trial + " path " + Arrays.toString(path);
            assertArrayEquals(reference(shape, path), Arrays.copyOf(out, k), seen);
            if (path.length > 0) {
                assertTrue(shape.cost() <= shape.inputCost(), seen);
            }
        }
    }

    @Test
    void argumentsAreChecked() {
        assertThrows(IllegalArgumentException.class, () -> new LineShape(0, 1.0, new boolean[2][2]));
        LineShape shape = new LineShape(4, 1.0, new boolean[4][4]);
        assertThrows(NullPointerException.class, () -> shape.smooth(null, 0, new int[0]));
        assertThrows(NullPointerException.class, () -> shape.smooth(new int[0], 0, null));
        assertThrows(IllegalArgumentException.class, () -> shape.smooth(new int[2], 3, new int[3]));
        IllegalArgumentException shortOut =
                assertThrows(IllegalArgumentException.class, () -> shape.smooth(new int[3], 3, new int[2]));
        assertEquals("out holds 2 points, the path has 3", shortOut.getMessage());
        IllegalArgumentException off =
                assertThrows(IllegalArgumentException.class, () -> shape.smooth(new int[] {0, 9}, 2, new int[2]));
        assertEquals("path[1] = 9 is off the line", off.getMessage());
        assertEquals(Double.NaN, new LineShape(1, 1.0, new boolean[1][1]).cost());
        assertEquals(0, shape.smooth(new int[0], 0, new int[0]));
        assertEquals(0.0, shape.cost());
    }
}
