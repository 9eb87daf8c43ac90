package org.onepath;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.onepath.cells.Cell;
import org.onepath.cells.Connectivity;
import org.onepath.cells.DiagonalRule;

/**
 * Incremental repair equals a field computed from scratch, bit for bit in every cost and next,
 * after every refresh of 600 random edit sequences: square grids (four and eight moves, all three
 * diagonal rules, agent sizes 1 to 3) and hex grids, single-cell edits, rectangle edits, walls
 * over goals, area-cost changes, and edits made while a budgeted computation is still running.
 */
class FlowFieldRepairTest {
    static final int SEQUENCES = 600;

    /** One edit sequence's setting: a square or a hex grid and the field's options. */
    private record Setting(Grid grid, HexGrid hex, GridOptions options, HexOptions hexOptions, List<Cell> goals)
            implements SquareOrHexGrid {
        GridFlowField field() {
            return grid != null ? grid.createFlowField(goals, options) : hex.createFlowField(goals, hexOptions);
        }

        @Override
        public String toString() {
            return (grid != null ? "square " + options : "hex " + hex.layout()) + " goals " + goals;
        }
    }

    @Test
    void repairEqualsRecomputeOverRandomEditSequences() {
        int refreshes = 0;
        int localRepairs = 0;
        int repairs = 0;
        int[] sizes = new int[4];
        int hexSequences = 0;
        int areaChanges = 0;
        for (long seed = 0; seed < SEQUENCES; seed++) {
            SplittableRandom random = new SplittableRandom(seed * 31 + 7);
            Setting s = setting(seed, random);
            if (s.grid() != null) {
                sizes[s.options().agentSize()]++;
            } else {
                hexSequences++;
            }
            List<String> log = new ArrayList<>();
            try (GridFlowField field = s.field()) {
                field.run();
                int rounds = 3 + random.nextInt(6);
                for (int round = 0; round < rounds; round++) {
                    int edits = 1 + random.nextInt(3);
                    for (int e = 0; e < edits; e++) {
                        log.add(edit(s, random));
                        if (log.getLast().startsWith("multiplier")) {
                            areaChanges++;
                        }
                    }
                    // sometimes a budgeted refresh is interrupted by more edits
                    if (random.nextInt(8) == 0 && !field.refresh()) {
                        log.add(edit(s, random));
                    }
                    field.refresh();
                    field.run();
                    refreshes++;
                    try (GridFlowField fresh = s.field()) {
                        fresh.run();
                        if (field.settled() < fresh.settled()) {
                            localRepairs++;
                        }
                        assertSame(fresh, field, s, seed, log);
                    }
                }
                repairs += field.repairCount();
            } finally {
                s.close();
            }
        }
        for (int size = 1; size <= 3; size++) {
            assertTrue(sizes[size] > 0, "agent size " + size + " is covered");
        }
        assertTrue(hexSequences > 0, "hex grids are covered");
        assertTrue(areaChanges > 0, "area-cost changes are covered");
        assertTrue(
                repairs > refreshes / 2,
                "most refreshes repair rather than recompute: " + repairs + " of " + refreshes);
        assertTrue(
                localRepairs > refreshes / 4,
                "many repairs settle fewer cells than a recompute: " + localRepairs + " of " + refreshes);
        System.out.printf(
                "flow field repair: %d sequences, %d refreshes (%d repaired, %d settling fewer cells than a"
                        + " recompute), %d hex sequences, %d area-cost changes; all equal to a recompute%n",
                SEQUENCES, refreshes, repairs, localRepairs, hexSequences, areaChanges);
    }

    /** A repair on a large open grid settles only cells near the edit, and still equals the recompute. */
    @Test
    void aRepairFarFromTheGoalSettlesAFewCells() {
        try (Grid grid = Grid.create(200, 200);
                GridFlowField field = grid.createFlowField(new Cell(0, 0))) {
            int full = field.settled();
            assertEquals(200 * 200, full, "the whole field settles every cell once");
            grid.setWalkable(190, 190, false);
            assertFalse(field.isCurrent(), "an edit makes the field stale");
            assertTrue(field.refresh());
            assertTrue(field.settled() < 200, "a wall in a corner re-settles a few cells, not " + field.settled());
            try (GridFlowField fresh = grid.createFlowField(new Cell(0, 0))) {
                assertSame(fresh, field, null, -1, List.of("wall at (190, 190)"));
            }
        }
    }

