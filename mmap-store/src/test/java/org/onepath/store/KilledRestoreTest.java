package org.onepath.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.onepath.Grid;

/**
 * A child JVM restores saved states into a store's grid opened {@link StoreMode#PRIVATE} (cells
 * and tables in a copy-on-write mapping) and commits each, and is killed with SIGKILL at a random
 * moment, during a restore or a commit. After every kill the store opens and verifies, and holds
 * the state it held before or a complete committed one: the file is byte-equal to a bake of
 * exactly one of the three grids, and the grid's content hash is that grid's.
 *
 * <p>This fails if a restore reached the file (a private mapping keeps it in the process, so a
 * kill mid-restore loses only the process's copy) or if a commit wrote in place (the rename of a
 * forced temporary file makes it whole or absent).
 */
class KilledRestoreTest {
    private static final int SIDE = 200;
    private static final int KILLS = 5;

    @TempDir
    Path dir;

    @Test
    void killedRestoreLeavesTheOldOrTheNewState() throws Exception {
        Path file = dir.resolve("restored.opstore");
        Path refs = Files.createDirectory(dir.resolve("refs"));
        long seed = 20; // grid 0 is the store's first, 1 and 2 the states the child restores
        byte[][] bakes = new byte[3][];
        long[] hashes = new long[3];
        for (int i = 0; i < 3; i++) {
            Path ref = refs.resolve(i + ".opstore");
            try (Grid g = RestoreLoopMain.grid(SIDE, seed, i)) {
                GridStore.bake(g, "restored.map", ref);
                hashes[i] = g.contentHash();
            }
            bakes[i] = Files.readAllBytes(ref);
        }
        Files.copy(refs.resolve("0.opstore"), file);
        Pattern temp = Pattern.compile("\\.restored\\.opstore\\.[0-9a-f]+\\.tmp");
        Random rnd = new Random(4);
        TreeMap<String, Integer> killedDuring = new TreeMap<>();
        int[] found = new int[3];
        for (int round = 0; round < KILLS; round++) {
            Process child = ChildProcess.start(ChildProcess.command(
                    dir,
                    List.of(),
                    RestoreLoopMain.class,
                    file.toString(),
                    Integer.toString(SIDE),
                    Long.toString(seed)));
            AtomicReference<String> lastLine = new AtomicReference<>("");
            BufferedReader out =
                    new BufferedReader(new InputStreamReader(child.getInputStream(), StandardCharsets.UTF_8));
            StringBuilder early = new StringBuilder();
            for (String line; (line = out.readLine()) != null && !line.equals("ready"); ) {
                early.append(line).append('\n');
            }
            if (!child.isAlive() && child.waitFor() != 0) {
                fail("round " + round + ": the child ended before it was ready:\n" + early
                        + new String(child.getErrorStream().readAllBytes(), StandardCharsets.UTF_8));
            }
            Thread reader = Thread.ofPlatform().daemon().start(() -> {
                try {
                    for (String line; (line = out.readLine()) != null; ) {
                        lastLine.set(line);
                    }
                } catch (java.io.IOException e) {
                    // the child went away
                }
            });
            Thread.sleep(300 + rnd.nextInt(2500));
            child.destroyForcibly(); // SIGKILL
            assertTrue(child.waitFor(30, TimeUnit.SECONDS), "the killed child did not end");
            reader.join(5000);
            killedDuring.merge(lastLine.get().replaceAll(" \\d+$", ""), 1, Integer::sum);

            byte[] now = Files.readAllBytes(file);
            int which = -1;
            for (int i = 0; i < 3; i++) {
                if (Arrays.equals(now, bakes[i])) {
                    which = i;
                }
            }
            assertTrue(
                    which >= 0,
                    "round " + round + ": the store is none of the three bakes (killed after \"" + lastLine.get()
                            + "\")");
            found[which]++;
            try (GridStore store = GridStore.open(file)) {
                store.verify(StoreProgress.NONE);
                assertEquals(hashes[which], store.grid().contentHash(), "round " + round + ": content hash");
            }
            try (Stream<Path> files = Files.list(dir)) {
                for (String name : files.map(p -> p.getFileName().toString()).toList()) {
                    assertTrue(
                            name.equals("restored.opstore")
                                    || name.equals("refs")
                                    || temp.matcher(name).matches(),
                            "round " + round + ": unexpected file " + name);
                }
            }
        }
        System.out.println("KilledRestoreTest: killed after " + killedDuring + "; found the first grid " + found[0]
                + " times, the states " + found[1] + " and " + found[2] + " times");
    }
}
