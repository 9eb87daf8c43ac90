package org.onepath.cli.archfixture.cycle.b;

import org.onepath.cli.archfixture.cycle.a.First;

/** The other half of the planted package cycle. */
public final class Second {
    public int value() {
        return new First().next(this) > 0 ? 1 : 0;
    }
}
