package org.onepath.cli.archfixture.clean.cells;

/** The planted cells at the bottom of the clean plan. */
public final class Cells {
    public int size() {
        return 1;
    }
}
