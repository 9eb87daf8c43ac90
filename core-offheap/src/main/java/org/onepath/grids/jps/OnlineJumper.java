package org.onepath.grids.jps;

import org.onepath.cells.SquareCells;

/** The cell-by-cell jumper: walks the grid's live cells one step at a time. */
public final class OnlineJumper extends ScanningJumper {
    private final JumpRules rules;

    /**
     * A jumper that walks a grid's live cells, so edits need no refresh.
     *
     * @param grid the cells to walk, agent size 1
     */
    public OnlineJumper(SquareCells grid) {
        super(new WalkableCells(grid));
        this.rules = new JumpRules(grid);
    }

    @Override
    int straight(int x, int y, int direction, int gx, int gy) {
        int dx = Direction.dx(direction);
        int dy = Direction.dy(direction);
        for (int steps = 1; ; steps++) {
            x += dx;
            y += dy;
            if (!walkable.at(x, y)) {
                return 0;
            }
            if ((x == gx && y == gy) || rules.hasForcedNeighbour(x, y, direction)) {
                return steps;
            }
        }
    }
}
