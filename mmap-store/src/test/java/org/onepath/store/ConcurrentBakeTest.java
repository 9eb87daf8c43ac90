package org.onepath.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.onepath.Grid;

/**
 * Two child JVMs bake different grids to the same target at once, over and over, while this JVM
 * polls the target. Every poll finds no file yet, or a whole store byte-equal to one of the two
 * bakes (which then opens and verifies); at the end the target is one complete bake and no
 * temporary file is left. Both children succeed: each rename replaces the target whole, the last
 * one wins.
 *
 * <p>This fails without the writer's private temporary file and atomic rename: baking in place,
 * or through one shared temporary name, lets a poll read a mix of the two or a cut-short file.
 */
class ConcurrentBakeTest {
    private static final int SIDE = 300;
    private static final int BAKES = 25;

    @TempDir
    Path dir;

    @Test
    void twoProcessesBakingOneTargetLeaveOneWholeStore() throws Exception {
        Path target = dir.resolve("contended.opstore");
        // the bytes a single bake of each grid gives (the folder is outside the target's listing below)
        Path refs = Files.createDirectory(dir.resolve("refs"));
        Path refA = refs.resolve("a.opstore");
        Path refB = refs.resolve("b.opstore");
        try (Grid a = BakeOnceMain.grid(SIDE, 11);
                Grid b = BakeOnceMain.grid(SIDE, 12)) {
            GridStore.bake(a, BakeOnceMain.name(11), refA);
            GridStore.bake(b, BakeOnceMain.name(12), refB);
        }
        byte[] bytesA = Files.readAllBytes(refA);
        byte[] bytesB = Files.readAllBytes(refB);
        assertTrue(!Arrays.equals(bytesA, bytesB));

        Process childA = ChildProcess.start(ChildProcess.command(
                dir, List.of(), BakeOnceMain.class, target.toString(), Integer.toString(SIDE), "11", "" + BAKES));
        Process childB = ChildProcess.start(ChildProcess.command(
                dir, List.of(), BakeOnceMain.class, target.toString(), Integer.toString(SIDE), "12", "" + BAKES));
        int absent = 0;
        int seenA = 0;
        int seenB = 0;
        int opened = 0;
        long deadline = System.nanoTime() + 60_000_000_000L;
        while ((childA.isAlive() || childB.isAlive()) && System.nanoTime() < deadline) {
            byte[] now;
            try {
                now = Files.readAllBytes(target);
            } catch (NoSuchFileException e) {
                absent++;
                continue;
            }
            if (Arrays.equals(now, bytesA)) {
                seenA++;
            } else if (Arrays.equals(now, bytesB)) {
                seenB++;
            } else {
                childA.destroyForcibly();
                childB.destroyForcibly();
                fail("a poll read " + now.length + " bytes that are neither bake (" + bytesA.length + " / "
                        + bytesB.length + " bytes)");
            }
            if ((seenA + seenB) % 8 == 1) {
                try (GridStore store = GridStore.open(target)) {
                    store.verify(StoreProgress.NONE);
                    assertTrue(
                            store.name().equals(BakeOnceMain.name(11))
                                    || store.name().equals(BakeOnceMain.name(12)),
                            store.name());
                    opened++;
                } catch (NoSuchFileException e) {
                    absent++; // cannot happen once a bake is in place, but is no tear either
                }
            }
        }
        ChildProcess.Outcome a = ChildProcess.await(childA, 30);
        ChildProcess.Outcome b = ChildProcess.await(childB, 30);
        assertEquals(0, a.status(), a.describe());
        assertEquals(0, b.status(), b.describe());
        assertEquals("baked " + BAKES, a.line());
        assertEquals("baked " + BAKES, b.line());

        byte[] last = Files.readAllBytes(target);
        assertTrue(Arrays.equals(last, bytesA) || Arrays.equals(last, bytesB), "the target is neither bake");
        GridStore.verify(target, StoreProgress.NONE);
        try (Stream<Path> files = Files.list(dir)) {
            List<String> names =
                    files.map(p -> p.getFileName().toString()).sorted().toList();
            assertEquals(List.of(target.getFileName().toString(), "refs"), names, "files beside the target");
        }
        System.out.println("ConcurrentBakeTest: " + absent + " polls found no file, " + seenA + " the first bake, "
                + seenB + " the second; " + opened + " opened and verified");
        assertTrue(seenA + seenB > 0, "no poll found a store");
    }
}
