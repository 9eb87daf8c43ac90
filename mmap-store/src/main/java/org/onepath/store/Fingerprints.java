package org.onepath.store;

import java.lang.foreign.MemorySegment;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import org.onepath.cells.AreaCosts;

/**
 * The fingerprints of a store's sections (SHA-256, 32 bytes): a grid store's cells and tables,
 * a world store's chunk table, chunks and voxel hierarchy ({@link #voxelHierarchy}).
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
        return content(new MemorySegment[] {bytes});
    }

    /** SHA-256 of the parts' bytes back to back: a section's content as the writer writes its parts. */
    static byte[] content(MemorySegment[] parts) {
        MessageDigest digest = sha256();
        final long step = 1 << 22;
        for (MemorySegment bytes : parts) {
            for (long from = 0; from < bytes.byteSize(); from += step) {
                digest.update(bytes.asSlice(from, Math.min(step, bytes.byteSize() - from))
                        .asByteBuffer());
            }
        }
        return digest.digest();
    }

    /**
     * The fingerprint of a world's voxel hierarchy section: the digest of what its tables were
     * built from, little-endian,
     * <pre>
     *  u32 store format version | u32 section id | u32 derivation version | u32 sizeX | u32 sizeY
     *  | u32 sizeZ | u32 default area | u32 moves | u32 corner rule code | u32 face samples
     *  | 32-byte chunk table fingerprint | 32-byte chunks fingerprint
     *  | f64 multiplier of each walkable area 0..254, as its bits
     * </pre>
     * so tables built from other voxels (a chunk table or chunks with other bytes), other area
     * costs, other options or by another version of the hierarchy's rules do not match.
     */
    static byte[] voxelHierarchy(
            int derivationVersion,
            int sizeX,
            int sizeY,
            int sizeZ,
            int defaultArea,
            HierarchyOptions options,
            byte[] chunkTableFingerprint,
            byte[] chunksFingerprint,
            AreaCosts areas) {
        int[] head = {
            StoreLayout.FORMAT_VERSION,
            StoreLayout.SECTION_VOXEL_HIERARCHY,
            derivationVersion,
            sizeX,
            sizeY,
            sizeZ,
            defaultArea,
            options.connectivity().moves(),
            options.cornerRule().code(),
            options.faceSamples()
        };
        long u32 = StoreLayout.U32.byteSize();
        long u64 = StoreLayout.U64.byteSize();
        long printsAt = head.length * u32;
        long areasAt = printsAt + 2L * StoreLayout.FINGERPRINT_BYTES;
        byte[] inputs = new byte[(int) (areasAt + AreaCosts.AREA_COUNT * u64)];
        MemorySegment s = MemorySegment.ofArray(inputs);
        for (int i = 0; i < head.length; i++) {
            s.set(StoreLayout.U32, i * u32, head[i]);
        }
        MemorySegment.copy(MemorySegment.ofArray(chunkTableFingerprint), 0, s, printsAt, StoreLayout.FINGERPRINT_BYTES);
        MemorySegment.copy(
                MemorySegment.ofArray(chunksFingerprint),
                0,
                s,
                printsAt + StoreLayout.FINGERPRINT_BYTES,
                StoreLayout.FINGERPRINT_BYTES);
        for (int area = 0; area < AreaCosts.AREA_COUNT; area++) {
            s.set(StoreLayout.U64, areasAt + area * u64, Double.doubleToRawLongBits(areas.get(area)));
        }
        MessageDigest digest = sha256();
        digest.update(inputs);
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
