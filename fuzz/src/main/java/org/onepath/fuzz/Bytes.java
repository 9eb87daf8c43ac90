package org.onepath.fuzz;

import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/** Little helpers over input bytes: little-endian peeks (as the state format lays values), hex, hashes. */
final class Bytes {
    private Bytes() {}

    /** The little-endian i32 at {@code offset}, or {@code otherwise} when the input is too short. */
    static int i32(byte[] b, int offset, int otherwise) {
        if (offset < 0 || offset + 4 > b.length) {
            return otherwise;
        }
        return (b[offset] & 0xFF)
                | (b[offset + 1] & 0xFF) << 8
                | (b[offset + 2] & 0xFF) << 16
                | (b[offset + 3] & 0xFF) << 24;
    }

    /** The u8 at {@code offset}, or {@code otherwise} when the input is too short. */
    static int u8(byte[] b, int offset, int otherwise) {
        return offset < b.length ? b[offset] & 0xFF : otherwise;
    }

    /** The little-endian u16 at {@code offset}, or {@code otherwise} when the input is too short. */
    static int u16(byte[] b, int offset, int otherwise) {
        if (offset + 2 > b.length) {
            return otherwise;
        }
        return (b[offset] & 0xFF) | (b[offset + 1] & 0xFF) << 8;
    }

    static void putI32(byte[] b, int offset, int v) {
        b[offset] = (byte) v;
        b[offset + 1] = (byte) (v >>> 8);
        b[offset + 2] = (byte) (v >>> 16);
        b[offset + 3] = (byte) (v >>> 24);
    }

    static void putI64(byte[] b, int offset, long v) {
        for (int i = 0; i < 8; i++) {
            b[offset + i] = (byte) (v >>> (8 * i));
        }
    }

    static String hex(byte[] b) {
        return HexFormat.of().formatHex(b);
    }

    /** First 16 hex digits of the SHA-256 of the bytes: a finding's file name. */
    static String hash(byte[] b) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(b), 0, 8);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is missing", e);
        }
    }
}
