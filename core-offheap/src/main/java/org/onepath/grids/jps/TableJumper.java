package org.onepath.grids.jps;

import java.util.Objects;

/**
 * The JPS+ jumper: reads {@link JpsPlusIndex} and bounds by the goal at query time. Straight: a
 * goal on the line ahead within |d| steps is returned directly. Diagonal: if the goal lies
 * strictly inside the quadrant and min(|gx - x|, |gy - y|) &lt;= |d|, the walk stops that many
 * steps out (level with the goal on one axis), even when the stored jump point lies further.
 * Otherwise a positive d is the jump point and a non-positive one means none. The caller
 * refreshes the index before a search.
 */
public final class TableJumper implements Jumper {
    private final JpsPlusIndex index;
    private final int width;

    /**
     * A jumper over a JPS+ index.
     *
     * @param index the tables it reads; the caller refreshes them before each search
     */
    public TableJumper(JpsPlusIndex index) {
        this.index = Objects.requireNonNull(index, "index");
        this.width = index.grid().width();
    }

    /**
     * The tables this jumper reads.
     *
     * @return the index given at construction
     */
    public JpsPlusIndex index() {
        return index;
    }

    @Override
    public int jump(int cell, int direction, int goal) {
        final int v = index.entry(cell, direction);
        final int reach = Math.abs(v);
        final int ox = goal % width - cell % width;
        final int oy = goal / width - cell / width;
        final int dx = Direction.dx(direction);
        final int dy = Direction.dy(direction);
        int k;
        if (dx == 0) {
            k = ox == 0 && Integer.signum(oy) == dy ? Math.abs(oy) : 0;
        } else if (dy == 0) {
            k = oy == 0 && Integer.signum(ox) == dx ? Math.abs(ox) : 0;
        } else {
            k = Integer.signum(ox) == dx && Integer.signum(oy) == dy ? Math.min(Math.abs(ox), Math.abs(oy)) : 0;
        }
        if (k > 0 && k <= reach) {
            return k;
        }
        return v > 0 ? v : 0;
    }
}
