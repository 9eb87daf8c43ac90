package org.onepath;

import java.lang.foreign.MemorySegment;
import org.onepath.state.GridStateFormat;
import org.onepath.state.SpacePiece;
import org.onepath.state.StateReader;
import org.onepath.state.StateWriter;

/**
 * A Grid's state (kind 1, laid out by {@link GridStateFormat}): the cells are the grid's segment,
 * copied in one {@link MemorySegment#copy} each way.
 */
final class GridState {
    private GridState() {}

    /** What a restore has read and checked, before it changes anything. */
    record Parsed(
            int width,
            int height,
            int version,
            GridSpace space,
            org.onepath.state.AreasPiece.Areas areas,
            MemorySegment cells) {}

    static void write(Grid grid, StateWriter w) {
        GridSpace s = grid.space();
        GridStateFormat.writeHead(
                w,
                grid.width(),
                grid.height(),
                grid.version(),
                new SpacePiece.Grid(s.originX(), s.originY(), s.cellSize()),
                grid.areas().toPiece());
        w.bytes(grid.cells(), 0, (long) grid.width() * grid.height());
    }

    /**
     * Reads and checks a whole Grid state.
     *
     * @param width  the width the state must have, or -1 for any
     * @param height the height the state must have, or -1 for any
     */
    static Parsed read(MemorySegment data, int width, int height) {
        StateReader r = StateReader.ofGrid(data);
        GridStateFormat.Head head = GridStateFormat.read(r);
        if (width >= 0 && head.width() != width) {
            throw r.error("width", head.width(), width + " (the restoring grid's width)", GridStateFormat.WIDTH_OFFSET);
        }
        if (height >= 0 && head.height() != height) {
            throw r.error(
                    "height", head.height(), height + " (the restoring grid's height)", GridStateFormat.HEIGHT_OFFSET);
        }
        SpacePiece.Grid s = head.space();
        return new Parsed(
                head.width(),
                head.height(),
                head.version(),
                new GridSpace(s.originX(), s.originY(), s.cellSize()),
                head.areas(),
                data.asSlice(head.cellsOffset(), head.cellCount()));
    }
}
