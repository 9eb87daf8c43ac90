package org.onepath.grids.jps;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;
import org.onepath.Grid;

/** Pruned successors: hand-derived cases and agreement with the plain model on random grids. */
class JumpRulesTest {
    private static final int N = 1 << Direction.NORTH;
    private static final int E = 1 << Direction.EAST;
    private static final int S = 1 << Direction.SOUTH;
    private static final int W = 1 << Direction.WEST;
    private static final int NE = 1 << Direction.NORTH_EAST;
    private static final int SE = 1 << Direction.SOUTH_EAST;
    private static final int SW = 1 << Direction.SOUTH_WEST;
    private static final int NW = 1 << Direction.NORTH_WEST;

    private static int successors(String picture, int x, int y, int arrival) {
        try (Grid grid = Grid.fromText(picture)) {
            return new JumpRules(grid).successors(x, y, arrival);
        }
    }

    @Test
    void theStartSearchesAllEight() {
        assertEquals(0xFF, JumpRules.ALL);
        assertEquals(0xFF, successors("#.#\n...\n#.#\n", 1, 1, Direction.NONE));
        assertEquals(0xFF, successors("#", 0, 0, Direction.NONE));
    }

    @Test
    void diagonalArrivalKeepsTheDiagonalAndItsComponents() {
        // walls all round make no difference: no neighbour is forced after a diagonal step
        String picture = "###\n#.#\n###\n";
        assertEquals(NE | N | E, successors(picture, 1, 1, Direction.NORTH_EAST));
        assertEquals(SE | S | E, successors(picture, 1, 1, Direction.SOUTH_EAST));
        assertEquals(SW | S | W, successors(picture, 1, 1, Direction.SOUTH_WEST));
        assertEquals(NW | N | W, successors(picture, 1, 1, Direction.NORTH_WEST));
    }

    @Test
    void straightArrivalInTheOpenGoesStraightOn() {
        String picture = "...\n...\n...\n";
        assertEquals(E, successors(picture, 1, 1, Direction.EAST));
        assertEquals(W, successors(picture, 1, 1, Direction.WEST));
        assertEquals(N, successors(picture, 1, 1, Direction.NORTH));
        assertEquals(S, successors(picture, 1, 1, Direction.SOUTH));
    }

    @Test
    void aWallBesideThePreviousCellForcesTheOpenSide() {
        // reached (1,1) going east from (0,1): (1,0) open beside the node, (0,0) a wall beside the previous cell
        String picture = "#..\n...\n...\n";
        assertEquals(E | N | NE, successors(picture, 1, 1, Direction.EAST));
        // going west from (2,1) the cells beside the previous cell (2,0), (2,2) are open: nothing forced
        assertEquals(W, successors(picture, 1, 1, Direction.WEST));
        // going south from (1,0) to (1,1): (0,1) open, (0,0) a wall -> west and south-west forced
        assertEquals(S | W | SW, successors(picture, 1, 1, Direction.SOUTH));
        // going north from (1,2) to (1,1): beside the previous cell (0,2), (2,2) open -> nothing forced
        assertEquals(N, successors(picture, 1, 1, Direction.NORTH));
    }

    @Test
    void bothSidesCanBeForcedAtOnce() {
        String picture = "#..\n...\n#..\n";
        assertEquals(E | N | NE | S | SE, successors(picture, 1, 1, Direction.EAST));
        String column = "#.#\n...\n...\n";
        assertEquals(S | W | SW | E | SE, successors(column, 1, 1, Direction.SOUTH));
    }

    @Test
    void aWallBesideTheNodeForcesNothing() {
        // the previous cell has walls beside it, but so does the node
        String picture = "##.\n...\n##.\n";
        assertEquals(E, successors(picture, 1, 1, Direction.EAST));
    }

    @Test
    void theStraightDirectionIsKeptEvenIntoAWall() {
        String picture = "#.#\n..#\n...\n";
        // (1,1) reached going east; east of it (2,1) is a wall; north side (1,0) open, (0,0) wall
        assertEquals(E | N | NE, successors(picture, 1, 1, Direction.EAST));
    }

    @Test
    void outsideTheGridIsAWall() {
        // reached (0,1) going south from (0,0): west of both is outside (a wall, so not a free side);
        // east: (1,1) open beside the node, (1,0) a wall beside the previous cell
        String picture = ".#\n..\n";
        assertEquals(S | E | SE, successors(picture, 0, 1, Direction.SOUTH));
        // a side cell outside the grid is never a forced neighbour
        String row = "...\n";
        assertEquals(E, successors(row, 1, 0, Direction.EAST));
        // on a single row the cells above and below are outside
        assertEquals(W, successors(row, 1, 0, Direction.WEST));
    }

    @Test
    void forcedNeighbourIsTheStopConditionOfStraightScans() {
        try (Grid grid = Grid.fromText("#..\n...\n...\n")) {
            JumpRules rules = new JumpRules(grid);
            assertTrue(rules.hasForcedNeighbour(1, 1, Direction.EAST));
            assertFalse(rules.hasForcedNeighbour(1, 1, Direction.WEST));
            assertTrue(rules.hasForcedNeighbour(1, 1, Direction.SOUTH));
            for (int d = 4; d < 8; d++) {
                assertFalse(rules.hasForcedNeighbour(1, 1, d), "diagonal " + d);
            }
        }
    }

    @Test
    void rulesReadTheLiveCells() {
        try (Grid grid = Grid.fromText("...\n...\n...\n")) {
            JumpRules rules = new JumpRules(grid);
            assertEquals(E, rules.successors(1, 1, Direction.EAST));
            grid.setWalkable(0, 2, false);
            assertEquals(E | S | SE, rules.successors(1, 1, Direction.EAST));
            grid.setWalkable(1, 2, false);
            assertEquals(E, rules.successors(1, 1, Direction.EAST));
        }
    }

    @Property(tries = 150)
    void agreesWithTheModelEverywhere(
            @ForAll @IntRange(min = 1, max = 14) int width,
            @ForAll @IntRange(min = 1, max = 14) int height,
            @ForAll @IntRange(min = 0, max = 60) int wallPercent,
            @ForAll long seed) {
        JpsModel model = JpsModel.random(width, height, wallPercent, 0, seed);
        try (Grid grid = model.toGrid()) {
            JumpRules rules = new JumpRules(grid);
            for (int cy = 0; cy < height; cy++) {
                for (int cx = 0; cx < width; cx++) {
                    final int x = cx;
                    final int y = cy;
                    for (int a = -1; a < 8; a++) {
                        final int arrival = a;
                        int expected = model.successors(x, y, arrival);
                        assertEquals(
                                expected,
                                rules.successors(x, y, arrival),
                                () -> "successors at (" + x + "," + y + ")\n" + model);
                        if (arrival >= 0) {
                            boolean forced = !JpsModel.diagonal(arrival) && expected != 1 << arrival;
                            assertEquals(
                                    forced,
                                    rules.hasForcedNeighbour(x, y, arrival),
                                    () -> "forced at (" + x + "," + y + ")\n" + model);
                        }
                    }
                }
            }
        }
    }
}
