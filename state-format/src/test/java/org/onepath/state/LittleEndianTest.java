package org.onepath.state;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteOrder;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The one declaration of the byte order: little-endian and unaligned, and the state format's own. */
class LittleEndianTest {

    @Test
    void everyLayoutIsLittleEndianAndUnaligned() {
        for (ValueLayout layout :
                List.of(LittleEndian.SHORT, LittleEndian.INT, LittleEndian.LONG, LittleEndian.DOUBLE)) {
            assertEquals(ByteOrder.LITTLE_ENDIAN, layout.order(), layout.toString());
            assertEquals(1, layout.byteAlignment(), layout.toString());
        }
    }

    @Test
    void valuesAreWrittenLeastSignificantByteFirstAtAnyOffset() {
        byte[] bytes = new byte[1 + 8];
        MemorySegment s = MemorySegment.ofArray(bytes);
        s.set(LittleEndian.INT, 1, 0x5347504F);
        assertEquals("00 4F 50 47 53 00 00 00 00", Hex.of(bytes));
        s.set(LittleEndian.LONG, 1, 0x0807060504030201L);
        assertEquals("00 01 02 03 04 05 06 07 08", Hex.of(bytes));
        s.set(LittleEndian.SHORT, 1, (short) 0x0C00);
        assertEquals("00 00 0C 03 04 05 06 07 08", Hex.of(bytes));
        s.set(LittleEndian.DOUBLE, 1, 1.0);
        assertEquals("00 00 00 00 00 00 00 F0 3F", Hex.of(bytes));
    }

    @Test
    void theStateFormatReadsThroughThem() {
        assertSame(LittleEndian.SHORT, StateLayout.U16);
        assertSame(LittleEndian.INT, StateLayout.I32);
        assertSame(LittleEndian.LONG, StateLayout.I64);
    }
}
