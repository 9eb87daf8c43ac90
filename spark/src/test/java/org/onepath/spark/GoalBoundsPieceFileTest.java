package org.onepath.spark;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.onepath.GoalBoundsPieces;
import org.onepath.Grid;
import org.onepath.grids.BakeMonitor;

/**
 * A piece file is taken only when every header field is the one the assembly expects, and the
 * assembly takes a bake only when every planned range has its one piece and no other piece is
 * there; each refusal names the file and what differs. No Spark here: the pieces are baked in
 * this JVM as a task would.
 */
class GoalBoundsPieceFileTest {
    private static final byte[] DIGEST = new byte[32];

    @TempDir
    Path dir;

    static {
        Arrays.fill(DIGEST, (byte) 7);
    }

    @Test
    void aPieceRoundTripsAndEveryFieldThatDiffersIsNamed() {
        byte[] payload = new byte[3 * GoalBoundsPieces.BYTES_PER_JUMP_POINT];
        Arrays.fill(payload, (byte) 0x5A);
        byte[] file = GoalBoundsPieceFile.encode(10, 13, 40, DIGEST, payload);
        assertEquals(GoalBoundsPieceLayout.HEADER_BYTES + payload.length, file.length);
        assertArrayEquals(payload, GoalBoundsPieceFile.check("p", file, 10, 13, 40, DIGEST));
        assertRefused(file, 11, 14, 40, DIGEST, "first jump point is 10; expected 11");
        assertRefused(file, 10, 13, 41, DIGEST, "jump point count is 40; expected 41");
        byte[] other = DIGEST.clone();
        other[0] = 1;
        assertRefused(file, 10, 13, 40, other, "baked from other cells");
        byte[] flipped = file.clone();
        flipped[flipped.length - 1] ^= 1;
        assertRefused(flipped, 10, 13, 40, DIGEST, "payload checksum");
        byte[] header = file.clone();
        header[9] ^= 1;
        assertRefused(header, 10, 13, 40, DIGEST, "header checksum");
        assertRefused(Arrays.copyOf(file, file.length - 64), 10, 13, 40, DIGEST, "payload of 128 bytes; expected 192");
        assertRefused(Arrays.copyOf(file, 20), 10, 13, 40, DIGEST, "shorter than the 64-byte header");
        byte[] magic = file.clone();
        magic[0] = 'X';
        assertRefused(magic, 10, 13, 40, DIGEST, "not a goal-bounds piece");
        byte[] older = file.clone();
        older[7] = '1';
        assertRefused(
                older, 10, 13, 40, DIGEST, "a goal-bounds piece of version 1 of the rules; this code reads version 2");
    }

    private static void assertRefused(byte[] file, int first, int end, int n, byte[] digest, String expected) {
        IllegalArgumentException e = assertThrows(
                IllegalArgumentException.class,
                () -> GoalBoundsPieceFile.check("piece.bin", file, first, end, n, digest));
        assertTrue(e.getMessage().startsWith("piece.bin: "), e.getMessage());
        assertTrue(e.getMessage().contains(expected), e.getMessage());
    }

    @Test
    void theAssemblyWantsEveryPlannedRangeOnceAndNothingElse() throws IOException {
        try (Grid grid = Grid.fromText("""
                        ..........
                        .##..#....
                        ....##..#.
                        .#........
                        ...#..##..
                        ..........""");
                GoalBoundsPieces pieces = grid.goalBoundsPieces()) {
            int n = pieces.jumpPointCount();
            assertTrue(n >= 3, "jump points: " + n);
            List<int[]> planned = GoalBoundsBakeJob.plan(n, 3);
            FileSystem fs = HadoopFiles.fs(new Configuration(), new org.apache.hadoop.fs.Path(dir.toUri()));
            org.apache.hadoop.fs.Path folder = new org.apache.hadoop.fs.Path(dir.toUri());
            for (int[] r : planned.subList(0, 2)) {
                write(r, n, pieces.bakePiece(r[1], r[2], BakeMonitor.NONE));
            }
            IllegalStateException missing = assertThrows(
                    IllegalStateException.class,
                    () -> GoalBoundsBakeJob.assemble(fs, folder, planned, n, DIGEST, pieces));
            assertTrue(
                    missing.getMessage().contains(GoalBoundsPieceLayout.fileName(planned.get(2)[1], n) + ": missing"),
                    missing.getMessage());
            int[] last = planned.get(2);
            write(last, n, pieces.bakePiece(last[1], last[2], BakeMonitor.NONE));
            write(new int[] {9, 0, 1}, n, pieces.bakePiece(0, 1, BakeMonitor.NONE));
            IllegalStateException extra = assertThrows(
                    IllegalStateException.class,
                    () -> GoalBoundsBakeJob.assemble(fs, folder, planned, n, DIGEST, pieces));
            assertTrue(extra.getMessage().contains("a piece no range of this bake planned"), extra.getMessage());
            Files.delete(dir.resolve(GoalBoundsPieceLayout.fileName(0, 1)));
            // a half-written attempt under its temporary name is not taken
            Files.write(dir.resolve(".piece-x.tmp"), new byte[5]);
            GoalBoundsBakeJob.assemble(fs, folder, planned, n, DIGEST, pieces);
            assertEquals(n, pieces.firstMissing());
            assertEquals(n, pieces.install().jumpPoints());
        }
    }

    private void write(int[] range, int n, byte[] payload) throws IOException {
        Files.write(
                dir.resolve(GoalBoundsPieceLayout.fileName(range[1], range[2])),
                GoalBoundsPieceFile.encode(range[1], range[2], n, DIGEST, payload));
    }
}
