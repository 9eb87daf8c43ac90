package org.onepath.query;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.onepath.cells.MemoryFaults;
import org.onepath.cells.PathStatus;
import org.onepath.grids.GridTopology;
import org.onepath.grids.Heuristic;
import org.onepath.grids.StepCost;

/**
 * The many-goal driver on its own, over a row of cells written here (unit moves left and right,
 * some cells walls) and a facade whose single query is the distance along the row: which goals
 * are asked, when the estimate is used, what an invalid end and an unreached goal give, and the
 * refusals with their messages.
 */
class ManyGoalsQueryTest {

    /** A row of {@code length} cells; a cell in {@code walls} cannot be stood on or entered. */
    private static final class Row implements GridTopology {
        final int length;
        final boolean[] wall;

        Row(int length, int... walls) {
            this.length = length;
            this.wall = new boolean[length];
            for (int w : walls) {
                wall[w] = true;
            }
        }

        @Override
        public int nodeCount() {
            return length;
        }

        @Override
        public int maxDegree() {
            return 2;
        }

        @Override
        public boolean isWalkable(int node) {
            return !wall[node];
        }

        @Override
        public int neighbors(int node, int[] nodes, double[] costs) {
            int n = 0;
            for (int to : new int[] {node - 1, node + 1}) {
                if (to >= 0 && to < length && !wall[to]) {
                    nodes[n] = to;
                    costs[n++] = 1.0;
                }
            }
            return n;
        }
    }

    /** The row as a shape, counting how often the estimate is asked for. */
    private static final class RowShape implements ManyGoalsQuery.Shape<Integer, Row> {
        final Row row;
        int estimates;
        boolean closed;

        RowShape(Row row) {
            this.row = row;
        }

        @Override
        public void ensureOpen() {
            if (closed) {
                throw new IllegalStateException("row closed");
            }
        }

        @Override
        public MemoryFaults memoryFaults() {
            return MemoryFaults.NONE;
        }

        @Override
        public int standingNode(Integer cell) {
            return cell >= 0 && cell < row.length && !row.wall[cell] ? cell : -1;
        }

        @Override
        public Row topology() {
            return row;
        }

        @Override
        public StepCost stepCost() {
            return null;
        }

        @Override
        public Heuristic estimate(Row topology) {
            estimates++;
            return new Heuristic() {
                private int goal;

                @Override
                public void setGoal(int goal) {
                    this.goal = goal;
                }

                @Override
                public double estimate(int node) {
                    return Math.abs(node - goal);
                }
            };
        }
    }

    /** A single query's answer: the goal it was asked for, its status and cost. */
    private record Answer(int goalIndex, PathStatus status, double cost) {}

    /** The facade: the single query is the distance along the row when no wall lies between. */
    private static final class RowFacade {
        final Row row;
        final int start;
        final List<Integer> goals;
        final List<Integer> asked = new ArrayList<>();

        RowFacade(Row row, int start, List<Integer> goals) {
            this.row = row;
            this.start = start;
            this.goals = goals;
        }

        Answer single(int index) {
            asked.add(index);
            int goal = goals.get(index);
            if (start < 0 || start >= row.length || row.wall[start]) {
                return new Answer(index, PathStatus.START_INVALID, Double.POSITIVE_INFINITY);
            }
            if (goal < 0 || goal >= row.length || row.wall[goal]) {
                return new Answer(index, PathStatus.GOAL_INVALID, Double.POSITIVE_INFINITY);
            }
            for (int c = Math.min(start, goal); c <= Math.max(start, goal); c++) {
                if (row.wall[c]) {
                    return new Answer(index, PathStatus.NO_PATH, Double.POSITIVE_INFINITY);
                }
            }
            return new Answer(index, PathStatus.FOUND, Math.abs(goal - start));
        }

        ManyGoalsQuery.Paths<Answer> paths() {
            return new ManyGoalsQuery.Paths<>(
                    this::single,
                    (status, expanded, iterations) -> new Answer(-expanded - 1, status, iterations),
                    Answer::status,
                    Answer::cost);
        }
    }

    private static final ManyGoalsQuery.Rules RULES = new ManyGoalsQuery.Rules(null, 1.0, false, 0, 16);

    private static Answer find(RowFacade facade, RowShape shape, ManyGoalsQuery.Rules rules) {
        return ManyGoalsQuery.find(facade.start, facade.goals, shape, rules, facade.paths(), null);
    }

    @Test
    void theCheapestGoalIsTheSingleQueryOfTheFirstListedAmongEqualCosts() {
        Row row = new Row(40);
        RowFacade facade = new RowFacade(row, 20, List.of(30, 14, 26, 14, 35));
        Answer answer = find(facade, new RowShape(row), RULES);
        assertEquals(new Answer(1, PathStatus.FOUND, 6), answer);
        // Goals 14 (twice) and 26 tie at 6; the repeat of 14 is not asked again.
        assertEquals(List.of(1, 2), facade.asked);
    }

