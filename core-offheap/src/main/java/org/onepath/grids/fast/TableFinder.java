package org.onepath.grids.fast;

import static org.onepath.layout.JpsPlusLayout.ENTRY;

import java.lang.foreign.MemorySegment;
import java.util.Objects;
import org.onepath.grids.jps.Direction;
import org.onepath.grids.jps.JpsPlusIndex;
import org.onepath.layout.JpsPlusLayout;

/**
 * Jump points from the JPS+ tables ({@link JpsPlusIndex}) with goal bounding, the rule of
 * {@link org.onepath.grids.jps.TableJumper}: a goal on the line ahead within the entry's reach is
 * returned directly; diagonally, a goal strictly inside the quadrant stops the walk
 * min(|gx - x|, |gy - y|) steps out when that is within reach; otherwise a positive entry is the
 * jump point and a non-positive one means none. It refreshes the tables before each search.
 */
public final class TableFinder extends OctileFinder {
    private final JpsPlusIndex index;
    private final MemorySegment table;
    private final int width;

    public TableFinder(JpsPlusIndex index, OctileMap map) {
        super(map);
        this.index = Objects.requireNonNull(index, "index");
        if (index.grid() != map.grid()) {
            throw new IllegalArgumentException("JPS+ index and octile map belong to different grids");
        }
        this.table = index.table();
        this.width = map.grid().width();
    }

    public JpsPlusIndex index() {
        return index;
    }

    @Override
    public void refresh() {
        index.refresh();
    }

    /** The run jumps by its diagonal entries, straight to the next cell whose scans stop (or the goal). */
    @Override
    public int diagonalRun(int cell, int x, int y, int d, int[] out) {
        final int dx = Direction.dx(d);
        final int dy = Direction.dy(d);
        final int delta = dx + dy * width;
        final int lower = lowerComponent(d);
        final int higher = higherComponent(d);
        int n = 0;
        int k = 0;
        while (true) {
            final int t = jump(cell, x, y, d);
            if (t == 0) {
                return n;
            }
            x += t * dx;
            y += t * dy;
            cell += t * delta;
            k += t;
            if (x == goalX && y == goalY) {
                return putStop(out, n, k, d, 0);
            }
            final int s1 = jump(cell, x, y, lower);
            if (s1 > 0) {
                n = putStop(out, n, k, lower, s1);
            }
            final int s2 = jump(cell, x, y, higher);
            if (s2 > 0) {
                n = putStop(out, n, k, higher, s2);
            }
        }
    }

    /**
     * {@link #diagonalRun} pruned by goal bounds (intermediate pruning, {@code docs/jps.md} "The
     * query"): at each cell the run lands on that is a stop of the run (a cell whose entry one
     * step back along d is 1, the diagonal jump points) and has boxes, a straight component is
     * scanned only when its box holds the goal, and the run ends there unless the diagonal's box
     * holds it. Other cells the run lands on (a cell level with the goal, a stop without boxes)
     * scan both components and go on.
     *
     * @param goalKey the goal in the bounds' units ({@link GoalBounds#goalKey})
     * @return the ints written, a multiple of 3
     */
    int boundedRun(int cell, int x, int y, int d, int[] out, GoalBounds bounds, int goalKey) {
        final int dx = Direction.dx(d);
        final int dy = Direction.dy(d);
        final int delta = dx + dy * width;
        final int lower = lowerComponent(d);
        final int higher = higherComponent(d);
        final int all = 1 << d | 1 << lower | 1 << higher;
        int n = 0;
        int k = 0;
        while (true) {
            // The diagonal jump of jump(cell, x, y, d), from the entry read once: the cut level
            // with a goal strictly inside the quadrant, when in reach, else the entry's stop.
            final int v = table.get(ENTRY, JpsPlusLayout.offset(cell, d));
            final int ox = goalX - x;
            final int oy = goalY - y;
            final int cut = Integer.signum(ox) == dx && Integer.signum(oy) == dy
                    ? Math.min(Math.abs(ox), Math.abs(oy))
                    : Integer.MAX_VALUE;
            final int t = cut <= Math.abs(v) ? cut : Math.max(v, 0);
            if (t == 0) {
                return n;
            }
            x += t * dx;
            y += t * dy;
            cell += t * delta;
            k += t;
            if (x == goalX && y == goalY) {
                return putStop(out, n, k, d, 0);
            }
            // t == v: the run landed on the jump point its entry names, a stop of the run.
            final int keep = t == v ? bounds.filter(cell, all, goalKey) : all;
            if ((keep & 1 << lower) != 0) {
                final int s1 = jump(cell, x, y, lower);
                if (s1 > 0) {
                    n = putStop(out, n, k, lower, s1);
                }
            }
            if ((keep & 1 << higher) != 0) {
                final int s2 = jump(cell, x, y, higher);
                if (s2 > 0) {
                    n = putStop(out, n, k, higher, s2);
                }
            }
            if ((keep & 1 << d) == 0) {
                return n;
            }
        }
    }

    @Override
    public int jump(int cell, int x, int y, int d) {
        final int v = table.get(ENTRY, JpsPlusLayout.offset(cell, d));
        final int ox = goalX - x;
        final int oy = goalY - y;
        // The one direction whose line (straight) or quadrant (diagonal) holds the goal, and the
        // steps to it: the tests depend on where the goal lies, which changes slowly along a
        // search, where a test on d (taken from the successor mask) mispredicts on most calls.
        final int toward;
        final int k;
        if (ox == 0) {
            toward = oy < 0 ? Direction.NORTH : Direction.SOUTH;
            k = Math.abs(oy);
        } else if (oy == 0) {
            toward = ox > 0 ? Direction.EAST : Direction.WEST;
            k = Math.abs(ox);
        } else {
            toward = ox > 0
                    ? (oy < 0 ? Direction.NORTH_EAST : Direction.SOUTH_EAST)
                    : (oy > 0 ? Direction.SOUTH_WEST : Direction.NORTH_WEST);
            k = Math.min(Math.abs(ox), Math.abs(oy));
        }
        if (d == toward && k > 0 && k <= Math.abs(v)) {
            return k;
        }
        return Math.max(v, 0);
    }
}
