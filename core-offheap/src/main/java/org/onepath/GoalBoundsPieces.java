package org.onepath;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.BitSet;
import java.util.Objects;
import java.util.concurrent.CancellationException;
import org.onepath.grids.BakeMonitor;
import org.onepath.grids.fast.GoalBoundsBake;
import org.onepath.grids.fast.GoalBoundsBaker;
import org.onepath.layout.GoalBoundsLayout;
import org.onepath.memory.OwnerState;
import org.onepath.tables.SquareTables;

/**
 * The goal bounds' bake ({@link Grid#bakeGoalBounds}) split into pieces that can be baked apart,
 * on other threads, processes or machines, and put back together: the same bytes as a bake in one
 * process, for any split. The jump points of the grid's cells are numbered 0 to {@link
 * #jumpPointCount()} in ascending cell order; a piece holds the raw boxes of a range of them,
 * {@value #BYTES_PER_JUMP_POINT} bytes per jump point (eight boxes of four little-endian u16: min
 * x, min y, max x, max y; an empty box is {@code FFFF FFFF 0000 0000}).
 *
 * <p>Every process that bakes pieces lists the jump points of the same cells ({@link
 * Grid#goalBoundsPieces()}) and bakes its ranges ({@link #bakePiece}); the process that assembles
 * puts every piece ({@link #putPiece}), each jump point exactly once, and installs the table in
 * its grid ({@link #install()}), from which a store is baked as after a local bake. Not
 * thread-safe: one thread per instance.
 *
 * <pre>{@code
 * try (GoalBoundsPieces pieces = grid.goalBoundsPieces()) {
 *     int n = pieces.jumpPointCount();
 *     byte[] first = pieces.bakePiece(0, n / 2, BakeMonitor.NONE);   // anywhere
 *     byte[] second = pieces.bakePiece(n / 2, n, BakeMonitor.NONE);
 *     pieces.putPiece(0, n / 2, first);
 *     pieces.putPiece(n / 2, n, second);
 *     pieces.install();                                               // as grid.bakeGoalBounds
 * }
 * }</pre>
 */
public final class GoalBoundsPieces implements AutoCloseable {
    /** Bytes of one jump point's boxes in a piece. */
    public static final int BYTES_PER_JUMP_POINT = (int) GoalBoundsLayout.SLOT_BYTES;

    /**
     * The version of the goal-bounds rules this code bakes pieces by (which cells have boxes,
     * which box a target goes into): a piece baked by another version must not be put with
     * these, and a file carrying pieces should record it.
     */
    public static final int RULES_VERSION = GoalBoundsLayout.DERIVATION_VERSION;

    /** Jump points baked between two looks at the monitor: as the local bake's workers take them. */
    private static final int CHUNK = 32;

    private final Grid grid;
    private final SquareTables tables;
    private final GoalBoundsBake bake;
    private final BitSet put;
    private final OwnerState state = new OwnerState("GoalBoundsPieces");
    private GoalBoundsBaker baker;

    GoalBoundsPieces(Grid grid, SquareTables tables) {
        this.grid = grid;
        this.tables = tables;
        this.bake = tables.listGoalBounds();
        this.put = new BitSet(bake.jumpPointCount());
    }

    /**
     * The jump points of the cells as they were listed: what the pieces together cover.
     *
     * @return the number of jump points, 0 or more
     */
    public int jumpPointCount() {
        return bake.jumpPointCount();
    }

    /**
     * Bytes of the piece of jump points {@code [first, end)}.
     *
     * @param first the first jump point of the range
     * @param end   one past the last
     * @return {@code (end - first) * BYTES_PER_JUMP_POINT}
     * @throws IllegalArgumentException if the range is not within {@code 0..jumpPointCount()}
     */
    public long pieceBytes(int first, int end) {
        checkRange(first, end);
        return (long) (end - first) * BYTES_PER_JUMP_POINT;
    }

    /**
     * Bakes the boxes of jump points {@code [first, end)} into {@code piece}, with the code of the
     * local bake's workers: one canonical search per jump point.
     *
     * @param first   the first jump point of the range
     * @param end     one past the last
     * @param piece   at least {@link #pieceBytes pieceBytes(first, end)} writable bytes; jump point
     *                {@code first + i} at {@code i * BYTES_PER_JUMP_POINT}
     * @param monitor hears progress in jump points of the range; a cancel (or an interrupt of the
     *                calling thread) stops the bake within {@value #CHUNK} jump points
     * @throws IllegalArgumentException if the range is not within {@code 0..jumpPointCount()} or the
     *                                  piece is too small or read-only
     * @throws CancellationException    if the monitor cancelled or the thread was interrupted; the
     *                                  piece is then partly written
     */
    public void bakePiece(int first, int end, MemorySegment piece, BakeMonitor monitor) {
        state.ensureOpen();
        Objects.requireNonNull(piece, "piece");
        Objects.requireNonNull(monitor, "monitor");
        long need = pieceBytes(first, end);
        if (piece.byteSize() < need || piece.isReadOnly()) {
            throw new IllegalArgumentException("piece of " + piece.byteSize() + (piece.isReadOnly() ? " read-only" : "")
                    + " bytes cannot hold jump points [" + first + ", " + end + "): expected " + need
                    + " writable bytes");
        }
        if (baker == null) {
            baker = tables.goalBoundsBaker(bake);
        }
        long total = end - first;
        for (int from = first; from < end; from += CHUNK) {
            if (monitor.isCancelled() || Thread.currentThread().isInterrupted()) {
                throw new CancellationException("goal-bounds piece [" + first + ", " + end + ") cancelled after "
                        + (from - first) + " of " + total + " jump points");
            }
            int to = Math.min(end, from + CHUNK);
            baker.bakeRange(from, to, piece.asSlice((long) (from - first) * BYTES_PER_JUMP_POINT));
            monitor.progress(to - first, total);
        }
        monitor.progress(total, total);
    }

