package org.onepath;

import java.lang.foreign.MemorySegment;
import org.onepath.state.AreasLayout;
import org.onepath.state.AreasPiece;
import org.onepath.state.GridSpaceLayout;
import org.onepath.state.SpacePiece;
import org.onepath.state.StateKind;
import org.onepath.state.StateLayout;
import org.onepath.state.StateReader;
import org.onepath.state.StateWriter;

/**
 * The Grid state (kind 1): header, i32 width, i32 height, i32 version, the space piece, the
 * areas piece, then the width * height cell bytes row-major. The cells are the grid's segment
 * copied in one {@link MemorySegment#copy} each way.
 */
final class GridState {
    /** Bytes before the cells. */
    static final long FIXED_BYTES = StateLayout.HEADER_BYTES + 3 * StateLayout.I32_BYTES
            + GridSpaceLayout.SPACE_BYTES + AreasLayout.AREAS_BYTES;

    private GridState() {
    }

    /** What a restore has read and checked, before it changes anything. */
    record Parsed(int width, int height, int version, GridSpace space, AreasPiece.Areas areas, MemorySegment cells) {
    }

    static long length(int width, int height) {
        return FIXED_BYTES + (long) width * height;
    }

    static void write(Grid grid, StateWriter w) {
        GridSpace s = grid.space();
        w.header(StateKind.GRID).i32(grid.width()).i32(grid.height()).i32(grid.version());
        SpacePiece.writeGrid(w, new SpacePiece.Grid(s.originX(), s.originY(), s.cellSize()));
        AreasPiece.write(w, grid.areas().toPiece());
        w.bytes(grid.writableCells(), 0, (long) grid.width() * grid.height());
    }

    /**
     * Reads and checks a whole Grid state.
     *
     * @param width  the width the state must have, or -1 for any
     * @param height the height the state must have, or -1 for any
     */
    static Parsed read(MemorySegment data, int width, int height) {
        StateReader r = StateReader.ofGrid(data);
        r.header(StateKind.GRID);
        long at = r.offset();
        int w = r.i32InRange("width", 1, Grid.MAX_CELLS);
        if (width >= 0 && w != width) {
            throw r.error("width", w, width + " (the restoring grid's width)", at);
        }
        at = r.offset();
        int h = r.i32InRange("height", 1, Grid.MAX_CELLS);
        if (height >= 0 && h != height) {
            throw r.error("height", h, height + " (the restoring grid's height)", at);
        }
        if ((long) w * h > Grid.MAX_CELLS) {
            throw r.error("height", h, "at most " + (Grid.MAX_CELLS / w) + " (width * height <= 2^28)", at);
        }
        int version = r.i32InRange("version", 0, Integer.MAX_VALUE);
        SpacePiece.Grid s = SpacePiece.readGrid(r);
        AreasPiece.Areas areas = AreasPiece.read(r);
        long cellCount = (long) w * h;
        long cellsAt = r.offset();
        if (r.remaining() != cellCount) {
            throw r.error("cells", r.remaining() + " bytes", cellCount + " bytes (width * height), then the end", cellsAt);
        }
        return new Parsed(w, h, version, new GridSpace(s.originX(), s.originY(), s.cellSize()), areas,
                data.asSlice(cellsAt, cellCount));
    }
}
