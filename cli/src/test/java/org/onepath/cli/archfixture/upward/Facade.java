package org.onepath.cli.archfixture.upward;

import org.onepath.cli.archfixture.upward.grids.Engine;

/** A planted facade whose engine reads it back (the upward import the test must find). */
public final class Facade {
    public int run() {
        return new Engine().search(this);
    }

    public int size() {
        return 1;
    }
}
