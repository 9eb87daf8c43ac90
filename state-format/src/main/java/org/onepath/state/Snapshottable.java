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
    /**
     * The size of the state as it stands, for sizing a buffer before a segment save.
     *
     * @return the number of bytes {@link #saveState()} would return now, &gt;= 8 (the header)
     */
    long stateLength();

    /**
     * The state as a new array. Saving twice without a change gives the same bytes.
     *
     * @return a new array the caller owns: the header and the kind's payload
     * @throws IllegalStateException if the state exceeds the largest Java array (use
     *                               {@link #saveState(MemorySegment, long)})
     */
    byte[] saveState();

    /**
     * Writes the state into {@code destination} from {@code offset}: the bytes of
     * {@link #saveState()}.
     *
     * @param destination the segment to write into; it must be writable
     * @param offset      the byte offset in {@code destination} of the first byte written, &gt;= 0
     * @return the number of bytes written
     * @throws IllegalArgumentException if they do not fit (nothing is written then)
     */
    long saveState(MemorySegment destination, long offset);

    /**
     * Puts back a saved state in place.
     *
     * @param state the bytes of a save, exactly from the header to the end of the payload (a byte
     *              after it is an error); only read, and not kept after the call
     * @throws OnePathFormatException naming the field, value, bound and offset of bad bytes or a mismatch
     */
    void restoreState(MemorySegment state);

    /**
     * Restores a state made by {@link #saveState()}; see {@link #restoreState(MemorySegment)}.
     *
     * @param state the saved bytes, the whole array; only read, and not kept after the call
     * @throws NullPointerException   if {@code state} is null
     * @throws OnePathFormatException naming the field, value, bound and offset of bad bytes or a mismatch
     */
    default void restoreState(byte[] state) {
        Objects.requireNonNull(state, "state");
        restoreState(MemorySegment.ofArray(state));
    }
}
