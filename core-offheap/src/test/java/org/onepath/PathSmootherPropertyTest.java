package org.onepath;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import org.onepath.PathSmoother.SmoothedPath;
import org.onepath.cells.Cell;
import org.onepath.cells.Connectivity;
import org.onepath.cells.DiagonalRule;

/**
 * {@link PathSmoother} on random grids with area costs, agent sizes 1..3, both connectivities and
 * every diagonal rule, over the paths of A* and HPA*, against the plain models of the tests
 * ({@link SightReference}, {@link SmoothingReference}): the waypoints are a subsequence of the
 * input from start to goal; the input cost is the search's cost bit for bit; the smoothed cost is
 * never above it and is the reference segment costs summed; every shortcut is in sight of the
 * exact test over the cells the agent fits (with {@code NO_CORNER_CUTTING} every segment is) and
 * costs no more than the steps it replaces.
 */
class PathSmootherPropertyTest {
    @Provide
    Arbitrary<ReferenceGrid> grids() {
        return RandomGrids.grids(2, 14);
    }

    @Property(tries = 400)
    void smoothingNeverRaisesCostAndKeepsToCellsTheAgentFits(
            @ForAll("grids") ReferenceGrid ref,
            @ForAll @IntRange(min = 1, max = 3) int size,
            @ForAll DiagonalRule rule,
            @ForAll boolean eight,
            @ForAll long seed) {
        int w = ref.width();
        int h = ref.height();
        List<Integer> fitting = new ArrayList<>();
        for (int i = 0; i < w * h; i++) {
            if (ref.fits(i % w, i / w, size)) {
                fitting.add(i);
            }
        }
        if (fitting.isEmpty()) {
            return;
        }
        Random rnd = new Random(seed);
        int s = fitting.get(rnd.nextInt(fitting.size()));
        int g = fitting.get(rnd.nextInt(fitting.size()));
        try (Grid grid = ref.toGrid()) {
            for (GridAlgorithm algorithm : new GridAlgorithm[] {GridAlgorithm.ASTAR, GridAlgorithm.HPA}) {
                GridOptions options = GridOptions.builder()
                        .algorithm(algorithm)
                        .agentSize(size)
                        .diagonalRule(rule)
                        .connectivity(eight ? Connectivity.EIGHT : Connectivity.FOUR)
                        .specializedEngines(false)
                        .build();
                GridPath path = grid.findPath(new Cell(s % w, s / w), new Cell(g % w, g / w), options);
                if (!path.found()) {
                    continue;
                }
                SmoothedPath smooth = PathSmoother.smooth(grid, path, options);
                check(
                        ref,
                        size,
                        rule == DiagonalRule.NO_CORNER_CUTTING,
                        path.cells(),
                        path.cost(),
                        smooth,
                        path.toString());
            }
        }
    }

    /** The checks every smoothed path of a step path passes; {@code strict}: every segment must be in sight. */
    static void check(
            ReferenceGrid ref,
            int size,
            boolean strict,
            List<Cell> input,
            double searchCost,
            SmoothedPath smooth,
            String where) {
        SmoothingReference.Multipliers2 m = (x, y) ->
                ref.inside(x, y) && ref.open(x, y) ? ref.multiplier(ref.area(x, y)) : Double.POSITIVE_INFINITY;
        SightReference.Open fits = (x, y) -> ref.inside(x, y) && ref.fits(x, y, size);
        assertEquals(Double.doubleToRawLongBits(searchCost), Double.doubleToRawLongBits(smooth.inputCost()), where);
        assertTrue(smooth.cost() <= smooth.inputCost(), where + ": " + smooth.cost() + " > " + smooth.inputCost());
        List<Cell> out = smooth.waypoints();
        assertEquals(input.get(0), out.get(0), where);
        assertEquals(input.get(input.size() - 1), out.get(out.size() - 1), where);
        int at = 0;
        double total = 0;
        for (int k = 1; k < out.size(); k++) {
            Cell a = out.get(k - 1);
            Cell b = out.get(k);
            int from = at;
            int to = from + 1;
            while (to < input.size() && !input.get(to).equals(b)) {
                to++;
            }
            assertTrue(to < input.size(), where + ": waypoint " + b + " is not a later input cell");
            assertTrue(fits.open(b.x(), b.y()), where + ": " + b + " does not fit the agent");
            double segment = SmoothingReference.segment(m, a.x(), a.y(), b.x(), b.y());
            total += segment;
            if (to > from + 1 || strict) {
                assertTrue(
                        SightReference.sees(fits, a.x(), a.y(), b.x(), b.y()),
                        where + ": " + a + " -> " + b + " is not in sight for size " + size);
            }
            double replaced = 0;
            for (int i = from + 1; i <= to; i++) {
                Cell p = input.get(i - 1);
                Cell q = input.get(i);
                replaced += SmoothingReference.segment(m, p.x(), p.y(), q.x(), q.y());
            }
            assertTrue(
                    segment <= replaced * (1 + 1e-9),
                    where + ": " + a + " -> " + b + " costs " + segment + ", the steps it replaces " + replaced);
            at = to;
        }
        assertTrue(
                SmoothingReference.close(total, smooth.cost()),
                where + ": reference cost " + total + ", smoother " + smooth.cost());
    }
}
