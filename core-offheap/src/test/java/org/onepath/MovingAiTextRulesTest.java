package org.onepath;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.onepath.cells.GridFormatException;
import org.onepath.io.MovingAiMap;
import org.onepath.io.MovingAiScenario;
import org.onepath.io.MovingAiScenarios;
import org.onepath.io.VoxelMap;
import org.onepath.io.VoxelScenario;
import org.onepath.io.VoxelScenarios;

/**
 * The lexical rules the Moving AI readers share (blanks are spaces and tabs, integers ASCII
 * digits, numbers plain decimals) and their canonical writers, which read back to equal objects.
 */
class MovingAiTextRulesTest {
    private static byte[] bytes(String s) {
        return s.getBytes(StandardCharsets.ISO_8859_1);
    }

    private static int mapLine(String text) {
        return assertThrows(GridFormatException.class, () -> MovingAiMap.parse("m", bytes(text)), text)
                .line();
    }

    private static int scenLine(String text) {
        return assertThrows(GridFormatException.class, () -> MovingAiScenarios.parse("s", text), text)
                .line();
    }

    @Test
    void onlySpacesAndTabsSeparateOrPadFields() {
        assertEquals(2, mapLine("type octile\nheight\f2\nwidth 2\nmap\n..\n..\n"));
        assertEquals(1, mapLine("\u000Btype octile\nheight 2\nwidth 2\nmap\n..\n..\n"));
        assertEquals(7, mapLine("type octile\nheight 2\nwidth 2\nmap\n..\n..\n\u001C\n"));
        assertEquals(1, scenLine("version 1\u000B\n"));
        assertEquals(2, scenLine("version 1\n0\tm\t2\t2\t0\t0\t1\t1\t1.5\f\n"));
        assertEquals(
                2,
                assertThrows(GridFormatException.class, () -> VoxelMap.parse("v", bytes("\n\fvoxel 2 2 2\n")))
                        .line());
        try (Grid g = MovingAiMap.parse("m", bytes("type octile \r\n\theight 1\nwidth 2\t\nmap\n.@\r\n \t\n"))
                .toGrid()) {
            assertEquals(2, g.width());
        }
    }

    @Test
    void integersAreDigitsAndNumbersPlainDecimals() {
        assertEquals(2, mapLine("type octile\nheight +2\nwidth 2\nmap\n..\n..\n"));
        assertEquals(2, scenLine("version 1\n+0\tm\t2\t2\t0\t0\t1\t1\t1.5\n"));
        assertEquals(2, scenLine("version 1\n0\tm\t2\t2\t0\t0\t1\t1\t0x1p3\n"));
        assertEquals(2, scenLine("version 1\n0\tm\t2\t2\t0\t0\t1\t1\t2f\n"));
        assertEquals(2, scenLine("version 1\n0\tm\t2\t2\t0\t0\t1\t1\t-0\n"));
        assertEquals(2, scenLine("version 1\n0\tm\t2\t2\t0\t0\t1\t1\t1.\n"));
        assertEquals(
                3,
                assertThrows(
                                GridFormatException.class,
                                () -> VoxelScenarios.parse("v", "version 1\nm\n0 0 0 1 1 1 1 +1\n"))
                        .line());
        List<MovingAiScenario> ok = MovingAiScenarios.parse("s", "version 1.0\n7 m 2 2 0 0 1 1 1.41421356\n");
        assertEquals(1.41421356, ok.getFirst().optimalLength());
        assertEquals(
                1e-5,
                MovingAiScenarios.parse("s", "version 1\n7 m 2 2 0 0 1 1 1.0E-5\n")
                        .getFirst()
                        .optimalLength());
    }

    @Test
    void voxelCoordinatesMayHaveLeadingZeros() {
        VoxelMap m = VoxelMap.parse("v", bytes("voxel 4 4 4\n000000000003 0 1\n"));
        assertArrayEquals(new int[] {3, 0, 1}, m.solid(0));
        assertEquals(
                2,
                assertThrows(
                                GridFormatException.class,
                                () -> VoxelMap.parse("v", bytes("voxel 4 4 4\n99999999999999999999 0 0\n")))
                        .line());
    }

    @Test
    void carriageReturnsAtALinesEndsAreNoPartOfAField() {
        MovingAiMap m = MovingAiMap.parse("m", bytes("type octile\r\r\nheight 1\nwidth 1\nmap\n.\r"));
        assertEquals("octile", m.type());
        assertEquals("version 1\nn\n", VoxelScenarios.toText("n", VoxelScenarios.parse("v", "version\t 1\r\nn\r\r\n")));
        assertArrayEquals(
                new int[] {1, 2, 3},
                VoxelMap.parse("v", bytes("voxel 4 4 4\n\r1 2 3\r\r\n")).solid(0));
        assertEquals(2, mapLine("type octile\nheight 1\r1\nwidth 1\nmap\n.\n"));
    }

    @Test
    void anEmptyMapNamesLineOne() {
        assertEquals(1, mapLine(""));
    }

    @Test
    void canonicalTextReadsBackToEqualObjects() {
        MovingAiMap map = MovingAiMap.parse("m", bytes("\ttype octile\r\nwidth 3\nheight 2\nmap\nGS@\r\nOTW\n\n"));
        String text = map.toText();
        assertEquals("type octile\nheight 2\nwidth 3\nmap\nGS@\nOTW\n", text);
        MovingAiMap again = MovingAiMap.parse("m", bytes(text));
        assertEquals(text, again.toText());
        assertEquals('W', again.charAt(2, 1));

        VoxelMap voxels = VoxelMap.parse("v", bytes("voxel 4 5 6\r\n1\t2 3\n\n0 0 0\n"));
        assertEquals("voxel 4 5 6\n1 2 3\n0 0 0\n", voxels.toText());
        assertArrayEquals(new int[] {1, 2, 3}, voxels.solid(0));
        assertEquals(
                voxels.toText(), VoxelMap.parse("v", bytes(voxels.toText())).toText());

        List<MovingAiScenario> scen =
                MovingAiScenarios.parse("s", "version 1\n3 maps/a.map 9 8 1 2 3 4 12.34567891\n0 b 1 1 0 0 0 0 0\n");
        assertEquals(scen, MovingAiScenarios.parse("s", MovingAiScenarios.toText(scen)));

        List<VoxelScenario> vs = VoxelScenarios.parse("v", "version 1\nw.3dmap\n1 2 3 4 5 6 7.25 1.00000001\n");
        String vt = VoxelScenarios.toText("w.3dmap", vs);
        assertTrue(vt.startsWith("version 1\nw.3dmap\n"), vt);
        assertEquals(vs, VoxelScenarios.parse("v", vt));
    }
}
