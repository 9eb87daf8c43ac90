package org.onepath.cells;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import org.onepath.state.LittleEndian;

/**
 * The 64-bit content hash of a square grid ({@code Grid.contentHash()}), as the spec defines it.
 *
 * <p>Words {@code w} are fed into {@code h = rotl(h ^ (w * P2), 31) * P1 + P3}, starting from
 * {@code h = P1 ^ P2}, all arithmetic mod 2^64. The words, in order:
 * <pre>
 *   width | height &lt;&lt; 32
 *   the cells, row-major, eight per little-endian word (the last word zero-padded)
 *   the multipliers of areas 0..254 as binary64 bit patterns
 * </pre>
 * then the finish {@code h ^= h >>> 33; h *= P2; h ^= h >>> 29; h *= P3; h ^= h >>> 32}. The
 * version, the world mapping and the edit history are not part of it. The definition changes only
 * with a note in the changelog.
 */
final class ContentHash {
    static final long P1 = 0x9E3779B185EBCA87L;
    static final long P2 = 0xC2B2AE3D27D4EB4FL;
    static final long P3 = 0x165667B19E3779F9L;

    private ContentHash() {}

    static long compute(MemorySegment cells, int width, int height, AreaCosts areas) {
        long h = P1 ^ P2;
        h = mix(h, (width & 0xFFFF_FFFFL) | (long) height << 32);
        long count = (long) width * height;
        long whole = count & ~7L;
        for (long at = 0; at < whole; at += 8) {
            h = mix(h, cells.get(LittleEndian.LONG, at));
        }
        if (whole < count) {
            long w = 0;
            for (long at = whole; at < count; at++) {
                w |= (cells.get(ValueLayout.JAVA_BYTE, at) & 0xFFL) << (8 * (at - whole));
            }
            h = mix(h, w);
        }
        for (int a = 0; a < AreaCosts.AREA_COUNT; a++) {
            h = mix(h, Double.doubleToRawLongBits(areas.multiplierOf(a)));
        }
        h ^= h >>> 33;
        h *= P2;
        h ^= h >>> 29;
        h *= P3;
        h ^= h >>> 32;
        return h;
    }

    private static long mix(long h, long w) {
        return Long.rotateLeft(h ^ (w * P2), 31) * P1 + P3;
    }
}
