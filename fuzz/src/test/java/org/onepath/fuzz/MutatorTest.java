package org.onepath.fuzz;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class MutatorTest {
    private static final byte[] INPUT = new byte[300];

    static {
        for (int i = 0; i < INPUT.length; i++) {
            INPUT[i] = (byte) (i * 7);
        }
    }

    @Test
    void theSameSeedGivesTheSameMutants() {
        Mutator a = new Mutator(new SplittableRandom(42), 1000);
        Mutator b = new Mutator(new SplittableRandom(42), 1000);
        for (int i = 0; i < 2000; i++) {
            assertArrayEquals(a.mutate(INPUT, List.of(INPUT)), b.mutate(INPUT, List.of(INPUT)), "mutant " + i);
        }
    }

    @Test
    void mutantsDifferStayBoundedAndLeaveTheInputAlone() {
        byte[] copy = INPUT.clone();
        Mutator m = new Mutator(new SplittableRandom(1), 700);
        Set<Integer> lengths = new HashSet<>();
        Set<String> distinct = new HashSet<>();
        int unchanged = 0;
        for (int i = 0; i < 5000; i++) {
            byte[] out = m.mutate(INPUT, List.of(new byte[] {9, 9, 9}, INPUT));
            assertTrue(out.length <= 700, "length " + out.length);
            lengths.add(out.length);
            distinct.add(Bytes.hex(out));
            if (java.util.Arrays.equals(out, INPUT)) {
                unchanged++;
            }
        }
        assertArrayEquals(copy, INPUT, "the input is not changed");
        assertTrue(distinct.size() > 4500, "distinct mutants: " + distinct.size());
        assertTrue(unchanged < 100, "unchanged: " + unchanged);
        assertTrue(lengths.contains(0) || lengths.stream().anyMatch(l -> l < 10), "some truncate hard");
        assertTrue(lengths.stream().anyMatch(l -> l > INPUT.length), "some extend");
        assertTrue(lengths.contains(INPUT.length), "most keep the length");
    }

    @Test
    void emptyAndTinyInputsWork() {
        Mutator m = new Mutator(new SplittableRandom(3), 64);
        for (int i = 0; i < 5000; i++) {
            byte[] out = m.mutate(new byte[i % 3], List.of());
            assertTrue(out.length <= 64);
        }
    }

    @Test
    void writesInterestingI32sAndF64s() {
        Mutator m = new Mutator(new SplittableRandom(5), 1000);
        byte[] zeros = new byte[64];
        boolean sawMax = false;
        boolean sawNaN = false;
        for (int i = 0; i < 20_000 && !(sawMax && sawNaN); i++) {
            byte[] out = m.mutateOnce(zeros.clone(), List.of());
            for (int at = 0; at + 8 <= out.length; at += 4) {
                sawMax |= Bytes.i32(out, at, 0) == Integer.MAX_VALUE;
                long bits = (Bytes.i32(out, at, 0) & 0xFFFFFFFFL) | (long) Bytes.i32(out, at + 4, 0) << 32;
                sawNaN |= at % 8 == 0 && Double.isNaN(Double.longBitsToDouble(bits));
            }
        }
        assertTrue(sawMax, "Integer.MAX_VALUE written");
        assertTrue(sawNaN, "NaN written");
        assertEquals(64, zeros.length);
    }
}
