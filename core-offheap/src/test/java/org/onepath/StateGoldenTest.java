package org.onepath;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.Arrays;
import java.util.HexFormat;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.onepath.cells.PathStatus;
import org.onepath.grids.SearchStatus;

/**
 * Golden files: the bytes of {@code src/test/resources/state/golden/*.bin} were made once by this
 * code and reviewed through their annotated dumps ({@code *.hex.txt}). The objects of
 * {@link StateGoldens} are rebuilt the same way and must save exactly those bytes, and restoring a
 * file into a fresh object then saving must give them back.
 *
 * <p>A missing file fails the test. Files are only written when the system property
 * {@code onepath.golden.write=true} is set, and then the test fails anyway, asking for the new
 * files to be reviewed and committed: a golden file is never regenerated silently.
 */
class StateGoldenTest {

    @ParameterizedTest
    @EnumSource(StateGoldens.class)
    void savedBytesEqualTheGoldenFile(StateGoldens golden) throws IOException {
        byte[] actual;
        try (StateGoldens.Subject s = golden.build()) {
            actual = s.save();
        }
        if (Boolean.getBoolean(StateGoldens.WRITE_PROPERTY)) {
            Files.createDirectories(StateGoldens.folder());
            Files.write(golden.binFile(), actual);
            Files.writeString(golden.hexFile(), StateDump.of(actual), StandardCharsets.UTF_8);
            fail("wrote " + golden.binFile().toAbsolutePath() + " and "
                    + golden.hexFile().getFileName()
                    + " (" + actual.length
                    + " bytes): review the .hex.txt dump against docs/formats/state-v1.md and commit"
                    + " both files, then run again without -D" + StateGoldens.WRITE_PROPERTY);
        }
        byte[] expected = golden.readBin();
        assertSameBytes(expected, actual, golden + ": saveState() of the rebuilt object");
    }

    @ParameterizedTest
    @EnumSource(StateGoldens.class)
    void annotatedDumpMatchesTheBinaryFile(StateGoldens golden) throws IOException {
        byte[] expected = golden.readBin();
        if (!Files.isRegularFile(golden.hexFile())) {
            fail("golden dump " + golden.hexFile().toAbsolutePath() + " is missing; write the goldens with -D"
                    + StateGoldens.WRITE_PROPERTY + "=true, review and commit them");
        }
        String dump = Files.readString(golden.hexFile(), StandardCharsets.UTF_8);
        assertEquals(StateDump.of(expected), dump, golden + ": the .hex.txt dump no longer describes the .bin file");
    }

    @ParameterizedTest
    @EnumSource(StateGoldens.class)
    void restoringTheGoldenFileIntoAFreshObjectSavesItAgain(StateGoldens golden) {
        byte[] expected = golden.readBin();
        try (StateGoldens.Subject fresh = golden.fresh()) {
            fresh.restore(expected);
            assertSameBytes(expected, fresh.save(), golden + ": restore(golden) then saveState()");
            byte[] again = fresh.fromStateThenSave(expected);
            if (again != null) {
                assertSameBytes(expected, again, golden + ": fromState(golden) then saveState()");
            }
        }
    }

    @ParameterizedTest
    @EnumSource(StateGoldens.class)
    void headerIsMagicVersionOneAndKind(StateGoldens golden) {
        byte[] bytes = golden.readBin();
        int kind = golden.kind();
        byte[] header = HexFormat.ofDelimiter(" ").parseHex(String.format("4F 50 47 53 01 00 %02X 00", kind));
        assertArrayEquals(header, Arrays.copyOf(bytes, 8), golden + " header");
    }

