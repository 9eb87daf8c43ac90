package org.onepath.grids.jps;

import java.util.Objects;

/**
 * The block-based jumper (Harabor and Grastien 2014): a straight scan reads 64 cells per word.
 * Stop bits are {@code ~walkable | forced}, where {@code forced = side & ~(side shifted one
 * position against the scan)} for the two neighbouring lines, masked to positions beyond the
 * start; the first set bit (lowest forwards, highest backwards) is the stop, a wall stop giving
 * no result, and a goal on the line before the stop wins. It finds exactly the cells the
 * cell-by-cell {@link OnlineJumper} finds.
 */
public final class BlockJumper extends ScanningJumper {
    private final BlockMap map;

    public BlockJumper(BlockMap map) {
        super(new WalkableCells(Objects.requireNonNull(map, "map").grid()));
        this.map = map;
    }

    public BlockMap map() {
        return map;
    }

    @Override
    int straight(int x, int y, int direction, int gx, int gy) {
        return switch (direction) {
            case Direction.EAST -> forward(true, y, x, gy == y ? gx : -1);
            case Direction.WEST -> backward(true, y, x, gy == y ? gx : -1);
            case Direction.SOUTH -> forward(false, x, y, gx == x ? gy : -1);
            case Direction.NORTH -> backward(false, x, y, gx == x ? gy : -1);
            default -> throw new IllegalArgumentException("not a straight direction: " + direction);
        };
    }

    private long word(boolean rows, int line, int k) {
        return rows ? map.rowWord(line, k) : map.columnWord(line, k);
    }

    /** Scan towards larger positions along a row ({@code rows}) or a column. */
    private int forward(boolean rows, int line, int from, int goal) {
        final int words = rows ? map.rowWordCount() : map.columnWordCount();
        final int first = from + 1;
        final int firstWord = first >>> 6;
        for (int k = firstWord; k < words; k++) {
            long walk = word(rows, line, k);
            long a = word(rows, line - 1, k);
            long aBefore = k == 0 ? 0L : word(rows, line - 1, k - 1);
            long b = word(rows, line + 1, k);
            long bBefore = k == 0 ? 0L : word(rows, line + 1, k - 1);
            long forced = (a & ~((a << 1) | (aBefore >>> 63))) | (b & ~((b << 1) | (bBefore >>> 63)));
            long stop = ~walk | forced;
            if (k == firstWord) {
                stop &= -1L << (first & 63);
            }
            if (stop != 0) {
                int pos = (k << 6) + Long.numberOfTrailingZeros(stop);
                if (goal > from && goal < pos) {
                    return goal - from;
                }
                return (walk >>> (pos & 63) & 1L) != 0 ? pos - from : 0;
            }
        }
        // The line ended with no stop: every cell up to the edge is open.
        return goal > from ? goal - from : 0;
    }

    /** Scan towards smaller positions. */
    private int backward(boolean rows, int line, int from, int goal) {
        final int words = rows ? map.rowWordCount() : map.columnWordCount();
        final int first = from - 1;
        if (first < 0) {
            return 0;
        }
        final int firstWord = first >>> 6;
        for (int k = firstWord; k >= 0; k--) {
            long walk = word(rows, line, k);
            long a = word(rows, line - 1, k);
            long aAfter = k + 1 < words ? word(rows, line - 1, k + 1) : 0L;
            long b = word(rows, line + 1, k);
            long bAfter = k + 1 < words ? word(rows, line + 1, k + 1) : 0L;
            long forced = (a & ~((a >>> 1) | (aAfter << 63))) | (b & ~((b >>> 1) | (bAfter << 63)));
            long stop = ~walk | forced;
            if (k == firstWord) {
                stop &= -1L >>> (63 - (first & 63));
            }
            if (stop != 0) {
                int pos = (k << 6) + 63 - Long.numberOfLeadingZeros(stop);
                if (goal >= 0 && goal < from && goal > pos) {
                    return from - goal;
                }
                return (walk >>> (pos & 63) & 1L) != 0 ? from - pos : 0;
            }
        }
        return goal >= 0 && goal < from ? from - goal : 0;
    }
}
