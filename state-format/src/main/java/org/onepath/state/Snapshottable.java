package org.onepath.state;

import java.lang.foreign.MemorySegment;
import java.util.Objects;

/**
 * An object whose state can be saved as bytes of the state format and put back in place: grids,
 * hex and voxel grids, graphs, the searches, flow fields and replanners. A host that rolls back
 * (lockstep, rollback netcode, replays) can keep the objects of its world in one list and save
 * or restore them together, whatever their kinds.
 *
 * <p>What a restore checks, and what it leaves behind when the bytes are refused, is each
 * implementation's to say; every implementation checks the bytes before it trusts them and
 * throws an {@link OnePathFormatException} naming the field, value, bound and offset of bad
 * bytes.
 */
public interface Snapshottable {
    /** Bytes {@link #saveState()} would return now, for sizing a buffer before a segment save. */
    long stateLength();

    /**
     * The state as a new array. Saving twice without a change gives the same bytes.
     *
     * @throws IllegalStateException if the state exceeds the largest Java array (use
     *                               {@link #saveState(MemorySegment, long)})
     */
    byte[] saveState();

    /**
     * Writes the state into {@code destination} from {@code offset}: the bytes of
     * {@link #saveState()}.
     *
     * @return the number of bytes written
     * @throws IllegalArgumentException if they do not fit (nothing is written then)
     */
    long saveState(MemorySegment destination, long offset);

    /**
     * Puts back a saved state in place.
     *
     * @throws OnePathFormatException naming the field, value, bound and offset of bad bytes or a mismatch
     */
    void restoreState(MemorySegment state);

    /** Restores a state made by {@link #saveState()}; see {@link #restoreState(MemorySegment)}. */
    default void restoreState(byte[] state) {
        Objects.requireNonNull(state, "state");
        restoreState(MemorySegment.ofArray(state));
    }
}