    private static Setting setting(long seed, SplittableRandom random) {
        List<Cell> goals = new ArrayList<>();
        if (random.nextInt(4) == 0) {
            HexGrid hex = HexReference.random(seed, 12).toHexGrid();
            for (int i = 1 + random.nextInt(3); i > 0; i--) {
                goals.add(new Cell(random.nextInt(hex.width()), random.nextInt(hex.height())));
            }
            int budget = random.nextInt(6) == 0 ? 1 + random.nextInt(20) : 0;
            return new Setting(
                    null,
                    hex,
                    null,
                    HexOptions.builder().iterationBudget(budget).build(),
                    goals);
        }
        int w = 3 + random.nextInt(14);
        int h = 3 + random.nextInt(14);
        ReferenceGrid ref = FlowReference.randomGrid(random, w, h, random.nextBoolean());
        Grid grid = ref.toGrid();
        for (int i = 1 + random.nextInt(3); i > 0; i--) {
            goals.add(new Cell(random.nextInt(w), random.nextInt(h)));
        }
        GridOptions options = GridOptions.builder()
                .connectivity(random.nextBoolean() ? Connectivity.EIGHT : Connectivity.FOUR)
                .diagonalRule(DiagonalRule.values()[random.nextInt(3)])
                .agentSize(1 + random.nextInt(3))
                .iterationBudget(random.nextInt(6) == 0 ? 1 + random.nextInt(20) : 0)
                .build();
        return new Setting(grid, null, options, null, goals);
    }

    /** One random edit; returns what it did, for failure messages. */
    private static String edit(Setting s, SplittableRandom random) {
        int w = s.width();
        int h = s.height();
        int kind = random.nextInt(20);
        if (kind == 0) {
            int area = random.nextInt(255);
            double m = (1 + random.nextInt(24)) / 8.0;
            s.areas().set(area, m);
            return "multiplier of area " + area + " = " + m;
        }
        if (kind <= 4) {
            int x = random.nextInt(w);
            int y = random.nextInt(h);
            int rw = 1 + random.nextInt(Math.min(4, w - x));
            int rh = 1 + random.nextInt(Math.min(4, h - y));
            byte[] areas = new byte[rw * rh];
            for (int i = 0; i < areas.length; i++) {
                areas[i] = (byte) (random.nextInt(3) == 0 ? 255 : random.nextInt(4));
            }
            s.setRect(x, y, rw, rh, areas);
            return "rect (" + x + ", " + y + ") " + rw + " x " + rh;
        }
        int x;
        int y;
        if (kind <= 6) {
            Cell g = s.goals().get(random.nextInt(s.goals().size()));
            x = g.x();
            y = g.y();
        } else {
            x = random.nextInt(w);
            y = random.nextInt(h);
        }
        int area = random.nextInt(2) == 0 ? 255 : random.nextInt(4);
        s.setArea(x, y, area);
        return "cell (" + x + ", " + y + ") = " + area;
    }

    static void assertSame(GridFlowField expected, GridFlowField actual, Object setting, long seed, List<String> log) {
        int w = expected.width();
        for (int y = 0; y < expected.height(); y++) {
            for (int x = 0; x < w; x++) {
                double e = expected.cost(x, y);
                double a = actual.cost(x, y);
                if (Double.doubleToRawLongBits(e) != Double.doubleToRawLongBits(a)) {
                    fail("seed " + seed + " " + setting + ": cost of (" + x + ", " + y + ") repaired " + a
                            + ", recomputed " + e + " after " + log);
                }
                int en = expected.nextIndex(x, y);
                int an = actual.nextIndex(x, y);
                if (en != an) {
                    fail("seed " + seed + " " + setting + ": next of (" + x + ", " + y + ") repaired " + an
                            + ", recomputed " + en + " after " + log);
                }
            }
        }
    }
}
