package org.onepath;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.onepath.cells.Cell;
import org.onepath.cells.HexLayout;

/**
 * The cell edits and reads take a {@link Cell} (a {@link VoxelCell} on voxels) as the queries do,
 * and the coordinate form: each {@code Cell} form does what the coordinate form does with the
 * cell's coordinates, and refuses null naming the argument.
 */
final class CellFormsTest {
    @Test
    void aSquareGridsCellFormsEditAndReadTheCellTheCoordinatesName() {
        try (Grid grid = Grid.create(7, 5)) {
            int before = grid.version();
            Cell c = new Cell(4, 2);
            grid.setWalkable(c, false);
            assertFalse(grid.isWalkable(4, 2));
            assertFalse(grid.isWalkable(c));
            assertEquals(Grid.WALL, grid.area(c));
            grid.setArea(c, 3);
            assertEquals(3, grid.area(4, 2));
            assertEquals(3, grid.area(c));
            grid.setWalkable(c, true);
            assertEquals(0, grid.area(4, 2));
            grid.setArea(c, 0);
            assertEquals(grid.indexOf(4, 2), grid.indexOf(c));
            assertTrue(grid.contains(c));
            assertFalse(grid.contains(new Cell(7, 0)));
            assertFalse(grid.contains(new Cell(0, -1)));
            assertEquals(before + 3, grid.version(), "three changes, then a write of the value held");
            assertThrows(IllegalArgumentException.class, () -> grid.setWalkable(new Cell(7, 0), false));
            assertThrows(IllegalArgumentException.class, () -> grid.area(new Cell(0, 5)));
            NullPointerException e = assertThrows(NullPointerException.class, () -> grid.setArea(null, 1));
            assertEquals("cell", e.getMessage());
        }
    }

    @Test
    void aHexGridsCellFormsEditAndReadTheOffsetCell() {
        try (HexGrid grid = HexGrid.create(6, 4, HexLayout.POINTY_ODD_ROW)) {
            Cell c = new Cell(5, 3);
            grid.setArea(c, 7);
            assertEquals(7, grid.area(5, 3));
            grid.setWalkable(c, false);
            assertFalse(grid.isWalkable(5, 3));
            assertFalse(grid.isWalkable(c));
            assertEquals(grid.indexOf(5, 3), grid.indexOf(c));
            assertTrue(grid.contains(c));
            assertFalse(grid.contains(new Cell(6, 3)));
        }
    }

    @Test
    void aVoxelGridsVoxelFormsEditAndReadTheVoxelTheCoordinatesName() {
        try (VoxelGrid world = VoxelGrid.create(20, 18, 17)) {
            VoxelCell v = new VoxelCell(17, 3, 16);
            world.setWalkable(v, false);
            assertFalse(world.isWalkable(17, 3, 16));
            assertFalse(world.isWalkable(v));
            assertEquals(VoxelGrid.SOLID, world.area(v));
            world.setArea(v, 9);
            assertEquals(9, world.area(17, 3, 16));
            assertEquals(world.indexOf(17, 3, 16), world.indexOf(v));
            assertTrue(world.contains(v));
            assertFalse(world.contains(new VoxelCell(20, 0, 0)));
            assertThrows(IllegalArgumentException.class, () -> world.setArea(new VoxelCell(0, 18, 0), 1));
            NullPointerException e =
                    assertThrows(NullPointerException.class, () -> world.setWalkable((VoxelCell) null, true));
            assertEquals("voxel", e.getMessage());
        }
    }
}
