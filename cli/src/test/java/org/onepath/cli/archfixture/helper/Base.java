package org.onepath.cli.archfixture.helper;

/** A planted package-private base of a public class: allowed, it is part of that class. */
abstract class Base {
    int base() {
        return 1;
    }
}
