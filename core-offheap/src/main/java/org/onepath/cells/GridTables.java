package org.onepath.cells;

import java.lang.foreign.MemorySegment;
import org.onepath.layout.BlockMapLayout;
import org.onepath.layout.JpsPlusLayout;
import org.onepath.layout.OctileMapLayout;

/**
 * Precomputed tables handed to a grid built over existing memory (tier 3), each in the layout
 * the engine computes it in; a null table is computed by the grid when first needed.
 *
 * @param clearance the clearance bytes ({@link GridCellsLayout}), or null
 * @param blockMap  the block map block ({@link BlockMapLayout}), or null
 * @param jpsPlus   the JPS+ table ({@link JpsPlusLayout}), or null
 * @param octileNeighbours the neighbour bytes of the jump point searches ({@link OctileMapLayout}), or null
 * @param goalBounds the packed goal-bounding table ({@code GoalBoundsTableLayout}), or null: it is
 *                   never computed on its own (a bake takes seconds to minutes), so without it a
 *                   bounded query runs JPS+
 */
public record GridTables(
        MemorySegment clearance,
        MemorySegment blockMap,
        MemorySegment jpsPlus,
        MemorySegment octileNeighbours,
        MemorySegment goalBounds) {
    /** No tables: the grid computes each when first needed. */
    public static final GridTables NONE = new GridTables(null, null, null, null, null);

    /**
     * The tables without goal bounds.
     *
     * @param clearance the clearance bytes, or null
     * @param blockMap  the block map block, or null
     * @param jpsPlus   the JPS+ table, or null
     * @param octileNeighbours the neighbour bytes of the jump point searches, or null
     */
    public GridTables(
            MemorySegment clearance, MemorySegment blockMap, MemorySegment jpsPlus, MemorySegment octileNeighbours) {
        this(clearance, blockMap, jpsPlus, octileNeighbours, null);
    }

    /**
     * Checks the tables against a grid's size and access.
     *
     * @param width         the grid's width in cells
     * @param height        the grid's height in cells
     * @param readOnlyCells whether the grid's cells are read-only, which every table must then be
     * @throws IllegalArgumentException naming the table that is too small, or whose access
     *                                  (read-only or writable) differs from the cells'
     */
    public void check(int width, int height, boolean readOnlyCells) {
        check("clearance", clearance, (long) width * height * GridCellsLayout.CELL_BYTES, readOnlyCells);
        check("block map", blockMap, BlockMapLayout.byteSize(width, height), readOnlyCells);
        check("JPS+ table", jpsPlus, JpsPlusLayout.byteSize(width, height), readOnlyCells);
        check("octile neighbour bytes", octileNeighbours, OctileMapLayout.neighbourBytes(width, height), readOnlyCells);
        if (goalBounds != null && goalBounds.isReadOnly() != readOnlyCells) {
            check("goal bounds", goalBounds, 0, readOnlyCells);
        }
        if (goalBounds != null && jpsPlus == null) {
            throw new IllegalArgumentException("goal bounds given without the JPS+ table they were baked from");
        }
        if (jpsPlus != null && (width > JpsPlusLayout.MAX_SIDE || height > JpsPlusLayout.MAX_SIDE)) {
            throw new IllegalArgumentException("JPS+ table given for a " + width + " x " + height
                    + " grid; its entries serve sides up to " + JpsPlusLayout.MAX_SIDE);
        }
    }

    private static void check(String name, MemorySegment table, long need, boolean readOnlyCells) {
        if (table == null) {
            return;
        }
        if (table.byteSize() < need) {
            throw new IllegalArgumentException(
                    name + " segment holds " + table.byteSize() + " bytes, the grid needs " + need);
        }
        if (table.isReadOnly() != readOnlyCells) {
            throw new IllegalArgumentException(name + " segment is " + (table.isReadOnly() ? "read-only" : "writable")
                    + " but the cells are " + (readOnlyCells ? "read-only" : "writable"));
        }
    }
}
