package org.onepath;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.onepath.cells.PathStatus;
import org.onepath.grids.SearchStatus;
import org.onepath.grids.SlicedSearch;
import org.onepath.state.GridStateException;
import org.onepath.state.OnePathFormatException;

/**
 * Hostile bytes: whatever a restore is given, it either succeeds or throws a
 * {@link GridStateException} ({@link org.onepath.state.GraphStateException} for a graph or a
 * graph search), never another exception, a hang or an OutOfMemoryError. On failure
 * a grid is unchanged (same saved bytes, no listener called) and a search is left not started
 * (step throws IllegalStateException); a GridSearch handle (kind 12) is left not begun (status
 * NONE, step throws IllegalStateException). On success the object saves exactly the bytes it was
 * given (save, restore, save), and a restored search runs to its end and yields its path (a
 * GridSearch in one step(Integer.MAX_VALUE), its path by copyPath: a chain of walkable cells, each
 * one king's move from the last, from the state's start to its goal).
 *
 * <p>Inputs: every truncation and every bit flip of every golden file, then hand-made cases.
 */
class StateHostileBytesTest {
    private static final int MAX_REPORTED = 12;
    /** Problems found by one sweep; the sweep reports them together. */
    private static final class Problems {
        final List<String> first = new ArrayList<>();
        int count;
        int accepted;
        int rejected;

        void add(String problem) {
            count++;
            if (first.size() < MAX_REPORTED) {
                first.add(problem);
            }
        }

        void assertNone(String what) {
            if (count > 0) {
                fail(count + " problem(s) " + what + " (" + accepted + " accepted, " + rejected
                        + " rejected); first:\n  " + String.join("\n  ", first));
            }
        }
    }

    // ---- sweeps over the golden files ----

