package org.onepath;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CancellationException;
import org.junit.jupiter.api.Test;
import org.onepath.cells.Cancellation;
import org.onepath.cells.Cell;
import org.onepath.cells.PathStatus;

/** The edges of {@link Grid#findPath(Cell, List, GridOptions)} and its voxel twin. */
class ManyGoalsTest {

    private static Cell last(GridPath p) {
        return p.cells().get(p.cells().size() - 1);
    }

    @Test
    void anEmptyListIsRefusedNamingIt() {
        try (Grid grid = Grid.create(4, 4);
                VoxelGrid voxels = VoxelGrid.create(2, 2, 2)) {
            IllegalArgumentException e =
                    assertThrows(IllegalArgumentException.class, () -> grid.findPath(new Cell(0, 0), List.of()));
            assertTrue(e.getMessage().contains("goals") && e.getMessage().contains("empty"), e.getMessage());
            assertThrows(IllegalArgumentException.class, () -> voxels.findPath(new VoxelCell(0, 0, 0), List.of()));
            NullPointerException n = assertThrows(
                    NullPointerException.class,
                    () -> grid.findPath(new Cell(0, 0), Arrays.asList(new Cell(1, 1), null)));
            assertTrue(n.getMessage().contains("goals[1]"), n.getMessage());
        }
    }

    @Test
    void optionsThatAreNotOptimalOnTheCellsAreRefused() {
        try (Grid grid = Grid.create(4, 4)) {
            List<Cell> goals = List.of(new Cell(3, 3));
            for (GridAlgorithm a :
                    List.of(GridAlgorithm.THETA_STAR, GridAlgorithm.LAZY_THETA_STAR, GridAlgorithm.HPA)) {
                GridOptions o = GridOptions.builder().algorithm(a).build();
                IllegalArgumentException e =
                        assertThrows(IllegalArgumentException.class, () -> grid.findPath(new Cell(0, 0), goals, o));
                assertTrue(e.getMessage().contains(a.name()), e.getMessage());
            }
            GridOptions weighted = GridOptions.builder().heuristicWeight(2).build();
            IllegalArgumentException e =
                    assertThrows(IllegalArgumentException.class, () -> grid.findPath(new Cell(0, 0), goals, weighted));
            assertTrue(e.getMessage().contains("2.0"), e.getMessage());
            GridOptions partial = GridOptions.builder().allowPartial(true).build();
            IllegalArgumentException p =
                    assertThrows(IllegalArgumentException.class, () -> grid.findPath(new Cell(0, 0), goals, partial));
            assertTrue(p.getMessage().contains("allowPartial"), p.getMessage());
        }
        try (VoxelGrid voxels = VoxelGrid.create(4, 4, 4)) {
            VoxelOptions partial =
                    VoxelOptions.DEFAULT.toBuilder().allowPartial(true).build();
            IllegalArgumentException p = assertThrows(
                    IllegalArgumentException.class,
                    () -> voxels.findPath(new VoxelCell(0, 0, 0), List.of(new VoxelCell(3, 3, 3)), partial));
            assertTrue(p.getMessage().contains("allowPartial"), p.getMessage());
        }
    }

    @Test
    void equalCostsGoToTheFirstListedGoalWhicheverTheSearchSettlesFirst() {
        // From the centre of an open grid, the four goals on the axes at distance 4 all cost 4;
        // and many more on the ring of Chebyshev radius 4 cost more. Every rotation of the list
        // must return its first goal, for both engines.
        try (Grid grid = Grid.create(9, 9)) {
            Cell centre = new Cell(4, 4);
            List<Cell> ties = List.of(new Cell(4, 0), new Cell(8, 4), new Cell(4, 8), new Cell(0, 4));
            List<Cell> filler = new ArrayList<>();
            for (int x = 0; x < 9; x++) {
                filler.add(new Cell(x, 0)); // row 0: (4, 0) costs 4, the rest more
            }
            for (int r = 0; r < 4; r++) {
                List<Cell> few = new ArrayList<>();
                for (int k = 0; k < 4; k++) {
                    few.add(ties.get((r + k) % 4));
                }
                GridPath p = grid.findPath(centre, few);
                assertEquals(few.get(0), last(p), "few " + few);
                assertEquals(4.0, p.cost());
                List<Cell> many = new ArrayList<>(few);
                many.addAll(filler);
                GridPath q = grid.findPath(centre, many);
                assertEquals(few.get(0), last(q), "many " + many);
                assertEquals(4.0, q.cost());
                GridPath z = grid.findPath(
                        centre,
                        few,
                        GridOptions.builder().heuristic(HeuristicKind.ZERO).build());
                assertEquals(few.get(0), last(z));
            }
        }
    }

