package org.onepath.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.foreign.MemorySegment;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.onepath.HexGrid;
import org.onepath.HexSpace;
import org.onepath.VoxelGrid;
import org.onepath.cells.HexLayout;
import org.onepath.state.AreasLayout;
import org.onepath.state.AreasPiece;
import org.onepath.state.OnePathFormatException;
import org.onepath.state.OpenSetPiece;
import org.onepath.state.SearchBuffersPiece;
import org.onepath.state.SpacePiece;
import org.onepath.state.StateKind;
import org.onepath.state.StateWriter;

/**
 * {@code onepath state grid} and {@code onepath state inspect}: a map written as a Grid state and
 * decoded again, hand-built states of every decoded kind, and broken bytes, each one line on
 * stderr naming the file, field and offset.
 */
class StateCommandTest {
    /** Map A's Grid state: 8 header + 12 sizes and version + 24 space + 2044 areas + 20 cells. */
    private static final int MAP_A_STATE_BYTES = 2108;
    /** Where map A's cells start. */
    private static final int CELLS_OFFSET = 2088;
    /** Offset of area 0's multiplier: header 8, three i32, space 24, areas version 4. */
    private static final int MULTIPLIER_0_OFFSET = 48;

    @TempDir
    Path dir;

    // ---- helpers ----

    private static void assertMentions(String text, String... parts) {
        for (String p : parts) {
            assertTrue(text.contains(p), () -> "'" + p + "' missing from:\n" + text);
        }
    }

    private Path mapAState() {
        Path map = Fixtures.write(dir.resolve("a.map"), Fixtures.MAP_A);
        Path state = dir.resolve("a.state");
        CliRun run = CliRun.of("state", "grid", map.toString(), "--out", state.toString());
        assertEquals(0, run.status(), run::toString);
        return state;
    }

