package org.onepath.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;
import org.onepath.Grid;
import org.onepath.state.GridStateFormat;
import org.onepath.state.LittleEndian;
import org.onepath.state.StateLayout;

/**
 * For hosts that already use Agrona or Aeron: a saved state is a {@link MemorySegment}, and an
 * Agrona {@link UnsafeBuffer} can wrap its address and size, reading and writing the same bytes
 * with no copy. The segment's arena still decides the lifetime: the buffer holds a raw address,
 * which dangles once the arena is closed (Agrona checks bounds, not liveness), so the host keeps
 * the arena open while the buffer is in use, as these tests do.
 */
class AgronaZeroCopyTest {
    private static final int WIDTH = 64;
    private static final int HEIGHT = 48;

    private static Grid grid() {
        Grid grid = Grid.create(WIDTH, HEIGHT);
        for (int x = 5; x < 40; x++) {
            grid.setWalkable(x, 20, false);
        }
        return grid;
    }

    @Test
    void anUnsafeBufferWrapsASavedStatesSegmentWithoutCopying() {
        try (Arena arena = Arena.ofConfined();
                Grid grid = grid()) {
            MemorySegment state = arena.allocate(grid.stateLength(), 8);
            assertEquals(state.byteSize(), grid.saveState(state, 0));

            UnsafeBuffer buffer = new UnsafeBuffer(state.address(), Math.toIntExact(state.byteSize()));

            // The same memory: same address and length, no array behind it.
            assertEquals(state.address(), buffer.addressOffset());
            assertEquals(state.byteSize(), buffer.capacity());
            assertNull(buffer.byteArray());
            assertEquals(StateLayout.MAGIC, buffer.getInt(0, ByteOrder.LITTLE_ENDIAN));
            for (int i = 0; i < buffer.capacity(); i++) {
                assertEquals(state.get(ValueLayout.JAVA_BYTE, i), buffer.getByte(i), "byte " + i);
            }

            // A write through the buffer is seen through the segment, and by a restore from it.
            int wallCell = 30 * WIDTH + 10;
            int cellAt = Math.toIntExact(GridStateFormat.CELLS_OFFSET) + wallCell;
            buffer.putByte(cellAt, (byte) 0xFF);
            assertEquals((byte) 0xFF, state.get(ValueLayout.JAVA_BYTE, cellAt));
            try (Grid restored = Grid.create(WIDTH, HEIGHT)) {
                restored.restoreState(state);
                assertFalse(restored.isWalkable(10, 30));
                assertFalse(restored.isWalkable(5, 20));
                assertTrue(restored.isWalkable(4, 20));
            }

            // A write through the segment is seen through the buffer.
            state.set(LittleEndian.INT, GridStateFormat.VERSION_OFFSET, 12345);
            assertEquals(
                    12345, buffer.getInt(Math.toIntExact(GridStateFormat.VERSION_OFFSET), ByteOrder.LITTLE_ENDIAN));
        }
    }

    @Test
    void aGridSavesIntoAnAgronaBuffersMemoryWithoutCopying() {
        // The other way round, for a host that already holds an UnsafeBuffer over a direct
        // ByteBuffer (as Aeron's buffers are): MemorySegment.ofBuffer views the same memory, with
        // no restricted call, so no --enable-native-access.
        try (Grid grid = grid()) {
            UnsafeBuffer buffer = new UnsafeBuffer(ByteBuffer.allocateDirect(Math.toIntExact(grid.stateLength())));
            MemorySegment view = MemorySegment.ofBuffer(buffer.byteBuffer());
            assertEquals(buffer.addressOffset(), view.address());

            grid.saveState(view, 0);

            assertEquals(StateLayout.MAGIC, buffer.getInt(0, ByteOrder.LITTLE_ENDIAN));
            assertEquals(WIDTH, buffer.getInt(Math.toIntExact(GridStateFormat.WIDTH_OFFSET), ByteOrder.LITTLE_ENDIAN));
            assertEquals(
                    (byte) 0xFF,
                    buffer.getByte(Math.toIntExact(GridStateFormat.CELLS_OFFSET) + 20 * WIDTH + 5),
                    "a wall cell saved through the view is in the buffer");
            try (Grid restored = Grid.create(WIDTH, HEIGHT)) {
                restored.restoreState(view);
                assertFalse(restored.isWalkable(5, 20));
            }
        }
    }
}