    /** Field values read straight from the documented offsets, independently of the dump. */
    @Test
    void gridGoldenFieldsSitAtTheirDocumentedOffsets() {
        ByteBuffer b = ByteBuffer.wrap(StateGoldens.GRID.readBin()).order(ByteOrder.LITTLE_ENDIAN);
        assertEquals(2088 + 7 * 5, b.capacity(), "length: 2088 fixed bytes + 35 cells");
        assertEquals(7, b.getInt(8), "width");
        assertEquals(5, b.getInt(12), "height");
        assertEquals(3, b.getInt(16), "version after three edits (fromText does not count)");
        assertEquals(-12.5, b.getDouble(20), "space.originX");
        assertEquals(100.25, b.getDouble(28), "space.originY");
        assertEquals(0.5, b.getDouble(36), "space.cellSize");
        assertEquals(3, b.getInt(44), "areas.version after three cost changes");
        assertEquals(1.0, b.getDouble(48), "multiplier of area 0");
        assertEquals(2.5, b.getDouble(48 + 8), "multiplier of area 1");
        assertEquals(0.75, b.getDouble(48 + 16), "multiplier of area 2");
        assertEquals(4.0, b.getDouble(48 + 24), "multiplier of area 3");
        assertEquals(1.0, b.getDouble(48 + 254 * 8), "multiplier of area 254");
        int cells = 2088;
        assertEquals(3, b.get(cells), "cell (0, 0) edited to area 3");
        assertEquals(1, b.get(cells + 2), "cell (2, 0) is area 1");
        assertEquals((byte) 0xFF, b.get(cells + 4), "cell (4, 0) is a wall");
        assertEquals(2, b.get(cells + 2 * 7 + 3), "cell (3, 2) edited to area 2");
        assertEquals((byte) 0xFF, b.get(cells + 4 * 7 + 6), "cell (6, 4) edited to a wall");
    }

    @Test
    void voxelGoldenFieldsSitAtTheirDocumentedOffsets() {
        ByteBuffer b = ByteBuffer.wrap(StateGoldens.VOXEL.readBin()).order(ByteOrder.LITTLE_ENDIAN);
        // 2 x 2 x 3 chunk slots, three of them stored
        assertEquals(2101 + 12 + 3 * 4096, b.capacity(), "length");
        assertEquals(20, b.getInt(8));
        assertEquals(17, b.getInt(12));
        assertEquals(33, b.getInt(16));
        assertEquals(0, b.get(20), "defaultArea");
        assertEquals(5, b.getInt(21), "version after five edits");
        assertEquals(1.5, b.getDouble(25));
        assertEquals(-2.25, b.getDouble(33));
        assertEquals(8.0, b.getDouble(41));
        assertEquals(0.25, b.getDouble(49));
        assertEquals(1, b.getInt(57), "areas.version");
        assertEquals(3.5, b.getDouble(61 + 7 * 8), "multiplier of area 7");
        int at = 2101;
        // slot 0 = chunk (0, 0, 0): stored
        assertEquals(1, b.get(at), "slot 0 flag");
        assertEquals((byte) 0xFF, b.get(at + 1 + (1 | 2 << 4 | 3 << 8)), "voxel (1, 2, 3)");
        assertEquals(7, b.get(at + 1 + (5 | 5 << 4 | 5 << 8)), "voxel (5, 5, 5)");
        at += 1 + 4096;
        assertEquals(0, b.get(at++), "slot 1 (1, 0, 0)");
        assertEquals(0, b.get(at++), "slot 2 (0, 1, 0)");
        assertEquals(0, b.get(at++), "slot 3 (1, 1, 0)");
        assertEquals(0, b.get(at++), "slot 4 (0, 0, 1)");
        assertEquals(1, b.get(at), "slot 5 (1, 0, 1) flag");
        assertEquals(7, b.get(at + 1 + (1 | 0 << 4 | 4 << 8)), "voxel (17, 0, 20)");
        at += 1 + 4096;
        assertEquals(0, b.get(at++), "slot 6 (0, 1, 1)");
        assertEquals(0, b.get(at++), "slot 7 (1, 1, 1)");
        assertEquals(0, b.get(at++), "slot 8 (0, 0, 2)");
        assertEquals(0, b.get(at++), "slot 9 (1, 0, 2)");
        assertEquals(0, b.get(at++), "slot 10 (0, 1, 2)");
        assertEquals(1, b.get(at), "slot 11 (1, 1, 2) flag");
        assertEquals((byte) 0xFF, b.get(at + 1 + (3 | 0 << 4 | 0 << 8)), "voxel (19, 16, 32)");
        assertEquals((byte) 200, b.get(at + 1 + (0 | 0 << 4 | 0 << 8)), "voxel (16, 16, 32)");
        assertEquals(0, b.get(at + 1 + (4 | 0 << 4 | 0 << 8)), "padding x = 20 holds the default area");
        assertEquals(at + 1 + 4096, b.capacity(), "nothing after the last chunk");
    }

