package org.onepath.fuzz;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import org.onepath.cells.GridFormatException;
import org.onepath.io.GraphFormatException;
import org.onepath.io.MovingAiMap;

/** The checks of the reader targets fail when a reader breaks their rules, and pass on the library. */
class ReaderTargetsTest {
    private static byte[] bytes(String s) {
        return s.getBytes(StandardCharsets.ISO_8859_1);
    }

    /** The map target's reference and comparisons around a reader of the test's making. */
    private abstract static class MapReader extends ReaderTarget<MovingAiMap, RefMovingAi.Map> {
        private final MovingAiMapTarget real = new MovingAiMapTarget();

        MapReader() {
            super(GridFormatException.class);
        }

        @Override
        public String name() {
            return "test-map";
        }

        @Override
        RefMovingAi.Map reference(byte[] input) {
            return real.reference(input);
        }

        @Override
        void compare(MovingAiMap library, RefMovingAi.Map reference) {
            real.compare(library, reference);
        }

        @Override
        MovingAiMap reread(MovingAiMap library) {
            return real.reread(library);
        }
    }

    static volatile int[] sink;

    @Test
    void aReaderAllocatingForAHeaderFails() {
        MapReader eager = new MapReader() {
            @Override
            MovingAiMap read(byte[] input) {
                sink = new int[65536]; // a row table sized by the header, before the rows are read
                return MovingAiMap.parse("input", input);
            }
        };
        byte[] header = bytes("type octile\nheight 65536\nwidth 1\nmap\n.\n");
        AssertionError e = assertThrows(AssertionError.class, () -> eager.run(header));
        assertTrue(e.getMessage().contains("bytes of heap"), e.getMessage());
        assertThrows(GridFormatException.class, () -> new MovingAiMapTarget().run(header));
    }

    @Test
    void aRejectionNamingNoLineOfTheInputFails() {
        MapReader lineless = new MapReader() {
            @Override
            MovingAiMap read(byte[] input) {
                throw new GridFormatException("input", 0, "refused");
            }
        };
        AssertionError e = assertThrows(AssertionError.class, () -> lineless.run(bytes("version 1\n")));
        assertTrue(e.getMessage().contains("names line 0 of 1"), e.getMessage());
        MapReader past = new MapReader() {
            @Override
            MovingAiMap read(byte[] input) {
                throw new GridFormatException("input", 3, "refused");
            }
        };
        assertThrows(AssertionError.class, () -> past.run(bytes("a\nb\n")));
    }

    @Test
    void disagreeingWithTheReferenceFails() {
        byte[] valid = bytes("type octile\nheight 1\nwidth 2\nmap\n.@\n");
        MapReader strict = new MapReader() {
            @Override
            MovingAiMap read(byte[] input) {
                throw new GridFormatException("input", 1, "refused");
            }
        };
        assertTrue(assertThrows(AssertionError.class, () -> strict.run(valid))
                .getMessage()
                .contains("rejects what the reference reads"));
        MapReader lenient = new MapReader() {
            @Override
            MovingAiMap read(byte[] input) {
                return MovingAiMap.parse("input", valid);
            }
        };
        assertTrue(assertThrows(AssertionError.class, () -> lenient.run(bytes("type octile\n")))
                .getMessage()
                .contains("accepts what the reference rejects"));
        MapReader wrong = new MapReader() {
            @Override
            MovingAiMap read(byte[] input) {
                return MovingAiMap.parse("input", bytes("type octile\nheight 1\nwidth 2\nmap\n.T\n"));
            }
        };
        assertTrue(assertThrows(AssertionError.class, () -> wrong.run(valid))
                .getMessage()
                .contains("cell (1, 0)"));
    }

    @Test
    void hugeHeadersAreRefusedWithinTheBounds() {
        assertThrows(
                GridFormatException.class,
                () -> new MovingAiMapTarget().run(bytes("type octile\nheight 16384\nwidth 16384\nmap\n")));
        assertThrows(
                GridFormatException.class, () -> new VoxelMapTarget().run(bytes("voxel 1024 1024 1024\n0 0 0\n1 2")));
        assertThrows(
                GraphFormatException.class,
                () -> new DimacsTarget().run(bytes("p sp 67108864 0\n\0p aux sp co 67108864\nv 1 0 0\n")));
    }

    @Test
    void onlyTheFormatExceptionIsARejection() {
        Target t = new DimacsTarget();
        assertEquals(
                "GraphFormatException '_' for the weight; expected a number",
                t.rejectionKey(new GraphFormatException("input.gr", 2, "'x' for the weight; expected a number")));
        assertNull(t.rejectionKey(new GridFormatException("input", 1, "not this format")));
        assertNull(t.rejectionKey(new IllegalArgumentException("input.gr:1: looks like one")));
        assertEquals(
                "GridFormatException map row # has # characters, expected #",
                new MovingAiMapTarget()
                        .rejectionKey(new GridFormatException("input", 7, "map row 3 has 10 characters, expected 6")));
    }
}
