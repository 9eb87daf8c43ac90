package org.onepath.snapshot;

import java.lang.foreign.MemorySegment;
import org.onepath.cells.SquareCells;
import org.onepath.state.GridStateFormat;
import org.onepath.state.SpacePiece;
import org.onepath.state.StateReader;
import org.onepath.state.StateWriter;

/**
 * A Grid's state (kind 1, laid out by {@link GridStateFormat}): the cells are the grid's segment,
 * copied in one {@link MemorySegment#copy} each way.
 */
public final class GridState {
    private GridState() {}

    /** What a restore has read and checked, before it changes anything. */
    public record Parsed(
            int width,
            int height,
            int version,
            SpacePiece.Grid space,
            org.onepath.state.AreasPiece.Areas areas,
            MemorySegment cells) {}

    /** The state of a square grid with its world mapping as a new array. */
    public static byte[] save(SquareCells grid, SpacePiece.Grid space) {
        byte[] out = StateWriter.arrayFor("grid", GridStateFormat.length(grid.width(), grid.height()));
        write(grid, space, StateWriter.into(MemorySegment.ofArray(out), 0));
        return out;
    }

    /** Writes the state into {@code destination} from {@code offset}; returns the bytes written. */
    public static long save(SquareCells grid, SpacePiece.Grid space, MemorySegment destination, long offset) {
        long length = GridStateFormat.length(grid.width(), grid.height());
        write(grid, space, StateWriter.into("grid", length, destination, offset));
        return length;
    }

    /** Writes the cells of a square grid with its world mapping. */
    private static void write(SquareCells grid, SpacePiece.Grid space, StateWriter w) {
        GridStateFormat.writeHead(
                w,
                grid.width(),
                grid.height(),
                grid.version(),
                space,
                grid.areas().toPiece());
        w.bytes(grid.cells(), 0, (long) grid.width() * grid.height());
    }

    /**
     * Reads and checks a whole Grid state.
     *
     * @param width  the width the state must have, or -1 for any
     * @param height the height the state must have, or -1 for any
     */
    public static Parsed read(MemorySegment data, int width, int height) {
        StateReader r = StateReader.ofGrid(data);
        GridStateFormat.Head head = GridStateFormat.read(r);
        if (width >= 0 && head.width() != width) {
            throw r.error("width", head.width(), width + " (the restoring grid's width)", GridStateFormat.WIDTH_OFFSET);
        }
        if (height >= 0 && head.height() != height) {
            throw r.error(
                    "height", head.height(), height + " (the restoring grid's height)", GridStateFormat.HEIGHT_OFFSET);
        }
        return new Parsed(
                head.width(),
                head.height(),
                head.version(),
                head.space(),
                head.areas(),
                data.asSlice(head.cellsOffset(), head.cellCount()));
    }
}