    @Test
    void searchGoldenCountersSitAtTheirDocumentedOffsets() {
        ByteBuffer notStarted =
                ByteBuffer.wrap(StateGoldens.ASTAR_NOT_STARTED.readBin()).order(ByteOrder.LITTLE_ENDIAN);
        assertEquals(45, notStarted.capacity(), "a search not started has no buffers piece");
        assertEquals(80, notStarted.getInt(8), "nodeCount of the 10 x 8 grid");
        assertEquals(SearchStatus.NOT_STARTED.code(), notStarted.get(12));
        assertEquals(StateGoldens.NOT_STARTED_WEIGHT, notStarted.getDouble(13));
        assertEquals(-1, notStarted.getInt(21), "start unused");
        assertEquals(-1, notStarted.getInt(25), "goal unused");
        assertEquals(0, notStarted.getInt(29));
        assertEquals(0, notStarted.getInt(33));
        assertEquals(Double.POSITIVE_INFINITY, notStarted.getDouble(37));

        ByteBuffer running =
                ByteBuffer.wrap(StateGoldens.ASTAR_RUNNING.readBin()).order(ByteOrder.LITTLE_ENDIAN);
        assertEquals(SearchStatus.RUNNING.code(), running.get(12));
        assertEquals(1.0, running.getDouble(13));
        assertEquals(0, running.getInt(21), "start (0, 0)");
        assertEquals(79, running.getInt(25), "goal (9, 7)");
        assertEquals(StateGoldens.ASTAR_STEPS, running.getInt(29), "expanded");
        assertEquals(StateGoldens.ASTAR_STEPS, running.getInt(33), "iterations");
        assertEquals(Double.POSITIVE_INFINITY, running.getDouble(37));
        int visited = running.getInt(45);
        assertEquals(0, running.getInt(49), "first visited record is node 0, the start");
        assertEquals(1, running.get(53), "the start is closed");
        assertEquals(0.0, running.getDouble(54), "start g");
        assertEquals(-1, running.getInt(62), "start parent");
        int open = running.getInt(45 + 4 + visited * 17);
        int expandedAt = 45 + 4 + visited * 17 + 4 + open * 20;
        assertEquals(StateGoldens.ASTAR_STEPS, running.getInt(expandedAt), "recorded expansions");
        assertEquals(0, running.getInt(expandedAt + 4), "the start is expanded first");
        assertEquals(expandedAt + 4 + 4 * StateGoldens.ASTAR_STEPS, running.capacity(), "nothing after the expansions");

        ByteBuffer found = ByteBuffer.wrap(StateGoldens.ASTAR_FOUND.readBin()).order(ByteOrder.LITTLE_ENDIAN);
        assertEquals(SearchStatus.FOUND.code(), found.get(12));
        assertEquals(found.getInt(33) - 1, found.getInt(29), "expanded = iterations - 1");
        double cost = found.getDouble(37);
        try (StateGoldens.Subject s = StateGoldens.ASTAR_FOUND.build()) {
            assertEquals(
                    Double.doubleToRawLongBits(s.search().pathCost()),
                    Double.doubleToRawLongBits(cost),
                    "path cost bits");
        }

        ByteBuffer jps = ByteBuffer.wrap(StateGoldens.JPS_RUNNING.readBin()).order(ByteOrder.LITTLE_ENDIAN);
        assertEquals(12 * 9, jps.getInt(8), "nodeCount of the 12 x 9 grid");
        assertEquals(SearchStatus.RUNNING.code(), jps.get(12));
        assertEquals(1.0, jps.getDouble(13), "jump point search stores weight 1");
        assertEquals(StateGoldens.JPS_STEPS, jps.getInt(33));
    }

