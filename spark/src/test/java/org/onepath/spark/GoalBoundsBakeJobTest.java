package org.onepath.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.onepath.cli.CliInProcess;
import org.onepath.store.GridStore;

/**
 * The distributed bake of one map's goal bounds writes the store {@code onepath bake --bounds}
 * writes, byte for byte, for any split, and a task that fails and is retried changes no byte.
 */
class GoalBoundsBakeJobTest {
    private static final List<String> MAPS = List.of("arena.map", "den201d.map", "hrt201n.map");

    @TempDir
    Path dir;

    @Test
    void threeDaoMapsAssembleToTheLocalBakesBytes() throws IOException {
        Path dao = TestSpark.data("movingai/dao");
        Path local = Files.createDirectory(dir.resolve("local"));
        for (String map : MAPS) {
            CliInProcess.run("bake", dao.resolve(map).toString(), "--bounds", "--out-dir", local.toString());
        }
        int[] ranges = {3, 7, 16};
        for (int i = 0; i < MAPS.size(); i++) {
            String map = MAPS.get(i);
            Path out = dir.resolve("spark-" + GridStore.fileNameFor(map));
            GoalBoundsBakeJob.Result r = GoalBoundsBakeJob.run(
                    TestSpark.session(), dao.resolve(map).toString(), out.toString(), ranges[i], false, Set.of());
            assertTrue(r.jumpPoints() > 0, map + " has jump points");
            assertEquals(0, r.failedAttempts());
            assertEquals(Math.min(ranges[i], r.jumpPoints()), r.ranges());
            assertEquals(Files.size(out), r.storeBytes());
            assertEquals(
                    TestSpark.sha256(local.resolve(GridStore.fileNameFor(map))),
                    TestSpark.sha256(out),
                    map + ": the assembled store differs from the local bake's");
            assertFalse(Files.exists(dir.resolve(out.getFileName() + ".pieces")), "the pieces are deleted");
        }
    }

    @Test
    void aRangeThatFailsOnItsFirstAttemptStillGivesTheSameBytes() throws IOException {
        Path map = TestSpark.data("movingai/dao/den201d.map");
        Path once = dir.resolve("once.opstore");
        Path retried = dir.resolve("retried.opstore");
        GoalBoundsBakeJob.run(TestSpark.session(), map.toString(), once.toString(), 5, false, Set.of());
        GoalBoundsBakeJob.Result r =
                GoalBoundsBakeJob.run(TestSpark.session(), map.toString(), retried.toString(), 5, false, Set.of(1, 3));
        assertEquals(5, r.ranges());
        assertEquals(2, r.failedAttempts(), "ranges 1 and 3 failed once each and were retried");
        assertEquals(TestSpark.sha256(once), TestSpark.sha256(retried));
        assertFalse(Files.exists(dir.resolve("retried.opstore.pieces")), "no half piece left behind");
    }

    @Test
    void anExistingStoreIsKeptWithoutForceAndAForeignFolderIsNeverEmptied() throws IOException {
        Path map = TestSpark.data("movingai/dao/den201d.map");
        Path out = dir.resolve("den201d.opstore");
        Files.writeString(out, "mine");
        IllegalArgumentException e = assertThrows(
                IllegalArgumentException.class,
                () -> GoalBoundsBakeJob.run(TestSpark.session(), map.toString(), out.toString(), 2, false, Set.of()));
        assertTrue(e.getMessage().contains("exists; give --force"), e.getMessage());
        assertEquals("mine", Files.readString(out));
        Files.createDirectory(dir.resolve("den201d.opstore.pieces"));
        Files.writeString(dir.resolve("den201d.opstore.pieces").resolve("notes.txt"), "keep");
        IllegalArgumentException foreign = assertThrows(
                IllegalArgumentException.class,
                () -> GoalBoundsBakeJob.run(TestSpark.session(), map.toString(), out.toString(), 2, true, Set.of()));
        assertTrue(foreign.getMessage().contains("notes.txt"), foreign.getMessage());
        assertEquals(
                "keep", Files.readString(dir.resolve("den201d.opstore.pieces").resolve("notes.txt")));
        assertEquals("mine", Files.readString(out));
    }
}
