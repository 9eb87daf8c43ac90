package org.onepath.grids.fast;

import static org.onepath.layout.BlockMapLayout.BIT_MASK;
import static org.onepath.layout.BlockMapLayout.WORD;
import static org.onepath.layout.BlockMapLayout.WORD_BYTES;
import static org.onepath.layout.BlockMapLayout.WORD_SHIFT;

import java.lang.foreign.MemorySegment;
import java.util.Objects;
import org.onepath.grids.jps.BlockMap;
import org.onepath.grids.jps.Direction;
import org.onepath.layout.OctileMapLayout;

/**
 * Jump points by block scans (Harabor and Grastien 2014) over the stop words of a
 * {@link BlockMap}: a straight scan masks the stop word to the positions beyond the start and
 * takes the first set bit (lowest forwards, highest backwards); a goal on the line before it is
 * the answer, a wall there means none. A diagonal walk checks each step in the neighbour bytes
 * ({@link OctileMap}) and stops where the goal is or where a straight scan along either component
 * stops at a walkable cell. It finds exactly what {@link org.onepath.grids.jps.BlockJumper} finds.
 */
public final class BitFinder extends OctileFinder {
    private final BlockMap blocks;
    private final MemorySegment neighbours;
    private final MemorySegment rows;
    private final MemorySegment columns;
    private final MemorySegment east;
    private final MemorySegment west;
    private final MemorySegment south;
    private final MemorySegment north;
    private final int width;
    private final int rowWords;
    private final int columnWords;

    public BitFinder(BlockMap blocks, OctileMap map) {
        super(map);
        this.blocks = Objects.requireNonNull(blocks, "blocks");
        if (blocks.grid() != map.grid()) {
            throw new IllegalArgumentException("block map and octile map belong to different grids");
        }
        this.neighbours = map.neighbourSegment();
        this.rows = blocks.rows();
        this.columns = blocks.columns();
        this.east = blocks.stopWords(Direction.EAST);
        this.west = blocks.stopWords(Direction.WEST);
        this.south = blocks.stopWords(Direction.SOUTH);
        this.north = blocks.stopWords(Direction.NORTH);
        this.width = blocks.grid().width();
        this.rowWords = blocks.rowWordCount();
        this.columnWords = blocks.columnWordCount();
    }

    public BlockMap blocks() {
        return blocks;
    }

    @Override
    public void refresh() {
        // The block map and the neighbour bytes follow every edit as it happens.
    }

    @Override
    public int jump(int cell, int x, int y, int d) {
        return switch (d) {
            case Direction.NORTH -> backward(columns, north, columnWords, x, y, goalX == x ? goalY : -1);
            case Direction.EAST -> forward(rows, east, rowWords, y, x, goalY == y ? goalX : -1);
            case Direction.SOUTH -> forward(columns, south, columnWords, x, y, goalX == x ? goalY : -1);
            case Direction.WEST -> backward(rows, west, rowWords, y, x, goalY == y ? goalX : -1);
            default -> diagonal(cell, x, y, d);
        };
    }

    /**
     * The run walks cell by cell, each step checked in the neighbour bytes: a diagonal jump would
     * scan every cell it passes and the run would scan its stop again.
     */
    @Override
    public int diagonalRun(int cell, int x, int y, int d, int[] out) {
        final int dx = Direction.dx(d);
        final int dy = Direction.dy(d);
        final int need = OctileMapLayout.stepNeed(d);
        final int delta = dx + dy * width;
        final MemorySegment nb = neighbours;
        final int gx = goalX;
        final int gy = goalY;
        final int lower = lowerComponent(d);
        final int higher = higherComponent(d);
        final boolean verticalFirst = lower == Direction.NORTH || lower == Direction.SOUTH;
        int n = 0;
        for (int k = 1; ; k++) {
            if ((nb.get(OctileMapLayout.BYTE, OctileMapLayout.neighbourOffset(cell)) & need) != need) {
                return n;
            }
            cell += delta;
            x += dx;
            y += dy;
            if (x == gx && y == gy) {
                return putStop(out, n, k, d, 0);
            }
            int goalOnRow = gy == y ? gx : -1;
            int h = dx > 0
                    ? forward(rows, east, rowWords, y, x, goalOnRow)
                    : backward(rows, west, rowWords, y, x, goalOnRow);
            int goalOnColumn = gx == x ? gy : -1;
            int v = dy > 0
                    ? forward(columns, south, columnWords, x, y, goalOnColumn)
                    : backward(columns, north, columnWords, x, y, goalOnColumn);
            int first = verticalFirst ? v : h;
            int second = verticalFirst ? h : v;
            if (first > 0) {
                n = putStop(out, n, k, lower, first);
            }
            if (second > 0) {
                n = putStop(out, n, k, higher, second);
            }
        }
    }

