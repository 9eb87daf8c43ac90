package org.onepath.state;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** The header, the primitives, both writer modes and the reader's checks. */
class StateWriterReaderTest {

    private static byte[] written(java.util.function.Consumer<StateWriter> body) {
        try (StateWriter w = new StateWriter()) {
            body.accept(w);
            return w.toByteArray();
        }
    }

    // ---- header --------------------------------------------------------------------------------

    @Test
    void headerOfAGridIsTheLiteralBytes() {
        assertEquals("4F 50 47 53 01 00 01 00", Hex.of(written(w -> w.header(StateKind.GRID))));
        assertEquals("4F 50 47 53 01 00 0C 00", Hex.of(written(w -> w.header(StateKind.GRID_SEARCH))));
        assertEquals(8, StateLayout.HEADER_BYTES);
        assertEquals(0x5347504F, StateLayout.MAGIC);
    }

    @ParameterizedTest
    @EnumSource(StateKind.class)
    void everyKindRoundTripsThroughTheHeader(StateKind kind) {
        StateReader r = new StateReader(written(w -> w.header(kind)));
        assertEquals(kind, r.header());
        assertEquals(8, r.offset());
        new StateReader(written(w -> w.header(kind))).header(kind);
        assertEquals(kind, StateKind.of(kind.code()));
    }

    @Test
    void kindCodesAreTheNormativeOnes() {
        String[] labels = {
            "Grid",
            "HexGrid",
            "VoxelGrid",
            "Graph",
            "GridReplanner",
            "HexReplanner",
            "GridFlowField",
            "A*",
            "jump point search",
            "Theta*",
            "graph A*",
            "GridSearch"
        };
        assertEquals(labels.length, StateKind.values().length);
        for (int code = 1; code <= labels.length; code++) {
            assertEquals(labels[code - 1], StateKind.of(code).label());
        }
        assertTrue(StateKind.find(0).isEmpty());
        assertTrue(StateKind.find(13).isEmpty());
        OnePathFormatException e = assertThrows(OnePathFormatException.class, () -> StateKind.of(99));
        assertEquals("kind", e.field());
        assertEquals(StateLayout.KIND_OFFSET, e.offset());
    }

    @Test
    void aWrongMagicIsNamed() {
        byte[] bytes = Hex.bytes("4F 50 47 54 01 00 01 00");
        GridStateException e =
                assertThrows(GridStateException.class, () -> new StateReader(bytes).header(StateKind.GRID));
        assertEquals("magic", e.field());
        assertEquals("0x5447504F", e.value());
        assertEquals(0, e.offset());
        assertTrue(e.getMessage().contains("0x5347504F"), e.getMessage());
    }

    @Test
    void aWrongVersionIsNamed() {
        byte[] bytes = Hex.bytes("4F 50 47 53 02 00 01 00");
        GridStateException e =
                assertThrows(GridStateException.class, () -> new StateReader(bytes).header(StateKind.GRID));
        assertEquals(
                "field 'version' = 2 at offset 4: expected 1 (the only version this reader knows)", e.getMessage());
    }

    @Test
    void aWrongKindIsNamed() {
        byte[] voxel = written(w -> w.header(StateKind.VOXEL_GRID));
        GridStateException e =
                assertThrows(GridStateException.class, () -> new StateReader(voxel).header(StateKind.GRID));
        assertEquals("field 'kind' = 3 (VoxelGrid) at offset 6: expected 1 (Grid)", e.getMessage());
    }

    @Test
    void anUnknownKindIsNamed() {
        byte[] bytes = Hex.bytes("4F 50 47 53 01 00 0D 00");
        GridStateException e = assertThrows(GridStateException.class, () -> new StateReader(bytes).header());
        assertEquals("kind", e.field());
        assertEquals("13 (unknown)", e.value());
        assertEquals(6, e.offset());
    }

    @Test
    void aShortHeaderIsTruncation() {
        GridStateException e = assertThrows(
                GridStateException.class,
                () -> new StateReader(Hex.bytes("4F 50 47 53 01 00 01")).header(StateKind.GRID));
        assertEquals("kind", e.field());
        assertEquals("end of data (1 byte left)", e.value());
        assertEquals(6, e.offset());
    }

