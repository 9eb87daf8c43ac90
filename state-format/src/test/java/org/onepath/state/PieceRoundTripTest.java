package org.onepath.state;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import java.util.Arrays;
import java.util.function.BiConsumer;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/** Every piece reads back equal, writes the same bytes twice, and matches its layout's size. */
class PieceRoundTripTest {

    private static <T> byte[] bytesOf(T value, BiConsumer<StateWriter, T> write) {
        try (StateWriter w = new StateWriter()) {
            write.accept(w, value);
            return w.toByteArray();
        }
    }

    /** Round trip, determinism and exact consumption; returns the bytes for further checks. */
    private static <T> byte[] roundTrip(T value, BiConsumer<StateWriter, T> write, Function<StateReader, T> read) {
        byte[] bytes = bytesOf(value, write);
        assertArrayEquals(bytes, bytesOf(value, write), "writing twice gives equal bytes");
        StateReader r = new StateReader(bytes);
        assertEquals(value, read.apply(r));
        r.expectEnd();
        return bytes;
    }

    @Test
    void gridSpaceIsThreeLiteralF64s() {
        SpacePiece.Grid space = new SpacePiece.Grid(1.0, -2.0, 0.5);
        byte[] bytes = roundTrip(space, SpacePiece::writeGrid, SpacePiece::readGrid);
        assertEquals("00 00 00 00 00 00 F0 3F 00 00 00 00 00 00 00 C0 00 00 00 00 00 00 E0 3F", Hex.of(bytes));
        assertEquals(GridSpaceLayout.SPACE_BYTES, bytes.length);
    }

    @Test
    void unassignedAndBoundarySpacesRoundTrip() {
        roundTrip(SpacePiece.Grid.UNASSIGNED, SpacePiece::writeGrid, SpacePiece::readGrid);
        roundTrip(new SpacePiece.Grid(-0.0, 0.0, -0.0), SpacePiece::writeGrid, SpacePiece::readGrid);
        roundTrip(
                new SpacePiece.Grid(SpacePiece.LIMIT, -SpacePiece.LIMIT, SpacePiece.LIMIT),
                SpacePiece::writeGrid,
                SpacePiece::readGrid);
        roundTrip(new SpacePiece.Grid(0, 0, Double.MIN_VALUE), SpacePiece::writeGrid, SpacePiece::readGrid);
    }

    @Test
    void voxelSpaceRoundTripsAsFourF64s() {
        SpacePiece.Voxel space = new SpacePiece.Voxel(-3.25, 7, SpacePiece.LIMIT, 2);
        byte[] bytes = roundTrip(space, SpacePiece::writeVoxel, SpacePiece::readVoxel);
        assertEquals(VoxelSpaceLayout.SPACE_BYTES, bytes.length);
        assertEquals(32, bytes.length);
        roundTrip(SpacePiece.Voxel.UNASSIGNED, SpacePiece::writeVoxel, SpacePiece::readVoxel);
    }

    @Test
    void areasRoundTripAndOmitTheWall() {
        double[] m = new double[255];
        Arrays.fill(m, 1.0);
        m[0] = 2.5;
        m[254] = Double.MAX_VALUE;
        m[100] = Double.MIN_VALUE;
        AreasPiece.Areas areas = new AreasPiece.Areas(42, m);
        byte[] bytes = roundTrip(areas, AreasPiece::write, AreasPiece::read);
        assertEquals(AreasLayout.AREAS_BYTES, bytes.length);
        assertEquals(4 + 255 * 8, bytes.length);
        assertEquals("2A 00 00 00 00 00 00 00 00 00 04 40 00 00 00 00 00 00 F0 3F", Hex.of(Arrays.copyOf(bytes, 20)));
    }

    @Test
    void areasEqualityComparesContents() {
        double[] m = new double[255];
        Arrays.fill(m, 1.0);
        AreasPiece.Areas a = new AreasPiece.Areas(1, m);
        assertEquals(a, new AreasPiece.Areas(1, m.clone()));
        assertEquals(a.hashCode(), new AreasPiece.Areas(1, m.clone()).hashCode());
        assertNotEquals(a, new AreasPiece.Areas(2, m));
    }

    @Test
    void openSetSlotIsLiteral() {
        OpenSetPiece.Heap heap = new OpenSetPiece.Heap(new int[] {5}, new double[] {1.5}, new double[] {0.5});
        byte[] bytes = roundTrip(heap, (w, h) -> OpenSetPiece.write(w, h, 6), r -> OpenSetPiece.read(r, 6));
        assertEquals("01 00 00 00 05 00 00 00 00 00 00 00 00 00 F8 3F 00 00 00 00 00 00 E0 3F", Hex.of(bytes));
        assertEquals(OpenSetPieceLayout.pieceBytes(1), bytes.length);
    }

