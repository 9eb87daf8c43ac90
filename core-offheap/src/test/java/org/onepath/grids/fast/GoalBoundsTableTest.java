package org.onepath.grids.fast;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CancellationException;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;
import org.onepath.grids.BakeMonitor;
import org.onepath.layout.GoalBoundsTableLayout;

/**
 * The packed goal-bounds table ({@link GoalBoundsTableLayout}) and the parallel bake: the bytes
 * are the same for any thread count; progress ends at the total and cancelling stops the bake;
 * wide grids (units of more than one cell) keep every target their exact boxes hold and stay
 * optimal; a table laid over bytes accepts what packing wrote and refuses every field changed.
 */
class GoalBoundsTableTest {

    private static byte[] bytes(GoalBounds bounds) {
        return bounds.segment().toArray(ValueLayout.JAVA_BYTE);
    }

    @Test
    void theBytesAreTheSameForAnyThreadCount() {
        Random random = new Random(0x7AB1_0001L);
        for (int round = 0; round < 30; round++) {
            OctileModel model = GoalBoundsTest.randomGrid(random);
            try (GoalBoundsTest.Setup setup = new GoalBoundsTest.Setup(model)) {
                byte[] expected = bytes(setup.bounds);
                for (int threads : new int[] {1, 2, 3, 5}) {
                    try (GoalBounds bounds =
                            GoalBoundsBake.bake(setup.index, setup.octile, threads, BakeMonitor.NONE)) {
                        assertArrayEquals(expected, bytes(bounds), threads + " threads, round " + round + "\n" + model);
                    }
                }
            }
        }
    }

    /** A grid big enough for many ranges of slots: rooms of random pillars. */
    private static OctileModel roomy(Random random, int w, int h) {
        boolean[] open = new boolean[w * h];
        for (int i = 0; i < open.length; i++) {
            open[i] = random.nextInt(100) >= 12;
        }
        return new OctileModel(w, h, open);
    }

    @Test
    void progressRisesToTheTotalAndTwoThreadsBakeTheSameBytes() {
        OctileModel model = roomy(new Random(0x7AB1_0002L), 60, 50);
        try (GoalBoundsTest.Setup setup = new GoalBoundsTest.Setup(model)) {
            int total = setup.bake.jumpPointCount();
            assertTrue(total > 4 * GoalBoundsBake.SLOTS_PER_TASK, "jump points " + total);
            List<long[]> heard = new ArrayList<>();
            BakeMonitor monitor = (done, all) -> heard.add(new long[] {done, all});
            try (GoalBounds bounds = GoalBoundsBake.bake(setup.index, setup.octile, 2, monitor)) {
                assertArrayEquals(bytes(setup.bounds), bytes(bounds));
            }
            assertTrue(!heard.isEmpty());
            long last = -1;
            for (long[] h : heard) {
                assertEquals(total, h[1]);
                assertTrue(h[0] >= last && h[0] <= total, "progress " + h[0] + " after " + last);
                last = h[0];
            }
            assertEquals(total, last, "the last report is the total");
        }
    }

    @Test
    void aCancelledBakeStopsWithACancellationException() {
        OctileModel model = roomy(new Random(0x7AB1_0003L), 90, 90);
        try (GoalBoundsTest.Setup setup = new GoalBoundsTest.Setup(model)) {
            long[] lastDone = {0};
            BakeMonitor cancelAtOnce = new BakeMonitor() {
                @Override
                public void progress(long done, long total) {
                    lastDone[0] = done;
                }

                @Override
                public boolean isCancelled() {
                    return true;
                }
            };
            CancellationException e = assertThrows(
                    CancellationException.class, () -> GoalBoundsBake.bake(setup.index, setup.octile, 2, cancelAtOnce));
            assertTrue(e.getMessage().contains("of " + setup.bake.jumpPointCount() + " jump points"), e.getMessage());
            assertTrue(lastDone[0] < setup.bake.jumpPointCount(), "stopped before the end: " + lastDone[0]);
            // An interrupt of the baking thread cancels too and stays visible.
            Thread.currentThread().interrupt();
            assertThrows(
                    CancellationException.class,
                    () -> GoalBoundsBake.bake(setup.index, setup.octile, 1, BakeMonitor.NONE));
            assertTrue(Thread.interrupted(), "the interrupt is kept");
        }
        assertThrows(IllegalArgumentException.class, () -> {
            try (GoalBoundsTest.Setup setup = new GoalBoundsTest.Setup(model)) {
                GoalBoundsBake.bake(setup.index, setup.octile, 0, BakeMonitor.NONE);
            }
        });
    }

