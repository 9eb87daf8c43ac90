package org.onepath.cli.archfixture.clean.grids;

import org.onepath.cli.archfixture.clean.cells.Cells;

/** A planted engine that takes the cells type. */
public final class Engine {
    public int search(Cells cells) {
        return cells.size();
    }
}
