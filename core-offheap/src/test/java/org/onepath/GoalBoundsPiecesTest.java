package org.onepath;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.foreign.ValueLayout;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CancellationException;
import org.junit.jupiter.api.Test;
import org.onepath.cells.Cell;
import org.onepath.grids.BakeMonitor;

/**
 * A bake split into pieces, baked by other listings of the same cells and put back in any order,
 * installs the same table byte for byte as the one-process bake; the assembly refuses what would
 * corrupt it (a missing, repeated, short or garbled piece).
 */
class GoalBoundsPiecesTest {
    private static Grid randomGrid(Random random, int w, int h, int percent) {
        Grid grid = Grid.create(w, h);
        for (int y = 0; y < h; y++) {
            for (int x = 0; x < w; x++) {
                if (random.nextInt(100) < percent) {
                    grid.setWalkable(x, y, false);
                }
            }
        }
        return grid;
    }

    private static byte[] table(Grid grid) {
        return grid.tables().goalBounds().toArray(ValueLayout.JAVA_BYTE);
    }

    @Test
    void piecesBakedElsewhereInAnyOrderInstallTheLocalBakesBytes() {
        Random random = new Random(0x61EC_E501L);
        for (int round = 0; round < 12; round++) {
            int w = 5 + random.nextInt(40);
            int h = 5 + random.nextInt(40);
            long seed = random.nextLong();
            int percent = 10 + random.nextInt(30);
            // three grids of the same cells: one bakes locally, one bakes pieces, one assembles
            try (Grid local = randomGrid(new Random(seed), w, h, percent);
                    Grid worker = randomGrid(new Random(seed), w, h, percent);
                    Grid assembler = randomGrid(new Random(seed), w, h, percent)) {
                GoalBoundsSummary expected = local.bakeGoalBounds(1 + random.nextInt(3), BakeMonitor.NONE);
                try (GoalBoundsPieces baking = worker.goalBoundsPieces();
                        GoalBoundsPieces assembly = assembler.goalBoundsPieces()) {
                    int n = baking.jumpPointCount();
                    assertEquals(expected.jumpPoints(), n);
                    assertEquals(n, assembly.jumpPointCount());
                    List<int[]> ranges = split(random, n);
                    Collections.shuffle(ranges, random);
                    for (int[] r : ranges) {
                        byte[] piece = baking.bakePiece(r[0], r[1], BakeMonitor.NONE);
                        assertEquals(baking.pieceBytes(r[0], r[1]), piece.length);
                        assembly.putPiece(r[0], r[1], piece);
                    }
                    assertEquals(n, assembly.firstMissing());
                    GoalBoundsSummary got = assembly.install();
                    assertEquals(expected, got);
                }
                assertArrayEquals(table(local), table(assembler), "round " + round + ": " + w + " x " + h);
                assertEquals(
                        local.findPath(new Cell(0, 0), new Cell(w - 1, h - 1), bounded())
                                .cost(),
                        assembler
                                .findPath(new Cell(0, 0), new Cell(w - 1, h - 1), bounded())
                                .cost());
            }
        }
    }

    private static GridOptions bounded() {
        return GridOptions.DEFAULT.toBuilder()
                .algorithm(GridAlgorithm.JPS_PLUS_BOUNDED)
                .build();
    }

    @Test
    void theAssemblyRefusesMissingRepeatedShortAndGarbledPieces() {
        try (Grid grid = randomGrid(new Random(7), 24, 20, 25);
                GoalBoundsPieces pieces = grid.goalBoundsPieces()) {
            int n = pieces.jumpPointCount();
            assertTrue(n > 8, "the grid has jump points");
            byte[] head = pieces.bakePiece(0, 4, BakeMonitor.NONE);
            pieces.putPiece(0, 4, head);
            IllegalArgumentException again =
                    assertThrows(IllegalArgumentException.class, () -> pieces.putPiece(2, 6, new byte[4 * 64]));
            assertTrue(again.getMessage().contains("jump point 2"), again.getMessage());
            IllegalArgumentException size =
                    assertThrows(IllegalArgumentException.class, () -> pieces.putPiece(4, 6, new byte[64]));
            assertTrue(size.getMessage().contains("expected 128"), size.getMessage());
            IllegalArgumentException range = assertThrows(
                    IllegalArgumentException.class, () -> pieces.bakePiece(n - 1, n + 1, BakeMonitor.NONE));
            assertTrue(range.getMessage().contains("0.." + n), range.getMessage());
            byte[] garbled = pieces.bakePiece(4, 6, BakeMonitor.NONE);
            garbled[64 + 8 * 3 + 4] = (byte) 0xF0; // jump point 5, box 3: max x far outside the grid
            garbled[64 + 8 * 3 + 5] = 0;
            IllegalArgumentException bad =
                    assertThrows(IllegalArgumentException.class, () -> pieces.putPiece(4, 6, garbled));
            assertTrue(bad.getMessage().contains("box 3 of jump point 5"), bad.getMessage());
            assertEquals(4, pieces.firstMissing(), "a refused piece is not put");
            IllegalStateException missing = assertThrows(IllegalStateException.class, pieces::install);
            assertTrue(missing.getMessage().contains("[4, " + n + ")"), missing.getMessage());
            assertEquals(null, grid.goalBounds(), "nothing installed");
        }
    }

    @Test
    void aCancelStopsThePieceAndAClosedListingRefusesWork() {
        try (Grid grid = randomGrid(new Random(11), 40, 40, 20)) {
            GoalBoundsPieces pieces = grid.goalBoundsPieces();
            int n = pieces.jumpPointCount();
            assertTrue(n > 64, "enough jump points for two chunks");
            long[] seen = new long[1];
            BakeMonitor cancelAfterFirstChunk = new BakeMonitor() {
                @Override
                public void progress(long done, long total) {
                    seen[0] = done;
                }

                @Override
                public boolean isCancelled() {
                    return seen[0] > 0;
                }
            };
            CancellationException e =
                    assertThrows(CancellationException.class, () -> pieces.bakePiece(0, n, cancelAfterFirstChunk));
            assertTrue(e.getMessage().contains("after 32 of " + n), e.getMessage());
            pieces.close();
            pieces.close();
            assertThrows(IllegalStateException.class, () -> pieces.bakePiece(0, 1, BakeMonitor.NONE));
            assertThrows(IllegalStateException.class, pieces::install);
        }
    }

    /** Random ranges covering [0, n) once, some empty. */
    private static List<int[]> split(Random random, int n) {
        List<int[]> out = new ArrayList<>();
        int at = 0;
        while (at < n) {
            int len = random.nextInt(4) == 0 ? 0 : 1 + random.nextInt(Math.max(1, n / 3));
            int end = Math.min(n, at + len);
            out.add(new int[] {at, end});
            at = end;
        }
        out.add(new int[] {n, n});
        return out;
    }
}
