package org.onepath.grids.jps;

/**
 * The diagonal walk shared by the jumpers that find straight jump points by scanning: each
 * diagonal step needs both side cells and the target free, and the walk stops at the goal or at
 * a cell from which a straight scan along either component stops somewhere. Subclasses supply
 * the straight scan.
 */
abstract sealed class ScanningJumper implements Jumper permits OnlineJumper, BlockJumper {
    final WalkableCells walkable;
    final int width;

    ScanningJumper(WalkableCells walkable) {
        this.walkable = walkable;
        this.width = walkable.width;
    }

    /**
     * Steps from (x, y) in straight direction {@code direction} to the goal or the next cell with
     * a forced neighbour, 0 when a wall or the grid edge comes first.
     */
    abstract int straight(int x, int y, int direction, int goalX, int goalY);

    @Override
    public final int jump(int cell, int direction, int goal) {
        int x = cell % width;
        int y = cell / width;
        int gx = goal % width;
        int gy = goal / width;
        if (!Direction.isDiagonal(direction)) {
            return straight(x, y, direction, gx, gy);
        }
        final int dx = Direction.dx(direction);
        final int dy = Direction.dy(direction);
        final int horizontal = Direction.of(dx, 0);
        final int vertical = Direction.of(0, dy);
        for (int steps = 1; ; steps++) {
            if (!walkable.at(x + dx, y) || !walkable.at(x, y + dy) || !walkable.at(x + dx, y + dy)) {
                return 0;
            }
            x += dx;
            y += dy;
            if ((x == gx && y == gy)
                    || straight(x, y, horizontal, gx, gy) > 0
                    || straight(x, y, vertical, gx, gy) > 0) {
                return steps;
            }
        }
    }
}
