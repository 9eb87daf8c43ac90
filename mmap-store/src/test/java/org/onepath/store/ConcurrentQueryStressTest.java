package org.onepath.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.onepath.Grid;
import org.onepath.VoxelGrid;

/**
 * Several threads query one in-memory grid, one grid store and one world store at once, in a
 * child JVM with native memory tracking, with every engine documented as safe for concurrent
 * queries ({@link QueryStressMain}). Each answer equals the one the same query gave alone, and
 * after closing everything the native memory counts are back where they started.
 *
 * <p>The time under load is {@code onepath.stress.seconds} (12 unless set; the whole test takes
 * about 20 s) and the threads {@code onepath.stress.threads} (4 unless set, 2 to 8), so a longer
 * run is {@code -Donepath.stress.seconds=60}.
 *
 * <p>This fails without the grids' idle-engine slot ({@code IdleSlot}): threads sharing one
 * search engine give wrong answers or throw, and engines made for concurrent callers that are
 * dropped rather than closed leave native memory to the Cleaner (its freed count grows, or the
 * "Other" count stays above its start).
 */
class ConcurrentQueryStressTest {
    @TempDir
    Path dir;

    @Test
    void concurrentQueriesAnswerAsAloneAndFreeTheirMemory() throws Exception {
        int seconds = Integer.getInteger("onepath.stress.seconds", 12);
        int threads = Integer.getInteger("onepath.stress.threads", 4);
        assertTrue(seconds >= 1 && threads >= 2 && threads <= 8, "seconds " + seconds + ", threads " + threads);
        Path gridFile = dir.resolve("stress-grid.opstore");
        Path worldFile = dir.resolve("stress-world.opstore");
        try (Grid grid = QueryStressMain.grid();
                VoxelGrid world = QueryStressMain.world()) {
            GridStore.bake(grid, "stress.map", gridFile);
            VoxelWorldStore.write(world, "stress.3dmap", worldFile);
        }
        ChildProcess.Outcome o = ChildProcess.run(
                ChildProcess.command(
                        dir,
                        List.of("-XX:NativeMemoryTracking=summary"),
                        QueryStressMain.class,
                        gridFile.toString(),
                        worldFile.toString(),
                        Integer.toString(threads),
                        Long.toString(seconds * 1000L)),
                seconds + 90);
        System.out.println("ConcurrentQueryStressTest: " + o.line());
        assertEquals(0, o.status(), o.describe());
        Matcher m = Pattern.compile("ok queries=(\\d+) threads=" + threads + " distinct=(\\d+) .*")
                .matcher(o.line());
        assertTrue(m.matches(), o.describe());
        assertTrue(
                Long.parseLong(m.group(1)) > Long.parseLong(m.group(2)),
                "fewer queries under load than distinct ones: " + o.line());
    }
}
