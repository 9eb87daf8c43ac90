package org.onepath.debug;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.onepath.Graph;
import org.onepath.GraphOptions;
import org.onepath.GraphPath;
import org.onepath.Grid;
import org.onepath.GridAlgorithm;
import org.onepath.GridOptions;
import org.onepath.GridPath;
import org.onepath.GridSpace;
import org.onepath.VoxelCell;
import org.onepath.VoxelGrid;
import org.onepath.VoxelOptions;
import org.onepath.VoxelPath;
import org.onepath.WorldPoint;
import org.onepath.cells.Cell;
import org.onepath.cells.PathStatus;

/** {@link GridDebug#describe}: immutable copies of results, expansions as long as the expanded count. */
class GridDebugTest {
    /** Waypoints from the definition: the ends and each cell where the step vector changes. */
    private static List<Cell> turnsOf(List<Cell> cells) {
        List<Cell> out = new ArrayList<>();
        for (int i = 0; i < cells.size(); i++) {
            boolean end = i == 0 || i == cells.size() - 1;
            if (end) {
                out.add(cells.get(i));
            } else {
                int dx1 = cells.get(i).x() - cells.get(i - 1).x();
                int dy1 = cells.get(i).y() - cells.get(i - 1).y();
                int dx2 = cells.get(i + 1).x() - cells.get(i).x();
                int dy2 = cells.get(i + 1).y() - cells.get(i).y();
                if (dx1 != dx2 || dy1 != dy2) {
                    out.add(cells.get(i));
                }
            }
        }
        return out;
    }

    @Test
    void gridResultsOfEveryAlgorithm() {
        Random random = new Random(3);
        int described = 0;
        for (int round = 0; round < 60; round++) {
            try (Grid grid = Grid.create(24, 18)) {
                grid.space(new GridSpace(5, -2, 0.5));
                for (int i = 0; i < 90; i++) {
                    grid.setWalkable(random.nextInt(24), random.nextInt(18), false);
                }
                Cell a = new Cell(0, 0);
                Cell b = new Cell(23, 17);
                grid.setWalkable(0, 0, true);
                grid.setWalkable(23, 17, true);
                for (GridAlgorithm alg : GridAlgorithm.values()) {
                    for (boolean record : new boolean[] {false, true}) {
                        GridPath path = grid.findPath(
                                a,
                                b,
                                GridOptions.builder()
                                        .algorithm(alg)
                                        .recordExpansions(record)
                                        .build());
                        GridDebugPath d = GridDebug.describe(path);
                        assertEquals(path.status(), d.status());
                        assertEquals(path.algorithm(), d.algorithm());
                        assertEquals(Double.doubleToRawLongBits(path.cost()), Double.doubleToRawLongBits(d.cost()));
                        assertEquals(path.expandedCount(), d.expandedCount());
                        assertEquals(path.iterations(), d.iterations());
                        assertEquals(path.cells(), d.path());
                        assertEquals(path.points(), d.points());
                        assertEquals(
                                path.isAnyAngle() ? path.cells() : turnsOf(path.cells()),
                                d.waypoints(),
                                alg.toString());
                        assertEquals(record, d.expansionsRecorded());
                        if (record) {
                            assertEquals(
                                    path.expandedCount(), d.expanded().size(), alg + " expansions = expanded count");
                            assertEquals(path.expandedCells(), d.expanded());
                        } else {
                            assertTrue(d.expanded().isEmpty());
                        }
                        assertThrows(
                                UnsupportedOperationException.class,
                                () -> d.path().add(new Cell(0, 0)));
                        assertThrows(
                                UnsupportedOperationException.class,
                                () -> d.expanded().clear());
                        assertThrows(
                                UnsupportedOperationException.class,
                                () -> d.waypoints().add(new Cell(0, 0)));
                        described++;
                    }
                }
            }
        }
        assertEquals(60 * GridAlgorithm.values().length * 2, described);
    }

