package org.onepath.cli.archfixture.helper;

/** A planted public facade whose package also holds a non-API helper. */
public final class Api extends Base {
    public int size() {
        return Helper.twice(base());
    }
}