    /** Grids wider or taller than 256 cells, so a unit spans two or three cells. */
    @Test
    void wideGridsKeepWhatTheirExactBoxesHoldAndStayOptimal() {
        Random random = new Random(0x7AB1_0004L);
        for (int round = 0; round < 6; round++) {
            boolean wide = round % 2 == 0;
            int longSide = 300 + random.nextInt(400);
            int shortSide = 2 + random.nextInt(3);
            int w = wide ? longSide : shortSide;
            int h = wide ? shortSide : longSide;
            boolean[] open = new boolean[w * h];
            for (int i = 0; i < open.length; i++) {
                open[i] = random.nextInt(100) >= 15;
            }
            OctileModel model = new OctileModel(w, h, open);
            GoalBoundsTest.assertBoxesEqualBruteForce(model, ", wide round " + round);
            FirstMoveReference reference = new FirstMoveReference(model);
            try (GoalBoundsTest.Setup setup = new GoalBoundsTest.Setup(model)) {
                assertTrue(setup.bounds.stepX() > 1 || setup.bounds.stepY() > 1);
                for (int q = 0; q < 300; q++) {
                    int s = model.randomOpenCell(random);
                    int t = model.randomOpenCell(random);
                    GoalBoundsTest.checkQuery(setup, reference.distance[s], s, t, ", wide " + s + " -> " + t);
                }
            }
        }
    }

    @Test
    void aTableOverPackedBytesAnswersAsThePackedOne() {
        Random random = new Random(0x7AB1_0005L);
        OctileModel model = roomy(random, 40, 30);
        try (GoalBoundsTest.Setup setup = new GoalBoundsTest.Setup(model);
                Arena arena = Arena.ofConfined()) {
            MemorySegment copy = arena.allocate(setup.bounds.byteSize(), 8);
            copy.copyFrom(setup.bounds.segment());
            try (GoalBounds over = GoalBounds.over(setup.grid, copy)) {
                assertEquals(setup.bounds.jumpPointCount(), over.jumpPointCount());
                assertEquals(setup.bounds.storedBoxes(), over.storedBoxes());
                for (int c = 0; c < model.cellCount(); c++) {
                    for (int d = 0; d < 8; d++) {
                        for (int k = 0; k < 4; k++) {
                            int x = random.nextInt(model.width);
                            int y = random.nextInt(model.height);
                            assertEquals(setup.bounds.keeps(c, d, x, y), over.keeps(c, d, x, y));
                        }
                    }
                }
            }
            // Closing a table over a caller's segment leaves the segment usable.
            assertEquals(setup.bounds.byteSize(), copy.toArray(ValueLayout.JAVA_BYTE).length);
        }
    }