    @Test
    void voxelAndGraphResults() {
        try (VoxelGrid grid = VoxelGrid.create(6, 5, 4)) {
            grid.setWalkable(2, 0, 0, false);
            grid.setWalkable(2, 1, 1, false);
            VoxelPath p = grid.findPath(
                    new VoxelCell(0, 0, 0),
                    new VoxelCell(5, 4, 3),
                    VoxelOptions.builder().recordExpansions(true).build());
            VoxelDebugPath d = GridDebug.describe(p);
            assertEquals(PathStatus.FOUND, d.status());
            assertEquals(p.cells(), d.path());
            assertEquals(p.points(), d.points());
            assertEquals(p.expandedCount(), d.expanded().size());
            assertEquals(p.expandedCells(), d.expanded());
            assertEquals(d.path().get(0), d.waypoints().get(0));
            assertEquals(
                    d.path().get(d.path().size() - 1),
                    d.waypoints().get(d.waypoints().size() - 1));
            assertTrue(d.waypoints().size() <= d.path().size());
            VoxelDebugPath none = GridDebug.describe(grid.findPath(new VoxelCell(0, 0, 0), new VoxelCell(5, 4, 3)));
            assertFalse(none.expansionsRecorded());
            assertTrue(none.expanded().isEmpty());
        }
        try (Graph g = new Graph(5)) {
            g.addEdge(0, 1, 1);
            g.addEdge(1, 2, 1);
            g.addEdge(0, 3, 5);
            g.addEdge(3, 2, 0.5);
            g.addEdge(2, 4, 2);
            GraphPath p = g.findPath(
                    0, 4, GraphOptions.builder().recordExpansions(true).build());
            GraphDebugPath d = GridDebug.describe(p);
            assertEquals(List.of(0, 1, 2, 4), d.nodes());
            assertEquals(3, d.edges().size());
            assertEquals(p.expandedCount(), d.expanded().size());
            assertEquals(Double.doubleToRawLongBits(p.cost()), Double.doubleToRawLongBits(d.cost()));
            assertThrows(UnsupportedOperationException.class, () -> d.nodes().add(1));
        }
    }

    @Test
    void theRecordsRefuseExpansionListsOfAnotherLength() {
        assertThrows(
                IllegalArgumentException.class,
                () -> new GridDebugPath(
                        PathStatus.NO_PATH,
                        GridAlgorithm.ASTAR,
                        Double.POSITIVE_INFINITY,
                        2,
                        2,
                        List.of(),
                        List.of(),
                        List.<WorldPoint>of(),
                        true,
                        List.of(new Cell(0, 0))));
    }

    /** Waypoints of a hex path from the definition: the ends and each cell where the axial step changes. */
    private static List<Cell> hexTurnsOf(org.onepath.HexPath path) {
        List<Cell> out = new ArrayList<>();
        List<org.onepath.cells.HexCoord> h = path.hexes();
        for (int i = 0; i < h.size(); i++) {
            if (i == 0
                    || i == h.size() - 1
                    || h.get(i).q() - h.get(i - 1).q()
                            != h.get(i + 1).q() - h.get(i).q()
                    || h.get(i).r() - h.get(i - 1).r()
                            != h.get(i + 1).r() - h.get(i).r()) {
                out.add(path.cells().get(i));
            }
        }
        return out;
    }

    @Test
    void hexResultsAndReplannerResults() {
        Random random = new Random(11);
        int described = 0;
        for (int round = 0; round < 30; round++) {
            try (org.onepath.HexGrid hex =
                            org.onepath.HexGrid.create(16, 12, org.onepath.cells.HexLayout.values()[round % 4]);
                    Grid grid = Grid.create(20, 15)) {
                for (int i = 0; i < 40; i++) {
                    hex.setWalkable(random.nextInt(16), random.nextInt(12), false);
                    grid.setWalkable(random.nextInt(20), random.nextInt(15), false);
                }
                Cell a = new Cell(0, 0);
                Cell b = new Cell(15, 11);
                hex.setWalkable(0, 0, true);
                hex.setWalkable(15, 11, true);
                org.onepath.HexPath one = hex.findPath(
                        a,
                        b,
                        org.onepath.HexOptions.builder().recordExpansions(true).build());
                HexDebugPath d = GridDebug.describe(one);
                assertEquals(one.status(), d.status());
                assertEquals(Double.doubleToLongBits(one.cost()), Double.doubleToLongBits(d.cost()));
                assertEquals(one.cells(), d.path());
                assertEquals(one.hexes(), d.hexes());
                assertEquals(hexTurnsOf(one), d.waypoints());
                assertEquals(one.points(), d.points());
                assertTrue(d.expansionsRecorded());
                assertEquals(one.expandedCount(), d.expanded().size());
                assertThrows(UnsupportedOperationException.class, () -> d.path().add(a));
                try (org.onepath.HexReplanner replanner = hex.createReplanner(a, b)) {
                    org.onepath.HexPath planned = replanner.replan();
                    HexDebugPath r = GridDebug.describe(planned);
                    assertEquals(planned.cells(), r.path());
                    assertEquals(planned.expandedCount(), r.expandedCount());
                    assertFalse(r.expansionsRecorded());
                }
                grid.setWalkable(0, 0, true);
                grid.setWalkable(19, 14, true);
                try (org.onepath.GridReplanner replanner = grid.createReplanner(
                        a,
                        new Cell(19, 14),
                        GridOptions.DEFAULT.toBuilder()
                                .algorithm(GridAlgorithm.LPA_STAR)
                                .build())) {
                    GridPath planned = replanner.replan();
                    GridDebugPath r = GridDebug.describe(planned);
                    assertEquals(planned.cells(), r.path());
                    assertEquals(turnsOf(planned.cells()), r.waypoints());
                    assertEquals(planned.expandedCount(), r.expandedCount());
                    described++;
                }
            }
        }
        assertEquals(30, described);
    }
}
