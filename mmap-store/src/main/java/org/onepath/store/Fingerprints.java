package org.onepath.store;

import java.lang.foreign.MemorySegment;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;

/**
 * The fingerprints of a grid store's sections (SHA-256, 32 bytes).
 *
 * <p>The cells' fingerprint is the digest of their bytes. A derived table's is the digest of
 * exactly what it was derived from, little-endian:
 * <pre>
 *  u32 store format version | u32 section id | u32 derivation version | u32 width | u32 height
 *  | 32-byte cells fingerprint
 * </pre>
 * where the derivation version is the engine's version of the rule that computes the table
 * ({@code GridCellsLayout.CLEARANCE_DERIVATION_VERSION}, {@code BlockMapLayout.DERIVATION_VERSION},
 * {@code JpsPlusLayout.DERIVATION_VERSION}, {@code OctileMapLayout.DERIVATION_VERSION},
 * {@code GoalBoundsLayout.DERIVATION_VERSION}). A table whose fingerprint differs was baked from other
 * cells, by other rules, or for another format, and is refused.
 */
final class Fingerprints {
    private Fingerprints() {}

    /** SHA-256 of a segment's bytes. */
    static byte[] content(MemorySegment bytes) {
        MessageDigest digest = sha256();
        final long step = 1 << 22;
        for (long from = 0; from < bytes.byteSize(); from += step) {
            digest.update(
                    bytes.asSlice(from, Math.min(step, bytes.byteSize() - from)).asByteBuffer());
        }
        return digest.digest();
    }

    /** The fingerprint of a derived table of a {@code width x height} grid with these cells. */
    static byte[] derived(int sectionId, int derivationVersion, int width, int height, byte[] cellsFingerprint) {
        int[] head = {StoreLayout.FORMAT_VERSION, sectionId, derivationVersion, width, height};
        long headBytes = head.length * StoreLayout.U32.byteSize();
        byte[] inputs = new byte[(int) headBytes + cellsFingerprint.length];
        MemorySegment s = MemorySegment.ofArray(inputs);
        for (int i = 0; i < head.length; i++) {
            s.set(StoreLayout.U32, i * StoreLayout.U32.byteSize(), head[i]);
        }
        MemorySegment.copy(MemorySegment.ofArray(cellsFingerprint), 0, s, headBytes, cellsFingerprint.length);
        MessageDigest digest = sha256();
        digest.update(inputs);
        return digest.digest();
    }

    private static MessageDigest sha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("the JDK has no SHA-256, which every Java platform must provide", e);
        }
    }
}
