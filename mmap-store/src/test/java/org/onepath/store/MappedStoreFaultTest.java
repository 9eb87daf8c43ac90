package org.onepath.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.onepath.Grid;
import org.onepath.VoxelGrid;

/**
 * A store file truncated or overwritten in place while a child JVM has it mapped: the child
 * reads through the store's entry points, and the JVM never dies. A truncation is reported as
 * {@link StoreTruncatedException} naming the file (the JVM raises {@link InternalError} for the
 * lost page), a query that fails on bytes written in place as {@link StoreCorruptException}, and
 * bytes written in place that a query reads without failing give its answer unchecked until
 * {@code verify} finds them. Each child prints one line; the test checks it and the exit status.
 */
class MappedStoreFaultTest {
    private static final int SIDE = 300;

    @TempDir
    Path dir;

    private Path gridFile;
    private long gridLength;

    @BeforeEach
    void bake() throws Exception {
        gridFile = dir.resolve("fault-grid.opstore");
        try (Grid grid = StoreTestSupport.randomGrid(SIDE, SIDE, 7, 20)) {
            grid.setArea(1, 1, 0);
            grid.setArea(SIDE - 2, SIDE - 2, 0);
            GridStore.bake(grid, "fault.map", gridFile);
        }
        gridLength = Files.size(gridFile);
    }

    private ChildProcess.Outcome child(String mode, Path file) throws Exception {
        return ChildProcess.run(ChildProcess.command(dir, List.of(), StoreFaultMain.class, mode, file.toString()), 60);
    }

    private String truncatedLine(Path file, long length, String during) {
        return "StoreTruncatedException: " + file + ": the file was truncated to " + StoreFaultMain.TRUNCATED_LENGTH
                + " bytes (it was " + length + " bytes when opened) while mapped, and " + during
                + " read a page past its new end; close the store and open the file again";
    }

    /**
     * Without the catch of the JVM's InternalError in {@code GridStore.findPath} the child prints
     * "InternalError: a fault occurred in an unsafe memory access operation" and exits 1; without
     * the remembered failure its second query is not refused.
     */
    @Test
    void gridTruncatedUnderAQueryIsReportedNamingTheFile() throws Exception {
        ChildProcess.Outcome o = child("truncate-query", gridFile);
        assertEquals(StoreFaultMain.REPORTED, o.status(), o.describe());
        assertEquals(truncatedLine(gridFile, gridLength, "a query"), o.line(), o.describe());
    }

    /**
     * Without the heap copy under every checksum of the mapping ({@code StoreFile.update}) the
     * JDK's CRC32C stub meets the lost page and the JVM dies of SIGBUS (exit status 134).
     */
    @Test
    void gridTruncatedUnderAVerifyIsReportedNotACrash() throws Exception {
        ChildProcess.Outcome o = child("truncate-verify", gridFile);
        assertEquals(StoreFaultMain.REPORTED, o.status(), o.describe());
        assertEquals(truncatedLine(gridFile, gridLength, "verifying"), o.line(), o.describe());
    }

    /** Without the catch in {@code VoxelWorldStore.findPath} the child exits 1 with the InternalError. */
    @Test
    void worldTruncatedUnderAQueryIsReportedNamingTheFile() throws Exception {
        Path worldFile = dir.resolve("fault-world.opstore");
        try (VoxelGrid world = VoxelWorldStorePropertyTest.randomWorld(64, 64, 48, 0, 42)) {
            VoxelWorldStore.write(world, "fault.3dmap", worldFile);
        }
        long length = Files.size(worldFile);
        ChildProcess.Outcome o = child("truncate-world", worldFile);
        assertEquals(StoreFaultMain.REPORTED, o.status(), o.describe());
        assertEquals(truncatedLine(worldFile, length, "a query"), o.line(), o.describe());
    }

    /**
     * The store's grid queried directly ({@code store.grid().findPath}, one goal, then many goals)
     * after the truncation. Without the grid's {@code MemoryFaults} ({@code Grid.over} with the
     * store file's {@code queryFaults}) the child prints the raw InternalError and exits 1; without
     * its {@code ensureReadable} the many-goal query after the failure reads the mapping again
     * instead of being refused.
     */
    @Test
    void gridOfAStoreTruncatedUnderAQueryReportsTheStoreException() throws Exception {
        ChildProcess.Outcome o = child("truncate-grid", gridFile);
        assertEquals(StoreFaultMain.REPORTED, o.status(), o.describe());
        assertEquals(truncatedLine(gridFile, gridLength, "a query"), o.line(), o.describe());
    }

