package org.onepath.fuzz;

import java.util.Arrays;
import java.util.function.Consumer;
import java.util.function.Supplier;
import org.onepath.state.OnePathFormatException;

/** What the targets that restore into a live object (grid, voxel grid, graph, replanner) check. */
final class RestoreChecks {
    private RestoreChecks() {
    }

    /**
     * Restores {@code input} through {@code restore}; when that rejects the bytes, the object must
     * save exactly what it saved before (a restore checks everything before it changes anything),
     * and the rejection is rethrown.
     *
     * @param what names the object in the failure, as in "the 16 x 12 grid"
     */
    static void restoreOrUnchanged(String what, Supplier<byte[]> save, Consumer<byte[]> restore, byte[] input) {
        byte[] before = save.get();
        try {
            restore.accept(input);
        } catch (OnePathFormatException e) {
            byte[] after = save.get();
            if (!Arrays.equals(before, after)) {
                throw new AssertionError("a rejected restore changed " + what + ": its saved state differs from offset "
                        + Arrays.mismatch(before, after) + " (" + e.getMessage() + ")", e);
            }
            throw e;
        }
    }
}