    /**
     * Kind 10: the counters at the kind 8 offsets, the re-queue golden with fewer expansions than
     * iterations, and every visited record's g equal to its parent's plus the segment between
     * them, recomputed here from the bytes as 1.5 * sqrt(dx^2 + dy^2).
     */
    @Test
    void thetaGoldenFieldsSitAtTheirDocumentedOffsets() {
        int w = 11;
        for (StateGoldens golden :
                new StateGoldens[] {StateGoldens.THETA_RUNNING, StateGoldens.THETA_REQUEUE_RUNNING}) {
            ByteBuffer b = ByteBuffer.wrap(golden.readBin()).order(ByteOrder.LITTLE_ENDIAN);
            boolean requeue = golden == StateGoldens.THETA_REQUEUE_RUNNING;
            assertEquals(w * 7, b.getInt(8), golden + " nodeCount of the 11 x 7 grid");
            assertEquals(SearchStatus.RUNNING.code(), b.get(12), golden + " status");
            assertEquals(1.0, b.getDouble(13), golden + " weight");
            assertEquals(6 * w, b.getInt(21), golden + " start (0, 6)");
            assertEquals(10, b.getInt(25), golden + " goal (10, 0)");
            int iterations = b.getInt(33);
            assertEquals(
                    requeue ? StateGoldens.THETA_REQUEUE_STEPS : StateGoldens.THETA_STEPS,
                    iterations,
                    golden + " iterations");
            int expanded = b.getInt(29);
            if (requeue) {
                assertTrue(
                        expanded < iterations,
                        golden + ": some pop re-queued a node (" + expanded + " < " + iterations + ")");
            } else {
                assertEquals(iterations, expanded, golden + ": Theta* expands every pop");
            }
            int v = b.getInt(45);
            int closed = 0;
            for (int i = 0; i < v; i++) {
                int at = 49 + 17 * i;
                int node = b.getInt(at);
                closed += b.get(at + 4);
                double g = b.getDouble(at + 5);
                int parent = b.getInt(at + 13);
                if (parent < 0) {
                    assertEquals(6 * w, node, golden + ": only the start has no parent");
                    assertEquals(0.0, g);
                    continue;
                }
                double parentG = Double.NaN;
                for (int j = 0; j < v; j++) {
                    if (b.getInt(49 + 17 * j) == parent) {
                        parentG = b.getDouble(49 + 17 * j + 5);
                    }
                }
                int dx = node % w - parent % w;
                int dy = node / w - parent / w;
                assertEquals(
                        Double.doubleToRawLongBits(parentG + 1.5 * Math.sqrt(dx * dx + dy * dy)),
                        Double.doubleToRawLongBits(g),
                        golden + " visited[" + i + "] g = parent's g + segment");
            }
            assertEquals(expanded, closed, golden + ": the closed nodes are the expansions");
        }
    }

    /** A kind 10 golden restored into a fresh search runs on to the result of an uninterrupted search. */
    @ParameterizedTest
    @EnumSource(
            value = StateGoldens.class,
            names = {"THETA_RUNNING", "THETA_REQUEUE_RUNNING"})
    void restoredThetaGoldenRunsOnAsTheUninterruptedSearch(StateGoldens golden) {
        try (StateGoldens.ThetaSubject restored = (StateGoldens.ThetaSubject) golden.fresh();
                StateGoldens.ThetaSubject uninterrupted = (StateGoldens.ThetaSubject) golden.fresh()) {
            restored.restore(golden.readBin());
            uninterrupted.theta.begin(uninterrupted.thetaStart(), uninterrupted.thetaGoal());
            uninterrupted.theta.run();
            while (restored.theta.status() == SearchStatus.RUNNING) {
                restored.theta.step(3);
            }
            assertEquals(SearchStatus.FOUND, uninterrupted.theta.status());
            assertEquals(SearchStatus.FOUND, restored.theta.status());
            assertEquals(
                    Double.doubleToRawLongBits(uninterrupted.theta.pathCost()),
                    Double.doubleToRawLongBits(restored.theta.pathCost()));
            assertEquals(uninterrupted.theta.iterations(), restored.theta.iterations());
            assertEquals(uninterrupted.theta.expandedCount(), restored.theta.expandedCount());
            assertArrayEquals(uninterrupted.theta.path(), restored.theta.path());
            assertArrayEquals(uninterrupted.theta.expandedNodes(), restored.theta.expandedNodes());
        }
    }

