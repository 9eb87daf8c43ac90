package org.onepath.fuzz;

import java.util.Arrays;
import org.onepath.state.OnePathFormatException;
import org.onepath.state.Snapshottable;

/** What the targets that restore into a live object (grid, voxel grid, graph, replanner) check. */
final class RestoreChecks {
    private RestoreChecks() {}

    /**
     * Restores {@code input} into {@code object}; when that rejects the bytes, the object must
     * save exactly what it saved before (a restore checks everything before it changes anything),
     * and the rejection is rethrown.
     *
     * @param what names the object in the failure, as in "the 16 x 12 grid"
     */
    static void restoreOrUnchanged(String what, Snapshottable object, byte[] input) {
        byte[] before = object.saveState();
        try {
            object.restoreState(input);
        } catch (OnePathFormatException e) {
            byte[] after = object.saveState();
            if (!Arrays.equals(before, after)) {
                throw new AssertionError(
                        "a rejected restore changed " + what + ": its saved state differs from offset "
                                + Arrays.mismatch(before, after) + " (" + e.getMessage() + ")",
                        e);
            }
            throw e;
        }
    }
}
