package org.onepath;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.onepath.cells.Cell;

/**
 * Following the direction field from every reachable cell reaches a goal at the field's cost:
 * every hop is a legal move (checked with {@link ReferenceGrid}'s and {@link HexReference}'s own
 * rules), the path ends at a goal, each cell's cost is exactly its next cell's cost plus the move
 * (the wave's sum), and the path's cost summed from the start lies within 1e-9 of the field's
 * (exactly equal on four-move grids with dyadic costs). Unreachable cells give an empty path, a
 * goal the goal alone.
 */
class FlowFieldPathsTest {

    @Test
    void squarePathsReachAGoalAtTheFieldsCost() {
        int paths = 0;
        for (long seed = 0; seed < 150; seed++) {
            FlowReference.SquareCase c = FlowReference.randomSquare(10_000 + seed);
            ReferenceGrid g = c.grid();
            int w = g.width();
            List<Integer> goals = FlowReference.goalIndexes(c.goals(), w);
            try (Grid grid = g.toGrid();
                    GridFlowField field = grid.createFlowField(c.goals(), c.options())) {
                for (int i = 0; i < w * g.height(); i++) {
                    Cell start = new Cell(i % w, i / w);
                    double cost = field.cost(start);
                    List<Cell> path = field.pathFrom(start);
                    if (cost == Double.POSITIVE_INFINITY) {
                        assertTrue(path.isEmpty(), "no path from an unreachable cell " + start + "\n" + c);
                        continue;
                    }
                    paths++;
                    assertEquals(start, path.getFirst());
                    Cell end = path.getLast();
                    assertTrue(goals.contains(end.y() * w + end.x()), "the path ends at a goal: " + path + "\n" + c);
                    assertEquals(0.0, field.cost(end));
                    double forward = 0;
                    for (int k = 1; k < path.size(); k++) {
                        Cell a = path.get(k - 1);
                        Cell b = path.get(k);
                        if (!g.isMove(a.x(), a.y(), b.x(), b.y(), c.eight(), c.rule(), c.agentSize())) {
                            fail("hop " + a + " -> " + b + " is not a legal move\n" + c);
                        }
                        double move = g.stepCost(a.x(), a.y(), b.x(), b.y());
                        forward += move;
                        assertEquals(
                                Double.doubleToRawLongBits(field.cost(a)),
                                Double.doubleToRawLongBits(field.cost(b) + move),
                                "cost of " + a + " is its next cell's cost plus the move\n" + c);
                    }
                    if (!c.eight()) {
                        assertEquals(cost, forward, "four moves, dyadic costs: the forward sum is exact\n" + c);
                    } else if (!FlowReference.close(cost, forward)) {
                        fail("path from " + start + " sums to " + forward + ", the field says " + cost + "\n" + c);
                    }
                }
            }
        }
        assertTrue(paths > 2_000, "enough paths were followed: " + paths);
    }

    @Test
    void hexPathsReachAGoalAtTheFieldsCost() {
        int paths = 0;
        for (long seed = 0; seed < 50; seed++) {
            FlowReference.HexCase c = FlowReference.randomHex(20_000 + seed, 12);
            HexReference.RefGrid g = c.grid();
            int w = g.width();
            List<Integer> goals = FlowReference.goalIndexes(c.goals(), w);
            try (HexGrid grid = g.toHexGrid();
                    GridFlowField field = grid.createFlowField(c.goals(), HexOptions.DEFAULT)) {
                for (int i = 0; i < g.cells().length; i++) {
                    Cell start = new Cell(i % w, i / w);
                    List<Cell> path = field.pathFrom(start);
                    if (field.cost(start) == Double.POSITIVE_INFINITY) {
                        assertTrue(path.isEmpty());
                        continue;
                    }
                    paths++;
                    Cell end = path.getLast();
                    assertTrue(goals.contains(end.y() * w + end.x()), "ends at a goal: " + path + "\n" + c);
                    double forward = 0;
                    for (int k = 1; k < path.size(); k++) {
                        Cell a = path.get(k - 1);
                        Cell b = path.get(k);
                        assertTrue(
                                HexReference.adjacent(g.layout(), a.x(), a.y(), b.x(), b.y()),
                                "hop " + a + " -> " + b + "\n" + c);
                        assertTrue(g.walkable(b.y() * w + b.x()));
                        forward += g.moveCost(a.y() * w + a.x(), b.y() * w + b.x());
                    }
                    assertEquals(
                            field.cost(start),
                            forward,
                            "dyadic hex costs: the path sums exactly to the field's cost\n" + c);
                }
            }
        }
        assertTrue(paths > 250, "enough hex paths were followed: " + paths);
    }
}
