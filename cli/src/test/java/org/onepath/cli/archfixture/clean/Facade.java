package org.onepath.cli.archfixture.clean;

import org.onepath.cli.archfixture.clean.cells.Cells;
import org.onepath.cli.archfixture.clean.grids.Engine;

/** The planted plan as it should be: the facade over an engine over the cells. */
public final class Facade {
    public int run() {
        return new Engine().search(new Cells());
    }
}