    /** Applies {@code edit} to a copy of the table's bytes and expects {@code over} to name {@code field}. */
    private static void assertRefused(GoalBoundsTest.Setup setup, String field, Consumer<MemorySegment> edit) {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment copy = arena.allocate(setup.bounds.byteSize(), 8);
            copy.copyFrom(setup.bounds.segment());
            edit.accept(copy);
            IllegalArgumentException e =
                    assertThrows(IllegalArgumentException.class, () -> GoalBounds.over(setup.grid, copy), field);
            assertTrue(e.getMessage().contains(field), field + ": " + e.getMessage());
        }
    }

    @Test
    void aTableOverChangedBytesIsRefusedNamingTheField() {
        OctileModel model = roomy(new Random(0x7AB1_0006L), 40, 30);
        try (GoalBoundsTest.Setup setup = new GoalBoundsTest.Setup(model)) {
            int n = model.cellCount();
            int slots = setup.bounds.jumpPointCount();
            assertTrue(setup.bounds.storedBoxes() > 0);
            assertRefused(
                    setup, "width", t -> t.set(GoalBoundsTableLayout.INT, GoalBoundsTableLayout.WIDTH_OFFSET, 41));
            assertRefused(
                    setup, "height", t -> t.set(GoalBoundsTableLayout.INT, GoalBoundsTableLayout.HEIGHT_OFFSET, 3));
            assertRefused(
                    setup, "stepX", t -> t.set(GoalBoundsTableLayout.INT, GoalBoundsTableLayout.STEP_X_OFFSET, 2));
            assertRefused(
                    setup, "stepY", t -> t.set(GoalBoundsTableLayout.INT, GoalBoundsTableLayout.STEP_Y_OFFSET, 0));
            assertRefused(setup, "header bytes", t -> t.set(GoalBoundsTableLayout.INT, 40, 1));
            assertRefused(
                    setup,
                    "version is 1, expected 2",
                    t -> t.set(GoalBoundsTableLayout.INT, GoalBoundsTableLayout.VERSION_OFFSET, 1));
            assertRefused(
                    setup, "slots", t -> t.set(GoalBoundsTableLayout.INT, GoalBoundsTableLayout.SLOTS_OFFSET, -1));
            assertRefused(
                    setup,
                    "length",
                    t -> t.set(GoalBoundsTableLayout.INT, GoalBoundsTableLayout.SLOTS_OFFSET, slots + 9));
            assertRefused(
                    setup, "boxes", t -> t.set(GoalBoundsTableLayout.INT, GoalBoundsTableLayout.BOXES_OFFSET, -4));
            assertRefused(setup, "jump point bits", t -> {
                // One more jump point in the last word: no rank counts it, only the total does.
                long at = GoalBoundsTableLayout.bitsOffset() + (GoalBoundsTableLayout.words(n) - 1) * 8;
                long word = t.get(GoalBoundsTableLayout.WORD, at);
                t.set(GoalBoundsTableLayout.WORD, at, word ^ Long.lowestOneBit(~word));
            });
            assertRefused(setup, "word rank", t -> {
                long at = GoalBoundsTableLayout.wordRanksOffset(n) + 2;
                t.set(GoalBoundsTableLayout.U16, at, (short) (t.get(GoalBoundsTableLayout.U16, at) + 1));
            });
            assertRefused(
                    setup,
                    "superblock rank",
                    t -> t.set(GoalBoundsTableLayout.INT, GoalBoundsTableLayout.superblockRanksOffset(n), 7));
            assertRefused(setup, "first box of group", t -> {
                long at = GoalBoundsTableLayout.groupsOffset(n) + 4;
                t.set(GoalBoundsTableLayout.INT, at, t.get(GoalBoundsTableLayout.INT, at) + 1);
            });
            assertRefused(setup, "masks of slot", t -> {
                long stored = GoalBoundsTableLayout.storedMasksOffset(n, slots);
                long whole = GoalBoundsTableLayout.wholeMasksOffset(n, slots);
                int s = firstSlotWithAStoredBox(t, stored, slots);
                t.set(GoalBoundsTableLayout.U8, whole + s, t.get(GoalBoundsTableLayout.U8, stored + s));
            });
            assertRefused(setup, "box 0", t -> {
                long at = GoalBoundsTableLayout.boxesOffset(n, slots);
                t.set(GoalBoundsTableLayout.INT, at, GoalBoundsTableLayout.box(5, 0, 4, 0)); // min above max
            });
            assertRefused(setup, "box 0", t -> {
                long at = GoalBoundsTableLayout.boxesOffset(n, slots);
                t.set(GoalBoundsTableLayout.INT, at, GoalBoundsTableLayout.box(0, 0, 40, 1)); // past the last column
            });
            try (Arena arena = Arena.ofConfined()) {
                MemorySegment shorter = arena.allocate(setup.bounds.byteSize() - 8, 8);
                MemorySegment.copy(setup.bounds.segment(), 0, shorter, 0, shorter.byteSize());
                assertThrows(IllegalArgumentException.class, () -> GoalBounds.over(setup.grid, shorter));
                assertThrows(IllegalArgumentException.class, () -> GoalBounds.over(setup.grid, arena.allocate(10)));
            }
        }
    }

    private static int firstSlotWithAStoredBox(MemorySegment t, long stored, int slots) {
        for (int s = 0; s < slots; s++) {
            if (t.get(GoalBoundsTableLayout.U8, stored + s) != 0) {
                return s;
            }
        }
        throw new AssertionError("no stored box");
    }

    @Test
    void unitsAndBoxesOfTheLayout() {
        assertEquals(1, GoalBoundsTableLayout.step(1));
        assertEquals(1, GoalBoundsTableLayout.step(256));
        assertEquals(2, GoalBoundsTableLayout.step(257));
        assertEquals(6, GoalBoundsTableLayout.step(1491));
        assertEquals(256, GoalBoundsTableLayout.step(65535));
        int box = GoalBoundsTableLayout.box(3, 5, 200, 255);
        assertTrue(GoalBoundsTableLayout.holds(box, GoalBoundsTableLayout.goalKey(3, 5)));
        assertTrue(GoalBoundsTableLayout.holds(box, GoalBoundsTableLayout.goalKey(200, 255)));
        assertTrue(!GoalBoundsTableLayout.holds(box, GoalBoundsTableLayout.goalKey(2, 5)));
        assertTrue(!GoalBoundsTableLayout.holds(box, GoalBoundsTableLayout.goalKey(3, 4)));
        assertTrue(!GoalBoundsTableLayout.holds(box, GoalBoundsTableLayout.goalKey(201, 9)));
        // header, one word of bits, a superblock rank, a word rank and a group entry (each padded
        // to 8), two masks of 8 slots, 8 boxes
        assertEquals(64 + 8 + 8 + 8 + 8 + 8 + 8 + 8 * 4, GoalBoundsTableLayout.byteSize(64, 8, 8));
    }
}
