package org.onepath.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.onepath.Grid;
import org.onepath.VoxelGrid;
import org.onepath.cells.PathStatus;

/**
 * A second JVM opens the same store files while this one has them open read-only, and both give
 * the same answers, which are those of the in-memory grid and world the files were written from.
 */
class SharedStoreProcessTest {
    @TempDir
    Path dir;

    /** Reads a stream to the end on its own thread, so a chatty child cannot block on a full pipe. */
    static final class Drain extends Thread {
        private final InputStream in;
        private final ByteArrayOutputStream out = new ByteArrayOutputStream();

        Drain(InputStream in) {
            this.in = in;
            setDaemon(true);
            start();
        }

        @Override
        public void run() {
            try {
                in.transferTo(out);
            } catch (IOException e) {
                // the process went away
            }
        }

        String text() throws InterruptedException {
            join(10_000);
            synchronized (out) {
                return out.toString(StandardCharsets.UTF_8);
            }
        }
    }

    @Test
    void secondProcessReadsTheSameStores() throws Exception {
        Path gridFile = dir.resolve("shared-grid.opstore");
        Path worldFile = dir.resolve("shared-world.opstore");
        List<String> inMemory;
        try (Grid grid = StoreTestSupport.randomGrid(120, 90, 42, 25);
                VoxelGrid world = VoxelWorldStorePropertyTest.randomWorld(40, 35, 30, 0, 42)) {
            GridStore.bake(grid, "shared.map", gridFile);
            VoxelWorldStore.write(world, "shared.3dmap", worldFile);
            inMemory = StoreQueryMain.answers(grid, world);
        }
        assertTrue(inMemory.stream().anyMatch(l -> l.contains(" " + PathStatus.FOUND + " ")), "no query found a path");

        try (GridStore grid = GridStore.open(gridFile);
                VoxelWorldStore world = VoxelWorldStore.open(worldFile)) {
            List<String> here = StoreQueryMain.answers(grid.grid(), world.grid());
            assertEquals(inMemory, here, "the stores answer differently from the grids they were written from");

            ProcessBuilder pb = new ProcessBuilder(
                    StoreTestSupport.childCommand(StoreQueryMain.class, gridFile.toString(), worldFile.toString()));
            Process child = pb.start();
            child.getOutputStream().close();
            Drain stdout = new Drain(child.getInputStream());
            Drain stderr = new Drain(child.getErrorStream());
            boolean done = child.waitFor(60, TimeUnit.SECONDS);
            if (!done) {
                child.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            }
            String err = stderr.text();
            assertTrue(done, "the child did not finish in 60 s; its stderr:\n" + err);
            assertEquals(0, child.exitValue(), "the child failed; its stderr:\n" + err);
            List<String> there = stdout.text().lines().toList();
            assertEquals(here, there, "the second process answers differently; its stderr:\n" + err);

            // this process still reads its mapping after the child is gone
            assertEquals(here, StoreQueryMain.answers(grid.grid(), world.grid()));
            assertTrue(Files.exists(gridFile) && Files.exists(worldFile));
        }
    }
}