    private Path write(String name, byte[] bytes) {
        try {
            return Files.write(dir.resolve(name), bytes);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static byte[] read(Path file) {
        try {
            return Files.readAllBytes(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private List<String> folder() {
        try (Stream<Path> files = Files.list(dir)) {
            return files.map(p -> p.getFileName().toString()).sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static Map<String, Object> inspectJson(Path file) {
        CliRun run = CliRun.of("state", "inspect", "--json", file.toString());
        assertEquals(0, run.status(), run::toString);
        assertEquals(1, run.outLines().size(), () -> "one JSON line:\n" + run);
        assertEquals("", run.err());
        return MiniJson.object(MiniJson.parse(run.out()));
    }

    private static String inspectText(Path file) {
        CliRun run = CliRun.of("state", "inspect", file.toString());
        assertEquals(0, run.status(), run::toString);
        assertEquals("", run.err());
        return run.out();
    }

    /** Runs inspect on bad bytes; checks exit 2 and one stderr line naming the file and the parts. */
    private String assertRejected(Path file, String... parts) {
        String line = CliRun.of("state", "inspect", file.toString()).assertBadInput();
        assertTrue(line.startsWith("onepath: " + file + ": "), () -> "file name first: " + line);
        assertMentions(line, parts);
        return line;
    }

    private static long integer(Map<String, Object> json, String... path) {
        Object v = json;
        for (String key : path) {
            Map<String, Object> o = MiniJson.object(v);
            assertTrue(o.containsKey(key), () -> "key '" + key + "' missing from " + o);
            v = o.get(key);
        }
        return MiniJson.integer(v);
    }

    private static double[] ones() {
        double[] m = new double[AreasLayout.AREA_COUNT];
        Arrays.fill(m, 1.0);
        return m;
    }

    /** The fixed fields of a search state (kinds 8 to 11). */
    private static StateWriter searchHeader(StateKind kind, int nodeCount, int status, int start, int goal) {
        StateWriter w = new StateWriter();
        // A search not started has no counts; a running one here has popped its start once.
        int counts = status == 0 ? 0 : 1;
        w.header(kind)
                .i32(nodeCount)
                .u8(status)
                .f64(1.0)
                .i32(start)
                .i32(goal)
                .i32(counts)
                .i32(counts)
                .f64(Double.POSITIVE_INFINITY);
        return w;
    }

    /** A running A* over 20 nodes: 0 expanded, 1 and 5 open. */
    private static byte[] runningAStar() {
        SearchBuffersPiece.Buffers buffers = new SearchBuffersPiece.Buffers(
                new int[] {0, 1, 5},
                new boolean[] {true, false, false},
                new double[] {0, 1, 1},
                new int[] {-1, 0, 0},
                new OpenSetPiece.Heap(new int[] {1, 5}, new double[] {5, 5}, new double[] {1, 1}),
                new int[] {0});
        try (StateWriter w = searchHeader(StateKind.A_STAR, 20, 1, 0, 19)) {
            SearchBuffersPiece.write(w, buffers, 20);
            return w.toByteArray();
        }
    }

    // ---- state grid, then inspect ----

    @Test
    void gridWritesTheStateAndInspectDecodesIt() {
        Path map = Fixtures.write(dir.resolve("a.map"), Fixtures.MAP_A);
        Path state = dir.resolve("a.state");
        CliRun run = CliRun.of("state", "grid", map.toString(), "--out", state.toString());
        assertEquals(0, run.status(), run::toString);
        assertEquals(
                List.of("wrote " + state + ": " + MAP_A_STATE_BYTES + " bytes, grid 5 x 4 (from " + map + ")"),
                run.outLines());
        assertEquals(MAP_A_STATE_BYTES, read(state).length);
        assertEquals(List.of("a.map", "a.state"), folder(), "no temporary file left");

        String text = inspectText(state);
        assertMentions(
                text,
                "magic: 0x5347504F (ok)\n",
                "formatVersion: 1\n",
                "kind: 1 (Grid)\n",
                "payload: 2100 bytes\n",
                "width: 5\n",
                "height: 4\n",
                "version: 0\n",
                "space: unassigned",
                "areas: version 0, multipliers not 1: none\n",
                "cells: 20 (open 16, wall 4, other areas: none)\n");
    }

    @Test
    void inspectJsonOfAGridState() {
        Path state = mapAState();
        Map<String, Object> json = inspectJson(state);
        assertEquals(state.toString(), json.get("file"));
        assertEquals(MAP_A_STATE_BYTES, integer(json, "bytes"));
        assertEquals("0x5347504F", json.get("magic"));
        assertEquals(true, json.get("magicOk"));
        assertEquals(1, integer(json, "formatVersion"));
        assertEquals(1, integer(json, "kind"));
        assertEquals("Grid", json.get("kindName"));
        assertEquals(true, json.get("decoded"));
        assertEquals(5, integer(json, "width"));
        assertEquals(4, integer(json, "height"));
        assertEquals(20, integer(json, "cells", "count"));
        assertEquals(Fixtures.MAP_A_OPEN_CELLS, integer(json, "cells", "open"));
        assertEquals(4, integer(json, "cells", "wall"));
        assertEquals(
                Map.of(), MiniJson.object(MiniJson.object(json.get("areas")).get("multipliersNotOne")));
    }

    @Test
    void handBuiltGridWithSpaceAreasAndOtherCells() {
        double[] m = ones();
        m[3] = 2.5;
        byte[] bytes;
        try (StateWriter w = new StateWriter()) {
            w.header(StateKind.GRID).i32(3).i32(2).i32(7);
            SpacePiece.writeGrid(w, new SpacePiece.Grid(1, 2, 0.5));
            AreasPiece.write(w, new AreasPiece.Areas(4, m));
            for (int cell : new int[] {0, 3, 3, 255, 0, 9}) {
                w.u8(cell);
            }
            bytes = w.toByteArray();
        }
        Path state = write("g.state", bytes);
        assertMentions(
                inspectText(state),
                "width: 3\n",
                "height: 2\n",
                "version: 7\n",
                "space: origin (1.0, 2.0), cellSize 0.5\n",
                "areas: version 4, multipliers not 1: area 3 = 2.5\n",
                "cells: 6 (open 2, wall 1, other areas: area 3 = 2, area 9 = 1)\n");
        Map<String, Object> json = inspectJson(state);
        assertEquals(2, integer(json, "cells", "otherAreas", "3"));
        assertEquals(1, integer(json, "cells", "otherAreas", "9"));
        assertEquals(
                2.5,
                MiniJson.number(
                        MiniJson.object(MiniJson.object(json.get("areas")).get("multipliersNotOne"))
                                .get("3")));
        assertEquals(true, MiniJson.object(json.get("space")).get("assigned"));
    }

    @Test
    void voxelGridStateCountsStoredChunksInsideTheGrid() {
        byte[] bytes;
        // 40 x 16 x 3: chunks 3 x 1 x 1. Chunk 0 is full-width; chunk 2 covers x 32..39 only, so
        // its padding (x 40..47, y all, z 3..15) must not be counted. Chunk 1 stays default.
        try (VoxelGrid grid = VoxelGrid.create(40, 16, 3)) {
            grid.setWalkable(1, 1, 1, false);
            grid.setArea(2, 2, 2, 7);
            grid.setWalkable(39, 15, 2, false);
            bytes = grid.saveState();
        }
        Path state = write("v.state", bytes);
        Map<String, Object> json = inspectJson(state);
        assertEquals(3, integer(json, "kind"));
        assertEquals("VoxelGrid", json.get("kindName"));
        assertEquals(40, integer(json, "sizeX"));
        assertEquals(16, integer(json, "sizeY"));
        assertEquals(3, integer(json, "sizeZ"));
        assertEquals(0, integer(json, "defaultArea"));
        assertEquals(3, integer(json, "version"));
        assertEquals(3, integer(json, "chunks", "count"));
        assertEquals(2, integer(json, "chunks", "stored"));
        assertEquals(16 * 16 * 3 + 8 * 16 * 3, integer(json, "storedChunkVoxels", "count"));
        assertEquals(2, integer(json, "storedChunkVoxels", "solid"));
        assertEquals(1, integer(json, "storedChunkVoxels", "otherAreas", "7"));
        assertEquals(16 * 16 * 3 + 8 * 16 * 3 - 3, integer(json, "storedChunkVoxels", "open"));
        assertEquals(16 * 16 * 3, integer(json, "defaultChunkVoxels"));
        assertMentions(
                inspectText(state),
                "kind: 3 (VoxelGrid)\n",
                "sizeX: 40\n",
                "chunks: 3 (3 x 1 x 1), stored 2\n",
                "storedChunkVoxels: 1152 inside the grid (open 1149, solid 2, other areas: area 7 = 1)\n",
                "defaultChunkVoxels: 768 (all area 0)\n");
    }

    /** A 5 x 4 flat-odd-column hex grid with a space, a cost, walls and areas, after three edits. */
    private static byte[] hexGridState() {
        try (HexGrid grid = HexGrid.create(5, 4, HexLayout.FLAT_ODD_COLUMN)) {
            grid.space(new HexSpace(1, 2, 0.5));
            grid.areas().set(6, 2.5);
            grid.setRect(1, 1, 2, 2, 6);
            grid.setWalkable(4, 3, false);
            grid.setArea(0, 0, 9);
            return grid.saveState();
        }
    }

    @Test
    void hexGridStateIsDecodedWithItsLayout() {
        Path state = write("hex.state", hexGridState());
        assertMentions(
                inspectText(state),
                "kind: 2 (HexGrid)\n",
                "payload: 2104 bytes\n",
                "width: 5\n",
                "height: 4\n",
                "layout: 2 (flat odd column)\n",
                "version: 3\n",
                "space: origin (1.0, 2.0), cellSize 0.5\n",
                "areas: version 1, multipliers not 1: area 6 = 2.5\n",
                "cells: 20 (open 14, wall 1, other areas: area 6 = 4, area 9 = 1)\n");
        Map<String, Object> json = inspectJson(state);
        assertEquals(2, integer(json, "kind"));
        assertEquals("HexGrid", json.get("kindName"));
        assertEquals(true, json.get("decoded"));
        assertEquals(2, integer(json, "layout"));
        assertEquals("flat odd column", json.get("layoutName"));
        assertEquals(20, integer(json, "cells", "count"));
        assertEquals(4, integer(json, "cells", "otherAreas", "6"));
        assertEquals(1, integer(json, "cells", "wall"));
    }

    @Test
    void hexGridLayoutOutOfRangeIsNamed() {
        byte[] bytes = hexGridState();
        bytes[16] = 4; // the layout's low byte: code 4
        assertRejected(write("hex.state", bytes), "'layout' = 4", "offset 16", "0..3");
        byte[] cut = Arrays.copyOf(hexGridState(), 2100);
        assertRejected(write("cut.state", cut), "'cells'", "offset 2092", "20 bytes");
    }

    @Test
    void aStarNotStarted() {
        byte[] bytes;
        try (StateWriter w = searchHeader(StateKind.A_STAR, 20, 0, -1, -1)) {
            bytes = w.toByteArray();
        }
        Path state = write("s.state", bytes);
        assertMentions(
                inspectText(state),
                "kind: 8 (A*)\n",
                "nodeCount: 20\n",
                "status: 0 (not started)\n",
                "start: -1 (unset)\n",
                "heuristicWeight: 1.0\n",
                "buffers: none");
        Map<String, Object> json = inspectJson(state);
        assertEquals(0, integer(json, "status"));
        assertEquals("not started", json.get("statusName"));
        assertEquals(-1, integer(json, "goal"));
        assertTrue(json.containsKey("buffers"));
        assertNull(json.get("buffers"));
    }

    @Test
    void aStarRunning() {
        Path state = write("s.state", runningAStar());
        assertMentions(
                inspectText(state),
                "status: 1 (running)\n",
                "start: 0\n",
                "goal: 19\n",
                "expanded: 1\n",
                "iterations: 1\n",
                "buffers:\n  visited: 3\n  closed: 1\n  open: 2\n  expanded: 1\n");
        Map<String, Object> json = inspectJson(state);
        assertEquals(3, integer(json, "buffers", "visited"));
        assertEquals(1, integer(json, "buffers", "closed"));
        assertEquals(2, integer(json, "buffers", "open"));
        assertEquals(1, integer(json, "buffers", "expanded"));
    }

    @Test
    void searchBuffersAreCheckedByThePiece() {
        // Visited record 1's parent is node 7, which is not visited. The piece starts at 8 + 37,
        // records at +4, 17 bytes each, the parent 13 bytes in: 45 + 4 + 17 + 13 = 79.
        byte[] bytes;
        try (StateWriter w = searchHeader(StateKind.JUMP_POINT_SEARCH, 20, 1, 0, 19)) {
            w.i32(2).i32(0).flag(true).f64(0).i32(-1).i32(1).flag(false).f64(1).i32(7);
            w.i32(0).i32(0);
            bytes = w.toByteArray();
        }
        assertRejected(write("s.state", bytes), "visited[1].parent", "= 7", "offset 79", "a visited node");
    }

    @Test
    void aThetaStateWithRequeuedPopsIsDecoded() {
        // Lazy Theta* with re-queue saved after it put a repaired node back: fewer expansions
        // than iterations, which only kind 10 allows.
        byte[] bytes;
        int iterations;
        int expanded;
        try (org.onepath.Grid grid = org.onepath.Grid.fromText("""
                ........
                ..##....
                ..#.....
                ....###.
                ........""");
                org.onepath.grids.GridSearchBuffers buffers =
                        new org.onepath.grids.GridSearchBuffers(grid.cellCount())) {
            var search = new org.onepath.grids.theta.ThetaSearch<>(
                    grid,
                    org.onepath.grids.theta.ThetaVariant.LAZY_REQUEUE,
                    new org.onepath.grids.theta.EuclideanHeuristic(grid.width(), 1.0),
                    1.0,
                    buffers);
            search.begin(grid.indexOf(0, 4), grid.indexOf(7, 0));
            while (search.iterations() == search.expandedCount()) {
                search.step(1);
            }
            iterations = search.iterations();
            expanded = search.expandedCount();
            bytes = search.saveState();
        }
        Path state = write("theta.state", bytes);
        assertMentions(
                inspectText(state),
                "kind: 10 (Theta*)\n",
                "status: 1 (running)\n",
                "expanded: " + expanded + "\n",
                "iterations: " + iterations + "\n");
        assertTrue(expanded < iterations);
    }

    @Test
    void searchStatusOutOfRange() {
        byte[] bytes;
        try (StateWriter w = searchHeader(StateKind.THETA_STAR, 20, 4, 0, 19)) {
            bytes = w.toByteArray();
        }
        assertRejected(write("s.state", bytes), "'status' = 4", "offset 12", "0..3");
    }

    @Test
    void graphState() {
        byte[] bytes;
        try (StateWriter w = new StateWriter()) {
            w.header(StateKind.GRAPH).i32(4).i32(3);
            w.i32(0).i32(1).f64(2.5).flag(true);
            w.i32(1).i32(3).f64(0.5).flag(true);
            w.i32(2).i32(2).f64(9).flag(false);
            bytes = w.toByteArray();
        }
        Path state = write("graph.state", bytes);
        assertMentions(
                inspectText(state),
                "kind: 4 (Graph)\n",
                "nodeCount: 4\n",
                "edgeCount: 3 (alive 2, removed 1)\n",
                "selfLoops: 1\n",
                "aliveWeightMin: 0.5\n",
                "aliveWeightMax: 2.5\n");
        Map<String, Object> json = inspectJson(state);
        assertEquals(3, integer(json, "edgeCount"));
        assertEquals(2, integer(json, "aliveEdges"));
    }

    @Test
    void graphEdgeOutOfRange() {
        byte[] bytes;
        try (StateWriter w = new StateWriter()) {
            w.header(StateKind.GRAPH).i32(4).i32(2);
            w.i32(0).i32(1).f64(2.5).flag(true);
            w.i32(1).i32(9).f64(0.5).flag(true);
            bytes = w.toByteArray();
        }
        // Edge 1 starts at 16 + 17; its 'to' is 4 bytes in.
        assertRejected(write("graph.state", bytes), "edge[1].to", "= 9", "offset 37", "0..3");
    }

    @Test
    void replannerStatesAreDecoded() {
        byte[] bytes;
        try (org.onepath.Grid grid = org.onepath.Grid.create(12, 8);
                org.onepath.GridReplanner r = grid.createReplanner(
                        new org.onepath.cells.Cell(0, 0),
                        new org.onepath.cells.Cell(11, 7),
                        org.onepath.GridOptions.builder()
                                .algorithm(org.onepath.GridAlgorithm.LPA_STAR)
                                .build())) {
            r.replan();
            grid.setWalkable(5, 5, false);
            bytes = r.saveState();
        }
        Path state = write("r.state", bytes);
        assertMentions(
                inspectText(state),
                "kind: 5 (GridReplanner)\n",
                "algorithm: 5 (LPA*)\n",
                "goal: 95 (11, 7)\n",
                "pending: 9 (0 with their neighbours)\n");
        Map<String, Object> json = inspectJson(state);
        assertEquals(true, json.get("decoded"));
        assertEquals("LPA*", json.get("algorithmName"));
        byte[] hex;
        try (HexGrid grid = HexGrid.create(6, 6);
                org.onepath.HexReplanner r =
                        grid.createReplanner(new org.onepath.cells.Cell(0, 0), new org.onepath.cells.Cell(5, 5))) {
            r.replan();
            grid.setWalkable(2, 2, false);
            hex = r.saveState();
        }
        assertMentions(
                inspectText(write("h.state", hex)),
                "kind: 6 (HexReplanner)\n",
                "algorithm: 6 (D* Lite)\n",
                "pending: 1 (1 with their neighbours)\n");
    }

    @Test
    void aReplannerStateIsCheckedLikeARestore() {
        byte[] bytes;
        try (StateWriter w = new StateWriter()) {
            w.header(StateKind.GRID_REPLANNER).i32(1).i32(2).u8(3);
            bytes = w.toByteArray();
        }
        assertRejected(write("f.state", bytes), "'algorithm'", "= 3", "offset 16");
    }

    // ---- broken bytes ----

    @Test
    void truncatedGridState() {
        byte[] bytes = read(mapAState());
        Path cut = write("cut.state", Arrays.copyOf(bytes, bytes.length - 3));
        assertRejected(cut, "'cells'", "17 bytes", "offset " + CELLS_OFFSET, "20 bytes");
    }

    @Test
    void truncatedInTheHeader() {
        byte[] bytes = read(mapAState());
        assertRejected(write("cut.state", Arrays.copyOf(bytes, 6)), "'kind'", "offset 6", "end of data");
        assertRejected(write("empty.state", new byte[0]), "'magic'", "offset 0", "end of data");
    }

    @Test
    void bitFlippedMultiplier() {
        byte[] bytes = read(mapAState());
        // The sign bit of area 0's multiplier (the top bit of its last byte) makes it -1.0.
        bytes[MULTIPLIER_0_OFFSET + 7] ^= (byte) 0x80;
        assertRejected(
                write("flip.state", bytes), "'areas.multiplier[0]' = -1.0", "offset " + MULTIPLIER_0_OFFSET, "> 0");
    }

    @Test
    void bitFlippedWidth() {
        byte[] bytes = read(mapAState());
        bytes[11] ^= (byte) 0x80; // the top bit of the width: negative
        assertRejected(write("flip.state", bytes), "'width'", "offset 8", "1..268435456");
    }

    @Test
    void wrongMagic() {
        byte[] bytes = read(mapAState());
        bytes[0] = 'X';
        assertRejected(write("magic.state", bytes), "'magic'", "offset 0", "0x5347504F");
    }

    @Test
    void wrongVersion() {
        byte[] bytes = read(mapAState());
        bytes[4] = 2;
        assertRejected(write("version.state", bytes), "'version' = 2", "offset 4");
    }

    @Test
    void unknownKind() {
        byte[] bytes = read(mapAState());
        bytes[6] = 99;
        assertRejected(write("kind.state", bytes), "'kind' = 99 (unknown)", "offset 6", "1..12");
    }

    @Test
    void trailingBytes() {
        byte[] bytes = read(mapAState());
        Path longer = write("long.state", Arrays.copyOf(bytes, bytes.length + 3));
        assertRejected(longer, "'end' = 3 trailing bytes", "offset " + MAP_A_STATE_BYTES);
    }

    @Test
    void missingFile() {
        Path ghost = dir.resolve("ghost.state");
        String line = CliRun.of("state", "inspect", ghost.toString()).assertBadInput();
        assertEquals("onepath: " + ghost + ": no such file", line);
    }

    @Test
    void folderInsteadOfFile() {
        String line = CliRun.of("state", "inspect", dir.toString()).assertBadInput();
        assertMentions(line, dir.toString(), "folder");
    }

    /**
     * Prefixes of every decoded kind, and every single-bit flip of the small states, either decode
     * or fail as a format error at an offset inside the data - never another exception. The small
     * states are cut at every length; the grid and voxel states (kilobytes of multipliers and
     * chunk bytes) at every length near either end and every 13th between, to keep the test fast.
     */
    @Test
    void prefixesAndBitFlipsFailCleanly() {
        byte[] voxel;
        try (VoxelGrid grid = VoxelGrid.create(17, 2, 2)) {
            grid.setWalkable(16, 1, 1, false);
            voxel = grid.saveState();
        }
        byte[] graph;
        try (StateWriter w = new StateWriter()) {
            graph = w.header(StateKind.GRAPH)
                    .i32(3)
                    .i32(1)
                    .i32(0)
                    .i32(2)
                    .f64(1)
                    .flag(true)
                    .toByteArray();
        }
        for (byte[] state : List.of(read(mapAState()), voxel, hexGridState(), runningAStar(), graph)) {
            for (int length = 0; length < state.length; length++) {
                boolean nearEnd = length < 80 || length > state.length - 80;
                if (!nearEnd && length % 13 != 0) {
                    continue;
                }
                int n = length;
                byte[] prefix = Arrays.copyOf(state, n);
                OnePathFormatException e = assertThrows(
                        OnePathFormatException.class,
                        () -> StateInspector.inspect(MemorySegment.ofArray(prefix), "x"),
                        "prefix " + n);
                assertTrue(e.offset() >= 0 && e.offset() <= n, () -> "offset " + e.offset() + " for prefix " + n);
            }
        }
        for (byte[] state : List.of(runningAStar(), graph)) {
            for (int bit = 0; bit < state.length * 8; bit++) {
                byte[] flipped = state.clone();
                flipped[bit / 8] ^= (byte) (1 << (bit % 8));
                try {
                    StateInspector.inspect(MemorySegment.ofArray(flipped), "x");
                } catch (OnePathFormatException e) {
                    assertTrue(e.offset() >= 0 && e.offset() <= state.length, e::getMessage);
                }
            }
        }
    }

    // ---- state grid: refusals and atomic writes ----

    @Test
    void refusesToOverwriteWithoutForce() {
        Path state = mapAState();
        byte[] before = read(state);
        Path mapB = Fixtures.write(dir.resolve("b.map"), Fixtures.MAP_B);
        String line = CliRun.of("state", "grid", mapB.toString(), "--out", state.toString())
                .assertBadInput();
        assertEquals("onepath: " + state + ": already exists; pass --force to replace it", line);
        assertArrayEquals(before, read(state), "the existing file is untouched");

        CliRun forced = CliRun.of("state", "grid", mapB.toString(), "--out", state.toString(), "--force");
        assertEquals(0, forced.status(), forced::toString);
        // Map B has 7 walls.
        assertEquals(7, integer(inspectJson(state), "cells", "wall"));
        assertEquals(List.of("a.map", "a.state", "b.map"), folder(), "no temporary file left");
    }

    @Test
    void badMapLeavesNothingBehind() {
        // Row 1 (line 6) has an 'x' in column 3.
        Path map = Fixtures.write(
                dir.resolve("bad.map"), "type octile\nheight 4\nwidth 5\nmap\n.....\n.@x@.\n...@.\n@....\n");
        String line = CliRun.of(
                        "state",
                        "grid",
                        map.toString(),
                        "--out",
                        dir.resolve("bad.state").toString())
                .assertBadInput();
        assertMentions(line, "bad.map:6:", "'x'");
        assertEquals(List.of("bad.map"), folder());
    }

    @Test
    void missingMap() {
        Path ghost = dir.resolve("ghost.map");
        String line = CliRun.of(
                        "state",
                        "grid",
                        ghost.toString(),
                        "--out",
                        dir.resolve("g.state").toString())
                .assertBadInput();
        assertEquals("onepath: " + ghost + ": no such file", line);
        assertEquals(List.of(), folder());
    }

    @Test
    void outIntoAMissingFolder() {
        Path map = Fixtures.write(dir.resolve("a.map"), Fixtures.MAP_A);
        Path out = dir.resolve("no/such/a.state");
        String line = CliRun.of("state", "grid", map.toString(), "--out", out.toString())
                .assertBadInput();
        assertMentions(line, out.toString(), "does not exist");
    }

    @Test
    void outIsAFolder() {
        Path map = Fixtures.write(dir.resolve("a.map"), Fixtures.MAP_A);
        String line = CliRun.of("state", "grid", map.toString(), "--out", dir.toString(), "--force")
                .assertBadInput();
        assertMentions(line, dir.toString(), "folder");
    }

    @Test
    void failedMoveRemovesTheTemporaryFile() throws IOException {
        // A non-empty folder cannot be replaced by a file, so the move fails after the temporary
        // file was written.
        Path target = Files.createDirectory(dir.resolve("sub"));
        Files.writeString(target.resolve("keep"), "x");
        UncheckedIOException e = assertThrows(
                UncheckedIOException.class, () -> StateGridCommand.writeAtomically(target, new byte[] {1, 2, 3}, true));
        assertMentions(e.getMessage(), target.toString(), "cannot write");
        assertEquals(List.of("sub"), folder());
    }

    @Test
    void missingOutOption() {
        Path map = Fixtures.write(dir.resolve("a.map"), Fixtures.MAP_A);
        String line = CliRun.of("state", "grid", map.toString()).assertBadInput();
        assertMentions(line, "--out", "onepath state grid --help");
    }

    @Test
    void stateAloneIsAUsageError() {
        String line = CliRun.of("state").assertBadInput();
        assertMentions(line, "inspect or grid", "onepath state --help");
        assertMentions(CliRun.of().assertBadInput(), "demo, scen, state, bake, store, graph or render");
    }

    // ---- GridSearch (kind 12) ----

    private static byte[] gridSearchState(org.onepath.GridOptions options, int steps) {
        try (org.onepath.Grid grid = org.onepath.Grid.fromText("......\n.##.#.\n......\n");
                org.onepath.GridSearch search = grid.createSearch(options)) {
            search.tryBegin(0, 0, 5, 2);
            search.step(steps);
            return search.saveState();
        }
    }

    @Test
    void gridSearchStatesAreDecodedMode2WithItsEmbeddedSearch() {
        Path mode3 = write(
                "jps.state",
                gridSearchState(
                        org.onepath.GridOptions.builder()
                                .algorithm(org.onepath.GridAlgorithm.JPS)
                                .build(),
                        2));
        assertMentions(
                inspectText(mode3),
                "kind: 12 (GridSearch)\n",
                "mode: 3 (specialised jump point search)\n",
                "width: 6\n",
                "height: 3\n",
                "finder: 0 (block scans)\n",
                "status: 1 (running)\n",
                "iterations: 2\n",
                "openList:\n  level: ");
        Path mode2 = write(
                "generic.state",
                gridSearchState(
                        org.onepath.GridOptions.builder()
                                .specializedEngines(false)
                                .build(),
                        3));
        assertMentions(
                inspectText(mode2),
                "mode: 2 (generic core)\n",
                "goalX: 5\n",
                "embedded:\n  kind: 8 (A*)\n",
                "  nodeCount: 18\n",
                "  iterations: 3\n");
        Map<String, Object> json = inspectJson(mode2);
        assertEquals(2, integer(json, "mode"));
        assertEquals(18, integer(json, "embedded", "nodeCount"));
    }

    @Test
    void aBadFieldInsideAnEmbeddedSearchIsNamedAtItsOffsetInTheWholeFile() {
        byte[] bytes = gridSearchState(
                org.onepath.GridOptions.builder().specializedEngines(false).build(), 3);
        int embeddedAt = 8 + 1 + 4 + 4 + 5 * 4;
        bytes[embeddedAt + 8] = 99; // the embedded nodeCount's low byte: 99 instead of 18
        Path bad = write("bad.state", bytes);
        assertRejected(bad, "'nodeCount'", "offset " + (embeddedAt + 8));
    }
}