    /** The diagonal walk: legal steps only, stopping at the goal or a cell a component scan leaves from. */
    private int diagonal(int cell, int x, int y, int d) {
        final int dx = Direction.dx(d);
        final int dy = Direction.dy(d);
        final int need = OctileMapLayout.stepNeed(d);
        final int delta = dx + dy * width;
        final MemorySegment nb = neighbours;
        final int gx = goalX;
        final int gy = goalY;
        for (int steps = 1; ; steps++) {
            if ((nb.get(OctileMapLayout.BYTE, OctileMapLayout.neighbourOffset(cell)) & need) != need) {
                return 0;
            }
            cell += delta;
            x += dx;
            y += dy;
            if (x == gx && y == gy) {
                return steps;
            }
            int goalOnRow = gy == y ? gx : -1;
            int h = dx > 0
                    ? forward(rows, east, rowWords, y, x, goalOnRow)
                    : backward(rows, west, rowWords, y, x, goalOnRow);
            if (h > 0) {
                return steps;
            }
            int goalOnColumn = gx == x ? gy : -1;
            int v = dy > 0
                    ? forward(columns, south, columnWords, x, y, goalOnColumn)
                    : backward(columns, north, columnWords, x, y, goalOnColumn);
            if (v > 0) {
                return steps;
            }
        }
    }

    /**
     * Scan towards larger positions of a line from {@code from}: steps to the first stop when it
     * is walkable, or to the goal ({@code goal}, -1 when not on the line) if it comes first; else 0.
     */
    private static int forward(MemorySegment walk, MemorySegment stops, int words, int line, int from, int goal) {
        final long base = (long) line * words;
        final int first = from + 1;
        int k = first >>> WORD_SHIFT;
        int stop = words << WORD_SHIFT; // past the line: the line ended on a word boundary without a stop
        if (k < words) {
            long w = stops.get(WORD, (base + k) * WORD_BYTES) & (-1L << first);
            while (w == 0 && ++k < words) {
                w = stops.get(WORD, (base + k) * WORD_BYTES);
            }
            if (w != 0) {
                stop = (k << WORD_SHIFT) + Long.numberOfTrailingZeros(w);
            }
        }
        if (goal > from && goal < stop) {
            return goal - from;
        }
        if (k >= words) {
            return 0;
        }
        return (walk.get(WORD, (base + k) * WORD_BYTES) >>> stop & 1L) != 0 ? stop - from : 0;
    }

    /** Scan towards smaller positions; as {@link #forward}. */
    private static int backward(MemorySegment walk, MemorySegment stops, int words, int line, int from, int goal) {
        final long base = (long) line * words;
        final int first = from - 1;
        int k = first >> WORD_SHIFT;
        int stop = -1; // before the line: no stop down to position 0
        if (first >= 0) {
            long w = stops.get(WORD, (base + k) * WORD_BYTES) & (-1L >>> (BIT_MASK - (first & BIT_MASK)));
            while (w == 0 && --k >= 0) {
                w = stops.get(WORD, (base + k) * WORD_BYTES);
            }
            if (w != 0) {
                stop = (k << WORD_SHIFT) + BIT_MASK - Long.numberOfLeadingZeros(w);
            }
        }
        if (goal >= 0 && goal < from && goal > stop) {
            return from - goal;
        }
        if (stop < 0) {
            return 0;
        }
        return (walk.get(WORD, (base + (stop >>> WORD_SHIFT)) * WORD_BYTES) >>> stop & 1L) != 0 ? from - stop : 0;
    }
}