    /**
     * {@code findPathAsync} on the store's grid with the file truncated between the first slice
     * (calling thread) and the second (a pool thread): the future completes with the store's
     * exception. Without the faults in {@code GridSearch.step} the raw InternalError escapes the
     * slice on the pool's thread and the future never completes (the child times out and says so).
     */
    @Test
    void asyncQueryOnAStoresGridTruncatedBetweenSlicesReportsTheStoreException() throws Exception {
        ChildProcess.Outcome o = child("truncate-grid-async", gridFile);
        assertEquals(StoreFaultMain.REPORTED, o.status(), o.describe());
        assertEquals(truncatedLine(gridFile, gridLength, "a query"), o.line(), o.describe());
    }

    /**
     * A {@code PathService} over the store's grid: the query after the truncation fails with the
     * store's exception and the batch after it is refused. Without the grid's faults the future
     * fails with the raw InternalError and the child exits 1.
     */
    @Test
    void pathServiceOverATruncatedStoreReportsTheStoreException() throws Exception {
        ChildProcess.Outcome o = child("truncate-service", gridFile);
        assertEquals(StoreFaultMain.REPORTED, o.status(), o.describe());
        assertEquals(truncatedLine(gridFile, gridLength, "a query"), o.line(), o.describe());
    }

    /**
     * A world store's grid queried directly, then through findPathAsync with the file truncated
     * between slices. Without {@code ChunkTable.over} taking the store file's faults both children
     * exit 1 with the raw InternalError (or, for the async one, time out).
     */
    @Test
    void worldStoresGridTruncatedUnderAQueryReportsTheStoreException() throws Exception {
        for (String mode : List.of("truncate-world-grid", "truncate-world-async")) {
            Path worldFile = dir.resolve(mode + ".opstore");
            try (VoxelGrid world = VoxelWorldStorePropertyTest.randomWorld(64, 64, 48, 0, 42)) {
                VoxelWorldStore.write(world, "fault.3dmap", worldFile);
            }
            long length = Files.size(worldFile);
            ChildProcess.Outcome o = child(mode, worldFile);
            assertEquals(StoreFaultMain.REPORTED, o.status(), mode + ": " + o.describe());
            assertEquals(truncatedLine(worldFile, length, "a query"), o.line(), mode + ": " + o.describe());
        }
    }

    /**
     * The JPS+ table overwritten with 0x7F bytes: the first jump runs off the table and the
     * bounds check throws. Without the comparison of the file with the one opened
     * ({@code StoreFile.changeSinceOpen}) the child prints the raw IndexOutOfBoundsException and
     * exits 1.
     */
    @Test
    void aQueryFailingOnBytesWrittenInPlaceIsReportedAsCorrupt() throws Exception {
        ChildProcess.Outcome o = child("overwrite-jps-plus", gridFile);
        assertEquals(StoreFaultMain.REPORTED, o.status(), o.describe());
        Pattern expected = Pattern.compile(
                Pattern.quote("StoreCorruptException: " + gridFile + ": the file was written in place (last modified ")
                        + "[^)]+"
                        + Pattern.quote(" when opened) since it was opened, and a query failed on its bytes "
                                + "(java.lang.IndexOutOfBoundsException: ")
                        + ".*" + Pattern.quote("); close the store and open the file again"));
        assertTrue(expected.matcher(o.line()).matches(), o.describe());
    }

    /**
     * The cells overwritten with walls: the mapping shows the new bytes, so the query answers
     * START_INVALID from them (documented: opening checks only the small sections), and
     * {@code GridStore.verify} finds the cells' checksum wrong. Without the section checksums of
     * verify the line would end in "verify passed".
     */
    @Test
    void cellsWrittenInPlaceAnswerUncheckedUntilVerify() throws Exception {
        ChildProcess.Outcome o = child("overwrite-cells", gridFile);
        assertEquals(0, o.status(), o.describe());
        Pattern expected = Pattern.compile("answered [A-Z_]+ then START_INVALID; verify: StoreCorruptException: "
                + Pattern.quote(gridFile.toString())
                + ": cells section checksum is 0x[0-9a-f]{8}, its " + SIDE * SIDE
                + " bytes at offset \\d+ give 0x[0-9a-f]{8}");
        assertTrue(expected.matcher(o.line()).matches(), o.describe());
    }
}