    @Test
    void openSetKeepsHeapArrayOrder() {
        // A valid 4-ary heap that is not sorted: slot 1 (F 3) comes before slot 2 (F 2).
        OpenSetPiece.Heap heap = new OpenSetPiece.Heap(
                new int[] {0, 1, 2, 3, 4, 5}, new double[] {1, 3, 2, 2, 2, 4}, new double[] {0, 0, 1, 0, 0, 0});
        OpenSetPiece.checkHeapOrder(heap);
        byte[] bytes = roundTrip(heap, (w, h) -> OpenSetPiece.write(w, h, 6), r -> OpenSetPiece.read(r, 6));
        assertEquals(OpenSetPieceLayout.pieceBytes(6), bytes.length);
        roundTrip(OpenSetPiece.Heap.EMPTY, (w, h) -> OpenSetPiece.write(w, h, 0), r -> OpenSetPiece.read(r, 0));
        roundTrip(heap, (w, h) -> OpenSetPiece.write(w, h, 6), r -> OpenSetPiece.readAnyOrder(r, 6));
    }

    @Test
    void replanOpenSetRoundTripsInfiniteKeysInAnyOrder() {
        ReplanOpenSetPiece.Heap heap = new ReplanOpenSetPiece.Heap(
                new int[] {9, 0, 4},
                new double[] {Double.POSITIVE_INFINITY, 1, -0.0},
                new double[] {2, Double.NEGATIVE_INFINITY, 3});
        byte[] bytes =
                roundTrip(heap, (w, h) -> ReplanOpenSetPiece.write(w, h, 10), r -> ReplanOpenSetPiece.read(r, 10));
        assertEquals(ReplanOpenSetPieceLayout.pieceBytes(3), bytes.length);
        assertEquals("03 00 00 00 09 00 00 00 00 00 00 00 00 00 F0 7F", Hex.of(Arrays.copyOf(bytes, 16)));
    }

    @Test
    void searchBuffersAreLiteral() {
        // Start node 3, closed, g 0; nothing open; node 3 expanded.
        SearchBuffersPiece.Buffers b = new SearchBuffersPiece.Buffers(
                new int[] {3},
                new boolean[] {true},
                new double[] {0},
                new int[] {-1},
                OpenSetPiece.Heap.EMPTY,
                new int[] {3});
        byte[] bytes = roundTrip(b, (w, v) -> SearchBuffersPiece.write(w, v, 4), r -> SearchBuffersPiece.read(r, 4));
        assertEquals(
                "01 00 00 00"
                        + " 03 00 00 00 01 00 00 00 00 00 00 00 00 FF FF FF FF"
                        + " 00 00 00 00"
                        + " 01 00 00 00 03 00 00 00",
                Hex.of(bytes));
        assertEquals(SearchBuffersPieceLayout.pieceBytes(1, 0, 1), bytes.length);
    }

    @Test
    void searchBuffersWithATreeAndAnOpenSetRoundTrip() {
        // 0 (start, closed) -> 2 (closed) -> 5, 7 open; 9 reached from 0 by a zero-cost step, open.
        OpenSetPiece.Heap open =
                ValidPieces.heapify(new int[] {5, 7, 9}, new double[] {4, 4, 3}, new double[] {2, 3, 1});
        SearchBuffersPiece.Buffers b = new SearchBuffersPiece.Buffers(
                new int[] {0, 2, 5, 7, 9},
                new boolean[] {true, true, false, false, false},
                new double[] {1, 1.5, 2, 3, 1},
                new int[] {-1, 0, 2, 2, 0},
                open,
                new int[] {0, 2});
        byte[] bytes = roundTrip(b, (w, v) -> SearchBuffersPiece.write(w, v, 10), r -> SearchBuffersPiece.read(r, 10));
        assertEquals(SearchBuffersPieceLayout.pieceBytes(5, 3, 2), bytes.length);
        roundTrip(
                SearchBuffersPiece.Buffers.EMPTY,
                (w, v) -> SearchBuffersPiece.write(w, v, 1),
                r -> SearchBuffersPiece.read(r, 1));
    }

    @Test
    void aDocumentIsHeaderThenPieces() {
        SpacePiece.Grid space = new SpacePiece.Grid(0, 0, 1);
        double[] m = new double[255];
        Arrays.fill(m, 1.0);
        AreasPiece.Areas areas = new AreasPiece.Areas(0, m);
        byte[] bytes;
        try (StateWriter w = new StateWriter()) {
            w.header(StateKind.GRID).i32(12);
            SpacePiece.writeGrid(w, space);
            AreasPiece.write(w, areas);
            bytes = w.toByteArray();
        }
        StateReader r = new StateReader(bytes);
        r.header(StateKind.GRID);
        assertEquals(12, r.i32("width"));
        assertEquals(space, SpacePiece.readGrid(r));
        assertEquals(areas, AreasPiece.read(r));
        r.expectEnd();
    }
}