    @ParameterizedTest
    @EnumSource(StateGoldens.class)
    @Timeout(value = 60, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
    void everyTruncationIsRejectedCleanly(StateGoldens golden) {
        byte[] bytes = golden.readBin();
        Problems problems = new Problems();
        try (StateGoldens.Subject target = golden.fresh()) {
            Sweep sweep = new Sweep(target, bytes, problems);
            for (int length = 0; length < bytes.length; length++) {
                String what = "truncated to " + length + " of " + bytes.length + " bytes";
                if (sweep.trial(Arrays.copyOf(bytes, length), what)) {
                    problems.add(what + ": accepted (a truncated state must be rejected)");
                }
            }
        }
        problems.assertNone(golden + " truncations");
    }

    @ParameterizedTest
    @EnumSource(StateGoldens.class)
    @Timeout(value = 60, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
    void everyBitFlipIsAcceptedOrRejectedCleanly(StateGoldens golden) {
        byte[] bytes = golden.readBin();
        Problems problems = new Problems();
        String[] fields = StateDump.labelsByOffset(bytes);
        try (StateGoldens.Subject target = golden.fresh()) {
            Sweep sweep = new Sweep(target, bytes, problems);
            for (long bit : bitsToFlip(bytes.length)) {
                byte[] flipped = bytes.clone();
                int at = (int) (bit >>> 3);
                flipped[at] ^= (byte) (1 << (bit & 7));
                sweep.trial(flipped, "bit " + (bit & 7) + " of byte " + at + " (" + fields[at] + ") flipped");
            }
        }
        problems.assertNone(golden + " bit flips");
        assertTrue(problems.rejected > 0, "some flips must be rejected");
    }

    private static long[] bitsToFlip(int length) {
        long[] bits = new long[8 * length];
        for (int i = 0; i < bits.length; i++) {
            bits[i] = i;
        }
        return bits;
    }

    /**
     * Hostile inputs restored one after another into one target. The target always holds a
     * known state ({@link #current}: the golden one, or the last input it accepted); a search is
     * begun before each input unless it is running already, so a failed restore has something
     * to lose. fromState is tried too where the kind has it.
     */
    private static final class Sweep {
        final StateGoldens.Subject target;
        final Problems problems;
        byte[] current;

        Sweep(StateGoldens.Subject target, byte[] golden, Problems problems) {
            this.target = target;
            this.problems = problems;
            target.restore(golden);
            this.current = golden;
        }

        /** Returns whether restoreState accepted the input. */
        boolean trial(byte[] input, String what) {
            StateGoldens.SearchView search = target.searchView();
            if (search != null && !search.running()) {
                target.prime();
            }
            target.resetEvents();
            boolean ok;
            try {
                target.restore(input);
                ok = true;
            } catch (OnePathFormatException e) {
                ok = false;
                if (!target.formatException().isInstance(e)) {
                    problems.add(what + ": restoreState threw " + describe(e) + ", expected a "
                            + target.formatException().getSimpleName());
                }
            } catch (Throwable t) {
                problems.add(what + ": restoreState threw " + describe(t));
                target.restore(current);
                return false;
            }
            if (ok) {
                problems.accepted++;
                checkAccepted(input, what);
                current = input;
            } else {
                problems.rejected++;
                checkRejected(what);
            }
            byte[] made;
            try {
                made = target.fromStateThenSave(input);
            } catch (OnePathFormatException e) {
                if (ok) {
                    problems.add(what + ": restoreState accepted it but fromState threw " + describe(e));
                } else if (!target.formatException().isInstance(e)) {
                    problems.add(what + ": fromState threw " + describe(e) + ", expected a "
                            + target.formatException().getSimpleName());
                }
                return ok;
            } catch (Throwable t) {
                problems.add(what + ": fromState threw " + describe(t));
                return ok;
            }
            if (made != null && !Arrays.equals(input, made)) {
                problems.add(what + ": fromState accepted it but saves different bytes (first difference at offset "
                        + Arrays.mismatch(input, made) + ")");
            }
            return ok;
        }

        private void checkRejected(String what) {
            StateGoldens.SearchView search = target.searchView();
            if (search == null) {
                if (target.events() != 0) {
                    problems.add(what + ": a rejected restore called the listeners " + target.events() + " times");
                }
                byte[] after = target.save();
                if (!Arrays.equals(current, after)) {
                    problems.add(what + ": a rejected restore changed the grid (first difference at offset "
                            + Arrays.mismatch(current, after) + ")");
                    target.restore(current);
                }
                return;
            }
            if (!search.notBegun()) {
                problems.add(what + ": after a rejected restore the search status is " + search.status());
            }
            try {
                search.step();
                problems.add(what + ": step after a rejected restore did not throw");
            } catch (IllegalStateException expected) {
                // left not started
            } catch (Throwable t) {
                problems.add(what + ": step after a rejected restore threw " + describe(t));
            }
        }

        /** An accepted state saves back to the same bytes, and a search goes on to its end. */
        private void checkAccepted(byte[] input, String what) {
            try {
                byte[] again = target.save();
                if (!Arrays.equals(input, again)) {
                    problems.add(what + ": accepted, but saveState gives different bytes (first difference at offset "
                            + Arrays.mismatch(input, again) + ")");
                }
            } catch (Throwable t) {
                problems.add(what + ": accepted, then saveState threw " + describe(t));
                return;
            }
            StateGoldens.SearchView search = target.searchView();
            if (search == null || search.notBegun()) {
                return;
            }
            try {
                int[] path = search.finish();
                if (path != null && path.length == 0) {
                    problems.add(what + ": accepted, found, but the path is empty");
                }
                if (path != null && target instanceof StateGoldens.GridSearchSubject g) {
                    String problem = gridSearchPathProblem(g.grid, input, path);
                    if (problem != null) {
                        problems.add(what + ": accepted, found, but " + problem);
                    }
                }
            } catch (AssertionError e) {
                problems.add(what + ": accepted, then " + e.getMessage());
            } catch (Throwable t) {
                problems.add(what + ": accepted, then running the search threw " + describe(t));
            }
        }
    }

    /**
     * Why a GridSearch path is not a path of its state's query on this grid, or null when it is:
     * it runs from the state's start to its goal (read from the bytes by mode), every cell is
     * walkable and each is one king's move from the last, never cutting a wall's corner (the
     * default diagonal rule).
     */
    static String gridSearchPathProblem(Grid grid, byte[] state, int[] path) {
        ByteBuffer b = ByteBuffer.wrap(state).order(ByteOrder.LITTLE_ENDIAN);
        int w = grid.width();
        int start;
        int goal;
        switch (state[8]) {
            case 1 -> {
                start = b.getInt(19);
                goal = b.getInt(23);
            }
            case 2 -> {
                start = b.getInt(21) * w + b.getInt(17);
                goal = b.getInt(29) * w + b.getInt(25);
            }
            case 3 -> {
                start = b.getInt(20);
                goal = b.getInt(24);
            }
            default -> {
                return "a path from a state of mode " + state[8];
            }
        }
        if (path[0] != start || path[path.length - 1] != goal) {
            return "the path runs " + path[0] + " -> " + path[path.length - 1] + ", the state's query " + start + " -> "
                    + goal;
        }
        for (int i = 0; i < path.length; i++) {
            int c = path[i];
            if (c < 0 || c >= grid.cellCount() || !grid.isWalkable(c % w, c / w)) {
                return "path[" + i + "] = " + c + " is not a walkable cell";
            }
            if (i == 0) {
                continue;
            }
            int p = path[i - 1];
            int dx = c % w - p % w;
            int dy = c / w - p / w;
            if (Math.abs(dx) > 1 || Math.abs(dy) > 1 || (dx == 0 && dy == 0)) {
                return "path[" + (i - 1) + "] = " + p + " -> path[" + i + "] = " + c + " is not one move";
            }
            if (dx != 0 && dy != 0 && (!grid.isWalkable(p % w + dx, p / w) || !grid.isWalkable(p % w, p / w + dy))) {
                return "path[" + (i - 1) + "] = " + p + " -> path[" + i + "] = " + c + " cuts a wall's corner";
            }
        }
        return null;
    }

    private static String describe(Throwable t) {
        StackTraceElement[] trace = t.getStackTrace();
        return t.getClass().getName() + ": " + t.getMessage() + (trace.length > 0 ? " at " + trace[0] : "");
    }

    // ---- hand-made cases ----

    /** Little-endian bytes of a kind 8 or 9 state, field by field. */
    static final class SearchBytes {
        private final ByteBuffer b = ByteBuffer.allocate(1 << 16).order(ByteOrder.LITTLE_ENDIAN);

        SearchBytes(
                int kind,
                int nodeCount,
                int status,
                double weight,
                int start,
                int goal,
                int expanded,
                int iterations,
                double pathCost) {
            b.putInt(0x5347504F).putShort((short) 1).putShort((short) kind);
            b.putInt(nodeCount)
                    .put((byte) status)
                    .putDouble(weight)
                    .putInt(start)
                    .putInt(goal)
                    .putInt(expanded)
                    .putInt(iterations)
                    .putDouble(pathCost);
        }

        SearchBytes i32(int v) {
            b.putInt(v);
            return this;
        }

        SearchBytes visited(int node, boolean closed, double g, int parent) {
            b.putInt(node).put((byte) (closed ? 1 : 0)).putDouble(g).putInt(parent);
            return this;
        }

        SearchBytes slot(int node, double f, double g) {
            b.putInt(node).putDouble(f).putDouble(g);
            return this;
        }

        byte[] bytes() {
            return Arrays.copyOf(b.array(), b.position());
        }
    }

    private static OnePathFormatException rejects(StateGoldens.Subject target, byte[] state, String what) {
        StateGoldens.SearchView search = target.searchView();
        if (search != null) {
            target.prime();
        }
        byte[] before = search == null ? target.save() : null;
        target.resetEvents();
        OnePathFormatException e = assertThrows(target.formatException(), () -> target.restore(state), what);
        if (search == null) {
            assertArrayEquals(before, target.save(), what + ": grid unchanged");
            assertEquals(0, target.events(), what + ": no listener called");
            assertThrows(target.formatException(), () -> target.fromStateThenSave(state), what + " (fromState)");
        } else {
            assertTrue(search.notBegun(), what + ": search left not started, status " + search.status());
            assertThrows(IllegalStateException.class, search::step, what + ": step after the failed restore");
        }
        return e;
    }

    private static byte[] patchI32(byte[] state, int offset, int value) {
        byte[] out = state.clone();
        ByteBuffer.wrap(out).order(ByteOrder.LITTLE_ENDIAN).putInt(offset, value);
        return out;
    }

    private static byte[] patchF64(byte[] state, int offset, double value) {
        byte[] out = state.clone();
        ByteBuffer.wrap(out).order(ByteOrder.LITTLE_ENDIAN).putDouble(offset, value);
        return out;
    }

    @Test
    @Timeout(value = 20, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
    void hugeCountsWithFewBytesAreRejectedWithoutAllocating() {
        byte[] running = StateGoldens.ASTAR_RUNNING.readBin();
        try (StateGoldens.Subject target = StateGoldens.ASTAR_RUNNING.fresh()) {
            for (int count : new int[] {Integer.MAX_VALUE, 80, 1 << 30, -1, Integer.MIN_VALUE}) {
                byte[] state = Arrays.copyOf(patchI32(running, 45, count), 60);
                OnePathFormatException e = rejects(target, state, "visited.count " + count + " with 11 bytes after it");
                assertEquals("visited.count", e.field(), e.getMessage());
            }
            // the open count: after the visited records
            int visited =
                    ByteBuffer.wrap(running).order(ByteOrder.LITTLE_ENDIAN).getInt(45);
            int openAt = 45 + 4 + 17 * visited;
            for (int count : new int[] {Integer.MAX_VALUE, 80, -7}) {
                OnePathFormatException e = rejects(target, patchI32(running, openAt, count), "open.count " + count);
                assertTrue(e.field().startsWith("open"), e.getMessage());
            }
            int open = ByteBuffer.wrap(running).order(ByteOrder.LITTLE_ENDIAN).getInt(openAt);
            int expandedAt = openAt + 4 + 20 * open;
            OnePathFormatException e =
                    rejects(target, patchI32(running, expandedAt, Integer.MAX_VALUE), "expanded.count 2^31-1");
            assertEquals("expanded.count", e.field(), e.getMessage());
        }
        // grids: the largest sizes the format allows, with no cells behind them
        byte[] grid = StateGoldens.GRID.readBin();
        byte[] wide = patchI32(patchI32(grid, 8, 1 << 14), 12, 1 << 14);
        assertThrows(GridStateException.class, () -> Grid.fromState(wide), "2^28 cells claimed, 35 given");
        byte[] voxel = Arrays.copyOf(StateGoldens.VOXEL.readBin(), 2200);
        byte[] big = patchI32(patchI32(patchI32(voxel, 8, 1 << 10), 12, 1 << 10), 16, 1 << 10);
        assertThrows(GridStateException.class, () -> VoxelGrid.fromState(big), "2^30 voxels claimed, 2200 bytes given");
        byte[] tooBig = patchI32(patchI32(patchI32(voxel, 8, 1 << 11), 12, 1 << 10), 16, 1 << 10);
        GridStateException tb =
                assertThrows(GridStateException.class, () -> VoxelGrid.fromState(tooBig), "2^31 voxels");
        assertEquals("sizeZ", tb.field(), tb.getMessage());
    }

    @Test
    void parentCycleIsRejected() {
        // 10 x 8 A* grid: start 0 (closed), nodes 1 and 2 each the other's parent at equal cost
        byte[] state = new SearchBytes(8, 80, 1, 1.0, 0, 79, 1, 1, Double.POSITIVE_INFINITY)
                .i32(4)
                .visited(0, true, 0.0, -1)
                .visited(1, false, 1.0, 2)
                .visited(2, false, 1.0, 1)
                .visited(10, false, 1.0, 0)
                .i32(1)
                .slot(10, 10.0, 1.0)
                .i32(0)
                .bytes();
        try (StateGoldens.Subject target = StateGoldens.ASTAR_RUNNING.fresh()) {
            OnePathFormatException e = rejects(target, state, "parent cycle 1 -> 2 -> 1");
            assertTrue(e.field().endsWith(".parent"), e.getMessage());
            // and a node that is its own parent
            byte[] self = new SearchBytes(8, 80, 1, 1.0, 0, 79, 1, 1, Double.POSITIVE_INFINITY)
                    .i32(2)
                    .visited(0, true, 0.0, -1)
                    .visited(1, false, 1.0, 1)
                    .i32(1)
                    .slot(1, 10.0, 1.0)
                    .i32(0)
                    .bytes();
            OnePathFormatException e2 = rejects(target, self, "node 1 its own parent");
            assertTrue(e2.field().endsWith(".parent"), e2.getMessage());
        }
    }

    @Test
    void heapListingANodeTwiceIsRejected() {
        byte[] state = new SearchBytes(8, 80, 1, 1.0, 0, 79, 1, 1, Double.POSITIVE_INFINITY)
                .i32(3)
                .visited(0, true, 0.0, -1)
                .visited(1, false, 1.0, 0)
                .visited(10, false, 1.0, 0)
                .i32(3)
                .slot(1, 9.0, 1.0)
                .slot(10, 9.5, 1.0)
                .slot(1, 9.0, 1.0)
                .i32(0)
                .bytes();
        try (StateGoldens.Subject target = StateGoldens.ASTAR_RUNNING.fresh()) {
            OnePathFormatException e = rejects(target, state, "node 1 in two heap slots");
            assertTrue(e.field().startsWith("open"), e.getMessage());
        }
        // the same, patched into the golden: slot 1 repeats slot 0
        byte[] running = StateGoldens.ASTAR_RUNNING.readBin();
        ByteBuffer b = ByteBuffer.wrap(running).order(ByteOrder.LITTLE_ENDIAN);
        int openAt = 45 + 4 + 17 * b.getInt(45);
        assertTrue(b.getInt(openAt) >= 2, "golden has two open slots");
        byte[] twice = running.clone();
        System.arraycopy(running, openAt + 4, twice, openAt + 4 + 20, 20);
        try (StateGoldens.Subject target = StateGoldens.ASTAR_RUNNING.fresh()) {
            rejects(target, twice, "golden with slot 1 a copy of slot 0");
        }
    }

    @Test
    void nanCostsAreRejected() {
        byte[] running = StateGoldens.ASTAR_RUNNING.readBin();
        ByteBuffer b = ByteBuffer.wrap(running).order(ByteOrder.LITTLE_ENDIAN);
        int visited = b.getInt(45);
        int openAt = 45 + 4 + 17 * visited;
        double nan = Double.longBitsToDouble(0x7FF8_0000_0000_0001L);
        try (StateGoldens.Subject target = StateGoldens.ASTAR_RUNNING.fresh()) {
            // visited[1].g
            assertTrue(rejects(target, patchF64(running, 49 + 17 + 5, nan), "visited g NaN")
                    .field()
                    .startsWith("visited"));
            assertTrue(rejects(target, patchF64(running, openAt + 4 + 4, nan), "open F NaN")
                    .field()
                    .startsWith("open"));
            assertTrue(rejects(target, patchF64(running, openAt + 4 + 12, nan), "open G NaN")
                    .field()
                    .startsWith("open"));
            assertEquals(
                    "heuristicWeight",
                    rejects(target, patchF64(running, 13, nan), "weight NaN").field());
            assertEquals(
                    "pathCost",
                    rejects(target, patchF64(running, 37, nan), "pathCost NaN").field());
        }
        byte[] found = StateGoldens.ASTAR_FOUND.readBin();
        try (StateGoldens.Subject target = StateGoldens.ASTAR_FOUND.fresh()) {
            rejects(target, patchF64(found, 37, nan), "found pathCost NaN");
            rejects(target, patchF64(found, 37, Double.POSITIVE_INFINITY), "found pathCost +Infinity");
        }
        byte[] grid = StateGoldens.GRID.readBin();
        try (StateGoldens.Subject target = StateGoldens.GRID.fresh()) {
            target.restore(grid);
            assertEquals(
                    "areas.multiplier[2]",
                    rejects(target, patchF64(grid, 48 + 16, nan), "area 2 cost NaN")
                            .field());
            assertEquals(
                    "areas.multiplier[0]",
                    rejects(target, patchF64(grid, 48, 0.0), "area 0 cost 0").field());
            assertEquals(
                    "areas.multiplier[254]",
                    rejects(target, patchF64(grid, 48 + 254 * 8, Double.POSITIVE_INFINITY), "area 254 cost +Infinity")
                            .field());
            assertEquals(
                    "areas.multiplier[3]",
                    rejects(target, patchF64(grid, 48 + 24, -4.0), "area 3 cost -4")
                            .field());
            assertEquals(
                    "space.originX",
                    rejects(target, patchF64(grid, 20, nan), "space originX NaN")
                            .field());
            assertEquals(
                    "space.cellSize",
                    rejects(target, patchF64(grid, 36, nan), "space cellSize NaN")
                            .field());
            assertEquals(
                    "space.cellSize",
                    rejects(target, patchF64(grid, 36, 0.0), "space cellSize 0").field());
        }
        byte[] voxel = StateGoldens.VOXEL.readBin();
        try (StateGoldens.Subject target = StateGoldens.VOXEL.fresh()) {
            target.restore(voxel);
            assertEquals(
                    "areas.multiplier[7]",
                    rejects(target, patchF64(voxel, 61 + 7 * 8, nan), "area 7 cost NaN")
                            .field());
            assertEquals(
                    "space.originZ",
                    rejects(target, patchF64(voxel, 41, nan), "voxel originZ NaN")
                            .field());
        }
    }

    @Test
    void wrongKindMagicOrVersionIsRejected() {
        byte[] grid = StateGoldens.GRID.readBin();
        byte[] voxel = StateGoldens.VOXEL.readBin();
        byte[] astar = StateGoldens.ASTAR_RUNNING.readBin();
        byte[] jps = StateGoldens.JPS_RUNNING.readBin();
        try (StateGoldens.Subject g = StateGoldens.GRID.fresh();
                StateGoldens.Subject v = StateGoldens.VOXEL.fresh();
                StateGoldens.Subject a = StateGoldens.ASTAR_RUNNING.fresh();
                StateGoldens.Subject j = StateGoldens.JPS_RUNNING.fresh()) {
            g.restore(grid);
            v.restore(voxel);
            for (byte[] other : List.of(voxel, astar, jps)) {
                assertEquals(
                        "kind",
                        rejects(g, other, "kind " + other[6] + " into a Grid").field());
            }
            for (byte[] other : List.of(grid, astar, jps)) {
                assertEquals(
                        "kind",
                        rejects(v, other, "kind " + other[6] + " into a VoxelGrid")
                                .field());
            }
            assertEquals(
                    "kind", rejects(a, jps, "a jump point search state into A*").field());
            assertEquals(
                    "kind",
                    rejects(j, astar, "an A* state into a jump point search").field());
            // kind 12 against the others, both ways
            byte[] gridSearch = StateGoldens.SEARCH_ASTAR_RUNNING.readBin();
            for (StateGoldens.Subject other : List.of(g, v, a, j)) {
                assertEquals(
                        "kind",
                        rejects(
                                        other,
                                        gridSearch,
                                        "a GridSearch state into "
                                                + other.getClass().getSimpleName())
                                .field());
            }
            try (StateGoldens.Subject s = StateGoldens.SEARCH_ASTAR_RUNNING.fresh()) {
                for (byte[] other : List.of(grid, voxel, astar, jps)) {
                    assertEquals(
                            "kind",
                            rejects(s, other, "kind " + other[6] + " into a GridSearch")
                                    .field());
                }
            }
            for (int kind : new int[] {0, 2, 12, 13, 99, 0xFFFF}) {
                byte[] k = grid.clone();
                k[6] = (byte) kind;
                k[7] = (byte) (kind >>> 8);
                assertEquals("kind", rejects(g, k, "kind " + kind).field());
            }
            byte[] magic = grid.clone();
            magic[3] = 'T';
            assertEquals("magic", rejects(g, magic, "magic OPGT").field());
            byte[] version = grid.clone();
            version[4] = 2;
            assertEquals("version", rejects(g, version, "format version 2").field());
            byte[] bigEndianVersion = grid.clone();
            bigEndianVersion[4] = 0;
            bigEndianVersion[5] = 1;
            assertEquals(
                    "version",
                    rejects(g, bigEndianVersion, "format version 256 (big-endian 1)")
                            .field());
        }
    }

    @ParameterizedTest
    @EnumSource(StateGoldens.class)
    void trailingByteIsRejected(StateGoldens golden) {
        byte[] bytes = golden.readBin();
        try (StateGoldens.Subject target = golden.fresh()) {
            target.restore(bytes);
            for (int extra : new int[] {0, 1, 0xFF}) {
                byte[] longer = Arrays.copyOf(bytes, bytes.length + 1);
                longer[bytes.length] = (byte) extra;
                OnePathFormatException e = rejects(target, longer, golden + " + one byte " + extra);
                assertTrue(e.getMessage().contains("trailing") || e.field().equals("cells"), e.getMessage());
            }
            // a whole second copy after the first
            byte[] twice = Arrays.copyOf(bytes, 2 * bytes.length);
            System.arraycopy(bytes, 0, twice, bytes.length, bytes.length);
            rejects(target, twice, golden + " twice");
        }
    }

    @Test
    void widthMismatchIsRejected() {
        byte[] grid = StateGoldens.GRID.readBin();
        try (Grid wider = Grid.create(8, 5);
                Grid taller = Grid.create(7, 6);
                Grid turned = Grid.create(5, 7)) {
            GridStateException w = assertThrows(GridStateException.class, () -> wider.restoreState(grid));
            assertEquals("width", w.field());
            assertEquals("7", w.value());
            assertTrue(w.expected().startsWith("8"), w.getMessage());
            assertEquals(8, w.offset());
            GridStateException h = assertThrows(GridStateException.class, () -> taller.restoreState(grid));
            assertEquals("height", h.field());
            assertEquals("5", h.value());
            assertTrue(h.expected().startsWith("6"), h.getMessage());
            assertEquals(12, h.offset());
            assertEquals(
                    "width",
                    assertThrows(GridStateException.class, () -> turned.restoreState(grid))
                            .field());
            assertEquals(0, wider.version());
            assertEquals(0, wider.restoreCount(), "a failed restore is not counted");
        }
        // a state whose cells do not match its own size
        try (StateGoldens.Subject g = StateGoldens.GRID.fresh()) {
            byte[] shorter = Arrays.copyOf(grid, grid.length - 7);
            assertEquals(
                    "cells", rejects(g, shorter, "one row of cells missing").field());
            assertEquals("width", rejects(g, patchI32(grid, 8, 0), "width 0").field());
            assertEquals("width", rejects(g, patchI32(grid, 8, -7), "width -7").field());
        }
        // searches: a node count that is not the restoring search's
        byte[] astar = StateGoldens.ASTAR_RUNNING.readBin();
        try (StateGoldens.Subject a = StateGoldens.ASTAR_RUNNING.fresh()) {
            OnePathFormatException e = rejects(a, patchI32(astar, 8, 81), "nodeCount 81 for an 80-node search");
            assertEquals("nodeCount", e.field());
            assertEquals("81", e.value());
            assertTrue(e.expected().startsWith("80"), e.getMessage());
        }
    }

    @Test
    void voxelSizeAndDefaultAreaMismatchAreRejected() {
        byte[] voxel = StateGoldens.VOXEL.readBin();
        try (VoxelGrid solid = VoxelGrid.create(20, 17, 33, 255);
                VoxelGrid other = VoxelGrid.create(20, 17, 33, 7);
                VoxelGrid longer = VoxelGrid.create(20, 17, 34);
                VoxelGrid narrower = VoxelGrid.create(19, 17, 33);
                VoxelGrid shallower = VoxelGrid.create(20, 16, 33)) {
            GridStateException d = assertThrows(GridStateException.class, () -> solid.restoreState(voxel));
            assertEquals("defaultArea", d.field());
            assertEquals("0", d.value());
            assertTrue(d.expected().startsWith("255"), d.getMessage());
            assertEquals(20, d.offset());
            assertEquals(
                    "defaultArea",
                    assertThrows(GridStateException.class, () -> other.restoreState(voxel))
                            .field());
            assertEquals(0, solid.storedChunkCount());
            assertEquals(
                    "sizeZ",
                    assertThrows(GridStateException.class, () -> longer.restoreState(voxel))
                            .field());
            assertEquals(
                    "sizeX",
                    assertThrows(GridStateException.class, () -> narrower.restoreState(voxel))
                            .field());
            assertEquals(
                    "sizeY",
                    assertThrows(GridStateException.class, () -> shallower.restoreState(voxel))
                            .field());
        }
        try (StateGoldens.Subject v = StateGoldens.VOXEL.fresh()) {
            v.restore(voxel);
            byte[] flag2 = voxel.clone();
            flag2[2101 + 1 + 4096] = 2; // slot 1's flag
            String field = rejects(v, flag2, "chunk flag 2").field();
            assertTrue(field.startsWith("chunk") && field.contains("flag"), field);
        }
    }

    @Test
    void jumpSearchParentOffAJumpLineIsRejected() {
        // 12 x 9 grid: start (0, 0) = 0; node (1, 2) = 25 with parent 0: dx 1, dy 2, not a jump
        byte[] state = new SearchBytes(9, 108, 1, 1.0, 0, 107, 1, 1, Double.POSITIVE_INFINITY)
                .i32(2)
                .visited(0, true, 0.0, -1)
                .visited(25, false, 2.5, 0)
                .i32(1)
                .slot(25, 14.0, 2.5)
                .i32(0)
                .bytes();
        try (StateGoldens.Subject target = StateGoldens.JPS_RUNNING.fresh()) {
            OnePathFormatException e = rejects(target, state, "parent 2 rows and 1 column away");
            assertEquals("visited[1].parent", e.field(), e.getMessage());
            // the same records on a line are accepted: (2, 2) = 26, diagonal from 0
            byte[] diagonal = new SearchBytes(9, 108, 1, 1.0, 0, 107, 1, 1, Double.POSITIVE_INFINITY)
                    .i32(2)
                    .visited(0, true, 0.0, -1)
                    .visited(26, false, 2.5, 0)
                    .i32(1)
                    .slot(26, 14.0, 2.5)
                    .i32(0)
                    .bytes();
            target.restore(diagonal);
            assertArrayEquals(diagonal, target.save());
            // a parent that wraps around a row end: (11, 0) = 11 -> (0, 1) = 12 is dx 11, dy 1
            byte[] wrap = new SearchBytes(9, 108, 1, 1.0, 0, 107, 1, 1, Double.POSITIVE_INFINITY)
                    .i32(3)
                    .visited(0, true, 0.0, -1)
                    .visited(11, true, 11.0, 0)
                    .visited(12, false, 12.0, 11)
                    .i32(1)
                    .slot(12, 30.0, 12.0)
                    .i32(0)
                    .bytes();
            assertEquals(
                    "visited[2].parent",
                    rejects(target, wrap, "a parent across the row end").field());
        }
    }

    @Test
    void foundSearchWhoseGoalDoesNotLeadBackToTheStartIsRejected() {
        // Found, goal 79 closed at cost 5 with no parent: the chain from the goal ends at -1 without
        // passing the start, so the path walk (goal -> parent -> ... -> start) has nowhere to go.
        byte[] state = new SearchBytes(8, 80, 2, 1.0, 0, 79, 1, 2, 5.0)
                .i32(2)
                .visited(0, true, 0.0, -1)
                .visited(79, true, 5.0, -1)
                .i32(0)
                .i32(0)
                .bytes();
        try (StateGoldens.Subject target = StateGoldens.ASTAR_FOUND.fresh()) {
            target.prime();
            try {
                target.restore(state);
            } catch (GridStateException rejected) {
                assertEquals(SearchStatus.NOT_STARTED, target.search().status());
                return;
            }
            // accepted: then the path must still be walkable
            SlicedSearch s = target.search();
            try {
                int[] path = s.path();
                assertTrue(
                        path.length >= 2 && path[0] == 0 && path[path.length - 1] == 79,
                        "accepted; path " + Arrays.toString(path));
            } catch (RuntimeException e) {
                fail(
                        "restoreState accepted a FOUND state whose goal's parent chain ends at -1 without reaching the start;"
                                + " path() then throws " + describe(e),
                        e);
            }
        }
    }

    @Test
    void foundJumpSearchWhoseGoalDoesNotLeadBackToTheStartIsRejected() {
        // 12 x 9 grid: found, goal 107 = (11, 8) closed at cost 5 with no parent
        byte[] state = new SearchBytes(9, 108, 2, 1.0, 0, 107, 1, 2, 5.0)
                .i32(2)
                .visited(0, true, 0.0, -1)
                .visited(107, true, 5.0, -1)
                .i32(0)
                .i32(0)
                .bytes();
        try (StateGoldens.Subject target = StateGoldens.JPS_RUNNING.fresh()) {
            target.prime();
            try {
                target.restore(state);
            } catch (GridStateException rejected) {
                assertEquals(SearchStatus.NOT_STARTED, target.search().status());
                return;
            }
            try {
                int[] path = target.search().path();
                assertTrue(
                        path.length >= 2 && path[0] == 0 && path[path.length - 1] == 107,
                        "accepted; path " + Arrays.toString(path));
            } catch (RuntimeException e) {
                fail(
                        "JumpSearch.restoreState accepted a FOUND state whose goal's parent chain ends at -1 without reaching"
                                + " the start; path() then throws " + describe(e),
                        e);
            }
        }
    }

    @Test
    void runningSearchWithASecondRootIsRejectedOrItsPathStillEndsAtTheStart() {
        // Running on the 10 x 8 A* grid: start 0 expanded; node 69 = (9, 6), next to the goal, open
        // at cost 0 with no parent: it pops first and leads to the goal along a chain that ends at
        // -1 without passing the start.
        byte[] state = new SearchBytes(8, 80, 1, 1.0, 0, 79, 1, 1, Double.POSITIVE_INFINITY)
                .i32(3)
                .visited(0, true, 0.0, -1)
                .visited(1, false, 1.0, 0)
                .visited(69, false, 0.0, -1)
                .i32(2)
                .slot(69, 0.5, 0.0)
                .slot(1, 9.0, 1.0)
                .i32(1)
                .i32(0)
                .bytes();
        try (StateGoldens.Subject target = StateGoldens.ASTAR_RUNNING.fresh()) {
            target.prime();
            try {
                target.restore(state);
            } catch (GridStateException rejected) {
                return;
            }
            SlicedSearch s = target.search();
            while (s.step(100) == SearchStatus.RUNNING) {
                // run
            }
            assertEquals(SearchStatus.FOUND, s.status());
            try {
                int[] path = s.path();
                assertEquals(0, path[0], "path starts at the start: " + Arrays.toString(path));
            } catch (RuntimeException e) {
                fail(
                        "restoreState accepted a RUNNING state with a second root (node 69, parent -1, g 0); after running"
                                + " to FOUND, path() throws " + describe(e),
                        e);
            }
        }
    }

    // ---- kind 12: GridSearch ----

    private static final List<StateGoldens> GRID_SEARCH_GOLDENS = List.of(
            StateGoldens.SEARCH_NOT_BEGUN,
            StateGoldens.SEARCH_ASTAR_RUNNING,
            StateGoldens.SEARCH_ASTAR_FOUND,
            StateGoldens.SEARCH_GENERIC_ASTAR,
            StateGoldens.SEARCH_GENERIC_JPS,
            StateGoldens.SEARCH_JPS_BLOCKS,
            StateGoldens.SEARCH_JPS_PLUS);

    /**
     * Every kind 12 golden into a handle of every golden's options: a mode 0 state goes into any
     * handle, another only into a handle whose options select the engine that saved it; otherwise
     * the mode, the finder or (mode 2) the embedded state's kind is named.
     */
    @Test
    void gridSearchStateOfAnotherEngineIsRejected() {
        for (StateGoldens from : GRID_SEARCH_GOLDENS) {
            byte[] bytes = from.readBin();
            for (StateGoldens into : GRID_SEARCH_GOLDENS) {
                try (StateGoldens.Subject target = into.fresh()) {
                    String what = from + " into a handle with the options of " + into;
                    if (from.gridSearchMode() == 0 || from.gridSearchOptions() == into.gridSearchOptions()) {
                        target.prime();
                        target.restore(bytes);
                        assertArrayEquals(bytes, target.save(), what);
                        continue;
                    }
                    String field = rejects(target, bytes, what).field();
                    String expected = from.gridSearchMode() != into.gridSearchMode()
                            ? "mode"
                            : from.gridSearchMode() == 3 ? "finder" : "kind";
                    assertEquals(expected, field, what);
                }
            }
        }
    }

    @Test
    void gridSearchStateOfAnotherGridSizeIsRejected() {
        byte[] running = StateGoldens.SEARCH_ASTAR_RUNNING.readBin();
        byte[] notBegun = StateGoldens.SEARCH_NOT_BEGUN.readBin();
        try (Grid taller = Grid.create(10, 8);
                Grid wider = Grid.create(11, 7);
                GridSearch t = taller.createSearch(GridOptions.DEFAULT);
                GridSearch w = wider.createSearch(GridOptions.DEFAULT)) {
            for (byte[] state : List.of(running, notBegun)) {
                t.tryBegin(0, 0, 9, 7);
                GridStateException h = assertThrows(GridStateException.class, () -> t.restoreState(state));
                assertEquals("height", h.field(), h.getMessage());
                assertEquals(13, h.offset());
                assertEquals(PathStatus.NONE, t.status());
                assertThrows(IllegalStateException.class, () -> t.step(1));
                GridStateException x = assertThrows(GridStateException.class, () -> w.restoreState(state));
                assertEquals("width", x.field(), x.getMessage());
                assertEquals(9, x.offset());
            }
        }
    }

    @Test
    void gridSearchModeAndFinderOutOfRangeAreRejected() {
        for (StateGoldens golden : GRID_SEARCH_GOLDENS) {
            byte[] bytes = golden.readBin();
            try (StateGoldens.Subject target = golden.fresh()) {
                for (int mode : new int[] {4, 5, 0x80, 0xFF}) {
                    byte[] m = bytes.clone();
                    m[8] = (byte) mode;
                    OnePathFormatException e = rejects(target, m, golden + " with mode " + mode);
                    assertEquals("mode", e.field(), e.getMessage());
                    assertEquals(8, e.offset());
                }
            }
        }
        byte[] blocks = StateGoldens.SEARCH_JPS_BLOCKS.readBin();
        try (StateGoldens.Subject target = StateGoldens.SEARCH_JPS_BLOCKS.fresh()) {
            for (int finder : new int[] {1, 2, 0xFF}) {
                byte[] f = blocks.clone();
                f[17] = (byte) finder;
                OnePathFormatException e = rejects(target, f, "finder " + finder + " into the block-scan handle");
                assertEquals("finder", e.field(), e.getMessage());
                assertEquals(17, e.offset());
            }
        }
    }

    /** Mode 2: the query's ends must be the embedded search's, and the length must be the embedded state's. */
    @Test
    void gridSearchGenericEndsAndLengthAreChecked() {
        for (StateGoldens golden : List.of(StateGoldens.SEARCH_GENERIC_ASTAR, StateGoldens.SEARCH_GENERIC_JPS)) {
            byte[] bytes = golden.readBin();
            int length = ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN).getInt(33);
            try (StateGoldens.Subject target = golden.fresh()) {
                // (1, 0) and (8, 6) are walkable cells inside the grid, but not the embedded search's ends (a wrong
                // goal is named as startX today: see gridSearchGenericErrorsNameTheFieldAndItsOffsetInTheWholeState)
                assertEquals(
                        "startX",
                        rejects(target, patchI32(bytes, 17, 1), golden + " startX 1")
                                .field());
                rejects(target, patchI32(bytes, 25, 8), golden + " goalX 8");
                assertEquals(
                        "startY",
                        rejects(target, patchI32(bytes, 21, 7), golden + " startY 7 (outside)")
                                .field());
                assertEquals(
                        "goalX",
                        rejects(target, patchI32(bytes, 25, -1), golden + " goalX -1")
                                .field());
                for (int bad : new int[] {Integer.MAX_VALUE, length + 1, 1 << 20, -1, 0}) {
                    OnePathFormatException e = rejects(target, patchI32(bytes, 33, bad), golden + " length " + bad);
                    assertTrue(
                            e.field().startsWith("length")
                                    || e.field().equals("embedded state")
                                    || e.field().equals("end"),
                            e.getMessage());
                }
                // a shorter length cuts the embedded state: rejected, as trailing bytes or by the embedded reader
                rejects(target, patchI32(bytes, 33, length - 1), golden + " length - 1");
                // the embedded state with one more byte, counted in the length
                byte[] longer = patchI32(Arrays.copyOf(bytes, bytes.length + 1), 33, length + 1);
                rejects(target, longer, golden + " with a byte more inside the embedded state");
                // and restored again, it runs
                target.restore(bytes);
                assertArrayEquals(bytes, target.save());
            }
        }
    }

    /**
     * Mode 2 with the embedded A* (kind 8): visited[2] is cell 2 = (2, 0), closed at g 2 with
     * parent 1 = (1, 0). Patched to parent 0 = (0, 0), two columns away, every count and cost still
     * agrees (g 0 <= 2, no cycle, the start the only root), but no move of the grid goes from (0, 0)
     * to (2, 0). The specialised engines cannot express such a link (mode 1 stores a direction,
     * mode 3 and the embedded jump point search check the hop); the generic A* must reject it or
     * the handle hands out a path that jumps over a cell.
     */
    @Test
    void gridSearchGenericAStarParentThatIsNotANeighbourIsRejected() {
        byte[] bytes = StateGoldens.SEARCH_GENERIC_ASTAR.readBin();
        int recordAt = 37 + 45 + 4 + 2 * 17; // kind 12 head + kind 8 fixed fields + visited.count, record 2
        ByteBuffer b = ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN);
        assertEquals(2, b.getInt(recordAt), "visited[2] is cell 2");
        assertEquals(1, b.get(recordAt + 4), "cell 2 is closed");
        assertEquals(2.0, b.getDouble(recordAt + 5), "cell 2 at g 2");
        assertEquals(1, b.getInt(recordAt + 13), "cell 2's parent is cell 1");
        byte[] state = patchI32(bytes, recordAt + 13, 0);
        try (StateGoldens.GridSearchSubject target =
                (StateGoldens.GridSearchSubject) StateGoldens.SEARCH_GENERIC_ASTAR.fresh()) {
            target.prime();
            try {
                target.restore(state);
            } catch (GridStateException rejected) {
                assertEquals(PathStatus.NONE, target.search.status());
                return;
            }
            assertEquals(PathStatus.FOUND, target.search.step(Integer.MAX_VALUE));
            int[] path = new int[target.search.pathLength()];
            target.search.copyPath(path);
            String problem = gridSearchPathProblem(target.grid, state, path);
            if (problem != null) {
                fail(
                        "GridSearch.restoreState (mode 2, embedded A*) accepted visited[2] = cell 2 (2, 0) with parent 0 (0, 0),"
                                + " which is not a neighbour; run to FOUND (cost " + target.search.cost()
                                + "), copyPath gives "
                                + Arrays.toString(path) + ": " + problem);
            }
        }
    }

    /**
     * Error offsets count from the first byte given (see {@link #nativeSegmentsAndSlicesAreCheckedTheSameWay}),
     * also inside the state a mode 2 state embeds, and a wrong goal is named as the goal.
     */
    @Test
    void gridSearchGenericErrorsNameTheFieldAndItsOffsetInTheWholeState() {
        byte[] bytes = StateGoldens.SEARCH_GENERIC_ASTAR.readBin();
        try (StateGoldens.Subject target = StateGoldens.SEARCH_GENERIC_ASTAR.fresh()) {
            // the embedded nodeCount: offset 8 of the embedded state, which begins at 37
            OnePathFormatException inner = rejects(target, patchI32(bytes, 37 + 8, 71), "embedded nodeCount 71");
            // goalX 8: the embedded search's goal is (9, 6)
            OnePathFormatException goal = rejects(target, patchI32(bytes, 25, 8), "goalX 8");
            assertAll(
                    () -> assertEquals("nodeCount", inner.field(), inner.getMessage()),
                    () -> assertEquals(37 + 8, inner.offset(), "embedded nodeCount: " + inner.getMessage()),
                    () -> assertEquals("goalX", goal.field(), "goalX 8: " + goal.getMessage()),
                    () -> assertEquals(25, goal.offset(), "goalX 8: " + goal.getMessage()));
        }
    }

    @Test
    @Timeout(value = 20, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
    void gridSearchHugeCountsAreRejectedWithoutAllocating() {
        byte[] running = StateGoldens.SEARCH_ASTAR_RUNNING.readBin();
        try (StateGoldens.Subject target = StateGoldens.SEARCH_ASTAR_RUNNING.fresh()) {
            for (int count : new int[] {Integer.MAX_VALUE, 71, 1 << 30, -1, Integer.MIN_VALUE}) {
                OnePathFormatException e = rejects(target, patchI32(running, 43, count), "mode 1 visited " + count);
                assertEquals("visited", e.field(), e.getMessage());
            }
        }
        byte[] blocks = StateGoldens.SEARCH_JPS_BLOCKS.readBin();
        ByteBuffer b = ByteBuffer.wrap(blocks).order(ByteOrder.LITTLE_ENDIAN);
        int levelAt = 48 + 17 * b.getInt(44);
        int heapAt = levelAt + 8;
        int stackAt = heapAt + 4 + 16 * b.getInt(heapAt);
        try (StateGoldens.Subject target = StateGoldens.SEARCH_JPS_BLOCKS.fresh()) {
            for (int count : new int[] {Integer.MAX_VALUE, 71, -1}) {
                assertEquals(
                        "visited",
                        rejects(target, patchI32(blocks, 44, count), "mode 3 visited " + count)
                                .field());
                assertEquals(
                        "heapCount",
                        rejects(target, patchI32(blocks, heapAt, count), "heapCount " + count)
                                .field());
                assertEquals(
                        "stackCount",
                        rejects(target, patchI32(blocks, stackAt, count), "stackCount " + count)
                                .field());
            }
        }
    }

    @Test
    void restoringANotBegunStateEndsARunningHandle() {
        byte[] notBegun = StateGoldens.SEARCH_NOT_BEGUN.readBin();
        for (StateGoldens golden : GRID_SEARCH_GOLDENS) {
            try (StateGoldens.GridSearchSubject s = (StateGoldens.GridSearchSubject) golden.fresh()) {
                s.prime();
                s.restore(notBegun);
                assertEquals(PathStatus.NONE, s.search.status(), golden.toString());
                assertThrows(IllegalStateException.class, () -> s.search.step(1), golden.toString());
                assertThrows(IllegalStateException.class, () -> s.search.copyPath(new int[80]), golden.toString());
                assertArrayEquals(notBegun, s.save(), golden + ": saves mode 0 again");
                // and it can be begun again
                s.prime();
                assertEquals(PathStatus.FOUND, s.search.step(Integer.MAX_VALUE), golden.toString());
            }
        }
    }

    @Test
    void nativeSegmentsAndSlicesAreCheckedTheSameWay() {
        // restoreState(MemorySegment) over off-heap memory, at a nonzero offset of a larger segment
        byte[] grid = StateGoldens.GRID.readBin();
        try (Arena arena = Arena.ofConfined();
                StateGoldens.Subject g = StateGoldens.GRID.fresh()) {
            MemorySegment big = arena.allocate(grid.length + 10);
            MemorySegment.copy(MemorySegment.ofArray(grid), 0, big, 5, grid.length);
            g.restore(big.asSlice(5, grid.length));
            assertArrayEquals(grid, g.save());
            byte[] before = g.save();
            GridStateException e =
                    assertThrows(GridStateException.class, () -> g.restore(big.asSlice(5, grid.length + 1)));
            assertTrue(e.field().equals("cells") || e.field().equals("end"), e.getMessage());
            assertArrayEquals(before, g.save());
            // offsets count from the first byte given: the version field of the slice is at 16
            MemorySegment bad = big.asSlice(5, grid.length);
            bad.set(java.lang.foreign.ValueLayout.JAVA_INT_UNALIGNED, 16, -1);
            GridStateException w = assertThrows(GridStateException.class, () -> g.restore(bad));
            assertEquals("version", w.field(), w.getMessage());
            assertEquals(16, w.offset());
            assertArrayEquals(before, g.save());
        }
    }

    /** Restoring with every kind of target and both entry points, a list of byte strings of all lengths 0..16. */
    @Test
    void shortGarbageIsRejected() {
        Random random = new Random(42);
        List<Consumer<byte[]>> entries = new ArrayList<>();
        try (StateGoldens.Subject g = StateGoldens.GRID.fresh();
                StateGoldens.Subject v = StateGoldens.VOXEL.fresh();
                StateGoldens.Subject a = StateGoldens.ASTAR_RUNNING.fresh();
                StateGoldens.Subject j = StateGoldens.JPS_RUNNING.fresh();
                StateGoldens.Subject gs = StateGoldens.SEARCH_ASTAR_RUNNING.fresh();
                StateGoldens.Subject gj = StateGoldens.SEARCH_JPS_PLUS.fresh()) {
            for (StateGoldens.Subject s : List.of(g, v, a, j, gs, gj)) {
                entries.add(s::restore);
            }
            entries.add(g::fromStateThenSave);
            entries.add(v::fromStateThenSave);
            for (int length = 0; length <= 16; length++) {
                for (int k = 0; k < 20; k++) {
                    byte[] junk = new byte[length];
                    random.nextBytes(junk);
                    if (length >= 4 && k % 2 == 0) {
                        junk[0] = 0x4F;
                        junk[1] = 0x50;
                        junk[2] = 0x47;
                        junk[3] = 0x53;
                    }
                    for (Consumer<byte[]> entry : entries) {
                        try {
                            entry.accept(junk);
                            fail("accepted " + Arrays.toString(junk));
                        } catch (OnePathFormatException expected) {
                            assertTrue(
                                    expected instanceof GridStateException,
                                    expected.getClass().getName());
                        }
                    }
                }
            }
        }
    }
}
