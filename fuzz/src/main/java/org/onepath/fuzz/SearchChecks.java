package org.onepath.fuzz;

import org.onepath.GridSearch;
import org.onepath.cells.PathStatus;
import org.onepath.grids.SearchStatus;
import org.onepath.grids.SlicedSearch;

/** What the search targets do after a restore. */
final class SearchChecks {
    /** Iterations a restored search may run: far more than the 192-cell search grid needs. */
    static final int STEP_BUDGET = 10_000;

    private SearchChecks() {}

    /**
     * After an accepted restore: a running search steps on, a found one yields its path. Only
     * {@link IllegalStateException} may come out of those calls.
     */
    static void exercise(SlicedSearch search) {
        if (search.status() == SearchStatus.RUNNING) {
            try {
                search.step(STEP_BUDGET);
            } catch (IllegalStateException allowed) {
                return;
            }
        }
        if (search.status() == SearchStatus.FOUND) {
            try {
                search.path();
            } catch (IllegalStateException allowed) {
                // documented outcome
            }
        }
    }

    /** After a rejected restore the search is documented to be left not started. */
    static void expectNotStarted(SlicedSearch search, RuntimeException rejection) {
        if (search.status() != SearchStatus.NOT_STARTED) {
            throw new AssertionError(
                    "after a rejected restore the search is " + search.status() + ", documented: not started ("
                            + rejection.getMessage() + ")",
                    rejection);
        }
    }

    /** As {@link #exercise(SlicedSearch)} for a {@link GridSearch} handle: step, then copyPath when FOUND. */
    static void exercise(GridSearch search) {
        if (search.status() == PathStatus.IN_PROGRESS) {
            try {
                search.step(STEP_BUDGET);
            } catch (IllegalStateException allowed) {
                return;
            }
        }
        if (search.status() == PathStatus.FOUND) {
            try {
                int[] out = new int[search.pathLength()];
                search.copyPath(out);
            } catch (IllegalStateException allowed) {
                // documented outcome
            }
        }
    }

    /** After a rejected restore the handle is documented to be left not begun. */
    static void expectNotBegun(GridSearch search, RuntimeException rejection) {
        if (search.status() != PathStatus.NONE) {
            throw new AssertionError(
                    "after a rejected restore the GridSearch is " + search.status() + ", documented: not begun, NONE ("
                            + rejection.getMessage() + ")",
                    rejection);
        }
    }
}
