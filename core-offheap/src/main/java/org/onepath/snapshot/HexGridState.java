package org.onepath.snapshot;

import java.lang.foreign.MemorySegment;
import org.onepath.cells.HexCells;
import org.onepath.cells.HexLayout;
import org.onepath.state.AreasPiece;
import org.onepath.state.HexGridStateFormat;
import org.onepath.state.SpacePiece;
import org.onepath.state.StateReader;
import org.onepath.state.StateWriter;

/**
 * A HexGrid's state (kind 2, laid out by {@link HexGridStateFormat}): the cells are the grid's
 * segment, copied in one {@link MemorySegment#copy} each way.
 */
public final class HexGridState {
    private HexGridState() {}

    /** What a restore has read and checked, before it changes anything. */
    public record Parsed(
            int width,
            int height,
            HexLayout layout,
            int version,
            SpacePiece.Grid space,
            AreasPiece.Areas areas,
            MemorySegment cells) {}

    /** The state of a hex grid with its world mapping as a new array. */
    public static byte[] save(HexCells grid, SpacePiece.Grid space) {
        byte[] out = StateWriter.arrayFor("hex grid", HexGridStateFormat.length(grid.width(), grid.height()));
        write(grid, space, StateWriter.into(MemorySegment.ofArray(out), 0));
        return out;
    }

    /** Writes the state into {@code destination} from {@code offset}; returns the bytes written. */
    public static long save(HexCells grid, SpacePiece.Grid space, MemorySegment destination, long offset) {
        long length = HexGridStateFormat.length(grid.width(), grid.height());
        write(grid, space, StateWriter.into("hex grid", length, destination, offset));
        return length;
    }

    /** Writes the cells of a hex grid with its world mapping. */
    private static void write(HexCells grid, SpacePiece.Grid space, StateWriter w) {
        HexGridStateFormat.writeHead(
                w,
                grid.width(),
                grid.height(),
                grid.layout().code(),
                grid.version(),
                space,
                grid.areas().toPiece());
        w.bytes(grid.cells(), 0, (long) grid.width() * grid.height());
    }

    /**
     * Reads and checks a whole HexGrid state.
     *
     * @param width  the width the state must have, or -1 for any
     * @param height the height the state must have, or -1 for any
     * @param layout the layout the state must have, or null for any
     */
    public static Parsed read(MemorySegment data, int width, int height, HexLayout layout) {
        StateReader r = StateReader.ofGrid(data);
        HexGridStateFormat.Head head = HexGridStateFormat.read(r);
        if (width >= 0 && head.width() != width) {
            throw r.error(
                    "width", head.width(), width + " (the restoring grid's width)", HexGridStateFormat.WIDTH_OFFSET);
        }
        if (height >= 0 && head.height() != height) {
            throw r.error(
                    "height",
                    head.height(),
                    height + " (the restoring grid's height)",
                    HexGridStateFormat.HEIGHT_OFFSET);
        }
        if (layout != null && head.layout() != layout.code()) {
            throw r.error(
                    "layout",
                    head.layout() + " (" + HexGridStateFormat.layoutName(head.layout()) + ")",
                    layout.code() + " (" + HexGridStateFormat.layoutName(layout.code())
                            + ", the restoring grid's layout)",
                    HexGridStateFormat.LAYOUT_OFFSET);
        }
        return new Parsed(
                head.width(),
                head.height(),
                HexLayout.ofCode(head.layout()),
                head.version(),
                head.space(),
                head.areas(),
                data.asSlice(head.cellsOffset(), head.cellCount()));
    }
}
