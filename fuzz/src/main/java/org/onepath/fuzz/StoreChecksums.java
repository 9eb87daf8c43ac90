package org.onepath.fuzz;

import java.lang.foreign.MemorySegment;
import java.util.zip.CRC32C;
import org.onepath.state.LittleEndian;
import org.onepath.store.StoreLayout;

/**
 * Recomputes the checksums of a store file's bytes, wherever the fields that place them are in
 * range, so that a mutant reaches the checks behind the checksums. Reads fields through
 * {@link StoreLayout}'s offsets and the little-endian layouts of {@link LittleEndian}.
 */
final class StoreChecksums {
    private StoreChecksums() {}

    /** A copy with its checksums recomputed, or null when the bytes are too short to hold a header and footer. */
    static byte[] repaired(byte[] input) {
        int header = (int) StoreLayout.HEADER_BYTES;
        int footer = (int) StoreLayout.FOOTER_BYTES;
        if (input.length < header + footer) {
            return null;
        }
        byte[] b = input.clone();
        MemorySegment fields = MemorySegment.ofArray(b);
        long count = Integer.toUnsignedLong(fields.get(LittleEndian.INT, StoreLayout.SECTION_COUNT_OFFSET));
        long tableEnd = header + Math.min(count, StoreLayout.MAX_SECTIONS) * StoreLayout.ENTRY_BYTES;
        int footerAt = b.length - footer;
        if (tableEnd > footerAt) {
            tableEnd = header;
        }
        for (long entry = header; entry < tableEnd; entry += StoreLayout.ENTRY_BYTES) {
            long offset = fields.get(LittleEndian.LONG, entry + StoreLayout.ENTRY_OFFSET_OFFSET);
            long length = fields.get(LittleEndian.LONG, entry + StoreLayout.ENTRY_LENGTH_OFFSET);
            if (offset >= 0 && length >= 0 && offset <= footerAt && length <= footerAt - offset) {
                fields.set(LittleEndian.INT, entry + StoreLayout.ENTRY_CRC_OFFSET, crc(b, (int) offset, (int) length));
            }
        }
        fields.set(LittleEndian.INT, StoreLayout.TABLE_CRC_OFFSET, crc(b, header, (int) (tableEnd - header)));
        fields.set(LittleEndian.INT, StoreLayout.HEADER_CRC_OFFSET, crc(b, 0, (int) StoreLayout.HEADER_CRC_OFFSET));
        fields.set(LittleEndian.INT, footerAt + StoreLayout.FOOTER_DIRECTORY_CRC_OFFSET, crc(b, 0, (int) tableEnd));
        return b;
    }

    private static int crc(byte[] b, int from, int length) {
        CRC32C crc = new CRC32C();
        crc.update(b, from, length);
        return (int) crc.getValue();
    }
}