    @Test
    void trailingBytesAreAnErrorNamingHowMany() {
        byte[] bytes = written(w -> w.header(StateKind.GRID).i32(7).u8(0).u8(0));
        StateReader r = new StateReader(bytes);
        r.header(StateKind.GRID);
        r.i32("x");
        GridStateException e = assertThrows(GridStateException.class, r::expectEnd);
        assertEquals("field 'end' = 2 trailing bytes at offset 12: expected the end of the data", e.getMessage());
        r.u16("rest");
        r.expectEnd();
    }

    // ---- primitives ----------------------------------------------------------------------------

    @Test
    void primitivesAreLittleEndianLiterals() {
        byte[] bytes = written(w -> w.u8(0xAB)
                .flag(true)
                .flag(false)
                .u16(0x1234)
                .i32(-2)
                .i64(0x0102030405060708L)
                .u64(-1L)
                .f64(1.5)
                .f64(-0.0));
        assertEquals(
                "AB 01 00 34 12 FE FF FF FF 08 07 06 05 04 03 02 01 FF FF FF FF FF FF FF FF"
                        + " 00 00 00 00 00 00 F8 3F 00 00 00 00 00 00 00 80",
                Hex.of(bytes));
        StateReader r = new StateReader(bytes);
        assertEquals(0xAB, r.u8("a"));
        assertTrue(r.flag("b"));
        assertFalse(r.flag("c"));
        assertEquals(0x1234, r.u16("d"));
        assertEquals(-2, r.i32("e"));
        assertEquals(0x0102030405060708L, r.i64("f"));
        assertEquals(-1L, r.u64("g"));
        assertEquals(1.5, r.f64("h"));
        assertEquals(Double.doubleToRawLongBits(-0.0), Double.doubleToRawLongBits(r.f64("i")));
        assertEquals(0, r.remaining());
        r.expectEnd();
    }

    @Test
    void f64KeepsTheRawBitPatternOfANaN() {
        long payload = 0x7FF8_0000_DEAD_BEEFL;
        byte[] bytes = written(w -> w.f64(Double.longBitsToDouble(payload)));
        assertEquals("EF BE AD DE 00 00 F8 7F", Hex.of(bytes));
        assertTrue(Double.isNaN(new StateReader(bytes).f64("x")));
    }