    /** Kind 12: the mode, the size and each mode's fields at the offsets the layout gives them. */
    @Test
    void gridSearchGoldenFieldsSitAtTheirDocumentedOffsets() {
        int w = 10;
        int h = 7;
        int n = w * h;
        int goal = StateGoldens.SEARCH_GOAL_Y * w + StateGoldens.SEARCH_GOAL_X;
        for (StateGoldens golden : StateGoldens.values()) {
            if (golden.kind() != 12) {
                continue;
            }
            ByteBuffer b = ByteBuffer.wrap(golden.readBin()).order(ByteOrder.LITTLE_ENDIAN);
            assertEquals(golden.gridSearchMode(), b.get(8), golden + " mode");
            assertEquals(w, b.getInt(9), golden + " width");
            assertEquals(h, b.getInt(13), golden + " height");
        }
        assertEquals(17, StateGoldens.SEARCH_NOT_BEGUN.readBin().length, "mode 0: nothing after the height");

        // mode 1, running: status at 17, the counters, then 13-byte records from 47
        ByteBuffer running =
                ByteBuffer.wrap(StateGoldens.SEARCH_ASTAR_RUNNING.readBin()).order(ByteOrder.LITTLE_ENDIAN);
        assertEquals(1, running.get(17), "status running");
        assertEquals(0, running.get(18), "zeroEstimate: octile");
        assertEquals(0, running.getInt(19), "start (0, 0)");
        assertEquals(goal, running.getInt(23), "goal (9, 6)");
        assertEquals(StateGoldens.SEARCH_ASTAR_STEPS, running.getInt(27), "expanded");
        assertEquals(StateGoldens.SEARCH_ASTAR_STEPS, running.getInt(31), "iterations");
        assertEquals(0, running.getInt(35), "pathA: no path yet");
        assertEquals(0, running.getInt(39), "pathB: no path yet");
        int visited = running.getInt(43);
        assertEquals(47 + 13 * visited, running.capacity(), "13 bytes a visited cell, nothing after");
        assertEquals(0, running.getInt(47), "first record: the start");
        assertEquals(0, running.getInt(51), "start a");
        assertEquals(0, running.getInt(55), "start b");
        assertEquals(1, running.get(59), "start flags: closed, no direction");
        int closed = 0;
        for (int i = 0; i < visited; i++) {
            int at = 47 + 13 * i;
            if (i > 0) {
                assertTrue(running.getInt(at) > running.getInt(at - 13), "cells in increasing order");
            }
            int flags = running.get(at + 12);
            assertTrue(flags >= 0 && flags <= 15, "flags " + flags);
            closed += flags & 1;
        }
        assertEquals(StateGoldens.SEARCH_ASTAR_STEPS, closed, "closed cells = iterations");
        assertTrue(closed < visited, "a running search has open cells");

        // mode 1, found: the goal closed with the path's pair
        ByteBuffer found =
                ByteBuffer.wrap(StateGoldens.SEARCH_ASTAR_FOUND.readBin()).order(ByteOrder.LITTLE_ENDIAN);
        assertEquals(2, found.get(17), "status found");
        assertEquals(found.getInt(31) - 1, found.getInt(27), "expanded = iterations - 1");
        int pathA = found.getInt(35);
        int pathB = found.getInt(39);
        try (StateGoldens.Subject s = StateGoldens.SEARCH_ASTAR_FOUND.build()) {
            GridSearch search = ((StateGoldens.GridSearchSubject) s).search;
            assertEquals(PathStatus.FOUND, search.status());
            assertEquals(pathA + pathB + 1, search.pathLength(), "path length = straight + diagonal steps + 1");
            assertEquals(
                    Double.doubleToRawLongBits(pathA + pathB * Math.sqrt(2)),
                    Double.doubleToRawLongBits(search.cost()),
                    "cost bits from the pair");
            assertEquals(search.iterations(), found.getInt(31));
        }
        int foundVisited = found.getInt(43);
        assertEquals(47 + 13 * foundVisited, found.capacity());
        boolean goalClosed = false;
        for (int i = 0; i < foundVisited; i++) {
            int at = 47 + 13 * i;
            if (found.getInt(at) == goal) {
                assertEquals(pathA, found.getInt(at + 4), "goal a");
                assertEquals(pathB, found.getInt(at + 8), "goal b");
                goalClosed = (found.get(at + 12) & 1) != 0;
            }
        }
        assertTrue(goalClosed, "the goal is a closed visited cell");

        // mode 2: the ends, the length, the embedded state with its own header
        for (StateGoldens golden :
                new StateGoldens[] {StateGoldens.SEARCH_GENERIC_ASTAR, StateGoldens.SEARCH_GENERIC_JPS}) {
            byte[] bytes = golden.readBin();
            ByteBuffer b = ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN);
            assertEquals(StateGoldens.SEARCH_START_X, b.getInt(17), golden + " startX");
            assertEquals(StateGoldens.SEARCH_START_Y, b.getInt(21), golden + " startY");
            assertEquals(StateGoldens.SEARCH_GOAL_X, b.getInt(25), golden + " goalX");
            assertEquals(StateGoldens.SEARCH_GOAL_Y, b.getInt(29), golden + " goalY");
            int length = b.getInt(33);
            assertEquals(37 + length, bytes.length, golden + ": the embedded state ends the data");
            int kind = golden == StateGoldens.SEARCH_GENERIC_ASTAR ? 8 : 9;
            byte[] header = HexFormat.ofDelimiter(" ").parseHex(String.format("4F 50 47 53 01 00 %02X 00", kind));
            assertArrayEquals(header, Arrays.copyOfRange(bytes, 37, 45), golden + " embedded header");
            assertEquals(n, b.getInt(37 + 8), golden + " embedded nodeCount");
            assertEquals(SearchStatus.RUNNING.code(), b.get(37 + 12), golden + " embedded status");
            assertEquals(0, b.getInt(37 + 21), golden + " embedded start");
            assertEquals(goal, b.getInt(37 + 25), golden + " embedded goal");
            int steps = golden == StateGoldens.SEARCH_GENERIC_ASTAR
                    ? StateGoldens.SEARCH_GENERIC_ASTAR_STEPS
                    : StateGoldens.SEARCH_GENERIC_JPS_STEPS;
            assertEquals(steps, b.getInt(37 + 33), golden + " embedded iterations");
        }