    @Test
    void repeatsBlockedGoalsAndTheStartItself() {
        try (Grid grid = Grid.fromText("....\n.##.\n....\n")) {
            Cell start = new Cell(0, 0);
            // a wall goal, an outside goal and a repeat are skipped or merged
            GridPath p = grid.findPath(start, List.of(new Cell(1, 1), new Cell(9, 9), new Cell(3, 2), new Cell(3, 2)));
            assertEquals(PathStatus.FOUND, p.status());
            assertEquals(new Cell(3, 2), last(p));
            assertEquals(grid.findPath(start, new Cell(3, 2)).cost(), p.cost());
            // the start among the goals costs 0 and wins over any later goal
            GridPath zero = grid.findPath(start, List.of(new Cell(3, 0), start, new Cell(1, 0)));
            assertEquals(0.0, zero.cost());
            assertEquals(List.of(start), zero.cells());
            // a goal refused by the blocked delegate is skipped, so the other one wins
            GridOptions blocked =
                    GridOptions.builder().blocked((x, y) -> x == 1 && y == 0).build();
            GridPath b = grid.findPath(new Cell(0, 2), List.of(new Cell(1, 0), new Cell(3, 0)), blocked);
            assertEquals(new Cell(3, 0), last(b));
            // all goals invalid, or the start invalid
            assertEquals(
                    PathStatus.GOAL_INVALID,
                    grid.findPath(start, List.of(new Cell(1, 1), new Cell(-1, 0)))
                            .status());
            assertEquals(
                    PathStatus.START_INVALID,
                    grid.findPath(new Cell(1, 1), List.of(start)).status());
        }
    }

    @Test
    void unreachableGoalsGiveNoPathAndTheBudgetAndTokenAreHonoured() {
        try (Grid grid = Grid.fromText("..#..\n..#..\n..#..\n")) {
            GridPath none = grid.findPath(new Cell(0, 0), List.of(new Cell(4, 0), new Cell(3, 2)));
            assertEquals(PathStatus.NO_PATH, none.status());
            assertTrue(none.expandedCount() > 0);
            GridPath budget = grid.findPath(
                    new Cell(0, 0),
                    List.of(new Cell(1, 2)),
                    GridOptions.builder().iterationBudget(1).build());
            assertEquals(PathStatus.BUDGET_EXHAUSTED, budget.status());
            Cancellation token = new Cancellation();
            token.cancel();
            assertThrows(
                    CancellationException.class,
                    () -> grid.findPath(new Cell(0, 0), List.of(new Cell(1, 2)), GridOptions.DEFAULT, token));
        }
    }

    @Test
    void voxelEdges() {
        try (VoxelGrid grid = VoxelGrid.create(4, 4, 4)) {
            grid.setArea(1, 1, 1, VoxelGrid.SOLID);
            VoxelCell start = new VoxelCell(0, 0, 0);
            VoxelPath p = grid.findPath(
                    start, List.of(new VoxelCell(1, 1, 1), new VoxelCell(3, 0, 0), new VoxelCell(0, 3, 0)));
            assertEquals(PathStatus.FOUND, p.status());
            assertEquals(new VoxelCell(3, 0, 0), p.cells().get(p.cells().size() - 1)); // tie: first listed
            assertEquals(
                    0.0,
                    grid.findPath(start, List.of(new VoxelCell(3, 3, 3), start)).cost());
            assertEquals(
                    PathStatus.GOAL_INVALID,
                    grid.findPath(start, List.of(new VoxelCell(1, 1, 1))).status());
            assertEquals(
                    PathStatus.START_INVALID,
                    grid.findPath(new VoxelCell(1, 1, 1), List.of(start)).status());
        }
    }
}
