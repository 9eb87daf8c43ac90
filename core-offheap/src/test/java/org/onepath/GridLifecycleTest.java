package org.onepath;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;
import org.onepath.cells.Cell;
import org.onepath.cells.Connectivity;
import org.onepath.cells.DiagonalRule;
import org.onepath.cells.PathStatus;

/** Rule 13: closing a grid, and grids over a caller's segment. */
class GridLifecycleTest {

    @Test
    void callsAfterCloseThrowIllegalStateNamingGrid() {
        Grid grid = Grid.create(4, 4);
        grid.findPath(new Cell(0, 0), new Cell(3, 3)); // leaves prepared search memory behind
        grid.close();
        Map<String, Executable> calls = new LinkedHashMap<>();
        calls.put("findPath(Cell)", () -> grid.findPath(new Cell(0, 0), new Cell(1, 1)));
        calls.put("findPath(WorldPoint)", () -> grid.findPath(new WorldPoint(0.5, 0.5), new WorldPoint(1.5, 1.5)));
        calls.put("setArea", () -> grid.setArea(1, 1, 3));
        calls.put("setWalkable", () -> grid.setWalkable(1, 1, false));
        calls.put("area", () -> grid.area(1, 1));
        calls.put("isWalkable", () -> grid.isWalkable(1, 1));
        calls.put("version", grid::version);
        calls.put("maxAgentSizeAt", () -> grid.maxAgentSizeAt(0, 0));
        calls.put("canFit", () -> grid.canFit(0, 0, 1));
        calls.put("cells", grid::cells);
        calls.put("clearance", grid::clearance);
        calls.put("createTopology", () -> grid.createTopology(1, Connectivity.EIGHT, DiagonalRule.NO_CORNER_CUTTING));
        for (Map.Entry<String, Executable> call : calls.entrySet()) {
            IllegalStateException e = assertThrows(IllegalStateException.class, call.getValue(), call.getKey());
            assertTrue(e.getMessage().contains("Grid"), call.getKey() + ": " + e.getMessage());
        }
    }

    @Test
    void closeIsIdempotent() {
        Grid grid = Grid.create(2, 2);
        grid.close();
        assertDoesNotThrow(grid::close);
        assertTrue(grid.toString().contains("closed"));
    }

    @Test
    void gridOverACallerSegmentReadsAndWritesItInPlace() {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment segment = arena.allocate(4 * 3);
            segment.set(ValueLayout.JAVA_BYTE, 1 * 4 + 2, (byte) 255); // (2, 1) a wall
            segment.set(ValueLayout.JAVA_BYTE, 2 * 4 + 0, (byte) 17); // (0, 2) area 17
            try (Grid grid = Grid.over(segment, 4, 3)) {
                assertFalse(grid.isWalkable(2, 1));
                assertEquals(17, grid.area(0, 2));
                grid.setArea(3, 2, 99);
                assertEquals(
                        99, segment.get(ValueLayout.JAVA_BYTE, 2 * 4 + 3) & 0xFF, "grid writes land in the segment");
                // writes by the caller are visible to the grid
                segment.set(ValueLayout.JAVA_BYTE, 0, (byte) 255);
                assertFalse(grid.isWalkable(0, 0));
                assertEquals(
                        PathStatus.START_INVALID,
                        grid.findPath(new Cell(0, 0), new Cell(3, 2)).status());
                assertEquals(
                        PathStatus.FOUND,
                        grid.findPath(new Cell(1, 0), new Cell(3, 2)).status());
            }
            // the grid is closed, the caller's memory is not
            assertTrue(segment.scope().isAlive());
            assertEquals(99, segment.get(ValueLayout.JAVA_BYTE, 2 * 4 + 3) & 0xFF);
            segment.set(ValueLayout.JAVA_BYTE, 5, (byte) 3);
            assertEquals(3, segment.get(ValueLayout.JAVA_BYTE, 5));
        }
    }

    @Test
    void gridOverUsesThePrefixOfALargerSegmentAndChecksItsSize() {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment big = arena.allocate(100);
            big.fill((byte) 5);
            try (Grid grid = Grid.over(big, 3, 3)) {
                grid.setArea(2, 2, 0);
                assertEquals(0, big.get(ValueLayout.JAVA_BYTE, 8));
                assertEquals(5, big.get(ValueLayout.JAVA_BYTE, 9), "bytes beyond width * height are not touched");
                assertEquals(9, grid.cells().byteSize());
            }
            MemorySegment small = arena.allocate(8);
            assertThrows(IllegalArgumentException.class, () -> Grid.over(small, 3, 3));
            assertThrows(IllegalArgumentException.class, () -> Grid.over(big.asReadOnly(), 3, 3));
            assertThrows(NullPointerException.class, () -> Grid.over(null, 3, 3));
        }
    }

    @Test
    void aGridOverAHeapSegmentWorksToo() {
        byte[] bytes = new byte[6];
        bytes[4] = (byte) 255;
        try (Grid grid = Grid.over(MemorySegment.ofArray(bytes), 3, 2)) {
            assertFalse(grid.isWalkable(1, 1));
            grid.setArea(0, 0, 12);
        }
        assertEquals(12, bytes[0]);
    }
}
