package org.onepath.state;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.function.Consumer;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Each rule of each piece, broken alone: the reader rejects the raw bytes naming the field and its
 * offset, and the writer refuses the same value with an {@link IllegalArgumentException}.
 */
class PieceValidationTest {

    // ---- helpers --------------------------------------------------------------------------------

    private static byte[] raw(Consumer<StateWriter> body) {
        try (StateWriter w = new StateWriter()) {
            body.accept(w);
            return w.toByteArray();
        }
    }

    /** Asserts that reading fails on {@code field} at {@code offset}, and returns the exception. */
    private static GridStateException rejected(byte[] bytes, Function<StateReader, ?> read, String field, long offset) {
        GridStateException e = assertThrows(GridStateException.class, () -> read.apply(new StateReader(bytes)));
        assertEquals(field, e.field(), e.getMessage());
        assertEquals(offset, e.offset(), e.getMessage());
        return e;
    }

    /** Asserts that the writer refuses, naming the field, and writes nothing. */
    private static void refused(Consumer<StateWriter> write, String field) {
        try (StateWriter w = new StateWriter()) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> write.accept(w));
            assertTrue(e.getMessage().startsWith(field + " = "), e.getMessage());
            assertEquals(0, w.length(), "a refused piece writes nothing");
        }
    }

    private static byte[] rawHeap(int[] nodes, double[] a, double[] b) {
        return raw(w -> HeapSlots.write(w, nodes, a, b));
    }

    /** Writes buffers without any check, as hostile bytes would look. */
    private static byte[] rawBuffers(SearchBuffersPiece.Buffers b) {
        return raw(w -> {
            w.i32(b.visitedCount());
            for (int i = 0; i < b.visitedCount(); i++) {
                w.i32(b.visitedNodes()[i]).flag(b.closed()[i]).f64(b.g()[i]).i32(b.parents()[i]);
            }
            HeapSlots.write(w, b.open().nodes(), b.open().f(), b.open().g());
            w.i32(b.expandedNodes().length);
            for (int node : b.expandedNodes()) {
                w.i32(node);
            }
        });
    }

    private static double[] ones() {
        double[] m = new double[255];
        Arrays.fill(m, 1.0);
        return m;
    }

    private static OpenSetPiece.Heap heap(int[] nodes, double[] f, double[] g) {
        return new OpenSetPiece.Heap(nodes, f, g);
    }

    // ---- space ----------------------------------------------------------------------------------

    @Test
    void anOriginBeyondTwoToThe21IsRejected() {
        SpacePiece.Grid s = new SpacePiece.Grid(0, Math.nextUp(SpacePiece.LIMIT), 1);
        GridStateException e = rejected(
                raw(w -> w.f64(s.originX()).f64(s.originY()).f64(s.cellSize())),
                SpacePiece::readGrid,
                "space.originY",
                GridSpaceLayout.ORIGIN_Y_OFFSET);
        assertTrue(e.expected().contains("2^21"), e.getMessage());
        refused(w -> SpacePiece.writeGrid(w, s), "space.originY");
    }

    @Test
    void aNaNOriginIsRejected() {
        SpacePiece.Grid s = new SpacePiece.Grid(Double.NaN, 0, 1);
        rejected(
                raw(w -> w.f64(s.originX()).f64(s.originY()).f64(s.cellSize())),
                SpacePiece::readGrid,
                "space.originX",
                0);
        refused(w -> SpacePiece.writeGrid(w, s), "space.originX");
    }

    @ParameterizedTest
    @ValueSource(doubles = {0.0, -1.0, 2097152.5, Double.NaN, Double.POSITIVE_INFINITY})
    void aCellSizeOutsideZeroToTwoToThe21IsRejectedUnlessAllIsZero(double cellSize) {
        SpacePiece.Grid s = new SpacePiece.Grid(1, 0, cellSize);
        rejected(
                raw(w -> w.f64(s.originX()).f64(s.originY()).f64(s.cellSize())),
                SpacePiece::readGrid,
                "space.cellSize",
                GridSpaceLayout.CELL_SIZE_OFFSET);
        refused(w -> SpacePiece.writeGrid(w, s), "space.cellSize");
    }

    @Test
    void voxelSpaceChecksTheZAxisAndItsCellSize() {
        SpacePiece.Voxel z = new SpacePiece.Voxel(0, 0, -3e6, 1);
        rejected(
                raw(w -> w.f64(0).f64(0).f64(-3e6).f64(1)),
                SpacePiece::readVoxel,
                "space.originZ",
                VoxelSpaceLayout.ORIGIN_Z_OFFSET);
        refused(w -> SpacePiece.writeVoxel(w, z), "space.originZ");
        rejected(
                raw(w -> w.f64(0).f64(0).f64(1).f64(0)),
                SpacePiece::readVoxel,
                "space.cellSize",
                VoxelSpaceLayout.CELL_SIZE_OFFSET);
    }

    // ---- areas ----------------------------------------------------------------------------------

    @Test
    void aNegativeAreasVersionIsRejected() {
        rejected(
                raw(w -> {
                    w.i32(-1);
                    for (double m : ones()) {
                        w.f64(m);
                    }
                }),
                AreasPiece::read,
                "areas.version",
                AreasLayout.VERSION_OFFSET);
        refused(w -> AreasPiece.write(w, new AreasPiece.Areas(-1, ones())), "areas.version");
    }

    @ParameterizedTest
    @ValueSource(doubles = {0.0, -0.0, -2.0, Double.NaN, Double.POSITIVE_INFINITY})
    void aMultiplierThatIsNotPositiveAndFiniteIsRejected(double bad) {
        double[] m = ones();
        m[7] = bad;
        rejected(
                raw(w -> {
                    w.i32(0);
                    for (double x : m) {
                        w.f64(x);
                    }
                }),
                AreasPiece::read,
                "areas.multiplier[7]",
                AreasLayout.multiplierOffset(7));
        refused(w -> AreasPiece.write(w, new AreasPiece.Areas(0, m)), "areas.multiplier[7]");
    }

    @Test
    void areasNeedExactly255Multipliers() {
        assertThrows(IllegalArgumentException.class, () -> new AreasPiece.Areas(0, new double[256]));
        rejected(raw(w -> w.i32(0).f64(1)), AreasPiece::read, "areas.multiplier[1]", 12);
    }

    // ---- open set --------------------------------------------------------------------------------

    @Test
    void aDuplicateHeapNodeIsRejected() {
        int[] nodes = {3, 1, 3};
        double[] f = {1, 2, 2};
        double[] g = {0, 0, 0};
        GridStateException e = rejected(
                rawHeap(nodes, f, g),
                r -> OpenSetPiece.read(r, 5),
                "open[2].node",
                OpenSetPieceLayout.slotOffset(2) + OpenSetPieceLayout.NODE_OFFSET);
        assertTrue(e.expected().contains("slot 0"), e.getMessage());
        refused(w -> OpenSetPiece.write(w, heap(nodes, f, g), 5), "open[2].node");
    }

    @ParameterizedTest
    @ValueSource(ints = {5, -1, Integer.MIN_VALUE})
    void anOutOfRangeHeapNodeIsRejected(int bad) {
        int[] nodes = {0, bad};
        double[] f = {1, 2};
        double[] g = {0, 0};
        GridStateException e = rejected(
                rawHeap(nodes, f, g), r -> OpenSetPiece.read(r, 5), "open[1].node", OpenSetPieceLayout.slotOffset(1));
        assertEquals("0..4", e.expected());
        refused(w -> OpenSetPiece.write(w, heap(nodes, f, g), 5), "open[1].node");
    }

    @Test
    void nanKeysInTheOpenSetAreRejected() {
        int[] nodes = {0, 1};
        rejected(
                rawHeap(nodes, new double[] {1, Double.NaN}, new double[] {0, 0}),
                r -> OpenSetPiece.read(r, 2),
                "open[1].f",
                OpenSetPieceLayout.slotOffset(1) + OpenSetPieceLayout.F_OFFSET);
        rejected(
                rawHeap(nodes, new double[] {1, 2}, new double[] {Double.NaN, 0}),
                r -> OpenSetPiece.read(r, 2),
                "open[0].g",
                OpenSetPieceLayout.slotOffset(0) + OpenSetPieceLayout.G_OFFSET);
        refused(
                w -> OpenSetPiece.write(w, heap(nodes, new double[] {Double.NaN, 1}, new double[] {0, 0}), 2),
                "open[0].f");
        // Infinite keys are numbers and pass.
        OpenSetPiece.read(
                new StateReader(rawHeap(
                        nodes, new double[] {1, Double.POSITIVE_INFINITY}, new double[] {0, Double.NEGATIVE_INFINITY})),
                2);
    }

    @Test
    void openSetCountsAreBounded() {
        rejected(raw(w -> w.i32(-1)), r -> OpenSetPiece.read(r, 5), "open.count", 0);
        rejected(
                rawHeap(new int[] {0, 1, 2}, new double[3], new double[3]),
                r -> OpenSetPiece.read(r, 2),
                "open.count",
                0);
        GridStateException e =
                rejected(raw(w -> w.i32(3).i32(0).f64(0).f64(0)), r -> OpenSetPiece.read(r, 5), "open.count", 0);
        assertTrue(e.expected().contains("20 bytes left"), e.getMessage());
    }

    @Test
    void aChildBeforeItsParentBreaksHeapOrderButOnlyTheOrderedReadCares() {
        // Slot 2's parent is slot 0; checks each tie-break level in turn.
        int[] nodes = {4, 1, 2};
        double[][][] brokenKeys = {
            {{2, 3, 1}, {0, 0, 0}}, // smaller F below
            {{2, 3, 2}, {0, 0, 1}}, // equal F, larger G below
            {{2, 3, 2}, {1, 0, 1}}, // equal F and G, smaller node (2 < 4) below
        };
        for (double[][] keys : brokenKeys) {
            OpenSetPiece.Heap h = heap(nodes, keys[0], keys[1]);
            byte[] bytes = rawHeap(nodes, keys[0], keys[1]);
            rejected(bytes, r -> OpenSetPiece.read(r, 5), "open[2].node", OpenSetPieceLayout.slotOffset(2));
            assertEquals(h, OpenSetPiece.readAnyOrder(new StateReader(bytes), 5));
            assertThrows(IllegalArgumentException.class, () -> OpenSetPiece.checkHeapOrder(h));
            refused(w -> OpenSetPiece.write(w, h, 5), "open[2].node");
            StateReader r = new StateReader(raw(w -> w.i64(0).bytes(java.lang.foreign.MemorySegment.ofArray(bytes))));
            r.i64("prefix");
            OpenSetPiece.Heap read = OpenSetPiece.readAnyOrder(r, 5);
            GridStateException e =
                    assertThrows(GridStateException.class, () -> OpenSetPiece.checkHeapOrder(r, read, 8));
            assertEquals(8 + OpenSetPieceLayout.slotOffset(2), e.offset());
        }
        // -0.0 and 0.0 are equal keys, so the tie-break goes on to G.
        OpenSetPiece.checkHeapOrder(heap(new int[] {0, 1}, new double[] {0.0, -0.0}, new double[] {1, 0}));
    }

    // ---- replan open set -----------------------------------------------------------------------------

    @Test
    void replanOpenSetRejectsNaNKeysDuplicatesAndOutOfRangeNodes() {
        rejected(
                rawHeap(new int[] {0, 1}, new double[] {0, 0}, new double[] {0, Double.NaN}),
                r -> ReplanOpenSetPiece.read(r, 2),
                "open[1].key2",
                ReplanOpenSetPieceLayout.slotOffset(1) + ReplanOpenSetPieceLayout.KEY2_OFFSET);
        rejected(
                rawHeap(new int[] {0, 1}, new double[] {Double.NaN, 0}, new double[] {0, 0}),
                r -> ReplanOpenSetPiece.read(r, 2),
                "open[0].key1",
                ReplanOpenSetPieceLayout.KEY1_OFFSET + 4);
        rejected(
                rawHeap(new int[] {1, 1}, new double[2], new double[2]),
                r -> ReplanOpenSetPiece.read(r, 2),
                "open[1].node",
                ReplanOpenSetPieceLayout.slotOffset(1));
        rejected(
                rawHeap(new int[] {2}, new double[1], new double[1]),
                r -> ReplanOpenSetPiece.read(r, 2),
                "open[0].node",
                ReplanOpenSetPieceLayout.slotOffset(0));
        refused(
                w -> ReplanOpenSetPiece.write(
                        w, new ReplanOpenSetPiece.Heap(new int[] {0, 0}, new double[2], new double[2]), 2),
                "open[1].node");
        refused(
                w -> ReplanOpenSetPiece.write(
                        w, new ReplanOpenSetPiece.Heap(new int[] {0}, new double[] {Double.NaN}, new double[1]), 2),
                "open[0].key1");
    }

    // ---- search buffers ------------------------------------------------------------------------------

    /** A valid base: 1 (start, closed) -> 3 (closed) -> 6 (open); 8 open from 1. */
    private static SearchBuffersPiece.Buffers base() {
        return new SearchBuffersPiece.Buffers(
                new int[] {1, 3, 6, 8},
                new boolean[] {true, true, false, false},
                new double[] {0, 1, 2, 1},
                new int[] {-1, 1, 3, 1},
                heap(new int[] {8, 6}, new double[] {3, 4}, new double[] {1, 2}),
                new int[] {1, 3});
    }

    private static SearchBuffersPiece.Buffers with(
            int[] nodes, boolean[] closed, double[] g, int[] parents, OpenSetPiece.Heap open, int[] expanded) {
        SearchBuffersPiece.Buffers b = base();
        return new SearchBuffersPiece.Buffers(
                nodes != null ? nodes : b.visitedNodes(),
                closed != null ? closed : b.closed(),
                g != null ? g : b.g(),
                parents != null ? parents : b.parents(),
                open != null ? open : b.open(),
                expanded != null ? expanded : b.expandedNodes());
    }

    private static long recordAt(int i, long field) {
        return SearchBuffersPieceLayout.recordOffset(i) + field;
    }

    /** The bad buffers are rejected on read at {@code field}/{@code offset} and refused on write. */
    private static GridStateException assertBuffersRejected(
            SearchBuffersPiece.Buffers b, int nodeCount, String field, long offset) {
        GridStateException e = rejected(rawBuffers(b), r -> SearchBuffersPiece.read(r, nodeCount), field, offset);
        refused(w -> SearchBuffersPiece.write(w, b, nodeCount), field);
        return e;
    }

    @Test
    void theBaseBuffersAreValid() {
        SearchBuffersPiece.Buffers b = base();
        assertEquals(b, SearchBuffersPiece.read(new StateReader(rawBuffers(b)), 10));
    }

    @Test
    void visitedNodesMustBeInRange() {
        assertBuffersRejected(
                with(new int[] {1, 3, 6, 10}, null, null, null, null, null),
                10,
                "visited[3].node",
                recordAt(3, SearchBuffersPieceLayout.NODE_OFFSET));
        assertBuffersRejected(
                with(new int[] {-1, 3, 6, 8}, null, null, new int[] {-1, -1, 3, -1}, null, null),
                10,
                "visited[0].node",
                recordAt(0, 0));
    }

    @Test
    void visitedNodesMustBeStrictlyIncreasing() {
        GridStateException e = assertBuffersRejected(
                with(
                        new int[] {1, 3, 3, 8},
                        null,
                        null,
                        new int[] {-1, 1, 1, 1},
                        heap(new int[] {8}, new double[] {3}, new double[] {1}),
                        null),
                10,
                "visited[2].node",
                recordAt(2, 0));
        assertTrue(e.expected().contains("> 3"), e.getMessage());
        assertBuffersRejected(
                with(
                        new int[] {1, 6, 3, 8},
                        null,
                        null,
                        new int[] {-1, 1, 1, 1},
                        heap(new int[] {8, 3}, new double[] {3, 4}, new double[] {1, 2}),
                        null),
                10,
                "visited[2].node",
                recordAt(2, 0));
    }

    @Test
    void aNaNCostIsRejected() {
        assertBuffersRejected(
                with(null, null, new double[] {0, 1, Double.NaN, 1}, null, null, null),
                10,
                "visited[2].g",
                recordAt(2, SearchBuffersPieceLayout.G_OFFSET));
    }

    @Test
    void aParentMustBeVisited() {
        GridStateException e = assertBuffersRejected(
                with(null, null, null, new int[] {-1, 1, 5, 1}, null, null),
                10,
                "visited[2].parent",
                recordAt(2, SearchBuffersPieceLayout.PARENT_OFFSET));
        assertEquals("-1 or a visited node", e.expected());
        assertBuffersRejected(
                with(null, null, null, new int[] {-1, 1, -2, 1}, null, null),
                10,
                "visited[2].parent",
                recordAt(2, SearchBuffersPieceLayout.PARENT_OFFSET));
        assertBuffersRejected(
                with(null, null, null, new int[] {-1, 1, 99, 1}, null, null),
                10,
                "visited[2].parent",
                recordAt(2, SearchBuffersPieceLayout.PARENT_OFFSET));
    }

    @Test
    void aParentThatCostsMoreThanItsChildIsRejected() {
        // Node 8's parent becomes 6 (g 2) while 8 has g 1.
        GridStateException e = assertBuffersRejected(
                with(null, null, null, new int[] {-1, 1, 3, 6}, null, null),
                10,
                "visited[3].parent",
                recordAt(3, SearchBuffersPieceLayout.PARENT_OFFSET));
        assertTrue(e.value().contains("2.0") && e.expected().contains("1.0"), e.getMessage());
    }

    @Test
    void aParentCycleIsRejected() {
        // 3 and 6 are each other's parent at equal g, so the cost rule alone lets it through.
        SearchBuffersPiece.Buffers b = with(null, null, new double[] {0, 2, 2, 1}, new int[] {-1, 6, 3, 1}, null, null);
        GridStateException e = rejected(
                rawBuffers(b),
                r -> SearchBuffersPiece.read(r, 10),
                "visited[1].parent",
                recordAt(1, SearchBuffersPieceLayout.PARENT_OFFSET));
        assertTrue(e.expected().contains("ends at -1"), e.getMessage());
        refused(w -> SearchBuffersPiece.write(w, b, 10), "visited[1].parent");
    }

    @Test
    void aSelfParentAndACycleBehindATailAreRejected() {
        assertBuffersRejected(
                with(null, null, null, new int[] {1, 1, 3, 1}, null, null),
                10,
                "visited[0].parent",
                recordAt(0, SearchBuffersPieceLayout.PARENT_OFFSET));
        // 8 -> 6 -> 3 -> 6: the walk from 8 enters a cycle it is not part of.
        SearchBuffersPiece.Buffers tail =
                with(null, null, new double[] {0, 2, 2, 2}, new int[] {-1, 6, 3, 6}, null, null);
        GridStateException e = rejected(
                rawBuffers(tail),
                r -> SearchBuffersPiece.read(r, 10),
                "visited[1].parent",
                recordAt(1, SearchBuffersPieceLayout.PARENT_OFFSET));
        assertTrue(e.expected().contains("node 3"), e.getMessage());
    }

    @Test
    void aLongChainIsCheckedInLinearTime() {
        // 200 000 nodes in one chain, visited in reverse parent order: a quadratic walk would take minutes.
        int n = 200_000;
        int[] nodes = new int[n];
        int[] parents = new int[n];
        double[] g = new double[n];
        for (int i = 0; i < n; i++) {
            nodes[i] = i;
            parents[i] = i == n - 1 ? -1 : i + 1;
            g[i] = n - i;
        }
        SearchBuffersPiece.Buffers b =
                new SearchBuffersPiece.Buffers(nodes, new boolean[n], g, parents, OpenSetPiece.Heap.EMPTY, new int[0]);
        long t0 = System.nanoTime();
        assertEquals(b, SearchBuffersPiece.read(new StateReader(rawBuffers(b)), n));
        assertTrue(System.nanoTime() - t0 < 5_000_000_000L);
    }

    @Test
    void anOpenNodeMustBeVisitedAndNotClosed() {
        long openAt = SearchBuffersPieceLayout.openSetOffset(4);
        GridStateException e = assertBuffersRejected(
                with(null, null, null, null, heap(new int[] {8, 3}, new double[] {3, 4}, new double[] {1, 1}), null),
                10,
                "open[1].node",
                openAt + OpenSetPieceLayout.slotOffset(1));
        assertTrue(e.expected().contains("not closed"), e.getMessage());
        e = assertBuffersRejected(
                with(null, null, null, null, heap(new int[] {8, 7}, new double[] {3, 4}, new double[] {1, 1}), null),
                10,
                "open[1].node",
                openAt + OpenSetPieceLayout.slotOffset(1));
        assertEquals("a visited node", e.expected());
    }

    @Test
    void theOpenSetInsideFollowsTheOpenSetRules() {
        long openAt = SearchBuffersPieceLayout.openSetOffset(4);
        assertBuffersRejected(
                with(null, null, null, null, heap(new int[] {8, 8}, new double[] {3, 4}, new double[] {1, 1}), null),
                10,
                "open[1].node",
                openAt + OpenSetPieceLayout.slotOffset(1));
        assertBuffersRejected(
                with(
                        null,
                        null,
                        null,
                        null,
                        heap(new int[] {8, 6}, new double[] {3, Double.NaN}, new double[] {1, 1}),
                        null),
                10,
                "open[1].f",
                openAt + OpenSetPieceLayout.slotOffset(1) + OpenSetPieceLayout.F_OFFSET);
        // Out of heap order: read rejects, readAnyOrder accepts.
        SearchBuffersPiece.Buffers unordered =
                with(null, null, null, null, heap(new int[] {6, 8}, new double[] {4, 3}, new double[] {2, 1}), null);
        assertBuffersRejected(unordered, 10, "open[1].node", openAt + OpenSetPieceLayout.slotOffset(1));
        assertEquals(unordered, SearchBuffersPiece.readAnyOrder(new StateReader(rawBuffers(unordered)), 10));
    }

    @Test
    void expandedNodesMustBeInRange() {
        assertBuffersRejected(
                with(null, null, null, null, null, new int[] {1, 10}),
                10,
                "expanded[1]",
                SearchBuffersPieceLayout.expandedNodeOffset(4, 2, 1));
    }

    @Test
    void aClosedFlagOfTwoIsRejected() {
        byte[] bytes = rawBuffers(base());
        int flagAt = (int) recordAt(1, SearchBuffersPieceLayout.CLOSED_OFFSET);
        assertEquals(1, bytes[flagAt]);
        bytes[flagAt] = 2;
        GridStateException e = rejected(bytes, r -> SearchBuffersPiece.read(r, 10), "visited[1].closed", flagAt);
        assertEquals("2", e.value());
    }

    @Test
    void searchBufferCountsAreBoundedByTheNodeCountAndTheBytesLeft() {
        rejected(raw(w -> w.i32(-3)), r -> SearchBuffersPiece.read(r, 10), "visited.count", 0);
        rejected(rawBuffers(base()), r -> SearchBuffersPiece.read(r, 3), "visited.count", 0);
        byte[] bytes = rawBuffers(base());
        int expandedAt = (int) SearchBuffersPieceLayout.expandedCountOffset(4, 2);
        bytes[expandedAt] = 11;
        rejected(bytes, r -> SearchBuffersPiece.read(r, 10), "expanded.count", expandedAt);
        bytes[expandedAt] = 3; // within the node count, one more than the bytes that follow
        GridStateException e = rejected(bytes, r -> SearchBuffersPiece.read(r, 10), "expanded.count", expandedAt);
        assertTrue(e.expected().contains("8 bytes left"), e.getMessage());
    }

    @Test
    void offsetsCountFromTheStartOfTheDocument() {
        SearchBuffersPiece.Buffers b = with(null, null, new double[] {0, 1, Double.NaN, 1}, null, null, null);
        byte[] body = rawBuffers(b);
        byte[] doc = raw(w -> w.header(StateKind.GRID_SEARCH).bytes(java.lang.foreign.MemorySegment.ofArray(body)));
        StateReader r = new StateReader(doc);
        r.header(StateKind.GRID_SEARCH);
        GridStateException e = assertThrows(GridStateException.class, () -> SearchBuffersPiece.read(r, 10));
        assertEquals(StateLayout.HEADER_BYTES + recordAt(2, SearchBuffersPieceLayout.G_OFFSET), e.offset());
    }

    @Test
    void theGraphReaderReportsPieceErrorsAsGraphStateExceptions() {
        byte[] bytes = rawHeap(new int[] {0, 0}, new double[2], new double[2]);
        assertThrows(GraphStateException.class, () -> OpenSetPiece.read(StateReader.ofGraph(bytes), 3));
    }

    @Test
    void negativeNodeCountsAreArgumentErrors() {
        assertThrows(IllegalArgumentException.class, () -> OpenSetPiece.read(new StateReader(new byte[4]), -1));
        assertThrows(IllegalArgumentException.class, () -> SearchBuffersPiece.read(new StateReader(new byte[4]), -1));
        assertThrows(
                IllegalArgumentException.class, () -> new OpenSetPiece.Heap(new int[1], new double[2], new double[1]));
    }
}
