package org.onepath;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.onepath.cells.Cell;
import org.onepath.cells.PathStatus;

/** Rules 2 and 12: the coordinate rule, the world mapping and world-point queries. */
class WorldCoordinatesTest {
    private static final double BOUND = 2097152.0; // 2^21

    @ParameterizedTest
    @ValueSource(
            doubles = {Double.NaN, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, 2097152.5, -2097153.0, 1e300})
    void valuesBreakingTheCoordinateRuleThrowNamingValueAndBound(double bad) {
        try (Grid grid = Grid.create(4, 4)) {
            WorldPoint ok = new WorldPoint(0.5, 0.5);
            for (WorldPoint[] pair : List.of(
                    new WorldPoint[] {new WorldPoint(bad, 0.5), ok},
                    new WorldPoint[] {new WorldPoint(0.5, bad), ok},
                    new WorldPoint[] {ok, new WorldPoint(bad, 0.5)},
                    new WorldPoint[] {ok, new WorldPoint(0.5, bad)})) {
                IllegalArgumentException e =
                        assertThrows(IllegalArgumentException.class, () -> grid.findPath(pair[0], pair[1]));
                assertTrue(e.getMessage().contains(String.valueOf(bad)), "message names the value: " + e.getMessage());
                assertTrue(
                        e.getMessage().contains("2^21") || e.getMessage().contains("2097152"),
                        "message names the bound: " + e.getMessage());
            }
        }
    }

    @Test
    void theBoundItselfIsAllowed() {
        try (Grid grid = Grid.create(4, 4)) {
            // exactly 2^21 is inside the rule; it is simply outside this grid
            assertEquals(
                    PathStatus.START_INVALID,
                    grid.findPath(new WorldPoint(BOUND, 0.5), new WorldPoint(0.5, 0.5))
                            .status());
            assertEquals(
                    PathStatus.START_INVALID,
                    grid.findPath(new WorldPoint(0.5, -BOUND), new WorldPoint(0.5, 0.5))
                            .status());
            assertEquals(
                    PathStatus.GOAL_INVALID,
                    grid.findPath(new WorldPoint(0.5, 0.5), new WorldPoint(-BOUND, BOUND))
                            .status());
            assertThrows(
                    IllegalArgumentException.class,
                    () -> grid.findPath(new WorldPoint(Math.nextUp(BOUND), 0.5), new WorldPoint(0.5, 0.5)));
        }
    }

    @Test
    void pointsOutsideTheGridGiveStartOrGoalInvalid() {
        try (Grid grid = Grid.create(4, 3)) {
            WorldPoint inside = new WorldPoint(1.5, 1.5);
            for (WorldPoint outside : List.of(
                    new WorldPoint(-0.001, 1.5),
                    new WorldPoint(4.0, 1.5),
                    new WorldPoint(1.5, 3.0),
                    new WorldPoint(1.5, -1.0),
                    new WorldPoint(-1000, -1000))) {
                GridPath a = grid.findPath(outside, inside);
                assertEquals(PathStatus.START_INVALID, a.status(), outside.toString());
                assertEquals(Double.POSITIVE_INFINITY, a.cost());
                assertTrue(a.cells().isEmpty());
                assertEquals(
                        PathStatus.GOAL_INVALID, grid.findPath(inside, outside).status(), outside.toString());
            }
            // the start is checked first
            assertEquals(
                    PathStatus.START_INVALID,
                    grid.findPath(new WorldPoint(-1, 0), new WorldPoint(9, 9)).status());
        }
    }

    @Test
    void cellCentreIsOriginPlusHalfCellOffsets() {
        GridSpace space = new GridSpace(10.0, -4.0, 2.5);
        for (int y = 0; y < 4; y++) {
            for (int x = 0; x < 4; x++) {
                WorldPoint c = space.centerOf(x, y);
                assertEquals(10.0 + (x + 0.5) * 2.5, c.x());
                assertEquals(-4.0 + (y + 0.5) * 2.5, c.y());
            }
        }
    }

    @Test
    void worldPointMapsToTheFloorOfItsOffsetOverCellSize() {
        GridSpace space = new GridSpace(10.0, -4.0, 2.0);
        assertEquals(0, space.columnOf(10.0));
        assertEquals(0, space.columnOf(11.999));
        assertEquals(1, space.columnOf(12.0));
        assertEquals(-1, space.columnOf(9.999), "floor, not truncation towards zero");
        assertEquals(-1, space.columnOf(8.0));
        assertEquals(-2, space.columnOf(7.999));
        assertEquals(0, space.rowOf(-4.0));
        assertEquals(-1, space.rowOf(-4.5));
        assertEquals(3, space.rowOf(3.0));
        assertThrows(IllegalArgumentException.class, () -> space.columnOf(Double.NaN));
        assertThrows(IllegalArgumentException.class, () -> space.rowOf(Double.NEGATIVE_INFINITY));
    }

