package org.onepath;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.onepath.ReplanTestSupport.Replanned;
import org.onepath.ReplanTestSupport.Result;
import org.onepath.ReplanTestSupport.Setting;
import org.onepath.cells.Cell;
import org.onepath.cells.PathStatus;
import org.onepath.state.GridStateException;
import org.onepath.state.OnePathFormatException;

/** Kinds 5 and 6: a replanner saved at any point and restored into one created the same way continues identically. */
class ReplannerStateTest {

    /**
     * Random settings and edit sequences; at a random point (often in the middle of a sliced
     * replan) the grid and the replanner are saved, a new grid is made from the grid's state and
     * a replanner created on it the same way is restored; both then take the same edits and
     * budgets and give the same results, counts, paths and bytes.
     */
    @Test
    void aRestoredReplannerContinuesIdentically() {
        int restoredMidReplan = 0;
        for (long seed = 0; seed < 200; seed++) {
            SplittableRandom random = new SplittableRandom(seed * 31 + 3);
            try (Setting s = ReplanTestSupport.randomSetting(seed, random, 12);
                    Replanned original = s.create()) {
                List<Integer> near = new ArrayList<>();
                int saveAt = random.nextInt(4);
                Setting copy = null;
                Replanned restored = null;
                try {
                    for (int round = 0; round < 6; round++) {
                        int budget = 1 + random.nextInt(round % 2 == 0 ? 4 : 60);
                        Result a = original.replan(budget);
                        if (restored != null) {
                            Result b = restored.replan(budget);
                            String where = "seed " + seed + " round " + round;
                            assertEquals(a.status(), b.status(), where);
                            assertEquals(a.expanded(), b.expanded(), where);
                            assertEquals(Double.doubleToLongBits(a.cost()), Double.doubleToLongBits(b.cost()), where);
                            assertArrayEquals(a.cells(), b.cells(), where);
                            assertArrayEquals(original.saveState(), restored.saveState(), where + ": same bytes");
                        }
                        if (a.status() == PathStatus.FOUND) {
                            near = ReplanTestSupport.cells(a);
                        }
                        if (round == saveAt) {
                            byte[] gridState = s.grid() != null
                                    ? s.grid().saveState()
                                    : s.hex().saveState();
                            byte[] state = original.saveState();
                            copy = s.grid() != null
                                    ? new Setting(
                                            Grid.fromState(gridState),
                                            null,
                                            s.options(),
                                            s.algorithm(),
                                            s.start(),
                                            s.goal())
                                    : new Setting(
                                            null,
                                            HexGrid.fromState(gridState),
                                            null,
                                            s.algorithm(),
                                            s.start(),
                                            s.goal());
                            restored = copy.create();
                            restored.restoreState(state);
                            assertArrayEquals(state, restored.saveState(), "seed " + seed + ": save, restore, save");
                            if (a.status() == PathStatus.BUDGET_EXHAUSTED) {
                                restoredMidReplan++;
                            }
                        }
                        long editSeed = random.nextLong();
                        int edits = random.nextInt(3);
                        SplittableRandom e1 = new SplittableRandom(editSeed);
                        for (int e = 0; e < edits; e++) {
                            ReplanTestSupport.randomEdit(s, e1, near);
                        }
                        if (copy != null) {
                            SplittableRandom e2 = new SplittableRandom(editSeed);
                            for (int e = 0; e < edits; e++) {
                                ReplanTestSupport.randomEdit(copy, e2, near);
                            }
                        }
                        if (round == 3 && a.status() == PathStatus.FOUND && a.cells().length > 1) {
                            Cell next = new Cell(a.cells()[1] % s.width(), a.cells()[1] / s.width());
                            original.moveStart(next);
                            if (restored != null) {
                                restored.moveStart(next);
                            }
                        }
                    }
                } finally {
                    if (restored != null) {
                        restored.close();
                    }
                    if (copy != null) {
                        copy.close();
                    }
                }
            }
        }
        assertTrue(restoredMidReplan > 20, "many saves fall in the middle of a replan: " + restoredMidReplan);
    }

    /** Rollback: restore the grid, then the replanner, and the next replan is what it would have been. */
    @Test
    void rollingBackTheGridAndTheReplannerGivesTheEarlierFuture() {
        GridOptions o =
                GridOptions.builder().algorithm(GridAlgorithm.D_STAR_LITE).build();
        try (Grid grid = Grid.create(20, 20);
                GridReplanner r = grid.createReplanner(new Cell(0, 0), new Cell(19, 19), o)) {
            r.replan();
            grid.setRect(5, 5, 3, 3, Grid.WALL);
            byte[] gridState = grid.saveState();
            byte[] state = r.saveState();
            GridPath expected = r.replan();
            // another timeline: the agent moves, walls appear, costs change
            r.moveStart(expected.cells().get(1));
            grid.setRect(10, 10, 2, 6, Grid.WALL);
            grid.areas().set(0, 2.0);
            r.replan();
            grid.restoreState(gridState);
            r.restoreState(state);
            GridPath again = r.replan();
            assertEquals(expected.cells(), again.cells());
            assertEquals(expected.cost(), again.cost(), 0.0);
            assertEquals(expected.expandedCount(), again.expandedCount());
        }
    }

