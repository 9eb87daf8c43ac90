package org.onepath.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.onepath.Grid;

/**
 * A process killed while baking over a store never leaves a broken store: after each kill the
 * file opens and verifies, holding either the previous bake or a complete new one, and nothing
 * but hidden temporary files is left beside it.
 */
class KilledBakeTest {
    private static final int SIDE = 1500;
    private static final int KILLS = 8;

    @TempDir
    Path dir;

    @Test
    void killedBakeLeavesTheOldOrTheNewStore() throws Exception {
        Path file = dir.resolve("world.opstore");
        try (Grid first = StoreTestSupport.randomGrid(31, 29, 1, 20)) {
            GridStore.bake(first, "first", file);
        }
        Pattern temp = Pattern.compile("\\.world\\.opstore\\.[0-9a-f]+\\.tmp");
        Random rnd = new Random(8);
        int newBakes = 0;
        for (int round = 0; round < KILLS; round++) {
            ProcessBuilder pb = new ProcessBuilder(StoreTestSupport.childCommand(
                    BakeLoopMain.class, file.toString(), Integer.toString(SIDE), Long.toString(round)));
            pb.redirectErrorStream(true);
            Process child = pb.start();
            child.getOutputStream().close();
            BufferedReader out =
                    new BufferedReader(new InputStreamReader(child.getInputStream(), StandardCharsets.UTF_8));
            CompletableFuture<String> ready = CompletableFuture.supplyAsync(() -> {
                StringBuilder seen = new StringBuilder();
                try {
                    for (String line; (line = out.readLine()) != null; ) {
                        if (line.equals("ready")) {
                            return null;
                        }
                        seen.append(line).append('\n');
                    }
                } catch (java.io.IOException e) {
                    seen.append(e);
                }
                return seen.toString();
            });
            String early;
            try {
                early = ready.get(60, TimeUnit.SECONDS);
            } catch (java.util.concurrent.TimeoutException e) {
                child.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
                fail("round " + round + ": the child was not ready within 60 s");
                return;
            }
            if (early != null) {
                child.waitFor(10, TimeUnit.SECONDS);
                fail("round " + round + ": the child ended before it was ready:\n" + early);
            }
            Thread.sleep(50 + rnd.nextInt(751));
            child.destroyForcibly();
            assertTrue(child.waitFor(30, TimeUnit.SECONDS), "the killed child did not end");
            out.close();

            GridStore.verify(file, StoreProgress.NONE);
            try (GridStore store = GridStore.open(file)) {
                store.verify(StoreProgress.NONE);
                int w = store.grid().width();
                if (w == SIDE) {
                    newBakes++;
                    assertEquals(SIDE, store.grid().height());
                    assertTrue(store.name().startsWith("loop-"), store.name());
                } else {
                    assertEquals(31, w, "neither the first store nor a new one");
                    assertEquals("first", store.name());
                }
            }
            try (Stream<Path> files = Files.list(dir)) {
                List<String> names = files.map(p -> p.getFileName().toString()).toList();
                for (String name : names) {
                    assertTrue(
                            name.equals("world.opstore") || temp.matcher(name).matches(),
                            "round " + round + ": unexpected file " + name + " in " + names);
                }
            }
        }
        System.out.println("KilledBakeTest: " + newBakes + " of " + KILLS + " kills found a new complete bake");
    }
}
