package org.onepath;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;
import org.onepath.cells.Cell;
import org.onepath.cells.Connectivity;
import org.onepath.cells.DiagonalRule;

/**
 * The integration field against the plain quadratic Dijkstra of {@link FlowReference}, on seeded
 * random square grids (four and eight moves, all three diagonal rules, agent sizes 1 and 2, area
 * costs, one to three goals) and hex grids (every layout). Four-moves cases have dyadic costs and
 * must match bit for bit, as must hex cases; eight-moves cases within 1e-9 relative. The direction
 * field must be the first neighbour attaining the minimum over the field's own costs.
 *
 * <p>CI checks {@link #CI_SQUARE} square and {@link #CI_HEX} hex grids; with
 * {@code -Donepath.fullProof=true} (Maven profile {@code full-proof}) the full counts, 10^4 and
 * 600, run and the totals are printed.
 */
class FlowFieldMatchesDijkstraTest {
    static final boolean FULL = Boolean.getBoolean("onepath.fullProof");
    static final int CI_SQUARE = 1000;
    static final int CI_HEX = 150;
    static final int FULL_SQUARE = 10_000;
    static final int FULL_HEX = 600;

    @Test
    void squareFieldsEqualPlainDijkstra() {
        int count = FULL ? FULL_SQUARE : CI_SQUARE;
        int bitExact = 0;
        int cells = 0;
        int[] variants = new int[2 * 3 * 2];
        for (long seed = 0; seed < count; seed++) {
            FlowReference.SquareCase c = FlowReference.randomSquare(seed);
            cells += c.grid().width() * c.grid().height();
            bitExact += checkSquare(c) ? 1 : 0;
            variants[(c.eight() ? 6 : 0) + c.rule().ordinal() * 2 + (c.agentSize() - 1)]++;
        }
        for (int v : variants) {
            assertTrue(
                    v > 0,
                    "every variant (moves x rule x agent size) is drawn: " + java.util.Arrays.toString(variants));
        }
        System.out.printf(
                "flow fields vs Dijkstra: %d square grids (%d cells), %d bit-exact in every cell%n",
                count, cells, bitExact);
    }

    @Test
    void hexFieldsEqualPlainDijkstraBitForBit() {
        int count = FULL ? FULL_HEX : CI_HEX;
        int cells = 0;
        for (long seed = 0; seed < count; seed++) {
            FlowReference.HexCase c = FlowReference.randomHex(seed, 12);
            cells += c.grid().cells().length;
            checkHex(c);
        }
        System.out.printf("flow fields vs Dijkstra: %d hex grids (%d cells), all bit-exact%n", count, cells);
    }

    /** The same check over jqwik's grids, which shrink to a small picture when a case fails. */
    @Property(tries = 200)
    void squareFieldsEqualPlainDijkstraOnShrinkableGrids(@ForAll("cases") FlowReference.SquareCase c) {
        checkSquare(c);
    }

    @Provide
    Arbitrary<FlowReference.SquareCase> cases() {
        return Combinators.combine(
                        RandomGrids.grids(1, 12),
                        Arbitraries.of(Connectivity.class),
                        Arbitraries.of(DiagonalRule.class),
                        Arbitraries.integers().between(1, 2),
                        Arbitraries.integers()
                                .between(0, 10_000)
                                .list()
                                .ofMinSize(1)
                                .ofMaxSize(3))
                .as((g, connectivity, rule, size, picks) -> {
                    List<Cell> goals = new ArrayList<>();
                    for (int p : picks) {
                        int i = p % (g.width() * g.height());
                        goals.add(new Cell(i % g.width(), i / g.width()));
                    }
                    return new FlowReference.SquareCase(-1, g, connectivity, rule, size, goals);
                });
    }

    /** Checks one case; returns whether every cost matched bit for bit. */
    static boolean checkSquare(FlowReference.SquareCase c) {
        double[] expected = FlowReference.squareField(c);
        ReferenceGrid g = c.grid();
        int w = g.width();
        boolean exact = true;
        try (Grid grid = g.toGrid();
                GridFlowField field = grid.createFlowField(c.goals(), c.options())) {
            assertTrue(field.isCurrent(), "a field without a budget is complete at once");
            double[] actual = new double[expected.length];
            for (int i = 0; i < expected.length; i++) {
                actual[i] = field.cost(i % w, i / w);
                boolean same = Double.doubleToRawLongBits(actual[i]) == Double.doubleToRawLongBits(expected[i]);
                exact &= same;
                if (!c.eight() && !same) {
                    fail("cell (" + i % w + ", " + i / w + "): field " + actual[i] + ", Dijkstra " + expected[i]
                            + " (four moves, dyadic costs: bit for bit)\n" + c);
                }
                if (!FlowReference.close(actual[i], expected[i])) {
                    fail("cell (" + i % w + ", " + i / w + "): field " + actual[i] + ", Dijkstra " + expected[i] + "\n"
                            + c);
                }
            }
            int[] next = FlowReference.squareNext(c, actual);
            for (int i = 0; i < expected.length; i++) {
                assertEquals(
                        next[i],
                        field.nextIndex(i % w, i / w),
                        "next of (" + i % w + ", " + i / w + "): the first move attaining the minimum\n" + c);
            }
        }
        return exact;
    }

    static void checkHex(FlowReference.HexCase c) {
        double[] expected = FlowReference.hexField(c);
        int w = c.grid().width();
        try (HexGrid grid = c.grid().toHexGrid();
                GridFlowField field = grid.createFlowField(c.goals(), HexOptions.DEFAULT)) {
            for (int i = 0; i < expected.length; i++) {
                double actual = field.cost(i % w, i / w);
                if (Double.doubleToRawLongBits(actual) != Double.doubleToRawLongBits(expected[i])) {
                    fail("hex cell (" + i % w + ", " + i / w + "): field " + actual + ", Dijkstra " + expected[i] + "\n"
                            + c);
                }
            }
            int[] next = FlowReference.hexNext(c, expected);
            for (int i = 0; i < expected.length; i++) {
                assertEquals(
                        next[i], field.nextIndex(i % w, i / w), "hex next of (" + i % w + ", " + i / w + ")\n" + c);
            }
        }
    }
}