    @Test
    void theEstimateServesUpToTheLimitOfDistinctValidGoals() {
        int limit = ManyGoalsQuery.ESTIMATE_GOAL_LIMIT;
        Row row = new Row(400, 399);
        List<Integer> atLimit = IntStream.range(0, limit).mapToObj(i -> 200 + i).toList();
        RowShape few = new RowShape(row);
        assertEquals(
                PathStatus.FOUND,
                find(new RowFacade(row, 10, atLimit), few, RULES).status());
        assertEquals(1, few.estimates);

        // Repeats and invalid goals do not count towards the limit.
        List<Integer> repeated = new ArrayList<>(atLimit);
        repeated.add(200);
        repeated.add(399);
        repeated.add(-5);
        RowShape stillFew = new RowShape(row);
        assertEquals(
                PathStatus.FOUND,
                find(new RowFacade(row, 10, repeated), stillFew, RULES).status());
        assertEquals(1, stillFew.estimates);

        List<Integer> overLimit =
                IntStream.range(0, limit + 1).mapToObj(i -> 200 + i).toList();
        RowShape many = new RowShape(row);
        assertEquals(new Answer(0, PathStatus.FOUND, 190), find(new RowFacade(row, 10, overLimit), many, RULES));
        assertEquals(0, many.estimates, "Dijkstra's wave runs without the estimate");
    }

    @Test
    void anInvalidStartOrNoValidGoalGivesTheSingleQueryOfTheFirstGoal() {
        Row row = new Row(10, 3);
        RowFacade badStart = new RowFacade(row, 3, List.of(5, 6));
        assertEquals(
                new Answer(0, PathStatus.START_INVALID, Double.POSITIVE_INFINITY),
                find(badStart, new RowShape(row), RULES));
        RowFacade badGoals = new RowFacade(row, 1, List.of(3, -1, 12));
        assertEquals(
                new Answer(0, PathStatus.GOAL_INVALID, Double.POSITIVE_INFINITY),
                find(badGoals, new RowShape(row), RULES));
        assertEquals(List.of(0), badGoals.asked);
    }

    @Test
    void anUnreachedGoalGivesTheGoalChoosingSearchsCounts() {
        Row row = new Row(10, 5);
        RowFacade walledOff = new RowFacade(row, 1, List.of(7, 8));
        Answer noPath = find(walledOff, new RowShape(row), RULES);
        assertEquals(PathStatus.NO_PATH, noPath.status());
        // cells 0..4 are expanded, one iteration each
        assertEquals(-5 - 1, noPath.goalIndex());
        assertEquals(5.0, noPath.cost());
        assertTrue(walledOff.asked.isEmpty());

        Row open = new Row(100);
        Answer stopped = find(
                new RowFacade(open, 0, List.of(90)),
                new RowShape(open),
                new ManyGoalsQuery.Rules(null, 1.0, false, 7, 3));
        assertEquals(PathStatus.BUDGET_EXHAUSTED, stopped.status());
        assertEquals(7.0, stopped.cost(), "the budget counts iterations, not slices");
    }

    @Test
    void refusalsComeInOrderWithTheirMessages() {
        Row row = new Row(10);
        RowShape shape = new RowShape(row);
        RowFacade facade = new RowFacade(row, 1, List.of(4));

        NullPointerException nullGoals = assertThrows(
                NullPointerException.class, () -> ManyGoalsQuery.find(1, null, shape, RULES, facade.paths(), null));
        assertEquals("goals", nullGoals.getMessage());
        List<Integer> withNull = new ArrayList<>(List.of(4));
        withNull.add(null);
        assertEquals(
                "goals[1]",
                assertThrows(
                                NullPointerException.class,
                                () -> ManyGoalsQuery.find(1, withNull, shape, RULES, facade.paths(), null))
                        .getMessage());
        // The empty list is refused before the algorithm.
        assertEquals(
                "goals must hold at least one cell, was an empty list",
                assertThrows(
                                IllegalArgumentException.class,
                                () -> ManyGoalsQuery.find(
                                        1,
                                        List.of(),
                                        shape,
                                        new ManyGoalsQuery.Rules("HPA", 2.0, true, 0, 16),
                                        facade.paths(),
                                        null))
                        .getMessage());
        assertEquals(
                "findPath with many goals needs a search that is optimal on the cells (ASTAR, JPS, JPS_PLUS,"
                        + " JPS_PLUS_BOUNDED), not HPA",
                assertThrows(
                                IllegalArgumentException.class,
                                () -> find(facade, shape, new ManyGoalsQuery.Rules("HPA", 2.0, true, 0, 16)))
                        .getMessage());
        assertEquals(
                "findPath with many goals needs heuristic weight 1, was 2.0",
                assertThrows(
                                IllegalArgumentException.class,
                                () -> find(facade, shape, new ManyGoalsQuery.Rules(null, 2.0, true, 0, 16)))
                        .getMessage());
        assertEquals(
                "findPath with many goals does not return partial paths (allowPartial is set); ask the goals one by one",
                assertThrows(
                                IllegalArgumentException.class,
                                () -> find(facade, shape, new ManyGoalsQuery.Rules(null, 1.0, true, 0, 16)))
                        .getMessage());
        shape.closed = true;
        assertEquals(
                "row closed",
                assertThrows(IllegalStateException.class, () -> find(facade, shape, RULES))
                        .getMessage());
        assertTrue(facade.asked.isEmpty());
    }
}
