package org.onepath.state;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.fail;

import java.lang.foreign.MemorySegment;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * For random valid pieces: the bytes read back equal, writing is deterministic, and damaged bytes
 * (every truncation, every single-bit flip) end in success or a format exception - never in any
 * other exception.
 */
class HostileBytesPropertyTest {

    @Provide
    Arbitrary<ValidPieces.Sample<?>> samples() {
        return Arbitraries.randomValue(ValidPieces::any);
    }

    @Property(tries = 300)
    void validPiecesRoundTripAndWriteDeterministically(@ForAll("samples") ValidPieces.Sample<?> sample) {
        roundTrip(sample);
    }

    private static <T> void roundTrip(ValidPieces.Sample<T> sample) {
        byte[] bytes = sample.document();
        assertArrayEquals(bytes, sample.document(), "writing twice gives the same bytes");
        assertEquals(sample.value(), sample.readDocument(new StateReader(bytes)));
        // The same bytes from a native segment read the same.
        try (StateWriter w = new StateWriter(bytes.length)) {
            w.bytes(MemorySegment.ofArray(bytes));
            assertEquals(sample.value(), sample.readDocument(new StateReader(w.written())));
        }
    }

    @Property(tries = 40)
    void everyTruncationFailsWithAFormatException(@ForAll("samples") ValidPieces.Sample<?> sample) {
        byte[] bytes = sample.document();
        for (int length = 0; length < bytes.length; length++) {
            MemorySegment prefix = MemorySegment.ofArray(bytes).asSlice(0, length);
            int len = length;
            // Every piece's length is fixed by the counts before it, so a prefix can never pass.
            Throwable t = assertThrows(
                    Throwable.class,
                    () -> sample.readDocument(new StateReader(prefix)),
                    () -> "prefix of " + len + " of " + bytes.length + " bytes was accepted");
            assertInstanceOf(GridStateException.class, t, () -> "prefix of " + len + " bytes: " + t);
        }
    }

    @Property(tries = 40)
    void everySingleBitFlipSucceedsOrFailsWithAFormatException(@ForAll("samples") ValidPieces.Sample<?> sample) {
        byte[] bytes = sample.document();
        for (int bit = 0; bit < bytes.length * 8; bit++) {
            bytes[bit >>> 3] ^= (byte) (1 << (bit & 7));
            try {
                sample.readDocument(StateReader.ofGraph(bytes));
            } catch (GraphStateException expected) {
                // the only acceptable failure (and from the graph reader, its own subclass)
            } catch (Throwable t) {
                fail("bit " + bit + " (byte " + (bit >>> 3) + ") flipped: " + t, t);
            } finally {
                bytes[bit >>> 3] ^= (byte) (1 << (bit & 7));
            }
        }
    }
}
