package org.onepath;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.SplittableRandom;
import net.jqwik.api.EdgeCasesMode;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.LongRange;
import org.onepath.cells.Cell;
import org.onepath.cells.PathStatus;

/**
 * Tier-1 hex queries against the plain quadratic Dijkstra of {@link HexReference} (its own
 * neighbour geometry and cost formula) on 600 random grids per run: every layout, sides 1..18,
 * walls, four area ids with random multipliers. The multipliers are multiples of 1/8, so every
 * sum of step costs is exact whatever the summation order, and the costs are compared bit for bit.
 * A returned path must run from start to goal over walkable, adjacent cells, and its step costs
 * summed in path order from 0 must give the reported cost exactly.
 */
class HexAStarMatchesDijkstraPropertyTest {

    @Property(tries = 600, edgeCases = EdgeCasesMode.NONE)
    void aStarAgreesWithPlainDijkstra(@ForAll @LongRange(min = 0, max = Long.MAX_VALUE) long seed) {
        HexReference.RefGrid ref = HexReference.random(seed, 18);
        SplittableRandom random = new SplittableRandom(~seed);
        List<Integer> walkable = HexReference.walkable(ref);
        int n = ref.width() * ref.height();
        try (HexGrid grid = ref.toHexGrid()) {
            for (int q = 0; q < 4; q++) {
                // mostly walkable ends; now and then any cell, to see the invalid statuses
                boolean any = walkable.isEmpty() || random.nextInt(8) == 0;
                int start = any ? random.nextInt(n) : walkable.get(random.nextInt(walkable.size()));
                int goal = any ? random.nextInt(n) : walkable.get(random.nextInt(walkable.size()));
                HexOptions options = q % 2 == 0
                        ? HexOptions.DEFAULT
                        : HexOptions.builder().heuristic(HeuristicKind.ZERO).build();
                Cell s = new Cell(start % ref.width(), start / ref.width());
                Cell g = new Cell(goal % ref.width(), goal / ref.width());
                HexPath path = grid.findPath(s, g, options);
                String where = "seed " + seed + ", query " + s + " -> " + g + " " + options + "\n" + ref.picture();
                if (!ref.walkable(start)) {
                    assertEquals(PathStatus.START_INVALID, path.status(), where);
                    continue;
                }
                if (!ref.walkable(goal)) {
                    assertEquals(PathStatus.GOAL_INVALID, path.status(), where);
                    continue;
                }
                double expected = ref.dijkstra(start)[goal];
                if (expected == Double.POSITIVE_INFINITY) {
                    assertEquals(PathStatus.NO_PATH, path.status(), where);
                    assertEquals(Double.POSITIVE_INFINITY, path.cost(), where);
                    assertEquals(0, path.length(), where);
                    continue;
                }
                assertEquals(PathStatus.FOUND, path.status(), where);
                assertEquals(
                        Double.doubleToRawLongBits(expected),
                        Double.doubleToRawLongBits(path.cost()),
                        () -> where + "A* cost " + path.cost() + ", Dijkstra " + expected);
                int[] cells = path.cellIndices();
                assertEquals(start, cells[0], where);
                assertEquals(goal, cells[cells.length - 1], where);
                double sum = 0;
                for (int i = 1; i < cells.length; i++) {
                    int a = cells[i - 1];
                    int b = cells[i];
                    assertTrue(ref.walkable(b), where);
                    assertTrue(
                            HexReference.adjacent(
                                    ref.layout(), a % ref.width(), a / ref.width(), b % ref.width(), b / ref.width()),
                            () -> where + "cells " + a + " and " + b + " are not adjacent");
                    sum += ref.moveCost(a, b);
                }
                assertEquals(Double.doubleToRawLongBits(path.cost()), Double.doubleToRawLongBits(sum), where);
                assertEquals(path.iterations() - 1, path.expandedCount(), where);
            }
        }
    }
}
