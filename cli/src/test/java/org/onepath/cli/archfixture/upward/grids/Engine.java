package org.onepath.cli.archfixture.upward.grids;

import org.onepath.cli.archfixture.upward.Facade;

/** A planted engine that takes the facade type instead of the cells type. */
public final class Engine {
    public int search(Facade facade) {
        return facade.size();
    }
}