    /** Size, algorithm, area version and kind are checked; a failed restore leaves the replanner as it was. */
    @Test
    void mismatchesAreRejectedAndChangeNothing() {
        GridOptions dstar =
                GridOptions.builder().algorithm(GridAlgorithm.D_STAR_LITE).build();
        GridOptions lpa =
                GridOptions.builder().algorithm(GridAlgorithm.LPA_STAR).build();
        try (Grid grid = Grid.create(12, 10);
                Grid twin = Grid.create(12, 10);
                Grid other = Grid.create(10, 12);
                HexGrid hex = HexGrid.create(12, 10);
                GridReplanner r = grid.createReplanner(new Cell(0, 0), new Cell(11, 9), dstar);
                GridReplanner untouched = twin.createReplanner(new Cell(0, 0), new Cell(11, 9), dstar);
                GridReplanner l = grid.createReplanner(new Cell(0, 0), new Cell(11, 9), lpa);
                GridReplanner wrongSize = other.createReplanner(new Cell(0, 0), new Cell(9, 11), dstar);
                HexReplanner h = hex.createReplanner(new Cell(0, 0), new Cell(11, 9))) {
            r.replan(7);
            untouched.replan(7);
            l.replan();
            byte[] dstarState = r.saveState();
            byte[] lpaState = l.saveState();
            assertEquals("algorithm", rejects(r, lpaState).field());
            assertEquals("width", rejects(wrongSize, dstarState).field());
            OnePathFormatException kind = assertThrows(GridStateException.class, () -> h.restoreState(dstarState));
            assertEquals("kind", kind.field());
            byte[] wrongMode = dstarState.clone();
            wrongMode[0x21] = 0; // replan.mode LPA* under algorithm D* Lite
            assertEquals("replan.mode", rejects(r, wrongMode).field());
            grid.areas().set(3, 2.0);
            twin.areas().set(3, 2.0);
            assertEquals("areaVersion", rejects(r, dstarState).field());
            GridPath a = r.replan();
            GridPath b = untouched.replan();
            assertEquals(b.cells(), a.cells());
            assertEquals(b.expandedCount(), a.expandedCount());
        }
    }

    private static OnePathFormatException rejects(GridReplanner r, byte[] state) {
        byte[] before = r.saveState();
        OnePathFormatException e = assertThrows(GridStateException.class, () -> r.restoreState(state));
        assertArrayEquals(before, r.saveState(), "unchanged after " + e.getMessage());
        return e;
    }

    /**
     * Accepted hostile bytes (every fifth bit of the kind 5 and 6 goldens flipped in turn; the
     * full sweep is StateHostileBytesTest) never make a bounded replan throw anything but
     * IllegalStateException (a restored cost field is trusted, not proven).
     */
    @Test
    void acceptedBitFlipsKeepBoundedReplansSafe() {
        int accepted = 0;
        for (StateGoldens golden : List.of(StateGoldens.GRID_REPLANNER, StateGoldens.HEX_REPLANNER)) {
            byte[] bytes = golden.readBin();
            // one target for every flip: a restore replaces the whole state, accepted or not
            try (StateGoldens.ReplannerSubject target = (StateGoldens.ReplannerSubject) golden.fresh()) {
                for (int bit = 0; bit < bytes.length * 8; bit += 5) { // every fifth bit: each byte, all bit positions
                    byte[] flipped = bytes.clone();
                    flipped[bit >>> 3] ^= (byte) (1 << (bit & 7));
                    try {
                        target.restore(flipped);
                    } catch (GridStateException rejected) {
                        continue;
                    }
                    accepted++;
                    for (int call = 0; call < 20; call++) {
                        PathStatus status;
                        try {
                            status = target.square != null
                                    ? target.square.tryReplan(50)
                                    : target.hexReplanner.tryReplan(50);
                        } catch (IllegalStateException inconsistent) {
                            break;
                        } catch (RuntimeException e) {
                            fail(golden + " bit " + bit + " (" + StateDump.fieldAt(bytes, bit >>> 3)
                                    + "): replan threw " + e);
                            return;
                        }
                        if (status != PathStatus.BUDGET_EXHAUSTED) {
                            break;
                        }
                    }
                }
            }
        }
        assertTrue(accepted > 100, "many flips of costs and keys are accepted: " + accepted);
    }
}
