package org.onepath;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

/**
 * {@link Grid#contentHash()} against the spec's definition, written out again here: known
 * answers, random grids, and the cache (a repeated call computes nothing; every edit kind makes
 * the next call recompute).
 */
class ContentHashTest {
    private static final long P1 = 0x9E3779B185EBCA87L;
    private static final long P2 = 0xC2B2AE3D27D4EB4FL;
    private static final long P3 = 0x165667B19E3779F9L;

    /** The definition, read through the public API one cell at a time. */
    static long definition(Grid grid) {
        int w = grid.width();
        int h = grid.height();
        long acc = P1 ^ P2;
        acc = feed(acc, (long) w + ((long) h << 32));
        long word = 0;
        int inWord = 0;
        for (int y = 0; y < h; y++) {
            for (int x = 0; x < w; x++) {
                word += (long) grid.area(x, y) << (8 * inWord);
                inWord++;
                if (inWord == 8) {
                    acc = feed(acc, word);
                    word = 0;
                    inWord = 0;
                }
            }
        }
        if (inWord > 0) {
            acc = feed(acc, word);
        }
        for (int a = 0; a <= 254; a++) {
            acc = feed(acc, Double.doubleToLongBits(grid.areas().get(a)));
        }
        acc ^= acc >>> 33;
        acc *= P2;
        acc ^= acc >>> 29;
        acc *= P3;
        acc ^= acc >>> 32;
        return acc;
    }

    private static long feed(long acc, long w) {
        long x = acc ^ (w * P2);
        return ((x << 31) | (x >>> 33)) * P1 + P3;
    }

    @Test
    void knownAnswers() {
        // Computed once from the definition by a separate program (arbitrary-precision integers
        // reduced mod 2^64), so they pin the words, the order and the finish.
        try (Grid g = Grid.create(1, 1)) {
            assertEquals(0xdd24e19e471827f3L, g.contentHash());
        }
        try (Grid g = Grid.create(3, 2)) {
            g.setArea(1, 0, 255);
            g.setArea(2, 0, 1);
            g.setArea(0, 1, 2);
            g.setArea(2, 1, 255);
            assertEquals(0xdc10eeaed0c57e38L, g.contentHash());
            g.areas().set(1, 2.5);
            g.areas().set(2, 0.5);
            g.areas().set(254, 1e-3);
            assertEquals(0xee6d8432f3eda79cL, g.contentHash());
        }
        try (Grid g = Grid.create(4, 4, 7)) {
            assertEquals(0x8078ae5bd5c3abecL, g.contentHash());
        }
        try (Grid g = Grid.create(9, 1)) {
            for (int x = 0; x < 9; x++) {
                g.setArea(x, 0, (x * 29) % 256);
            }
            assertEquals(0x7e79443440bd0b5dL, g.contentHash());
        }
    }

    @Property(tries = 300)
    void equalsTheDefinitionOnRandomGrids(
            @ForAll @IntRange(min = 1, max = 40) int w, @ForAll @IntRange(min = 1, max = 40) int h, @ForAll long seed) {
        Random random = new Random(seed);
        try (Grid g = Grid.create(w, h)) {
            for (int y = 0; y < h; y++) {
                for (int x = 0; x < w; x++) {
                    g.setArea(x, y, random.nextInt(4) == 0 ? 255 : random.nextInt(256));
                }
            }
            for (int i = random.nextInt(4); i > 0; i--) {
                g.areas().set(random.nextInt(255), 0.01 + random.nextDouble() * 9);
            }
            assertEquals(definition(g), g.contentHash());
        }
    }

    @Test
    void sizeVersionSpaceAndHistoryAreNotPartOfIt() {
        try (Grid a = Grid.create(6, 4);
                Grid b = Grid.create(6, 4);
                Grid tall = Grid.create(4, 6)) {
            a.setArea(2, 2, 255);
            a.setArea(2, 2, 0);
            a.space(new GridSpace(10, -3, 0.5));
            assertNotEquals(a.version(), b.version());
            assertEquals(b.contentHash(), a.contentHash(), "same cells and costs, other version and world mapping");
            assertNotEquals(a.contentHash(), tall.contentHash(), "the size is a word");
        }
    }

    @Test
    void aRepeatedCallComputesNothingAndEveryEditKindRecomputes() {
        Random random = new Random(7);
        try (Grid g = Grid.create(13, 11);
                Grid other = Grid.create(13, 11)) {
            long first = g.contentHash();
            int computed = g.contentHashComputations();
            for (int i = 0; i < 100; i++) {
                assertEquals(first, g.contentHash());
            }
            assertEquals(
                    computed, g.contentHashComputations(), "repeated calls without edits are answered from the cache");

            byte[] saved = g.saveState();
            Runnable[] edits = {
                () -> g.setArea(3, 4, 255),
                () -> g.setWalkable(5, 5, false),
                () -> g.setRect(1, 1, 3, 2, 9),
                () -> g.setRect(0, 0, 2, 2, new byte[] {1, 2, 3, (byte) 255}),
                () -> g.areas().set(9, 4.25),
                () -> {
                    other.areas().set(3, 0.75);
                    g.areas().copyFrom(other.areas());
                },
                () -> g.restoreState(saved),
            };
            long previous = g.contentHash();
            for (Runnable edit : edits) {
                edit.run();
                long now = g.contentHash();
                assertEquals(definition(g), now);
                assertNotEquals(previous, now, "an edit that changes the content changes the hash");
                previous = now;
                // a random cell written with the value it already has is no edit
                int x = random.nextInt(13);
                int y = random.nextInt(11);
                int before = g.contentHashComputations();
                g.setArea(x, y, g.area(x, y));
                assertEquals(now, g.contentHash());
                assertEquals(before, g.contentHashComputations());
            }
            assertEquals(first, g.contentHash(), "the restore put back the first content");
        }
    }

    @Test
    void aRestoreThatRepeatsTheVersionStillRecomputes() {
        try (Grid g = Grid.create(5, 5)) {
            byte[] saved = g.saveState();
            g.setArea(1, 1, 255);
            byte[] walled = g.saveState();
            g.restoreState(saved);
            long open = g.contentHash();
            // Same version as 'walled' had, other cells: the cache must not be trusted.
            g.setArea(2, 2, 255);
            assertEquals(definition(g), g.contentHash());
            g.restoreState(walled);
            assertEquals(definition(g), g.contentHash());
            assertNotEquals(open, g.contentHash());
        }
    }

    @Test
    void gridsOverCallerMemoryAndFromStateHashTheSame() {
        try (Arena arena = Arena.ofConfined();
                Grid owned = Grid.create(7, 3)) {
            MemorySegment cells = arena.allocate(1 + 21).asSlice(1); // unaligned on purpose
            for (int i = 0; i < 21; i++) {
                cells.set(java.lang.foreign.ValueLayout.JAVA_BYTE, i, (byte) (i % 3 == 0 ? 255 : i));
                owned.setArea(i % 7, i / 7, i % 3 == 0 ? 255 : i);
            }
            try (Grid over = Grid.over(cells, 7, 3);
                    Grid restored = Grid.fromState(owned.saveState())) {
                assertEquals(owned.contentHash(), over.contentHash());
                assertEquals(owned.contentHash(), restored.contentHash());
                assertEquals(definition(owned), owned.contentHash());
            }
        }
    }

    @Test
    void afterCloseItThrows() {
        Grid g = Grid.create(2, 2);
        g.close();
        assertThrows(IllegalStateException.class, g::contentHash);
    }
}
