package org.onepath.spark;

import static org.onepath.spark.GoalBoundsPieceLayout.BYTES_PER_JUMP_POINT_OFFSET;
import static org.onepath.spark.GoalBoundsPieceLayout.DIGEST_BYTES;
import static org.onepath.spark.GoalBoundsPieceLayout.DIGEST_OFFSET;
import static org.onepath.spark.GoalBoundsPieceLayout.END_OFFSET;
import static org.onepath.spark.GoalBoundsPieceLayout.FIRST_OFFSET;
import static org.onepath.spark.GoalBoundsPieceLayout.HEADER_BYTES;
import static org.onepath.spark.GoalBoundsPieceLayout.HEADER_CRC_OFFSET;
import static org.onepath.spark.GoalBoundsPieceLayout.JUMP_POINTS_OFFSET;
import static org.onepath.spark.GoalBoundsPieceLayout.MAGIC;
import static org.onepath.spark.GoalBoundsPieceLayout.MAGIC_OFFSET;
import static org.onepath.spark.GoalBoundsPieceLayout.PAYLOAD_CRC_OFFSET;
import static org.onepath.spark.GoalBoundsPieceLayout.U32;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.Arrays;
import java.util.zip.CRC32C;
import org.onepath.GoalBoundsPieces;

/** Encodes and checks piece files laid out as {@link GoalBoundsPieceLayout}. */
final class GoalBoundsPieceFile {
    private GoalBoundsPieceFile() {}

    /** The file's bytes: header and payload. */
    static byte[] encode(int first, int end, int jumpPoints, byte[] cellsDigest, byte[] payload) {
        if (cellsDigest.length != DIGEST_BYTES) {
            throw new IllegalArgumentException("digest of " + cellsDigest.length + " bytes; expected " + DIGEST_BYTES);
        }
        byte[] file = new byte[HEADER_BYTES + payload.length];
        MemorySegment f = MemorySegment.ofArray(file);
        MemorySegment.copy(MAGIC, 0, f, ValueLayout.JAVA_BYTE, MAGIC_OFFSET, MAGIC.length);
        f.set(U32, FIRST_OFFSET, first);
        f.set(U32, END_OFFSET, end);
        f.set(U32, JUMP_POINTS_OFFSET, jumpPoints);
        f.set(U32, BYTES_PER_JUMP_POINT_OFFSET, GoalBoundsPieces.BYTES_PER_JUMP_POINT);
        MemorySegment.copy(cellsDigest, 0, f, ValueLayout.JAVA_BYTE, DIGEST_OFFSET, DIGEST_BYTES);
        System.arraycopy(payload, 0, file, HEADER_BYTES, payload.length);
        f.set(U32, PAYLOAD_CRC_OFFSET, crc(file, HEADER_BYTES, payload.length));
        f.set(U32, HEADER_CRC_OFFSET, crc(file, 0, (int) HEADER_CRC_OFFSET));
        return file;
    }

    /**
     * The payload of a piece file, after checking every header field against what the assembly
     * expects.
     *
     * @param name for messages: the file's path
     * @throws IllegalArgumentException naming the file and the field that differs
     */
    static byte[] check(String name, byte[] file, int first, int end, int jumpPoints, byte[] cellsDigest) {
        if (file.length < HEADER_BYTES) {
            throw new IllegalArgumentException(name + ": " + file.length + " bytes, shorter than the " + HEADER_BYTES
                    + "-byte header of a goal-bounds piece");
        }
        MemorySegment f = MemorySegment.ofArray(file);
        if (Arrays.equals(
                        file,
                        0,
                        GoalBoundsPieceLayout.MAGIC_STEM_BYTES,
                        MAGIC,
                        0,
                        GoalBoundsPieceLayout.MAGIC_STEM_BYTES)
                && file[GoalBoundsPieceLayout.MAGIC_STEM_BYTES] != MAGIC[GoalBoundsPieceLayout.MAGIC_STEM_BYTES]) {
            throw new IllegalArgumentException(name + ": a goal-bounds piece of version "
                    + (char) file[GoalBoundsPieceLayout.MAGIC_STEM_BYTES] + " of the rules; this code reads version "
                    + (char) MAGIC[GoalBoundsPieceLayout.MAGIC_STEM_BYTES] + ", so bake the pieces again");
        }
        if (!Arrays.equals(file, 0, MAGIC.length, MAGIC, 0, MAGIC.length)) {
            throw new IllegalArgumentException(name + ": magic is not "
                    + new String(MAGIC, java.nio.charset.StandardCharsets.US_ASCII) + "; not a goal-bounds piece");
        }
        int headerCrc = f.get(U32, HEADER_CRC_OFFSET);
        if (headerCrc != crc(file, 0, (int) HEADER_CRC_OFFSET)) {
            throw new IllegalArgumentException(name + ": header checksum does not match its bytes");
        }
        expect(name, "first jump point", f.get(U32, FIRST_OFFSET), first);
        expect(name, "end jump point", f.get(U32, END_OFFSET), end);
        expect(name, "jump point count", f.get(U32, JUMP_POINTS_OFFSET), jumpPoints);
        expect(
                name,
                "bytes per jump point",
                f.get(U32, BYTES_PER_JUMP_POINT_OFFSET),
                GoalBoundsPieces.BYTES_PER_JUMP_POINT);
        if (!Arrays.equals(
                file, (int) DIGEST_OFFSET, (int) DIGEST_OFFSET + DIGEST_BYTES, cellsDigest, 0, DIGEST_BYTES)) {
            throw new IllegalArgumentException(name + ": baked from other cells (the cells' SHA-256 differs); "
                    + "a piece of another map or an earlier version of it");
        }
        long payload = (long) (end - first) * GoalBoundsPieces.BYTES_PER_JUMP_POINT;
        if (file.length - HEADER_BYTES != payload) {
            throw new IllegalArgumentException(name + ": payload of " + (file.length - HEADER_BYTES)
                    + " bytes; expected " + payload + " for jump points [" + first + ", " + end + ")");
        }
        if (f.get(U32, PAYLOAD_CRC_OFFSET) != crc(file, HEADER_BYTES, (int) payload)) {
            throw new IllegalArgumentException(name + ": payload checksum does not match its bytes");
        }
        return Arrays.copyOfRange(file, HEADER_BYTES, file.length);
    }

    private static void expect(String name, String field, int found, int expected) {
        if (found != expected) {
            throw new IllegalArgumentException(
                    name + ": " + field + " is " + Integer.toUnsignedString(found) + "; expected " + expected);
        }
    }

    static int crc(byte[] bytes, int from, int length) {
        CRC32C crc = new CRC32C();
        crc.update(bytes, from, length);
        return (int) crc.getValue();
    }
}
