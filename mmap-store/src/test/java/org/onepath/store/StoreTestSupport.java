package org.onepath.store;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import java.util.zip.CRC32C;
import org.onepath.Grid;
import org.onepath.GridAlgorithm;
import org.onepath.GridOptions;
import org.onepath.GridPath;
import org.onepath.VoxelGrid;
import org.onepath.VoxelPath;
import org.onepath.cells.Cell;
import org.onepath.cells.Connectivity;
import org.onepath.cells.DiagonalRule;
import org.onepath.cells.GridTables;
import org.onepath.layout.VoxelChunkLayout;

/** Shared helpers of the store tests: random grids, byte-level file surgery, result comparison. */
final class StoreTestSupport {
    private StoreTestSupport() {}

    // ---- grids ----

    /** A random grid: each cell a wall with {@code wallPercent} percent chance, else area 0..3. */
    static Grid randomGrid(int width, int height, long seed, int wallPercent) {
        Random rnd = new Random(seed);
        Grid grid = Grid.create(width, height);
        for (int y = 0; y < height; y++) {
            for (int x = 0; x < width; x++) {
                grid.setArea(x, y, rnd.nextInt(100) < wallPercent ? Grid.WALL : rnd.nextInt(4));
            }
        }
        return grid;
    }

    /** An independent in-memory copy of a grid's cells. */
    static Grid copyOf(Grid grid) {
        Grid copy = Grid.create(grid.width(), grid.height());
        MemorySegment cells = grid.cells();
        for (int y = 0; y < grid.height(); y++) {
            for (int x = 0; x < grid.width(); x++) {
                copy.setArea(x, y, cells.get(ValueLayout.JAVA_BYTE, (long) y * grid.width() + x) & 0xFF);
            }
        }
        return copy;
    }

    /** The options a test runs for one algorithm: the default, and variants that route to the generic cores. */
    static List<GridOptions> optionVariants(GridAlgorithm algorithm) {
        GridOptions.Builder b = GridOptions.builder().algorithm(algorithm);
        return List.of(
                b.build(),
                GridOptions.builder()
                        .algorithm(algorithm)
                        .diagonalRule(DiagonalRule.ALLOW_ALL)
                        .build(),
                GridOptions.builder()
                        .algorithm(algorithm)
                        .diagonalRule(DiagonalRule.NO_SQUEEZING)
                        .build(),
                GridOptions.builder().algorithm(algorithm).agentSize(2).build(),
                GridOptions.builder()
                        .algorithm(algorithm)
                        .connectivity(Connectivity.FOUR)
                        .build(),
                GridOptions.builder()
                        .algorithm(algorithm)
                        .specializedEngines(false)
                        .build());
    }

    /** Status, cost, cells, expansions and the algorithm that ran are the same. */
    static void assertSameAnswer(GridPath expected, GridPath actual, String what) {
        assertEquals(expected.status(), actual.status(), what + ": status");
        assertEquals(expected.algorithm(), actual.algorithm(), what + ": algorithm that ran");
        assertEquals(expected.cost(), actual.cost(), what + ": cost");
        assertEquals(expected.cells(), actual.cells(), what + ": cells");
        assertEquals(expected.expandedCount(), actual.expandedCount(), what + ": expanded");
    }

    static void assertSameAnswer(VoxelPath expected, VoxelPath actual, String what) {
        assertEquals(expected.status(), actual.status(), what + ": status");
        assertEquals(expected.cost(), actual.cost(), what + ": cost");
        assertEquals(expected.cells(), actual.cells(), what + ": cells");
        assertEquals(expected.expandedCount(), actual.expandedCount(), what + ": expanded");
    }

    /** Runs every algorithm and option variant between the pairs on both grids and compares. */
    static void assertSameQueries(Grid expected, Grid actual, List<Cell[]> pairs, String what) {
        for (Cell[] pair : pairs) {
            for (GridAlgorithm algorithm : GridAlgorithm.values()) {
                for (GridOptions options : optionVariants(algorithm)) {
                    GridPath e = expected.findPath(pair[0], pair[1], options);
                    GridPath a = actual.findPath(pair[0], pair[1], options);
                    assertSameAnswer(e, a, what + " " + pair[0] + " -> " + pair[1] + " " + options);
                }
            }
        }
    }