        // mode 3: finder, counters, 17-byte records, level, heap slots of 16 bytes, the stack
        for (StateGoldens golden : new StateGoldens[] {StateGoldens.SEARCH_JPS_BLOCKS, StateGoldens.SEARCH_JPS_PLUS}) {
            ByteBuffer b = ByteBuffer.wrap(golden.readBin()).order(ByteOrder.LITTLE_ENDIAN);
            boolean blocks = golden == StateGoldens.SEARCH_JPS_BLOCKS;
            int steps = blocks ? StateGoldens.SEARCH_JPS_BLOCKS_STEPS : StateGoldens.SEARCH_JPS_PLUS_STEPS;
            assertEquals(blocks ? 0 : 1, b.get(17), golden + " finder");
            assertEquals(1, b.get(18), golden + " status running");
            assertEquals(0, b.get(19), golden + " zeroEstimate");
            assertEquals(0, b.getInt(20), golden + " start");
            assertEquals(goal, b.getInt(24), golden + " goal");
            assertEquals(steps, b.getInt(28), golden + " expanded");
            assertEquals(steps, b.getInt(32), golden + " iterations");
            assertEquals(0, b.getInt(36), golden + " pathA");
            assertEquals(0, b.getInt(40), golden + " pathB");
            int v = b.getInt(44);
            int[] cells = new int[v];
            for (int i = 0; i < v; i++) {
                cells[i] = b.getInt(48 + 17 * i);
            }
            assertEquals(0, cells[0], golden + " the start is the first record");
            assertEquals(-1, b.getInt(48 + 12), golden + " the start has no parent");
            int at = 48 + 17 * v;
            assertTrue(Double.isFinite(b.getDouble(at)), golden + ": level is a number once something popped");
            int heap = b.getInt(at + 8);
            at += 12;
            for (int s = 0; s < heap; s++, at += 16) {
                long t = b.getLong(at + 8);
                assertTrue(Arrays.binarySearch(cells, (int) t) >= 0, golden + " heap[" + s + "] names a visited cell");
            }
            int stack = b.getInt(at);
            if (blocks) {
                assertTrue(stack > 0, "the block-scan golden is saved with entries on the stack");
            }
            for (int i = 0; i < stack; i++) {
                assertTrue(Arrays.binarySearch(cells, b.getInt(at + 4 + 4 * i)) >= 0, golden + " stack[" + i + "]");
            }
            assertEquals(at + 4 + 4 * stack, b.capacity(), golden + ": nothing after the stack");
        }
    }

    /** A kind 12 golden restored into a fresh handle runs on to the result of an uninterrupted search. */
    @ParameterizedTest
    @EnumSource(
            value = StateGoldens.class,
            names = {
                "SEARCH_ASTAR_RUNNING",
                "SEARCH_ASTAR_FOUND",
                "SEARCH_GENERIC_ASTAR",
                "SEARCH_GENERIC_JPS",
                "SEARCH_JPS_BLOCKS",
                "SEARCH_JPS_PLUS"
            })
    void restoredGridSearchGoldenRunsOnAsTheUninterruptedSearch(StateGoldens golden) {
        try (StateGoldens.GridSearchSubject restored = (StateGoldens.GridSearchSubject) golden.fresh();
                StateGoldens.GridSearchSubject uninterrupted = (StateGoldens.GridSearchSubject) golden.fresh()) {
            restored.restore(golden.readBin());
            uninterrupted.begin();
            uninterrupted.search.step(Integer.MAX_VALUE);
            GridSearch r = restored.search;
            GridSearch u = uninterrupted.search;
            while (r.status() == PathStatus.IN_PROGRESS) {
                r.step(2);
            }
            assertEquals(PathStatus.FOUND, u.status());
            assertEquals(u.status(), r.status());
            assertEquals(Double.doubleToRawLongBits(u.cost()), Double.doubleToRawLongBits(r.cost()), "cost bits");
            assertEquals(u.iterations(), r.iterations());
            assertEquals(u.expandedCount(), r.expandedCount());
            int[] a = new int[u.pathLength()];
            int[] b = new int[r.pathLength()];
            u.copyPath(a);
            r.copyPath(b);
            assertArrayEquals(a, b);
        }
    }

    private static void assertSameBytes(byte[] expected, byte[] actual, String what) {
        assertNotNull(actual, what);
        long at = Arrays.mismatch(expected, actual);
        if (at < 0) {
            return;
        }
        String field = at < expected.length ? StateDump.fieldAt(expected, at) : "past the end of the golden file";
        fail(what + ": differs from the golden file (" + expected.length + " bytes) at offset " + at + " (" + field
                + "); got " + actual.length + " bytes. A change of the saved bytes breaks format v1: fix the code,"
                + " do not regenerate the file.");
    }
}
