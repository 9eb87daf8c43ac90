package org.onepath.fuzz;

import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Seeded byte mutations of state snapshots: each {@link #mutate} stacks 1 to 8 of
 *
 * <ul>
 *   <li>a bit flip; a byte set to an interesting value (0, 1, 2, 0x7F, 0x80, 0xFE, 0xFF) or a
 *       random one;</li>
 *   <li>an i32 (4-byte aligned three times in four) overwritten with an interesting value: 0, -1,
 *       1, small counts, powers of two, {@code Integer.MAX_VALUE}, {@code Integer.MIN_VALUE} and
 *       their neighbours, values near the input length (also in 4- and 8-byte units and from the
 *       position to the end); or nudged by -16..16;</li>
 *   <li>an f64 (8-byte aligned three times in four) overwritten with NaN (two payloads),
 *       +-Infinity, -0.0, 0, +-{@code Double.MAX_VALUE}, the smallest subnormal, +-1e300, 1,
 *       2^21 and its neighbour, sqrt 2;</li>
 *   <li>truncation; extension with random bytes; deletion, duplication and insertion (random or
 *       copied bytes) of a byte range; a range copied over another place;</li>
 *   <li>splicing with another corpus input: this one's head and the other's tail, at the same
 *       offset (keeps the layout) or at independent offsets.</li>
 * </ul>
 *
 * Positions favour the first 128 bytes half of the time, where headers, counters and small
 * states' fields lie. Inputs never grow past {@link #maxLength()}. Everything comes from one
 * {@link SplittableRandom}, so a seed gives the same mutants on every run.
 */
public final class Mutator {
    private static final byte[] INTERESTING_BYTES = {0, 1, 2, 0x7F, (byte) 0x80, (byte) 0xFE, (byte) 0xFF};
    private static final int[] INTERESTING_I32 = {
        0,
        -1,
        1,
        2,
        3,
        4,
        7,
        8,
        15,
        16,
        17,
        31,
        32,
        63,
        64,
        100,
        127,
        128,
        191,
        192,
        193,
        255,
        256,
        1023,
        1024,
        4095,
        4096,
        65535,
        65536,
        1 << 20,
        1 << 28,
        (1 << 28) + 1,
        1 << 30,
        (1 << 30) + 1,
        Integer.MAX_VALUE,
        Integer.MAX_VALUE - 1,
        Integer.MIN_VALUE,
        Integer.MIN_VALUE + 1,
        -2,
        -128,
        -129,
        -256,
        0x7F7F7F7F,
        0x80808080
    };
    private static final double[] INTERESTING_F64 = {
        Double.NaN,
        Double.longBitsToDouble(0x7FF0_0000_0000_0001L),
        Double.POSITIVE_INFINITY,
        Double.NEGATIVE_INFINITY,
        -0.0,
        0.0,
        Double.MAX_VALUE,
        -Double.MAX_VALUE,
        Double.MIN_VALUE,
        1e300,
        -1e300,
        1.0,
        -1.0,
        2097152.0,
        2097153.0,
        Math.sqrt(2.0),
        1e-300
    };
    /** Mutations per input: 1 to this many, stacked. */
    public static final int MAX_STACKED = 8;

    private final SplittableRandom random;
    private final int maxLength;

    /**
     * @param random    the source of every choice
     * @param maxLength longest input made (extensions, duplications and insertions stop there)
     */
    public Mutator(SplittableRandom random, int maxLength) {
        this.random = random;
        this.maxLength = maxLength;
    }

    public int maxLength() {
        return maxLength;
    }

    /**
     * A mutant of {@code input} (which is not changed): 1 to 8 stacked mutations.
     *
     * @param corpus inputs to splice with (may be empty)
     */
    public byte[] mutate(byte[] input, List<byte[]> corpus) {
        byte[] b = input.clone();
        int n = 1 + random.nextInt(MAX_STACKED);
        for (int i = 0; i < n; i++) {
            b = mutateOnce(b, corpus);
        }
        return b;
    }

    /** One mutation. */
    byte[] mutateOnce(byte[] b, List<byte[]> corpus) {
        int op = random.nextInt(100);
        if (b.length == 0 && op < 80) {
            return extend(b);
        }
        if (op < 14) {
            int at = position(b.length);
            b[at] ^= (byte) (1 << random.nextInt(8));
        } else if (op < 24) {
            b[position(b.length)] = INTERESTING_BYTES[random.nextInt(INTERESTING_BYTES.length)];
        } else if (op < 29) {
            b[position(b.length)] = (byte) random.nextInt(256);
        } else if (op < 47) {
            overwriteI32(b);
        } else if (op < 53) {
            nudgeI32(b);
        } else if (op < 61) {
            overwriteF64(b);
        } else if (op < 65) {
            return truncate(b);
        } else if (op < 69) {
            return extend(b);
        } else if (op < 74) {
            return delete(b);
        } else if (op < 78) {
            return duplicate(b);
        } else if (op < 82) {
            return insert(b);
        } else if (op < 87) {
            copyWithin(b);
        } else if (op < 92) {
            overwriteI32WithFieldCopy(b);
        } else {
            return corpus.isEmpty() ? truncate(b) : splice(b, corpus.get(random.nextInt(corpus.size())));
        }
        return b;
    }

    /** A position in 0..length-1: half the time in the first 128 bytes. */
    private int position(int length) {
        if (random.nextBoolean()) {
            return random.nextInt(Math.min(length, 128));
        }
        return random.nextInt(length);
    }

    /** Start of a {@code width}-byte field: aligned three times in four; -1 if it does not fit. */
    private int fieldAt(int length, int width) {
        if (length < width) {
            return -1;
        }
        int at = position(length - width + 1);
        if (random.nextInt(4) != 0) {
            at &= -width;
        }
        return at;
    }

    private void overwriteI32(byte[] b) {
        int at = fieldAt(b.length, 4);
        if (at < 0) {
            b[position(b.length)] = INTERESTING_BYTES[random.nextInt(INTERESTING_BYTES.length)];
            return;
        }
        int len = b.length;
        int v = switch (random.nextInt(4)) {
            case 0, 1 -> INTERESTING_I32[random.nextInt(INTERESTING_I32.length)];
            case 2 -> {
                int[] nearLength = {
                    len,
                    len - 1,
                    len + 1,
                    len / 4,
                    len / 8,
                    len - at,
                    (len - at) / 4,
                    (len - at) / 8,
                    (len - at - 4) / 4,
                    (len - at - 4) / 8,
                    len * 2,
                    -len
                };
                yield nearLength[random.nextInt(nearLength.length)] + random.nextInt(3) - 1;
            }
            default -> random.nextInt(512) - 16;
        };
        Bytes.putI32(b, at, v);
    }

    private void nudgeI32(byte[] b) {
        int at = fieldAt(b.length, 4);
        if (at < 0) {
            return;
        }
        int delta = random.nextInt(33) - 16;
        Bytes.putI32(b, at, Bytes.i32(b, at, 0) + (delta == 0 ? 1 : delta));
    }

    private void overwriteI32WithFieldCopy(byte[] b) {
        int to = fieldAt(b.length, 4);
        int from = fieldAt(b.length, 4);
        if (to >= 0 && from >= 0) {
            Bytes.putI32(b, to, Bytes.i32(b, from, 0));
        }
    }

    private void overwriteF64(byte[] b) {
        int at = fieldAt(b.length, 8);
        if (at < 0) {
            return;
        }
        double v = INTERESTING_F64[random.nextInt(INTERESTING_F64.length)];
        Bytes.putI64(b, at, Double.doubleToRawLongBits(v));
    }

    private byte[] truncate(byte[] b) {
        if (b.length == 0) {
            return b;
        }
        // Short cuts (a few bytes) as often as arbitrary ones.
        int cut = random.nextBoolean() ? 1 + random.nextInt(Math.min(b.length, 16)) : 1 + random.nextInt(b.length);
        return Arrays.copyOf(b, b.length - cut);
    }

    private byte[] extend(byte[] b) {
        int room = maxLength - b.length;
        if (room <= 0) {
            return b;
        }
        int n = Math.min(room, random.nextInt(8) == 0 ? 1 + random.nextInt(4096) : 1 + random.nextInt(32));
        byte[] out = Arrays.copyOf(b, b.length + n);
        fill(out, b.length, n);
        return out;
    }

    private byte[] delete(byte[] b) {
        if (b.length == 0) {
            return b;
        }
        int at = position(b.length);
        int n = 1 + random.nextInt(Math.min(b.length - at, random.nextBoolean() ? 8 : 256));
        byte[] out = new byte[b.length - n];
        System.arraycopy(b, 0, out, 0, at);
        System.arraycopy(b, at + n, out, at, b.length - at - n);
        return out;
    }

    private byte[] duplicate(byte[] b) {
        if (b.length == 0) {
            return b;
        }
        int from = position(b.length);
        int n = Math.min(maxLength - b.length, 1 + random.nextInt(Math.min(b.length - from, 64)));
        if (n <= 0) {
            return b;
        }
        int to = random.nextBoolean() ? from + n : random.nextInt(b.length + 1);
        return insertAt(b, to, Arrays.copyOfRange(b, from, from + n));
    }

    private byte[] insert(byte[] b) {
        int n = Math.min(maxLength - b.length, 1 + random.nextInt(random.nextBoolean() ? 4 : 64));
        if (n <= 0) {
            return b;
        }
        byte[] bytes = new byte[n];
        fill(bytes, 0, n);
        return insertAt(b, b.length == 0 ? 0 : position(b.length) + random.nextInt(2), bytes);
    }

    private void copyWithin(byte[] b) {
        if (b.length < 2) {
            return;
        }
        int from = position(b.length);
        int to = position(b.length);
        int n = 1 + random.nextInt(Math.min(b.length - Math.max(from, to), 32));
        System.arraycopy(b, from, b, to, n);
    }

    private byte[] splice(byte[] b, byte[] other) {
        int cutA;
        int cutB;
        if (random.nextBoolean()) {
            int shorter = Math.min(b.length, other.length);
            cutA = shorter == 0 ? 0 : random.nextInt(shorter + 1);
            cutB = cutA;
        } else {
            cutA = random.nextInt(b.length + 1);
            cutB = random.nextInt(other.length + 1);
        }
        int tail = Math.min(other.length - cutB, maxLength - cutA);
        byte[] out = Arrays.copyOf(b, cutA + Math.max(tail, 0));
        if (tail > 0) {
            System.arraycopy(other, cutB, out, cutA, tail);
        }
        return out;
    }

    private static byte[] insertAt(byte[] b, int at, byte[] bytes) {
        int where = Math.min(at, b.length);
        byte[] out = new byte[b.length + bytes.length];
        System.arraycopy(b, 0, out, 0, where);
        System.arraycopy(bytes, 0, out, where, bytes.length);
        System.arraycopy(b, where, out, where + bytes.length, b.length - where);
        return out;
    }

    /** Random bytes, or (one time in three) interesting ones. */
    private void fill(byte[] out, int from, int n) {
        boolean interesting = random.nextInt(3) == 0;
        for (int i = from; i < from + n; i++) {
            out[i] = interesting
                    ? INTERESTING_BYTES[random.nextInt(INTERESTING_BYTES.length)]
                    : (byte) random.nextInt(256);
        }
    }
}