    /** Random start and goal pairs: mostly walkable cells, sometimes any cell. */
    static List<Cell[]> randomPairs(Grid grid, Random rnd, int count) {
        List<Cell[]> pairs = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            pairs.add(new Cell[] {randomCell(grid, rnd), randomCell(grid, rnd)});
        }
        return pairs;
    }

    private static Cell randomCell(Grid grid, Random rnd) {
        for (int attempt = 0; attempt < 20; attempt++) {
            int x = rnd.nextInt(grid.width());
            int y = rnd.nextInt(grid.height());
            if (grid.isWalkable(x, y) || rnd.nextInt(8) == 0) {
                return new Cell(x, y);
            }
        }
        return new Cell(rnd.nextInt(grid.width()), rnd.nextInt(grid.height()));
    }

    static byte[] bytes(MemorySegment segment) {
        return segment.toArray(ValueLayout.JAVA_BYTE);
    }

    /** Cells, clearance, block map, JPS+ table and octile neighbour bytes are equal. */
    static void assertSameTables(Grid expected, Grid actual, String what) {
        assertArrayEquals(bytes(expected.cells()), bytes(actual.cells()), what + ": cells");
        assertArrayEquals(bytes(expected.clearance()), bytes(actual.clearance()), what + ": clearance()");
        GridTables e = expected.tables();
        GridTables a = actual.tables();
        assertArrayEquals(bytes(e.clearance()), bytes(a.clearance()), what + ": tables().clearance");
        assertArrayEquals(bytes(e.blockMap()), bytes(a.blockMap()), what + ": tables().blockMap");
        assertEquals(e.jpsPlus() == null, a.jpsPlus() == null, what + ": JPS+ presence");
        if (e.jpsPlus() != null) {
            assertArrayEquals(bytes(e.jpsPlus()), bytes(a.jpsPlus()), what + ": tables().jpsPlus");
        }
        assertArrayEquals(
                bytes(e.octileNeighbours()), bytes(a.octileNeighbours()), what + ": tables().octileNeighbours");
    }

    // ---- voxels ----

    /** The 4096 bytes of a chunk, an all-default chunk for null. */
    static byte[] chunkBytes(VoxelGrid world, int cx, int cy, int cz) {
        MemorySegment chunk = world.chunk(cx, cy, cz);
        if (chunk == null) {
            byte[] b = new byte[(int) VoxelChunkLayout.CHUNK_BYTES];
            Arrays.fill(b, (byte) world.defaultArea());
            return b;
        }
        assertEquals(VoxelChunkLayout.CHUNK_BYTES, chunk.byteSize());
        return bytes(chunk);
    }

    /** Every voxel's area and every chunk's bytes are the same. */
    static void assertSameVoxels(VoxelGrid expected, VoxelGrid actual, String what) {
        assertEquals(expected.sizeX(), actual.sizeX(), what + ": sizeX");
        assertEquals(expected.sizeY(), actual.sizeY(), what + ": sizeY");
        assertEquals(expected.sizeZ(), actual.sizeZ(), what + ": sizeZ");
        assertEquals(expected.defaultArea(), actual.defaultArea(), what + ": default area");
        for (int z = 0; z < expected.sizeZ(); z++) {
            for (int y = 0; y < expected.sizeY(); y++) {
                for (int x = 0; x < expected.sizeX(); x++) {
                    int e = expected.area(x, y, z);
                    int a = actual.area(x, y, z);
                    if (e != a) {
                        assertEquals(e, a, what + ": area of (" + x + ", " + y + ", " + z + ")");
                    }
                }
            }
        }
        assertSameChunks(expected, actual, what);
    }

    static void assertSameChunks(VoxelGrid expected, VoxelGrid actual, String what) {
        for (int cz = 0; cz < expected.chunksZ(); cz++) {
            for (int cy = 0; cy < expected.chunksY(); cy++) {
                for (int cx = 0; cx < expected.chunksX(); cx++) {
                    byte[] e = chunkBytes(expected, cx, cy, cz);
                    byte[] a = chunkBytes(actual, cx, cy, cz);
                    if (!Arrays.equals(e, a)) {
                        assertArrayEquals(e, a, what + ": chunk (" + cx + ", " + cy + ", " + cz + ")");
                    }
                }
            }
        }
    }

    // ---- file bytes ----

    static int u32(byte[] b, long at) {
        return ByteBuffer.wrap(b).order(ByteOrder.LITTLE_ENDIAN).getInt((int) at);
    }

    static long u64(byte[] b, long at) {
        return ByteBuffer.wrap(b).order(ByteOrder.LITTLE_ENDIAN).getLong((int) at);
    }

    static void putU32(byte[] b, long at, int v) {
        ByteBuffer.wrap(b).order(ByteOrder.LITTLE_ENDIAN).putInt((int) at, v);
    }

    static void putU64(byte[] b, long at, long v) {
        ByteBuffer.wrap(b).order(ByteOrder.LITTLE_ENDIAN).putLong((int) at, v);
    }

    static int crc32c(byte[] b, long from, long length) {
        CRC32C crc = new CRC32C();
        crc.update(b, (int) from, (int) length);
        return (int) crc.getValue();
    }

    static int sectionCount(byte[] b) {
        return u32(b, StoreLayout.SECTION_COUNT_OFFSET);
    }

    /** Byte offset of section table entry {@code i}. */
    static long entry(int i) {
        return StoreLayout.HEADER_BYTES + i * StoreLayout.ENTRY_BYTES;
    }

    /** Index of the table entry of section {@code id}, failing when absent. */
    static int entryOf(byte[] b, int id) {
        for (int i = 0; i < sectionCount(b); i++) {
            if (u32(b, entry(i) + StoreLayout.ENTRY_ID_OFFSET) == id) {
                return i;
            }
        }
        throw new AssertionError("no section " + id + " in the file");
    }

    static long sectionOffset(byte[] b, int id) {
        return u64(b, entry(entryOf(b, id)) + StoreLayout.ENTRY_OFFSET_OFFSET);
    }

    static long sectionLength(byte[] b, int id) {
        return u64(b, entry(entryOf(b, id)) + StoreLayout.ENTRY_LENGTH_OFFSET);
    }

    static long tableEnd(byte[] b) {
        return entry(sectionCount(b));
    }

    /** Recomputes the table checksum, the header checksum and the footer checksum, in that order. */
    static void fixDirectory(byte[] b) {
        int count = sectionCount(b);
        long tableEnd = count >= 0 && count <= StoreLayout.MAX_SECTIONS ? tableEnd(b) : StoreLayout.HEADER_BYTES;
        putU32(
                b,
                StoreLayout.TABLE_CRC_OFFSET,
                crc32c(b, StoreLayout.HEADER_BYTES, tableEnd - StoreLayout.HEADER_BYTES));
        putU32(b, StoreLayout.HEADER_CRC_OFFSET, crc32c(b, 0, StoreLayout.HEADER_CRC_OFFSET));
        long footer = b.length - StoreLayout.FOOTER_BYTES;
        putU32(b, footer + StoreLayout.FOOTER_DIRECTORY_CRC_OFFSET, crc32c(b, 0, tableEnd));
    }

    static byte[] read(Path file) {
        try {
            return Files.readAllBytes(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static Path write(Path file, byte[] bytes) {
        try {
            return Files.write(file, bytes);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A fresh folder for a property try (jqwik has no {@code @TempDir}). */
    static Path tempFolder(String prefix) {
        try {
            return Files.createTempDirectory(prefix);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static void deleteTree(Path folder) {
        if (folder == null || !Files.exists(folder)) {
            return;
        }
        try (Stream<Path> walk = Files.walk(folder)) {
            for (Path p : walk.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The exception names the file it is about. */
    static void assertNamesFile(StoreException e, Path file) {
        assertNotNull(e.getMessage());
        assertTrue(e.getMessage().contains(file.toString()), "message should name " + file + ": " + e.getMessage());
        assertEquals(file, e.file());
    }

    // ---- benchmark data ----

    /** The benchmark data root: property onepath.data, else ../../shared/data or ../shared/data. */
    static Path dataRoot() {
        String property = System.getProperty("onepath.data");
        if (property != null && !property.isBlank()) {
            return Path.of(property);
        }
        Path a = Path.of("../../shared/data");
        return Files.isDirectory(a) ? a : Path.of("../shared/data");
    }

    // ---- child processes ----

    /** The java executable of this JVM. */
    static String javaExecutable() {
        return ProcessHandle.current()
                .info()
                .command()
                .orElse(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    }

    /**
     * A class path holding everything this test runs with: the class path and, if the runner put
     * the modules on a module path, that too (the child runs them all as unnamed code).
     */
    static String childClassPath() {
        StringBuilder cp = new StringBuilder();
        for (String property : new String[] {"jdk.module.path", "java.class.path"}) {
            String value = System.getProperty(property);
            if (value != null && !value.isBlank()) {
                if (!cp.isEmpty()) {
                    cp.append(java.io.File.pathSeparator);
                }
                cp.append(value);
            }
        }
        return cp.toString();
    }

    /** A command running {@code mainClass} in a new JVM with this test's classes. */
    static List<String> childCommand(Class<?> mainClass, String... args) {
        List<String> command = new ArrayList<>();
        command.add(javaExecutable());
        command.add("-Xmx512m");
        command.add("-cp");
        command.add(childClassPath());
        command.add(mainClass.getName());
        command.addAll(List.of(args));
        return command;
    }
}