    @Test
    void unassignedSpaceBehavesAsUnitCellsAtTheOrigin() {
        GridSpace u = GridSpace.UNASSIGNED;
        assertEquals(new GridSpace(0, 0, 0), u);
        assertEquals(1.0, u.effectiveCellSize());
        assertEquals(new WorldPoint(3.5, 7.5), u.centerOf(3, 7));
        assertEquals(3, u.columnOf(3.99));
        assertEquals(-1, u.rowOf(-0.25));
        try (Grid grid = Grid.create(3, 3)) {
            assertEquals(GridSpace.UNASSIGNED, grid.space(), "a new grid has the unassigned space");
        }
    }

    @Test
    void spaceConstructionValidatesOriginAndCellSize() {
        assertThrows(IllegalArgumentException.class, () -> new GridSpace(1, 0, 0));
        assertThrows(IllegalArgumentException.class, () -> new GridSpace(0, 0, -1));
        assertThrows(IllegalArgumentException.class, () -> new GridSpace(0, 0, Double.NaN));
        assertThrows(IllegalArgumentException.class, () -> new GridSpace(Double.NaN, 0, 1));
        assertThrows(IllegalArgumentException.class, () -> new GridSpace(0, BOUND * 2, 1));
        assertThrows(IllegalArgumentException.class, () -> new GridSpace(0, 0, BOUND * 2));
        new GridSpace(-BOUND, BOUND, BOUND);
    }

    @Test
    void worldPointQueryUsesTheCellsContainingThePoints() {
        try (Grid grid = Grid.fromText("""
                ....
                .##.
                ....
                """)) {
            grid.space(new GridSpace(100.0, 50.0, 4.0));
            // y = 62.0 maps to row floor(12 / 4) = 3, below the last row
            assertEquals(
                    PathStatus.GOAL_INVALID,
                    grid.findPath(new WorldPoint(101, 51), new WorldPoint(101, 62.0))
                            .status());
            // start (100.0, 50.0) -> cell (0, 0); goal (115.9, 61.9) -> cell (3, 2)
            GridPath viaWorld = grid.findPath(new WorldPoint(100.0, 50.0), new WorldPoint(115.9, 61.9));
            GridPath viaCells = grid.findPath(new Cell(0, 0), new Cell(3, 2));
            assertEquals(PathStatus.FOUND, viaWorld.status());
            assertEquals(viaCells.cells(), viaWorld.cells());
            assertEquals(Double.doubleToLongBits(viaCells.cost()), Double.doubleToLongBits(viaWorld.cost()));
            // a wall cell under the point is an invalid start
            assertEquals(
                    PathStatus.START_INVALID,
                    grid.findPath(new WorldPoint(105.0, 55.0), new WorldPoint(100.0, 50.0))
                            .status());
        }
    }

    @Test
    void pathPointsAreTheCellCentres() {
        try (Grid grid = Grid.fromText("""
                ...
                #..
                """)) {
            GridSpace space = new GridSpace(-3.0, 2.0, 0.5);
            grid.space(space);
            GridPath path = grid.findPath(new WorldPoint(-2.9, 2.1), new WorldPoint(-1.6, 2.9));
            assertEquals(PathStatus.FOUND, path.status());
            assertEquals(new Cell(0, 0), path.cells().get(0));
            assertEquals(new Cell(2, 1), path.cells().get(path.length() - 1));
            List<WorldPoint> points = path.points();
            assertEquals(path.length(), points.size());
            for (int i = 0; i < points.size(); i++) {
                Cell c = path.cells().get(i);
                assertEquals(new WorldPoint(-3.0 + (c.x() + 0.5) * 0.5, 2.0 + (c.y() + 0.5) * 0.5), points.get(i));
            }
        }
    }

    @Test
    void pathPointsOfTheUnassignedSpaceAreHalfIntegerCentres() {
        try (Grid grid = Grid.create(3, 3)) {
            GridPath path = grid.findPath(new Cell(0, 0), new Cell(2, 2));
            assertEquals(
                    List.of(new WorldPoint(0.5, 0.5), new WorldPoint(1.5, 1.5), new WorldPoint(2.5, 2.5)),
                    path.points());
        }
    }
}
