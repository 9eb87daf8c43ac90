package org.onepath.memory;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.Locale;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

class LargePagesTest {
    private static final long MIB = 1L << 20;

    @Test
    void theBuildGrantsNativeAccessSoLinuxMapsLargeBlocks() {
        String os = System.getProperty("os.name", "").toLowerCase(Locale.ROOT);
        String arch = System.getProperty("os.arch", "");
        Assumptions.assumeTrue(
                os.startsWith("linux") && (arch.equals("amd64") || arch.equals("aarch64")),
                "large pages are mapped on Linux x86-64 and AArch64 only; this is " + os + " " + arch);
        assertTrue(LargePages.available(), "native access for org.onepath.core should be granted to the tests");
    }

    @Test
    void aLargeBlockIsZeroedAlignedUsableAndFreedWithItsArena() {
        long bytes = 3 * MIB + 5;
        MemorySegment block;
        try (Arena arena = Arena.ofConfined()) {
            block = LargePages.allocate(arena, bytes, 64);
            assertEquals(bytes, block.byteSize());
            assertEquals(0, block.address() % 64);
            if (LargePages.available()) {
                assertEquals(0, block.address() % (2 * MIB), "mapped blocks start on a 2 MiB boundary");
            }
            assertEquals(-1, block.mismatch(arena.allocate(bytes)), "a new block reads as zeros");
            block.set(ValueLayout.JAVA_BYTE, bytes - 1, (byte) 7);
            block.set(ValueLayout.JAVA_LONG, 0, 0x0123456789ABCDEFL);
            assertEquals(7, block.get(ValueLayout.JAVA_BYTE, bytes - 1));
            assertEquals(0x0123456789ABCDEFL, block.get(ValueLayout.JAVA_LONG, 0));
        }
        assertFalse(block.scope().isAlive());
        MemorySegment closed = block;
        assertThrows(IllegalStateException.class, () -> closed.get(ValueLayout.JAVA_BYTE, 0));
    }

    @Test
    void aSmallBlockComesFromTheArena() {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment block = LargePages.allocate(arena, 1000, 8);
            assertEquals(1000, block.byteSize());
            assertEquals(-1, block.mismatch(MemorySegment.ofArray(new byte[1000])));
        }
    }

    @Test
    void aBadAlignmentIsRefusedAsTheArenaRefusesIt() {
        try (Arena arena = Arena.ofConfined()) {
            IllegalArgumentException e =
                    assertThrows(IllegalArgumentException.class, () -> LargePages.allocate(arena, 3 * MIB, 48));
            assertTrue(e.getMessage().contains("48"), e.getMessage());
        }
    }

    @Test
    void growingPastTheThresholdKeepsTheUsedBytesAndZeroesTheRest() {
        try (GrowableSegment memory = new GrowableSegment(MIB, 8)) {
            MemorySegment small = memory.segment();
            for (long i = 0; i < MIB; i += 8) {
                small.set(ValueLayout.JAVA_LONG, i, i * 31 + 1);
            }
            MemorySegment grown = memory.ensureLength(5 * MIB, MIB);
            assertTrue(grown.byteSize() >= 5 * MIB);
            for (long i = 0; i < MIB; i += 8) {
                assertEquals(i * 31 + 1, grown.get(ValueLayout.JAVA_LONG, i), "byte " + i);
            }
            assertEquals(
                    -1, grown.asSlice(MIB).mismatch(MemorySegment.ofArray(new byte[(int) (grown.byteSize() - MIB)])));
            assertFalse(small.scope().isAlive(), "the old block is freed when the memory grows");
        }
    }
}