    @Test
    void writerRefusesOutOfRangeUnsignedValues() {
        try (StateWriter w = new StateWriter()) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> w.u8(256));
            assertTrue(e.getMessage().contains("256") && e.getMessage().contains("0..255"), e.getMessage());
            assertThrows(IllegalArgumentException.class, () -> w.u8(-1));
            assertThrows(IllegalArgumentException.class, () -> w.u16(65536));
            assertThrows(IllegalArgumentException.class, () -> w.u16(-1));
            assertEquals(0, w.length());
        }
    }

    @Test
    void aFlagOtherThanZeroOrOneIsAnError() {
        StateReader r = new StateReader(Hex.bytes("00 02"));
        assertFalse(r.flag("off"));
        GridStateException e = assertThrows(GridStateException.class, () -> r.flag("on"));
        assertEquals("field 'on' = 2 at offset 1: expected 0 or 1 (a flag)", e.getMessage());
    }

    @Test
    void checkedReadsNameTheFieldValueAndBound() {
        StateReader r = new StateReader(written(w -> w.i32(5)
                .f64(Double.NaN)
                .f64(0.0)
                .f64(Double.POSITIVE_INFINITY)
                .i32(9)
                .i32(-1)));
        GridStateException e = assertThrows(GridStateException.class, () -> r.i32InRange("width", 6, 10));
        assertEquals("field 'width' = 5 at offset 0: expected 6..10", e.getMessage());
        e = assertThrows(GridStateException.class, () -> r.f64NotNaN("g"));
        assertEquals("field 'g' = NaN at offset 4: expected a number (not NaN)", e.getMessage());
        e = assertThrows(GridStateException.class, () -> r.f64PositiveFinite("cost"));
        assertEquals("0.0", e.value());
        e = assertThrows(GridStateException.class, () -> r.f64PositiveFinite("cost"));
        assertEquals("Infinity", e.value());
        e = assertThrows(GridStateException.class, () -> r.index("start", 9));
        assertEquals("field 'start' = 9 at offset 28: expected 0..8", e.getMessage());
        e = assertThrows(GridStateException.class, () -> r.index("goal", 9));
        assertEquals("-1", e.value());
    }

    @Test
    void aNegativeCountIsAnError() {
        StateReader r = new StateReader(written(w -> w.i32(-5).i32(0).i32(0)));
        GridStateException e = assertThrows(GridStateException.class, () -> r.count("count", 100, 4));
        assertEquals("field 'count' = -5 at offset 0: expected 0..100", e.getMessage());
    }

    @Test
    void aCountAboveTheObjectsSizeIsAnError() {
        StateReader r = new StateReader(written(w -> w.i32(101).i32(0)));
        GridStateException e = assertThrows(GridStateException.class, () -> r.count("count", 100, 1));
        assertEquals("0..100", e.expected());
    }

    @Test
    void aHugeCountWithFewBytesLeftFailsBeforeAnyAllocation() {
        // Within the object's bound (an enormous grid) but far more than the 8 bytes that follow.
        StateReader r = new StateReader(written(w -> w.i32(Integer.MAX_VALUE).i64(0)));
        GridStateException e =
                assertThrows(GridStateException.class, () -> r.count("open.count", Integer.MAX_VALUE, 20));
        assertEquals(
                "field 'open.count' = 2147483647 at offset 0: expected at most 0 (8 bytes left, 20 per item)",
                e.getMessage());
        StateReader exact = new StateReader(written(w -> w.i32(2).i64(0)));
        assertEquals(2, exact.count("count", 10, 4));
    }

    @Test
    void hugeCountsInPiecesFailAsFormatErrorsNotOutOfMemory() {
        byte[] bytes = written(w -> w.i32(Integer.MAX_VALUE).i32(1).i32(2));
        assertThrows(GridStateException.class, () -> OpenSetPiece.read(new StateReader(bytes), Integer.MAX_VALUE));
        assertThrows(
                GridStateException.class, () -> ReplanOpenSetPiece.read(new StateReader(bytes), Integer.MAX_VALUE));
        assertThrows(
                GridStateException.class, () -> SearchBuffersPiece.read(new StateReader(bytes), Integer.MAX_VALUE));
    }

    @Test
    void readerArgumentsAreCheckedAsArguments() {
        StateReader r = new StateReader(new byte[16]);
        assertThrows(IllegalArgumentException.class, () -> r.i32InRange("x", 2, 1));
        assertThrows(IllegalArgumentException.class, () -> r.count("x", -1, 4));
        assertThrows(IllegalArgumentException.class, () -> r.count("x", 4, 0));
        assertThrows(IllegalArgumentException.class, () -> r.index("x", -1));
        assertThrows(IllegalArgumentException.class, () -> r.bytes("x", MemorySegment.ofArray(new byte[4]), 1, 4));
        assertEquals(0, r.offset(), "a refused call reads nothing");
    }

    @Test
    void theGraphReaderThrowsGraphStateExceptions() {
        byte[] bytes = Hex.bytes("4F 50 47 53 01 00 04 00 FF");
        StateReader r = StateReader.ofGraph(bytes);
        r.header(StateKind.GRAPH);
        GraphStateException e = assertThrows(GraphStateException.class, r::expectEnd);
        assertInstanceOf(OnePathFormatException.class, e);
        assertInstanceOf(GraphStateException.class, r.error("nodes", 3, "4 (the restoring graph's node count)", 8));
        assertInstanceOf(GridStateException.class, StateReader.ofGrid(bytes).error("x", "y", "z", 0));
    }

    @Test
    void exceptionMessagesNameFieldValueOffsetAndBound() {
        assertEquals(
                "field 'count' = -5 at offset 12: expected 0..100",
                new GridStateException("count", -5, "0..100", 12).getMessage());
        GraphStateException e = new GraphStateException("width", "10", "12 (the restoring grid's width)", 8);
        assertEquals("field 'width' = 10 at offset 8: expected 12 (the restoring grid's width)", e.getMessage());
        assertEquals("width", e.field());
        assertEquals("10", e.value());
        assertEquals("12 (the restoring grid's width)", e.expected());
        assertEquals(8, e.offset());
        assertEquals("0.5", new OnePathFormatException("cellSize", 0.5, "1.0", 16).value());
    }

    // ---- bulk bytes ------------------------------------------------------------------------------

    @Test
    void sixteenMebibytesCopyThroughInBulk() {
        long size = 16L << 20;
        try (Arena arena = Arena.ofConfined();
                StateWriter w = new StateWriter(16)) {
            MemorySegment cells = arena.allocate(size);
            for (long i = 0; i < size; i += 8) {
                cells.set(ValueLayout.JAVA_LONG_UNALIGNED, i, i * 0x9E3779B97F4A7C15L);
            }
            w.i32(1);
            long t0 = System.nanoTime();
            w.bytes(cells);
            long t1 = System.nanoTime();
            assertEquals(4 + size, w.length());
            MemorySegment back = arena.allocate(size + 3);
            StateReader r = new StateReader(w.written());
            assertEquals(1, r.i32("n"));
            r.bytes("cells", back, 3, size);
            long t2 = System.nanoTime();
            r.expectEnd();
            assertEquals(-1, MemorySegment.mismatch(cells, 0, size, back, 3, size + 3));
            // Not a benchmark; a byte-by-byte loop would still pass, but a gross regression shows up.
            assertTrue(t2 - t0 < 5_000_000_000L, "16 MiB took " + (t1 - t0) / 1e6 + " + " + (t2 - t1) / 1e6 + " ms");
        }
    }

    @Test
    void bulkReadsCheckTheBytesLeft() {
        StateReader r = new StateReader(new byte[10]);
        r.i32("n");
        GridStateException e = assertThrows(
                GridStateException.class, () -> r.bytes("cells", MemorySegment.ofArray(new byte[100]), 0, 7));
        assertEquals(
                "field 'cells' = end of data (6 bytes left) at offset 4: expected 7 bytes (7 bytes)", e.getMessage());
    }

    // ---- writer modes ----------------------------------------------------------------------------

    @Test
    void theGrowableBufferGrowsAndKeepsEverything() {
        try (StateWriter w = new StateWriter(1)) {
            for (int i = 0; i < 10_000; i++) {
                w.i32(i);
            }
            assertEquals(40_000, w.length());
            StateReader r = new StateReader(w.toByteArray());
            for (int i = 0; i < 10_000; i++) {
                assertEquals(i, r.i32("i"));
            }
            r.expectEnd();
        }
    }

    @Test
    void writingIntoACallersSegmentUsesItsOffset() {
        byte[] backing = new byte[20];
        MemorySegment dst = MemorySegment.ofArray(backing);
        try (StateWriter w = StateWriter.into(dst, 4)) {
            w.header(StateKind.GRID).i32(-1);
            assertEquals(12, w.length());
            assertArrayEquals(Hex.bytes("4F 50 47 53 01 00 01 00 FF FF FF FF"), w.toByteArray());
        }
        assertEquals("00 00 00 00 4F 50 47 53 01 00 01 00 FF FF FF FF 00 00 00 00", Hex.of(backing));
    }

    @Test
    void aCallersSegmentThatIsTooSmallIsRefusedNamingTheSizes() {
        MemorySegment dst = MemorySegment.ofArray(new byte[14]);
        try (StateWriter w = StateWriter.into(dst, 4)) {
            w.i64(1);
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> w.i32(2));
            assertEquals(
                    "writing an i32 (4 bytes) at output offset 8 does not fit: the destination has 10 bytes from offset 4"
                            + " (2 left)",
                    e.getMessage());
            assertEquals(8, w.length(), "a refused value writes nothing");
            assertThrows(IllegalArgumentException.class, () -> w.header(StateKind.GRID));
            w.u16(3);
            assertEquals(10, w.length());
        }
        assertThrows(IllegalArgumentException.class, () -> StateWriter.into(dst, 15));
        assertThrows(IllegalArgumentException.class, () -> StateWriter.into(dst, -1));
        assertThrows(IllegalArgumentException.class, () -> StateWriter.into(dst.asReadOnly(), 0));
    }

    @Test
    void aStateThatDoesNotFitIsRefusedBeforeAWriterExists() {
        byte[] backing = new byte[16];
        MemorySegment dst = MemorySegment.ofArray(backing);
        IllegalArgumentException e =
                assertThrows(IllegalArgumentException.class, () -> StateWriter.into("grid", 13, dst, 4));
        assertEquals("grid state needs 13 bytes at offset 4, the destination holds 16", e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> StateWriter.into("grid", 0, dst, 17));
        assertThrows(IllegalArgumentException.class, () -> StateWriter.into("grid", 1, dst, -1));
        assertThrows(IllegalArgumentException.class, () -> StateWriter.into("grid", 1, dst.asReadOnly(), 0));
        try (StateWriter w = StateWriter.into("grid", 12, dst, 4)) {
            w.header(StateKind.GRID).i32(-1);
        }
        assertEquals("00 00 00 00 4F 50 47 53 01 00 01 00 FF FF FF FF", Hex.of(backing));
    }

    @Test
    void arrayForGivesTheExactLengthOrNamesTheState() {
        assertEquals(12, StateWriter.arrayFor("grid", 12).length);
        assertEquals(0, StateWriter.arrayFor("graph", 0).length);
        IllegalStateException e =
                assertThrows(IllegalStateException.class, () -> StateWriter.arrayFor("voxel grid", 1L << 31));
        assertEquals(
                "voxel grid state of 2147483648 bytes does not fit a byte array; save into a segment", e.getMessage());
    }

    @Test
    void writeToCopiesTheOutputAndRefusesASmallDestination() {
        try (StateWriter w = new StateWriter()) {
            w.header(StateKind.GRAPH);
            byte[] dst = new byte[10];
            assertEquals(10, w.writeTo(MemorySegment.ofArray(dst), 2));
            assertEquals("00 00 4F 50 47 53 01 00 04 00", Hex.of(dst));
            IllegalArgumentException e =
                    assertThrows(IllegalArgumentException.class, () -> w.writeTo(MemorySegment.ofArray(dst), 3));
            assertEquals("snapshot of 8 bytes does not fit at offset 3 of a destination of 10 bytes", e.getMessage());
        }
    }

    @Test
    void aClosedWriterRefusesWork() {
        StateWriter w = new StateWriter();
        w.i32(1);
        w.close();
        w.close();
        assertThrows(IllegalStateException.class, () -> w.i32(2));
        assertThrows(IllegalStateException.class, w::toByteArray);
    }

    @Test
    void rewindStartsAgainAndBytesFromCopiesAnotherWritersBytes() {
        try (StateWriter inner = new StateWriter(4);
                StateWriter outer = new StateWriter(2)) {
            inner.i32(0x01020304).u8(9);
            outer.u8(7).bytesFrom(inner).u8(8);
            assertArrayEquals(new byte[] {7, 4, 3, 2, 1, 9, 8}, outer.toByteArray());
            inner.rewind().u16(0xBEEF);
            assertEquals(2, inner.length());
            outer.rewind().bytesFrom(inner);
            assertArrayEquals(new byte[] {(byte) 0xEF, (byte) 0xBE}, outer.toByteArray());
            // a writer into a caller's segment rewinds to its own first byte
            byte[] target = new byte[6];
            StateWriter into = StateWriter.into(MemorySegment.ofArray(target), 2);
            into.u8(1).u8(2).rewind().u8(5);
            assertEquals(1, into.length());
            assertArrayEquals(new byte[] {0, 0, 5, 2, 0, 0}, target);
            StateWriter small = StateWriter.into(MemorySegment.ofArray(new byte[1]), 0);
            assertThrows(IllegalArgumentException.class, () -> small.bytesFrom(outer), "two bytes do not fit one");
        }
    }
}
