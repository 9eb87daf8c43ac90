package org.onepath.cli.archfixture.helper;

/** A planted package-private helper in the tier-1 package: the rule must name it. */
final class Helper {
    private Helper() {}

    static int twice(int v) {
        return 2 * v;
    }
}