    /**
     * Bakes the boxes of jump points {@code [first, end)} into a new array ({@link
     * #bakePiece(int, int, MemorySegment, BakeMonitor)}).
     *
     * @param first   the first jump point of the range
     * @param end     one past the last
     * @param monitor hears progress and may cancel
     * @return the piece, {@link #pieceBytes pieceBytes(first, end)} bytes
     * @throws IllegalArgumentException if the range is not within {@code 0..jumpPointCount()} or
     *                                  the piece would exceed an array's size
     * @throws CancellationException    if the monitor cancelled or the thread was interrupted
     */
    public byte[] bakePiece(int first, int end, BakeMonitor monitor) {
        long need = pieceBytes(first, end);
        if (need > Integer.MAX_VALUE - 8) {
            throw new IllegalArgumentException("piece of jump points [" + first + ", " + end + ") needs " + need
                    + " bytes, more than an array holds; bake it into a segment or split the range");
        }
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment piece = arena.allocate(Math.max(1, need), GoalBoundsLayout.BOXES_ALIGNMENT);
            bakePiece(first, end, piece, monitor);
            return piece.asSlice(0, need).toArray(ValueLayout.JAVA_BYTE);
        }
    }

    /**
     * Puts the baked piece of jump points {@code [first, end)} in place. Every box is checked to be
     * one a bake can write for this grid (empty, or within the grid with min not above max).
     *
     * @param first the first jump point of the range
     * @param end   one past the last
     * @param piece exactly {@link #pieceBytes pieceBytes(first, end)} bytes
     * @throws IllegalArgumentException if the range is not within {@code 0..jumpPointCount()}, the
     *                                  piece's size differs, a box is not one a bake writes, or a jump
     *                                  point of the range was put before
     */
    public void putPiece(int first, int end, MemorySegment piece) {
        state.ensureOpen();
        Objects.requireNonNull(piece, "piece");
        long need = pieceBytes(first, end);
        if (piece.byteSize() != need) {
            throw new IllegalArgumentException("piece of jump points [" + first + ", " + end + ") holds "
                    + piece.byteSize() + " bytes; expected " + need + " (" + BYTES_PER_JUMP_POINT
                    + " per jump point)");
        }
        int again = put.nextSetBit(first);
        if (again >= 0 && again < end) {
            throw new IllegalArgumentException("piece of jump points [" + first + ", " + end + ") overlaps one put"
                    + " before: jump point " + again + " has its boxes already");
        }
        int width = grid.width();
        int height = grid.height();
        for (long at = 0; at < need; at += GoalBoundsLayout.BOX_BYTES) {
            long box = piece.get(GoalBoundsLayout.BOX, at);
            if (!GoalBoundsLayout.isValidBox(box, width, height)) {
                throw new IllegalArgumentException(String.format(
                        java.util.Locale.ROOT,
                        "piece of jump points [%d, %d): box %d of jump point %d is %016x, not one a bake"
                                + " writes for a %d x %d grid (empty, or min <= max within the grid)",
                        first,
                        end,
                        (int) (at % GoalBoundsLayout.SLOT_BYTES / GoalBoundsLayout.BOX_BYTES),
                        first + at / GoalBoundsLayout.SLOT_BYTES,
                        box,
                        width,
                        height));
            }
        }
        MemorySegment.copy(piece, 0, bake.boxes(first, end), 0, need);
        put.set(first, end);
    }

    /**
     * Puts a baked piece held in an array ({@link #putPiece(int, int, MemorySegment)}).
     *
     * @param first the first jump point of the range
     * @param end   one past the last
     * @param piece exactly {@link #pieceBytes pieceBytes(first, end)} bytes
     * @throws IllegalArgumentException as {@link #putPiece(int, int, MemorySegment)}
     */
    public void putPiece(int first, int end, byte[] piece) {
        putPiece(first, end, MemorySegment.ofArray(Objects.requireNonNull(piece, "piece")));
    }

    /**
     * The first jump point no piece has covered yet.
     *
     * @return its number, or {@link #jumpPointCount()} when every jump point has its boxes
     */
    public int firstMissing() {
        state.ensureOpen();
        return put.nextClearBit(0);
    }

    /**
     * Packs the pieces into the table bounded queries read and hands it to the grid in place of any
     * earlier bounds, as {@link Grid#bakeGoalBounds} does.
     *
     * @return what the bounds hold
     * @throws IllegalStateException if a jump point has no piece, or the grid's cells changed since
     *                               the jump points were listed
     */
    public GoalBoundsSummary install() {
        state.ensureOpen();
        int missing = firstMissing();
        if (missing < jumpPointCount()) {
            int upTo = put.nextSetBit(missing);
            throw new IllegalStateException("jump points [" + missing + ", " + (upTo < 0 ? jumpPointCount() : upTo)
                    + ") of " + jumpPointCount() + " have no piece; put every range before installing");
        }
        return GoalBoundsSummary.of(tables.installGoalBounds(bake));
    }

    private void checkRange(int first, int end) {
        if (first < 0 || end < first || end > bake.jumpPointCount()) {
            throw new IllegalArgumentException(
                    "jump point range [" + first + ", " + end + ") is not within 0.." + bake.jumpPointCount());
        }
    }

    /** Frees the listed jump points and boxes; the grid and any installed bounds stay. */
    @Override
    public void close() {
        if (state.markClosed()) {
            try {
                if (baker != null) {
                    baker.close();
                }
            } finally {
                bake.close();
            }
        }
    }
}
