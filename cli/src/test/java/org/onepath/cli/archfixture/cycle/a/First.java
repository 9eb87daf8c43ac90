package org.onepath.cli.archfixture.cycle.a;

import org.onepath.cli.archfixture.cycle.b.Second;

/** One half of the planted package cycle the architecture test must find. */
public final class First {
    public int next(Second second) {
        return second.value() + 1;
    }
}
